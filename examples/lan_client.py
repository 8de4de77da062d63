"""A Realms Table LAN client written from game/net/PROTOCOL.md alone: it joins a
host by address, plays random legal lines to the end of the game, prints the
winner and exits 0; a refusal or a lost connection prints one line and exits 1.

Standard library only, one file, any game of the table (the lines to play come
from the view's `legal` list, so the client needs no rules):

    python examples/lan_client.py 127.0.0.1:47380 --name Ana --seed 7
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import select
import socket
import sys
import time
from typing import Any

VERSION = 2  # the protocol version (PROTOCOL.md §3)
MAX_HOST_LINE = 1 << 20  # a host line is at most 1 MiB (§2)


class Refused(Exception):
    """The game cannot go on for this client: the message is the one line to print."""


def view_hash(view: Any) -> str:
    """§4: SHA-256 of the view as compact JSON, keys sorted, non-ASCII as UTF-8."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def apply_patch(view: Any, patch: list[Any]) -> Any:
    """§4: a copy of the view with each `[path, value]` set and each `[path]` deleted.
    Raises LookupError or TypeError when an operation does not fit the view."""
    view = json.loads(json.dumps(view))  # a deep copy: a patch that fails leaves the old view whole
    for op in patch:
        path = op[0]
        if not path:
            view = op[1]  # [[], value] replaces the whole view
            continue
        parent = view
        for key in path[:-1]:
            parent = parent[key]  # a missing parent is a KeyError / IndexError
        if isinstance(parent, list) and not 0 <= path[-1] < len(parent):
            raise IndexError(path[-1])  # never appends: a list that changes length comes whole
        last = path[-1]
        if len(op) == 2:
            parent[last] = op[1]
        else:
            del parent[last]
    return view


class Client:
    """One connection to a host, the view it holds, and a random player for its seat."""

    def __init__(self, sock: socket.socket, name: str, rng: random.Random) -> None:
        self.sock, self.name, self.rng = sock, name, rng
        self.buf = b""
        self.seq_out = self.seq_in = 0  # both ways numbered 1, 2, 3... (the host's without a gap)
        self.heartbeat, self.timeout = 2.0, 10.0  # until the welcome says otherwise
        self.last_sent = self.last_heard = time.monotonic()
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.n = 0
        self.in_sync = False  # False between a mismatch and the fresh view (§4)
        self.ready_sent = False
        self.acted_at: int | None = None  # the `n` we last sent an action for, in message act_seq
        self.act_seq: int | None = None

    def send(self, msg: dict[str, Any]) -> None:
        self.seq_out += 1
        line = json.dumps({**msg, "seq": self.seq_out}, separators=(",", ":"), ensure_ascii=False)
        self.sock.sendall(line.encode("utf-8") + b"\n")
        self.last_sent = time.monotonic()

    def read(self) -> list[dict[str, Any]]:
        """The complete lines waiting (none when the wait ends first); answers heartbeats."""
        now = time.monotonic()
        if now - self.last_sent >= self.heartbeat:
            self.send({"type": "ping", "t": now})  # say something every `heartbeat` seconds
        if now - self.last_heard > self.timeout:
            raise Refused(f"the host said nothing for {self.timeout:g} seconds")
        if select.select([self.sock], [], [], 0.5)[0]:
            data = self.sock.recv(65536)
            if not data:
                raise Refused("the host closed the connection")
            self.buf += data
            self.last_heard = time.monotonic()
        *lines, self.buf = self.buf.split(b"\n")
        if len(self.buf) > MAX_HOST_LINE:
            raise Refused("the host sent a line over 1 MiB")
        msgs = [json.loads(line) for line in lines if line.strip()]
        for msg in msgs:
            self.seq_in += 1
            if msg.get("seq") != self.seq_in:
                raise Refused(f"broken stream: message {msg.get('seq')} where {self.seq_in} was due")
        return msgs

    def play(self) -> int:
        """Join, play to the end; the exit status (0: the game ended)."""
        self.send({"type": "hello", "version": VERSION, "name": self.name})
        while True:
            for msg in self.read():
                over = self.handle(msg)
                if over is not None:
                    return over
            self.move()

    def handle(self, msg: dict[str, Any]) -> int | None:
        kind = msg.get("type")
        if kind == "refused":
            raise Refused(f"the host refused: {msg.get('code')}: {msg.get('reason')}")
        if kind == "welcome":
            self.seat, self.heartbeat, self.timeout = msg["seat"], msg["heartbeat"], msg["timeout"]
            print(f"joined {msg['host']!r} as seat {self.seat} ({msg['name']}): {msg['game']} {msg['format']}")
        elif kind == "lobby" and not self.ready_sent:
            self.send({"type": "ready", "ready": True})  # the game starts when every seat is ready
            self.ready_sent = True
        elif kind == "view":
            if view_hash(msg["view"]) != msg["view_hash"]:
                raise Refused("the host sent a view that does not match its hash")
            self.view, self.n, self.in_sync = msg["view"], msg["n"], True
        elif kind == "update":
            self.n = msg["n"]
            if self.in_sync:  # else: patches are ignored until the fresh view
                self.patch(msg["patch"], msg["view_hash"])
        elif kind == "error":
            if msg.get("ref") is not None and msg.get("ref") == self.act_seq:
                self.acted_at = None  # our action was refused: choose again
            print(f"host error: {msg.get('code')}: {msg.get('reason')}", file=sys.stderr)
        elif kind == "ping":
            self.send({"type": "pong", "t": msg["t"]})
        elif kind == "game_over":
            self.send({"type": "bye"})
            print(f"winner: {describe(msg.get('winner'), msg.get('names') or [])}")
            print(f"actions: {msg.get('n')}")
            return 0
        elif kind == "bye":
            raise Refused(f"the host closed the game: {msg.get('reason')}")
        return None  # seat_status, save_status, pong and unknown types: nothing to do

    def patch(self, patch: list[Any], expected: str) -> None:
        """Apply an update's patch; on a mismatch keep the last good view and resync."""
        try:
            view = apply_patch(self.view, patch)
        except (LookupError, TypeError, ValueError):
            view = None
        if isinstance(view, dict) and view_hash(view) == expected:
            self.view = view
            return
        self.in_sync = False
        self.send({"type": "resync"})

    def move(self) -> None:
        """Our move when the view we hold lists legal lines (§4): play one at random."""
        if not self.in_sync or self.view is None or self.acted_at == self.n:
            return
        legal = self.view.get("legal") or []
        if legal:
            self.send({"type": "act", "line": self.rng.choice(legal), "at": self.n})
            self.acted_at, self.act_seq = self.n, self.seq_out


def describe(winner: Any, names: list[str]) -> str:
    """`winner` of game_over: a seat, a list of seats, or null (a draw)."""
    seats = [] if winner is None else winner if isinstance(winner, list) else [winner]
    return ", ".join(f"seat {s} ({names[s]})" if 0 <= s < len(names) else f"seat {s}" for s in seats) or "nobody"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Join a Realms Table LAN game and play random legal lines.")
    parser.add_argument("address", help="HOST:PORT of the host")
    parser.add_argument("--name", default="Example client")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    args = parser.parse_args(argv)
    host, _, port = args.address.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        parser.error(f"{args.address!r} is not HOST:PORT")
    try:
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            return Client(sock, args.name, random.Random(args.seed)).play()
    except Refused as exc:
        print(exc, file=sys.stderr)
    except OSError as exc:
        print(f"connection to {args.address} failed: {exc.strerror or exc}", file=sys.stderr)
    except (ValueError, LookupError, TypeError, AttributeError) as exc:  # not JSON, a field missing...
        print(f"the host sent a message this client does not understand ({exc!r})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
