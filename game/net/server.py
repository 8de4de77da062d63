"""The host's socket machinery, apart from the game: accept, read, limit, close.

:class:`LineServer` owns the listening socket, the discovery socket and one
:class:`Peer` per connection, and runs the non-blocking I/O of one loop turn.
Everything a hostile peer can do is contained here: floods are rate-limited and
dropped unread, any exception while serving a peer costs that peer an ``error``
and never the loop, and closing is gentle (flush, half-close, drain) so the peer
reads our last word. The sockets held stay within a budget well below the
descriptor limit (``limits.py``): strangers beyond it are closed at once, so a
flood of connections never takes the descriptors the autosave needs; a failing
``accept`` (out of descriptors, of memory) backs off instead of spinning, and its
log line is not repeated thousands of times. The game logic (``host.py``) plugs
in through a few hooks. Other threads talk to the loop through :meth:`LineServer.call`.
"""

from __future__ import annotations

import abc
import errno
import selectors
import socket
import threading
from collections.abc import Callable
from typing import Any

from game.core.errors import RealmsError
from game.core.refusal import Refusal
from game.net.clock import REAL, Clock
from game.net.discovery import Responder
from game.net.limits import Backoff, LogThrottle, Reserve, socket_budget
from game.net.protocol import ERRORS, FATAL, MAX_CLIENT_MESSAGE, ProtocolError
from game.net.wire import Closed, LineConn

EVERY_INTERFACE = ("", "0.0.0.0", "::")


def listen(bind: str, port: int) -> socket.socket:
    """The TCP listener on ``bind``:``port``. Every interface (the default) is listened to
    on IPv6 and IPv4 at once where the system can (a client that finds the host by a
    name resolving to an IPv6 address first connects too); an address of one family,
    on that family. OSError when it cannot listen (a port taken: the caller says so)."""
    if bind in EVERY_INTERFACE and socket.has_dualstack_ipv6():
        try:
            return socket.create_server(("::", port), family=socket.AF_INET6, dualstack_ipv6=True)
        except OSError:
            # IPv6 switched off on this machine: IPv4 alone, as before
            pass
    if ":" in bind:
        return socket.create_server((bind.strip("[]"), port), family=socket.AF_INET6)
    return socket.create_server((bind or "0.0.0.0", port))


class Peer:
    """One accepted connection and its accounting."""

    def __init__(self, conn: LineConn, rate: float, now: float) -> None:
        self.conn = conn
        self.seat: int | None = None
        self.watching = False  # a spectator's connection: joined, with no seat
        self.recv_seq = 0
        self.accepted = now
        self.rate = rate
        self.tokens = 2 * rate
        self.refilled = self.accepted
        self.dropped = 0
        self.warned = 0.0
        self.rtt: float | None = None

    @property
    def joined(self) -> bool:
        """Its hello was taken: a seat's, or a spectator's."""
        return self.seat is not None or self.watching

    def allow(self, now: float) -> bool:
        """A token bucket: ``rate`` messages a second, bursts of twice as many."""
        self.tokens = min(2 * self.rate, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


ACCEPT_BATCH = 16  # connections accepted per loop turn (the others wait in the kernel's backlog)
LOG_REPEATS_EVERY_S = 5.0  # a repeating failure (accept, refusals) is logged at most this often
_OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE)
# the peer left before it was accepted: nothing to back off from
_CONNECTION_GONE = (errno.ECONNABORTED, errno.ECONNRESET, getattr(errno, "EPROTO", errno.ECONNABORTED))


class LineServer(abc.ABC):
    def __init__(self, bind: str, port: int, rate: float, max_connections: int, discovery_port: int | None,
                 log: Callable[[str], None], clock: Clock = REAL) -> None:
        self.log = log
        self.clock = clock
        self.rate = rate
        self.max_connections = max_connections
        self.peers: dict[int, Peer] = {}
        self.problems: list[str] = []  # unexpected errors, for the operator
        self._closing: dict[int, tuple[Peer, float]] = {}
        self._current_ref: int | None = None  # seq of the message being served (for error replies)
        self._lock = threading.Lock()
        self._commands: list[Callable[[], None]] = []
        self._closed = False
        self.socket_budget = socket_budget()  # sockets held at most (open and closing)
        self._accept_backoff = Backoff()
        self._listen_paused_until: float | None = None  # accept failed: the listener rests until then
        self._reserve = Reserve()
        self._accept_log = LogThrottle(self.problem, LOG_REPEATS_EVERY_S)
        self._refusal_log = LogThrottle(self.log, LOG_REPEATS_EVERY_S)
        self.sel = selectors.DefaultSelector()
        self.listener = listen(bind, port)
        self.listener.setblocking(False)
        self.port: int = self.listener.getsockname()[1]
        self.sel.register(self.listener, selectors.EVENT_READ, "listen")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self.udp: socket.socket | None = None
        self._responder = Responder()
        if discovery_port is not None:
            self.udp = _discovery_socket(bind, discovery_port, log)
            if self.udp is not None:
                self.sel.register(self.udp, selectors.EVENT_READ, "udp")

    # ---- hooks for the game -------------------------------------------------------------
    @abc.abstractmethod
    def handle_line(self, peer: Peer, line: bytes) -> None:
        """Serve one line; raise ProtocolError for an error reply."""

    def on_dropped(self, peer: Peer, reason: str | None) -> None:  # noqa: B027 (an optional hook)
        """``peer`` is gone (its seat, if any, is still in ``peer.seat``)."""

    def discovery_reply(self) -> dict[str, Any] | None:
        return None

    # ---- commands from other threads ----------------------------------------------------
    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the loop's thread and return its result (blocks the caller)."""
        if self._closed:
            raise RealmsError("the host is not running")
        done = threading.Event()
        box: dict[str, Any] = {}

        def job() -> None:
            try:
                box["value"] = fn()
            except Exception as exc:
                box["error"] = exc
            done.set()

        with self._lock:
            self._commands.append(job)
        self._wake()
        if not done.wait(5.0):
            raise RealmsError("the host did not answer")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def run_commands(self) -> None:
        with self._lock:
            jobs, self._commands = self._commands, []
        for job in jobs:
            job()

    # ---- one turn of I/O ----------------------------------------------------------------
    def io(self, timeout: float) -> None:
        """Wait up to ``timeout`` for sockets, then serve what is ready."""
        if self._listen_paused_until is not None:
            timeout = min(timeout, max(0.0, self._listen_paused_until - self.clock.now()))
        for key, mask in self.clock.select(self.sel, timeout):
            tag = key.data
            if tag == "listen":
                self._accept()
            elif tag == "wake":
                try:
                    while self._wake_r.recv(512):
                        pass
                except OSError:
                    pass
            elif tag == "udp":
                self._answer_discovery()
            elif isinstance(tag, tuple):
                self._drain(tag[1])
            else:
                peer: Peer = tag
                if mask & selectors.EVENT_READ:
                    self._read(peer)
                if mask & selectors.EVENT_WRITE and not peer.conn.closed:
                    self._guard(peer, peer.conn.flush)

    def watch_writes(self) -> None:
        """Ask the selector for writability only where output is waiting (and, once
        a turn, resume accepting after a pause and write the repeats held back)."""
        now = self.clock.now()
        self._resume_listening(now)
        self._accept_log.tick(now)
        self._refusal_log.tick(now)
        for peer, deadline in list(self._closing.values()):
            if now > deadline:
                self._finish_close(peer)
        for peer in list(self.peers.values()):
            if not peer.conn.closed:
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if peer.conn.wants_write else 0)
                if self.sel.get_key(peer.conn.sock).events != events:
                    self.sel.modify(peer.conn.sock, events, peer)

    def _accept(self) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                sock, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                if exc.errno in _CONNECTION_GONE:
                    continue
                self._accept_failed(exc)
                return
            self._accept_backoff.succeeded()
            self._make_room()
            if self.held_sockets() >= self.socket_budget:  # every socket is a joined player's: no room
                _close_at_once(sock)
                continue
            peer = Peer(LineConn(sock, MAX_CLIENT_MESSAGE, clock=self.clock), self.rate, self.clock.now())
            strangers = sorted((p for p in self.peers.values() if not p.joined), key=lambda p: p.accepted)
            if len(strangers) >= self.max_connections:
                # evict the oldest connection that has not joined rather than refuse this one:
                # a flood of idle sockets must not lock a player out of reconnecting
                self.error(strangers[0], "full", "too many connections", at_once=True)
            self.peers[id(peer)] = peer
            self.sel.register(sock, selectors.EVENT_READ, peer)

    def held_sockets(self) -> int:
        """Sockets of peers, open or closing (each holds a file descriptor)."""
        return len(self.peers) + len(self._closing)

    def _make_room(self) -> None:
        """Before keeping one more socket at the budget: finish the oldest gentle close,
        else close the oldest stranger at once."""
        if self.held_sockets() < self.socket_budget:
            return
        if self._closing:
            self._finish_close(next(iter(self._closing.values()))[0])
            return
        strangers = [p for p in self.peers.values() if not p.joined]
        if strangers:
            self.error(min(strangers, key=lambda p: p.accepted), "full", "too many connections", at_once=True)

    def _accept_failed(self, exc: OSError) -> None:
        """``accept`` failed (no descriptor, no memory...): the pending connection stays
        in the kernel and the listener stays ready, so retrying at once would spin.
        Out of descriptors, the reserve one is given up a moment to accept and close
        that connection; then the listener rests a while (longer while it fails)."""
        now = self.clock.now()
        self._accept_log.note(f"accept failed: {exc.strerror or exc}", now)
        if exc.errno in _OUT_OF_DESCRIPTORS and self._reserve.release():
            try:
                sock, _addr = self.listener.accept()
            except OSError:
                pass
            else:
                _close_at_once(sock)
            self._reserve.take()
        delay = self._accept_backoff.failed()
        try:
            self.sel.unregister(self.listener)
        except (KeyError, ValueError):
            pass
        self._listen_paused_until = now + delay

    def _resume_listening(self, now: float) -> None:
        if self._listen_paused_until is not None and now >= self._listen_paused_until and not self._closed:
            self._listen_paused_until = None
            self.sel.register(self.listener, selectors.EVENT_READ, "listen")

    def _read(self, peer: Peer) -> None:
        try:
            lines = peer.conn.read_lines()
        except Closed as exc:
            self.drop(peer, exc.reason)
            return
        except ProtocolError as exc:
            self.error(peer, exc.code, exc.reason)
            self.drop(peer, exc.reason)
            return
        now = self.clock.now()
        for line in lines:
            if peer.conn.closed:
                return
            if not peer.allow(now):  # dropped unread: a flood costs no parsing
                if now - peer.warned > 1.0:
                    peer.warned = now
                    self.error(peer, "rate_limited", f"more than {peer.rate:.0f} messages a second: dropped")
                if peer.dropped > 20 * peer.rate:
                    self.drop(peer, "flooding")
                    return
                continue
            self._guard(peer, self.handle_line, line)

    def _guard(self, peer: Peer, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(peer, *args)`` (or ``fn()`` without args); any failure costs that peer only."""
        try:
            fn(peer, *args) if args else fn()
        except Closed as exc:
            self.drop(peer, exc.reason)
        except ProtocolError as exc:
            self.error(peer, exc.code, exc.reason, refusal=exc.refusal)
        except Exception as exc:  # a host bug: report it, keep serving everyone
            self.problem(f"{type(exc).__name__} while serving {peer.conn.peer}: {exc}")
            self.error(peer, "internal", f"{type(exc).__name__}")
        finally:
            self._current_ref = None

    # ---- sending and closing ------------------------------------------------------------
    def send(self, peer: Peer, msg: dict[str, Any]) -> None:
        if peer.conn.closed:
            return
        try:
            peer.conn.send(msg)
        except Closed as exc:
            self.drop(peer, exc.reason)

    def error(self, peer: Peer, code: str, reason: str, at_once: bool = False, refusal: Refusal | None = None) -> None:
        """An ``error`` reply; a fatal code also closes the connection (``at_once``:
        without waiting for the peer to read it). An illegal action's reply carries the
        engine's ``refusal`` (key and parameters), for the player's table to word it."""
        assert code in ERRORS
        msg: dict[str, Any] = {"type": "error", "code": code, "reason": reason, "ref": self._current_ref}
        if refusal is not None:
            msg["refusal"] = refusal.to_dict()
        self.send(peer, msg)
        if code in FATAL:
            self.drop(peer, reason, at_once)

    def refuse(self, peer: Peer, code: str, reason: str) -> None:
        self._refusal_log.note(f"refused {peer.conn.peer}: {reason}", self.clock.now())
        self.send(peer, {"type": "refused", "code": code, "reason": reason})
        self.drop(peer, None)

    def drop(self, peer: Peer, reason: str | None, at_once: bool = False) -> None:
        """Close ``peer`` (gently, unless ``at_once``) and tell the game."""
        if id(peer) in self.peers:
            del self.peers[id(peer)]
            if at_once:
                self._finish_close(peer)
            else:
                self._close_gently(peer)
        self.on_dropped(peer, reason)

    def _close_gently(self, peer: Peer) -> None:
        """Send what is queued, then half-close and drain for a moment: closing a socket
        with unread input makes the kernel reset it, and the peer would lose our last
        message (a refusal, an error) before reading it."""
        conn = peer.conn
        try:
            conn.flush()
        except Closed:
            pass
        if conn.closed or conn.wants_write:
            self._finish_close(peer)
            return
        if self.held_sockets() >= self.socket_budget and self._closing:
            self._finish_close(next(iter(self._closing.values()))[0])  # the oldest close ends now
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self._finish_close(peer)
            return
        self._closing[id(peer)] = (peer, self.clock.now() + 2.0)
        self.sel.modify(conn.sock, selectors.EVENT_READ, ("closing", peer))

    def _drain(self, peer: Peer) -> None:
        try:
            while peer.conn.sock.recv(65536):
                pass
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            pass
        self._finish_close(peer)

    def _finish_close(self, peer: Peer) -> None:
        self._closing.pop(id(peer), None)
        try:
            self.sel.unregister(peer.conn.sock)
        except (KeyError, ValueError):
            pass
        peer.conn.close()

    def close_sockets(self) -> None:
        self._closed = True
        for peer, _deadline in list(self._closing.values()):
            self._finish_close(peer)
        self._reserve.close()
        for s in (self.listener, self.udp, self._wake_r, self._wake_w):
            if s is not None:
                try:
                    self.sel.unregister(s)
                except (KeyError, ValueError):
                    pass
                s.close()
        self.sel.close()

    def problem(self, text: str) -> None:
        self.problems.append(text)
        del self.problems[:-200]
        self.log(f"problem: {text}")

    # ---- discovery ------------------------------------------------------------------------
    def _answer_discovery(self) -> None:
        """Answer the discovery questions waiting (``discovery.Responder`` decides
        which ones, and how big an answer each may get)."""
        assert self.udp is not None
        for _ in range(32):
            try:
                data, addr = self.udp.recvfrom(2048)
            except OSError:  # nothing more (BlockingIOError) or a transient error
                return
            answer = self._responder.answer(data, addr[0], self.discovery_reply, self.clock.now())
            if answer is None:
                continue
            try:
                self.udp.sendto(answer, addr)
            except OSError:
                pass


def _close_at_once(sock: socket.socket) -> None:
    """Close a socket the host will not serve (nothing is said: there is no room to)."""
    try:
        sock.close()
    except OSError:
        pass


def _discovery_socket(bind: str, port: int, log: Callable[[str], None]) -> socket.socket | None:
    """A UDP socket answering discovery broadcasts; several hosts on one machine share the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            except OSError:
                pass
        sock.bind(("" if bind in ("0.0.0.0", "") else bind, port))
        sock.setblocking(False)
        return sock
    except OSError as exc:
        sock.close()
        log(f"not discoverable on the LAN (UDP port {port}: {exc.strerror or exc}); join by address")
        return None
