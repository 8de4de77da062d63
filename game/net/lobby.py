"""The LAN host's seating: who joins, takes a seat, is ready, leaves and comes back.

A ``hello`` takes a free seat (the one asked for, else the first) under a unique
name and earns a token, or, with a token, takes its seat back at any phase of the
game: the seat's stream resumes with what it missed. Tokens are compared in
constant time. In the lobby the host's operator can open a seat or give it to an
agent, players say they are ready, and the game starts by itself once every remote
seat is connected and ready (``autostart``). A seat whose player drops waits for
them: in the lobby it is opened again after ``timeout`` seconds, in a game an AI
plays for it after ``takeover_after`` seconds and stands down when they are back.
Every change of the seats is told to every joined client (``lobby`` before the
start, ``seat_status`` after) and to the UI's snapshot.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING, Any

from game import __version__
from game.core.errors import RealmsError
from game.net import room, setups
from game.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, ProtocolError, clean_name
from game.net.room import HostSeat
from game.net.server import Peer

if TYPE_CHECKING:
    from game.net.host import NetHost


class Lobby:
    """The seating of ``host`` (its seats are ``host.seats``)."""

    def __init__(self, host: NetHost) -> None:
        self.host = host

    # ---- joining ------------------------------------------------------------------------
    def hello(self, peer: Peer, msg: dict[str, Any]) -> None:
        host = self.host
        if peer.seat is not None:
            raise ProtocolError("already_joined", "hello was already accepted")
        if msg["version"] != PROTOCOL_VERSION:
            host.refuse(peer, "version_mismatch",
                        f"the host speaks protocol version {PROTOCOL_VERSION} (Realms Table {__version__}), "
                        f"this client speaks version {msg['version']}: use the same version on both machines")
            return
        if msg.get("game") is not None and msg["game"] != host.game:
            host.refuse(peer, "wrong_game", f"the host plays {setups.title(host.game)} ({host.game}), "
                                            f"not {msg['game'][:40]!r}")
            return
        token = msg.get("token")
        if msg.get("watch") is True and token is None:
            host.watchers.hello(peer, msg)
            return
        if token is not None:
            seat = self._seat_with_token(token)
            if seat is None:
                host.refuse(peer, "bad_token", "no seat has this token (the host may have started another game)")
                return
            self._attach(peer, seat, msg.get("last"))
            return
        seat = self._free_seat(peer, msg.get("seat"))
        if seat is None:
            return
        seat.claim(room.unique_name(clean_name(msg["name"]), host.seats, seat.index))
        host.log(f"seat {seat.index}: {seat.name} joined from {peer.conn.peer}")
        if host.phase == "playing" and host.session is not None:
            host.session.seats[seat.index].name = seat.name
            host.write_sidecar()
        self._attach(peer, seat, None)

    def _seat_with_token(self, token: str) -> HostSeat | None:
        """The seat holding ``token``, compared in constant time. The comparison is on
        bytes: on text it accepts ASCII only and would fail on any other token."""
        given = _token_bytes(token)
        return next((s for s in self.host.seats if s.token and hmac.compare_digest(_token_bytes(s.token), given)),
                    None)

    def _free_seat(self, peer: Peer, wanted: int | None) -> HostSeat | None:
        host = self.host
        if host.phase == "over":
            host.refuse(peer, "game_started", "the game is over")
            return None
        free = [s for s in host.seats if s.kind == "remote" and not s.claimed]
        if wanted is not None:
            match = [s for s in free if s.index == wanted]
            if not match:
                host.refuse(peer, "seat_taken", f"seat {wanted} is not free")
                return None
            return match[0]
        if not free:
            code = "game_started" if host.phase == "playing" else "full"
            host.refuse(peer, code, "no free seat" + (" (the game has started)" if code == "game_started" else ""))
            return None
        return free[0]

    def _attach(self, peer: Peer, seat: HostSeat, last: int | None) -> None:
        host = self.host
        if seat.peer is not None and seat.peer is not peer:
            self.kick(seat.peer, "replaced", "your seat reconnected from another connection")
        seat.peer = peer
        peer.seat = seat.index
        was_away = seat.dropped_at is not None
        seat.dropped_at = None
        if seat.taken_over and host.ai is not None:
            host.ai.release(seat.index)
            seat.taken_over = False
            host.log(f"seat {seat.index}: {seat.name} is back; the AI stands down")
            host.write_sidecar()
        elif was_away:
            host.log(f"seat {seat.index}: {seat.name} reconnected")
        host.send(peer, {
            "type": "welcome", "version": PROTOCOL_VERSION, "app": __version__, **host.setup().fields(),
            "seat": seat.index, "token": seat.token, "name": seat.name, "host": host.cfg.name, "id": host.host_id,
            "seats": len(host.seats), "phase": host.phase, "heartbeat": host.cfg.heartbeat,
            "timeout": host.cfg.timeout, "max_message": MAX_CLIENT_MESSAGE,
        })
        if host.phase == "lobby":
            self.changed()
        else:
            host.send_view(seat, "resume", last)
            if host.phase == "over":
                assert host.stream is not None  # a game that is over has its stream
                host.send(peer, host.stream.game_over_msg())
            elif host.session is not None and host.session.save_error is not None:
                host.send(peer, host.session.save_status())  # saving fails still: say so to the newcomer
            self.seat_status_changed()

    # ---- leaving ------------------------------------------------------------------------
    def bye(self, peer: Peer) -> None:
        host = self.host
        if host.watchers.left(peer):
            host.drop(peer, None)
            return
        seat = host.seats[peer.seat] if peer.seat is not None else None
        if seat is not None and host.phase == "lobby":
            host.log(f"seat {seat.index}: {seat.name} left the lobby")
            seat.free()
            peer.seat = None
            self.changed()
        host.drop(peer, None)

    def dropped(self, peer: Peer, reason: str | None) -> None:
        """``peer`` is gone; its seat (if any) waits for a reconnection."""
        host = self.host
        if host.watchers.left(peer) or peer.seat is None:
            return
        seat = host.seats[peer.seat]
        peer.seat = None
        if seat.peer is not peer:
            return
        seat.peer = None
        seat.dropped_at = host.clock.now()
        seat.sent_view = None
        if host.phase != "over":
            host.log(f"seat {seat.index}: {seat.name} disconnected ({reason or 'left'}); waiting"
                     + (f" (AI takes over in {host.cfg.takeover_after:g} s)"
                        if host.cfg.takeover_after is not None and host.phase == "playing" else ""))
        if host.phase == "lobby":
            self.changed()
        else:
            self.seat_status_changed()

    def kick(self, peer: Peer, code: str, reason: str) -> None:
        """Close ``peer`` without leaving its seat waiting for it."""
        self.host.send(peer, {"type": "error", "code": code, "reason": reason, "ref": None})
        peer.seat = None
        self.host.drop(peer, None)

    def watch_away(self, now: float) -> None:
        """Seats whose player dropped: opened again in the lobby after ``timeout``,
        played by the takeover agent in a game after ``takeover_after``."""
        host = self.host
        for s in host.seats:
            if s.kind != "remote" or s.peer is not None or s.dropped_at is None:
                continue
            away = now - s.dropped_at
            if host.phase == "lobby" and away > host.cfg.timeout:
                host.log(f"seat {s.index}: {s.name} did not come back; the seat is open again")
                s.free()
                self.changed()
            elif (host.phase == "playing" and not s.taken_over and host.cfg.takeover_after is not None
                  and away > host.cfg.takeover_after and host.ai is not None):
                s.taken_over = True
                host.ai.take_over(s.index, host.takeover_agent)
                host.log(f"seat {s.index}: {host.takeover_agent} AI plays for {s.name} until they come back")
                host.write_sidecar()
                self.seat_status_changed()

    # ---- the lobby --------------------------------------------------------------------------
    def set_seat(self, index: int, kind: str) -> None:
        """Make seat ``index`` "remote" (open for a player) or an AI agent name."""
        host = self.host
        if host.phase != "lobby":
            raise RealmsError("seats can only change in the lobby")
        if not 0 <= index < len(host.seats):
            raise RealmsError(f"no seat {index}")
        seat = host.seats[index]
        if seat.peer is not None:
            self.kick(seat.peer, "seat_taken", "the host gave your seat to someone else")
        if kind == "remote":
            host.seats[index] = HostSeat(index, "remote")
        else:
            from game.ai.agent import make_agent

            make_agent(kind, 0, host.game)  # unknown agent: ValueError now, not at the start
            host.seats[index] = HostSeat(index, "ai", kind, "")
            host.seats[index].name = room.unique_name(room.ai_name(kind, index), host.seats, index)
        self.changed()

    def fill_with_ai(self, agent: str | None) -> None:
        """Every open remote seat becomes an AI seat."""
        for s in self.host.seats:
            if s.kind == "remote" and not s.claimed:
                self.set_seat(s.index, agent or self.host.takeover_agent)

    def ready(self, index: int, ready: bool) -> None:
        if self.host.phase != "lobby":
            raise ProtocolError("not_in_game", "ready is for the lobby")
        self.host.seats[index].ready = ready
        self.changed()

    def changed(self) -> None:
        """Tell everyone the seats changed (a ``lobby`` message); start when all are ready."""
        host = self.host
        host.publish_snapshot()
        msg = {"type": "lobby", "phase": host.phase, "host": host.cfg.name, **host.setup().fields(),
               "seats": room.seat_entries(host.seats, host.clock.now(), host.cfg.takeover_after),
               "can_start": room.can_start(host.seats), "spectators": host.watchers.names()}
        for peer in list(host.peers.values()):
            if peer.joined:
                host.send(peer, msg)
        if host.phase == "lobby" and host.cfg.autostart and room.can_start(host.seats):
            self.autostart()

    def autostart(self) -> None:
        """Start the game every remote seat is ready for; when it cannot start (its first
        save fails) say so once, and the host's save watch tries again every few seconds."""
        host = self.host
        try:
            host.start_game()
        except (RealmsError, OSError, ValueError) as exc:
            line = host.saves.start_failed(exc)
            if line is not None:
                host.problem(line)
            return
        host.saves.start_worked()

    def seat_status_changed(self) -> None:
        """Tell everyone, in a game, who is connected, waiting or played by an AI."""
        host = self.host
        host.publish_snapshot()
        msg = {"type": "seat_status", "seats": room.seat_entries(host.seats, host.clock.now(), host.cfg.takeover_after),
               "spectators": host.watchers.names()}
        for peer in list(host.peers.values()):
            if peer.joined:
                host.send(peer, msg)


def _token_bytes(token: str) -> bytes:
    """A token as bytes for comparing (any text JSON can carry, lone surrogates included)."""
    return token.encode("utf-8", "surrogatepass")
