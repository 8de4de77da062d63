"""Finding games on the LAN: one UDP broadcast question, one answer per host.

The join screen asks "which games are there?" by broadcasting a small JSON datagram
to the discovery port, on the subnet of each of this machine's adapters and to the
limited broadcast (255.255.255.255); every host listening there answers with its name, TCP port
and free seats, and which game it serves (Hero Realms or Fantasy Realms, with its
format or modules). This is the only use of UDP: the game itself runs over TCP. The
question also goes to loopback (127.255.255.255, 127.0.0.1) so a game hosted on this
machine is listed even when broadcasting is not possible (no network, a firewall).

A host's answer must not make it an amplifier for someone who forges the source
address of a question: the question is padded to QUESTION_SIZE bytes and an answer
is never longer than the question it answers, and the host answers each address,
and everyone together, only so often (:class:`Responder`). A short question (from a
client of this protocol version built before the padding) still gets the fields it
needs to list and join the game, under a tight budget of its own.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game import games
from game.net.adapters import subnet_broadcasts
from game.net.limits import TokenBucket
from game.net.protocol import DISCOVERY_PORT, PROTOCOL_VERSION

QUESTION_SIZE = 1024  # bytes of a question (padded): an answer is at most this long
MAX_QUESTION = 2048  # a host reads this much of a datagram (hosts of every build)
PER_ADDRESS = (4.0, 8.0)  # answers a second to one address, and its burst
IN_ALL = (40.0, 80.0)  # answers a second to every address together, and its burst
SHORT_IN_ALL = (4.0, 8.0)  # answers longer than their (short, unpadded) question, all addresses together
MAX_ADDRESSES = 1024  # addresses followed at once (an idle one is forgotten: its budget is full again)
MAX_NAME_SENT = 64  # characters of the game's name in an answer (what a client shows)
# the fields a client of protocol version 2 needs to list a game and join it
ESSENTIAL = ("type", "game", "format", "modules", "id", "version", "name", "port", "seats", "seats_free", "phase")


def question(game: str | None = None) -> bytes:
    """The discovery question, padded to exactly QUESTION_SIZE bytes (``pad`` is
    ignored by every host; older hosts read up to MAX_QUESTION bytes)."""
    ask: dict[str, object] = {"type": "discover", "version": PROTOCOL_VERSION}
    if game is not None:
        ask["game"] = game
    ask["pad"] = ""
    room = QUESTION_SIZE - len(_compact(ask))
    ask["pad"] = " " * max(0, room)
    return _compact(ask)


def _compact(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


class Responder:
    """The host's side: which questions get an answer, and which answer.

    An answer at most as long as its question goes to any address within its
    budget (PER_ADDRESS, and IN_ALL for every address together). A short question
    gets only the ESSENTIAL fields, and only within SHORT_IN_ALL as well."""

    def __init__(self) -> None:
        self._addresses: dict[str, TokenBucket] = {}
        self._all = TokenBucket(*IN_ALL, now=0.0)  # full from the start whatever the clock says
        self._short = TokenBucket(*SHORT_IN_ALL, now=0.0)

    def answer(self, data: bytes, address: str, describe: Callable[[], dict[str, Any] | None],
               now: float) -> bytes | None:
        """The datagram answering ``data`` from ``address`` with the host's description
        of its game (``describe()``, asked only for a question), or None: not a
        question for this host, or over budget."""
        try:
            msg = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None
        if not isinstance(msg, dict) or msg.get("type") != "discover":
            return None
        reply = describe()
        asked = msg.get("game")
        if reply is None or asked is not None and asked != reply.get("game"):
            return None  # a question about another game (no game: every game answers)
        reply = {**reply, "name": str(reply.get("name", ""))[:MAX_NAME_SENT]}
        full = _compact(reply)
        essential = _compact({k: reply[k] for k in ESSENTIAL if k in reply})
        body = full if len(full) <= len(data) else essential
        if not self._within_budget(address, now, short=len(body) > len(data)):
            return None
        return body

    def _within_budget(self, address: str, now: float, short: bool) -> bool:
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) >= MAX_ADDRESSES:
                self._addresses = {a: b for a, b in self._addresses.items() if not b.full(now)}
                if len(self._addresses) >= MAX_ADDRESSES:
                    return False  # that many addresses asking at once: a forged flood
            bucket = self._addresses[address] = TokenBucket(*PER_ADDRESS, now)
        return bucket.allow(now) and self._all.allow(now) and (not short or self._short.allow(now))


@dataclass(frozen=True)
class GameInfo:
    """One game found: connect to (address, port).

    ``game`` says which game of the registry the host serves: the join list shows
    it and the UI opens that game's table. ``format`` is the game's format label
    (a format's name, or its modules joined by "+"); ``modules`` lists the game's
    modules (empty for a game without)."""

    name: str
    address: str
    port: int
    seats_free: int
    seats: int
    format: str
    phase: str  # lobby | playing | over
    version: int  # the host's protocol version (another version cannot be joined)
    host_id: str = ""  # one per running host: the same game heard on two addresses is listed once
    game: str = games.DEFAULT
    modules: tuple[str, ...] = ()

    @property
    def joinable(self) -> bool:
        """Same protocol version, a game this build plays, in the lobby, a seat free."""
        return (self.version == PROTOCOL_VERSION and self.game in games.playable() and self.phase == "lobby"
                and self.seats_free > 0)

    @property
    def watchable(self) -> bool:
        """Same protocol version, a game this build plays, not over: a spectator may come."""
        return self.version == PROTOCOL_VERSION and self.game in games.playable() and self.phase in ("lobby", "playing")


class Discovery:
    """Non-blocking discovery for a frame loop: ``send()``, then ``poll()`` each frame."""

    def __init__(self, port: int = DISCOVERY_PORT, targets: list[str] | None = None,
                 game: str | None = None) -> None:
        """``game``: list only hosts of that game (None: every game)."""
        self.port = port
        self.game = game
        # each adapter's subnet (the limited broadcast leaves by the default route's adapter only),
        # then the limited broadcast and loopback, for a game hosted on this machine
        self.targets = targets if targets is not None else [*subnet_broadcasts(), "<broadcast>", "127.255.255.255",
                                                            "127.0.0.1"]
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self.sock.setblocking(False)
        self.sock.bind(("", 0))
        self.found: dict[str, GameInfo] = {}
        self.problems: list[str] = []

    def send(self) -> None:
        """Ask again (games answering later are added to ``found``)."""
        ask = question(self.game)
        for target in self.targets:
            try:
                self.sock.sendto(ask, (target, self.port))
            except OSError as exc:  # no broadcast route: the local answer may still come
                self.problems.append(f"{target}: {exc.strerror or exc}")

    def poll(self) -> list[GameInfo]:
        """Every game heard from so far, by name."""
        while True:
            try:
                data, (addr, _port) = self.sock.recvfrom(4096)[:2]
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            info = _parse(data, addr)
            if info is None or (self.game is not None and info.game != self.game):
                continue
            key = info.host_id or f"{info.address}:{info.port}"
            known = self.found.get(key)
            if known is not None and info.address.startswith("127.") and not known.address.startswith("127."):
                info = replace(info, address=known.address)  # a LAN address can be shown to friends
            self.found[key] = info
        return sorted(self.found.values(), key=lambda g: (g.name, g.address, g.port))

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> Discovery:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _parse(data: bytes, addr: str) -> GameInfo | None:
    try:
        msg = json.loads(data.decode("utf-8"))
        if not isinstance(msg, dict) or msg.get("type") != "game" or not isinstance(msg.get("game"), str):
            return None
        port = msg["port"]
        if not isinstance(port, int) or not 0 < port < 65536:
            return None
        modules = msg.get("modules") or []
        return GameInfo(str(msg.get("name", "?"))[:64], addr, port, int(msg.get("seats_free", 0)),
                        int(msg.get("seats", 0)), str(msg.get("format", "?"))[:64], str(msg.get("phase", "?")),
                        int(msg.get("version", 0)), str(msg.get("id", ""))[:64], msg["game"][:40],
                        tuple(str(m)[:40] for m in modules[:8]) if isinstance(modules, list) else ())
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        return None


def discover(timeout: float = 1.0, port: int = DISCOVERY_PORT, targets: list[str] | None = None,
             game: str | None = None) -> list[GameInfo]:
    """Blocking: the games that answer within ``timeout`` seconds (``game``: of that game only)."""
    with Discovery(port, targets, game) as d:
        d.send()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            time.sleep(0.02)
            d.poll()
        return d.poll()
