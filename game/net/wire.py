"""One TCP connection as a stream of JSON lines, never blocking its owner.

Host and client both drive their sockets from a loop that must not stall (the
host serves everyone, the client runs inside the table's frame loop), so reads and
writes are non-blocking: input is buffered until a newline, output until the
socket takes it. The limits that keep a hostile peer harmless live here: a line
longer than the limit and a peer that stops reading both end the connection.
"""

from __future__ import annotations

import socket
from typing import Any

from game.net.clock import REAL, Clock
from game.net.protocol import MAX_OUTPUT_BUFFER, ProtocolError, encode

_RECV = 65536
_MAX_READ_PER_CALL = 1 << 20  # fairness: one busy peer cannot starve the others


def peer_words(address: tuple[object, ...]) -> str:
    """"198.18.0.2:51234" or "[fd00::2]:51234": an IPv4 peer of a dual-stack listener is
    said as IPv4 (not ::ffff:198.18.0.2)."""
    host, port = str(address[0]), address[1]
    if host.startswith("::ffff:") and "." in host:
        host = host[7:]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Closed(Exception):
    """The peer closed the connection, or it failed; ``reason`` says how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LineConn:
    def __init__(self, sock: socket.socket, max_line: int, max_output: int = MAX_OUTPUT_BUFFER,
                 clock: Clock = REAL) -> None:
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # latency over throughput
        except OSError:
            pass
        self.sock = sock
        self.clock = clock  # the owner's: its heartbeats and timeouts read these times
        self.max_line = max_line
        self.max_output = max_output
        self._in = bytearray()
        self._out = bytearray()
        self.closed = False
        now = clock.now()
        self.last_received = now
        self.last_sent = now
        self.sent_seq = 0
        self.bytes_in = 0
        self.bytes_out = 0
        try:
            peer = sock.getpeername()
            self.peer = peer_words(peer) if isinstance(peer, tuple) else str(peer or "local")
        except OSError:
            self.peer = "?"

    def fileno(self) -> int:
        return self.sock.fileno()

    # ---- input ----------------------------------------------------------------------
    def read_lines(self) -> list[bytes]:
        """Complete lines received so far (without newlines). Raises Closed when the
        peer has gone, ProtocolError(too_large) on an over-long line."""
        if self.closed:
            raise Closed("closed")
        got = 0
        eof = False
        while got < _MAX_READ_PER_CALL:
            try:
                chunk = self.sock.recv(_RECV)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                raise Closed(f"connection error ({exc.strerror or exc})") from None
            if not chunk:
                eof = True
                break
            got += len(chunk)
            self._in += chunk
        self.bytes_in += got
        lines: list[bytes] = []
        while True:
            cut = self._in.find(b"\n")
            if cut < 0:
                break
            if cut + 1 > self.max_line:
                raise ProtocolError("too_large", f"a message of {cut + 1} bytes (limit {self.max_line})")
            lines.append(bytes(self._in[:cut]))
            del self._in[:cut + 1]
        if len(self._in) >= self.max_line:
            raise ProtocolError("too_large", f"a message of more than {self.max_line} bytes")
        if lines:
            self.last_received = self.clock.now()
        if eof and not lines:
            raise Closed("the other side closed the connection")
        return lines  # after an end of file with lines, the next call raises Closed

    # ---- output ---------------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Number and queue ``msg``, then push what the socket takes now."""
        if self.closed:
            return
        self.sent_seq += 1
        data = encode({**msg, "seq": self.sent_seq})
        self._out += data
        self.last_sent = self.clock.now()
        if len(self._out) > self.max_output:
            raise Closed("the other side stopped reading")
        self.flush()

    def send_raw(self, data: bytes) -> None:
        """Queue bytes as they are (tests use it to play a broken peer)."""
        self._out += data
        self.flush()

    def flush(self) -> None:
        while self._out and not self.closed:
            try:
                n = self.sock.send(self._out)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                raise Closed(f"connection error ({exc.strerror or exc})") from None
            self.bytes_out += n
            del self._out[:n]

    @property
    def wants_write(self) -> bool:
        return bool(self._out)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass
