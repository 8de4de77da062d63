"""Finding games on the LAN: one UDP broadcast question, one answer per host.

The join screen asks "which games are there?" by broadcasting a small JSON datagram
to the discovery port; every host listening there answers with its name, TCP port
and free seats, and which game it serves (Hero Realms or Fantasy Realms, with its
format or modules). This is the only use of UDP: the game itself runs over TCP. The
question also goes to loopback (127.255.255.255, 127.0.0.1) so a game hosted on this
machine is listed even when broadcasting is not possible (no network, a firewall).
"""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, replace

from game import games
from game.net.protocol import DISCOVERY_PORT, PROTOCOL_VERSION


@dataclass(frozen=True)
class GameInfo:
    """One game found: connect to (address, port).

    ``game`` says which game the host serves ("hero_realms", "fantasy_realms"): the
    join list shows it and the UI opens that game's table. ``format`` is the Hero
    Realms format, or the Fantasy Realms modules joined by "+"; ``modules`` lists
    the Fantasy Realms modules (empty for Hero Realms)."""

    name: str
    address: str
    port: int
    seats_free: int
    seats: int
    format: str
    phase: str  # lobby | playing | over
    version: int  # the host's protocol version (another version cannot be joined)
    host_id: str = ""  # one per running host: the same game heard on two addresses is listed once
    game: str = "hero_realms"
    modules: tuple[str, ...] = ()

    @property
    def joinable(self) -> bool:
        """Same protocol version, a game this build plays, in the lobby, a seat free."""
        return (self.version == PROTOCOL_VERSION and self.game in games.names() and self.phase == "lobby"
                and self.seats_free > 0)


class Discovery:
    """Non-blocking discovery for a frame loop: ``send()``, then ``poll()`` each frame."""

    def __init__(self, port: int = DISCOVERY_PORT, targets: list[str] | None = None,
                 game: str | None = None) -> None:
        """``game``: list only hosts of that game (None: every game)."""
        self.port = port
        self.game = game
        self.targets = targets if targets is not None else ["<broadcast>", "127.255.255.255", "127.0.0.1"]
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self.sock.setblocking(False)
        self.sock.bind(("", 0))
        self.found: dict[str, GameInfo] = {}
        self.problems: list[str] = []

    def send(self) -> None:
        """Ask again (games answering later are added to ``found``)."""
        ask: dict[str, object] = {"type": "discover", "version": PROTOCOL_VERSION}
        if self.game is not None:
            ask["game"] = self.game
        question = json.dumps(ask).encode()
        for target in self.targets:
            try:
                self.sock.sendto(question, (target, self.port))
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
