"""The LAN host's spectators: machines that watch a game with no seat.

A ``hello`` with ``watch`` joins as a spectator, in the lobby or during the game, up to
the host's ``spectators`` limit. A spectator is told what everyone may know and no more:
the view of no seat (``Session.view(None)``: no hand, no deck order) and every event
redacted for no seat, sent once a loop turn with the seats' updates (``GameStream``).
Its names are listed with the seats (``lobby``, ``seat_status``). When the game is over
and the host was started with ``reveal_at_end``, each spectator gets a last view with
every seat's own part of it (the hands as they ended), as a replay of a finished game
shows them. A spectator that drops may come back with a new ``hello``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game import __version__
from game.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, clean_name, view_hash

if TYPE_CHECKING:
    from game.net.host import NetHost
    from game.net.server import Peer


@dataclass
class Watcher:
    peer: Peer
    name: str
    sent_view: dict[str, Any] | None = None  # the view last sent (patches go from it)
    pending: list[dict[str, Any]] = field(default_factory=list)  # events since the last update


def revealed(state: Any, view: dict[str, Any]) -> dict[str, Any]:
    """A spectator's ``view`` of a finished game with each seat's own entry as that seat
    sees it (its hand): nothing is secret once the game is over."""
    players = view.get("players")
    if not isinstance(players, list):
        return view
    out = dict(view)
    own = []
    for seat, entry in enumerate(players):
        mine = state.view(seat).get("players")
        own.append(mine[seat] if isinstance(mine, list) and seat < len(mine) else entry)
    out["players"] = own
    return out


class Watchers:
    """The spectators of ``host``."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.all: list[Watcher] = []

    def names(self) -> list[str]:
        return [w.name for w in self.all]

    def of(self, peer: Peer) -> Watcher | None:
        return next((w for w in self.all if w.peer is peer), None)

    def hello(self, peer: Peer, msg: dict[str, Any]) -> None:
        """``peer`` asks to watch: welcome it, then the lobby or the game as it stands."""
        host = self.host
        if len(self.all) >= host.cfg.spectators:
            host.refuse(peer, "no_spectators", "this host takes no spectators" if host.cfg.spectators == 0
                        else f"this host takes {host.cfg.spectators} spectators at most, and has them")
            return
        taken = {w.name.casefold() for w in self.all} | {s.name.casefold() for s in host.seats if s.name}
        base = clean_name(msg["name"])
        name, k = base, 1
        while name.casefold() in taken:
            k += 1
            name = f"{base} ({k})"
        peer.watching = True
        w = Watcher(peer, name)
        self.all.append(w)
        host.log(f"spectator {name} joined from {peer.conn.peer}")
        host.send(peer, {
            "type": "welcome", "version": PROTOCOL_VERSION, "app": __version__, **host.setup().fields(),
            "seat": None, "token": None, "name": name, "host": host.cfg.name, "id": host.host_id,
            "seats": len(host.seats), "phase": host.phase, "heartbeat": host.cfg.heartbeat,
            "timeout": host.cfg.timeout, "max_message": MAX_CLIENT_MESSAGE,
        })
        if host.phase == "lobby":
            host.lobby.changed()
            return
        self.send_view(w, "start")
        if host.phase == "over" and host.stream is not None:
            host.send(peer, host.stream.game_over_msg())
            self.reveal(w)
        host.lobby.seat_status_changed()

    def send_view(self, w: Watcher, reason: str) -> None:
        session = self.host.session
        if session is None:
            return
        view = session.view(None)
        w.sent_view, w.pending = view, []
        self.host.send(w.peer, {"type": "view", "reason": reason, "n": len(session.record.actions), "view": view,
                                "view_hash": view_hash(view), "events": [], "truncated": False})

    def reveal(self, w: Watcher | None = None) -> None:
        """The game is over: with ``reveal_at_end``, its hands to ``w`` (None: every spectator)."""
        session = self.host.session
        if not self.host.cfg.reveal_at_end or session is None or not session.over:
            return
        view = revealed(session.state, session.view(None))
        for each in [w] if w is not None else list(self.all):
            each.sent_view = view
            self.host.send(each.peer, {"type": "view", "reason": "reveal", "n": len(session.record.actions),
                                       "view": view, "view_hash": view_hash(view), "events": [], "truncated": False})

    def on_events(self, seat: int | None, events: list[dict[str, Any]]) -> None:
        """The Session's listener for no seat: the events wait for the next flush."""
        if seat is not None or (len(events) == 1 and events[0].get("type") == "save_status"):
            return
        for w in self.all:
            w.pending.extend(events)

    def left(self, peer: Peer) -> bool:
        """``peer`` was a spectator and is gone (True: the seats' lists are told)."""
        w = self.of(peer)
        if w is None:
            return False
        self.all.remove(w)
        peer.watching = False
        self.host.log(f"spectator {w.name} left")
        if self.host.phase == "lobby":
            self.host.lobby.changed()
        else:
            self.host.lobby.seat_status_changed()
        return True
