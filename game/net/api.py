"""The LAN API for the lobby and join scenes: discover, join, host in the background.

The UI never touches sockets; it uses these few calls (all non-blocking unless
said otherwise) and hands the :class:`RemoteClient` to the table once the game
has started, exactly like a LocalClient::

    from game.net import api

    # title screen -> "Join": list the games on the LAN (of every game; Discovery(game=...) for one)
    finder = api.Discovery(); finder.send()          # then each frame:
    games = finder.poll()                            # [GameInfo(name, address, port, seats_free, ...)]
    games[0].game                                    # "hero_realms" | "fantasy_realms": which table it is
    games[0].format, games[0].modules                # its setup ("ffa"; or "base+promo", ("base", "promo"))

    # join one (or an address typed by hand, api.parse_address("192.168.1.5:47380"))
    client = api.join(game.address, game.port, "Ana")   # game="fantasy_realms": refuse other games
    client.poll()                                    # every frame
    client.game                                      # the host's game, known from its welcome on
    client.status                                    # "connecting" -> "lobby" -> "ok" (or "closed")
    client.closed_reason                             # why it closed (refused: version, full...)
    client.seat, client.token                        # the seat you got and the token that keeps it
    client.lobby["seats"]                            # [{seat, name, kind, agent, status, ready}]
    client.lobby["game"], client.lobby["modules"]    # the game and its setup, in the lobby too
    client.set_ready(True)
    client.phase == "playing"                        # the game started: give `client` to client.game's table

    # "New game" -> "Host on the LAN": the host runs in a thread of the UI process
    handle = api.host_in_background(api.HostConfig(seats=["remote", "remote", "hard"], name="Ana's table",
                                                   autostart=False, save=autosave_path))
    # a Fantasy Realms table: HostConfig(game="fantasy_realms", modules=["promo", "cursed_items"], seats=...,
    #                                   rulings={"collector_all_suits": False})  (client.rulings tells the players)
    handle.port                                      # the TCP port (show it for manual joins)
    me = api.join("127.0.0.1", handle.port, "Ana", seat=0)   # the host's own player joins by loopback
    handle.snapshot()                                # {"phase", "game", "format", "modules", "seats": [...],
                                                     #  "can_start", "n", "winner", ...}
    handle.set_seat(1, "medium")                     # lobby: seat 1 becomes an AI (or "remote" again)
    handle.fill_with_ai()                            # every open seat gets an AI
    handle.start_game()                              # raises RealmsError with a reason if it cannot start
    handle.save_as(path)                             # the host's player saves the game as it stands
    handle.stop()                                    # end hosting (clients are told the game closed)

A seat entry's ``status`` is "open", "connected", "waiting" (dropped, may come back;
``takeover_in`` seconds until an AI plays for it) or "ai". During the game the
client's ``seat_status`` holds the same entries, so the table can show who is
reconnecting. The RemoteClient is a GameClient for every game: its views, events
and action lines are the hosted game's own. The wire protocol itself is described in
``game/net/PROTOCOL.md`` (§10: what each game's views and events hide).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from game.core.errors import RealmsError
from game.core.record import save_meta
from game.net.client import RemoteClient
from game.net.discovery import Discovery, GameInfo, discover
from game.net.host import HostConfig, NetHost
from game.net.protocol import DEFAULT_PORT


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """"host", "host:port", "[v6]:port" or a bare IPv6 address -> (host, port);
    ValueError with a reason a player can read."""
    text = text.strip()
    port_text: str | None = None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{text!r}: missing ']'")
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text!r} is not an address (host:port)")
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host = text  # a name, an IPv4 address or a bare IPv6 address
    if not host:
        raise ValueError(f"{text!r} is not an address (host:port)" if text else "no address given")
    if port_text is None:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"{port_text!r} is not a port number (1-65535)")
    return host, int(port_text)


def join(address: str, port: int, name: str, token: str | None = None, seat: int | None = None,
         game: str | None = None, watch: bool = False) -> RemoteClient:
    """Start joining a game (non-blocking: watch ``status``). ``token`` rejoins a seat;
    ``game`` joins only a host of that game (else the client takes the host's game,
    ``client.game``); ``watch`` joins as a spectator (``client.seats`` is empty)."""
    return RemoteClient(address, port, name, token=token, seat=seat, game=game, watch=watch)


class HostHandle:
    """A NetHost running in a daemon thread of this process; methods are thread-safe."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.port = host.port
        self.thread = threading.Thread(target=self._run, name="realms-lan-host", daemon=True)
        self.error: str | None = None
        self.thread.start()

    def _run(self) -> None:
        try:
            self.host.run()
        except Exception as exc:  # shown by the UI; the host already closed its sockets
            self.error = f"{type(exc).__name__}: {exc}"

    def snapshot(self) -> dict[str, Any]:
        return self.host.snapshot()

    def set_seat(self, seat: int, kind: str) -> None:
        self.host.call(lambda: self.host.set_seat(seat, kind))

    def fill_with_ai(self, agent: str | None = None) -> None:
        self.host.call(lambda: self.host.fill_with_ai(agent))

    def start_game(self) -> None:
        self.host.call(self.host.start_game)

    def save_as(self, path: Path, name: str | None = None) -> None:
        """Write the game as it stands to ``path`` (a save the Load list opens, under
        ``name``), on the host's thread; RealmsError before the start, OSError when the
        file cannot be written."""
        host = self.host

        def write() -> None:
            if host.session is None:
                raise RealmsError("the game has not started")
            host.session.record.save(path, host.session.state, save_meta(host.session.state, name))

        host.call(write)

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def stop(self, resumable: bool = False, wait: float = 5.0) -> None:
        self.host.stop(resumable)
        self.thread.join(wait)


def host_in_background(config: HostConfig) -> HostHandle:
    """Open the host's sockets now (errors such as a busy port raise OSError here)
    and serve from a background thread. A UI host should not autostart; it calls
    ``start_game`` when its player presses Start."""
    return HostHandle(NetHost(config))


__all__ = ["Discovery", "GameInfo", "HostConfig", "HostHandle", "RemoteClient", "discover", "host_in_background",
           "join", "parse_address"]
