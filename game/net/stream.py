"""The LAN host's game stream: actions in, each seat's own events and view out.

Once a game runs, every remote seat has a stream of its own. An ``act`` is checked
here (the seat, the action count it was chosen at, whose turn it is, the line's
notation and the seat it names) before the Session checks its legality. What the
Session then publishes for a seat, already redacted by the engine, is gathered
and sent once per loop turn as an ``update``: the events with a patch from the
view last sent to the seat's current view and that view's hash. A ``view`` message
carries a whole view (at the start, on ``resync``, on ``resume`` with the events the
seat missed). The session's word on its autosave (``save_status``) goes out at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.errors import IllegalActionError, NotationError
from game.net import setups
from game.net.protocol import ProtocolError, diff, view_hash
from game.net.room import HostSeat
from game.net.watchers import Watcher
from game.session.session import Session

Send = Callable[[Any, dict[str, Any]], None]  # (the host's Peer, message)

PAST_KEPT = 120  # the events a seat taken back by a new process is sent for its log


class GameStream:
    """The stream of each remote seat of ``session``, sent with ``send``."""

    def __init__(self, session: Session, seats: list[HostSeat], send: Send) -> None:
        self.session = session
        self.seats = seats
        self.send = send
        self.flushed_n = len(session.record.actions)  # actions already told to every seat
        self.watchers: list[Watcher] = []  # the spectators (the host's list: watchers.py)

    def act(self, seat: int, msg: dict[str, Any]) -> None:
        """Play the ``act`` message ``msg`` of ``seat``; ProtocolError says why not."""
        sess = self.session
        if msg.get("seat") is not None and msg["seat"] != seat:
            raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {msg['seat']}")
        n = len(sess.record.actions)
        if msg.get("at") is not None and msg["at"] != n:
            raise ProtocolError("stale", "the game moved on before your action arrived "
                                         f"(chosen at action {msg['at']}, now {n}): choose again")
        if seat not in sess.waiting_for():
            raise ProtocolError("not_your_turn", "it is not your turn to act")
        try:
            action = sess.rules.parse(msg["line"])
        except NotationError as exc:
            raise ProtocolError("bad_notation", str(exc)) from None
        named = setups.actor(action)
        if named is not None and named != seat:
            raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {named}")
        try:
            sess.submit(seat, action)
        except IllegalActionError as exc:
            raise ProtocolError("illegal_action", str(exc), exc.refusal) from None
        except NotationError as exc:
            raise ProtocolError("illegal_action", str(exc)) from None

    def on_events(self, seat: int | None, events: list[dict[str, Any]]) -> None:
        """The Session's listener for a remote seat: events wait for the next flush."""
        if seat is None:
            return
        if len(events) == 1 and events[0].get("type") == "save_status":
            peer = self.seats[seat].peer  # the session's word on its autosave: a message of its own, now
            if peer is not None:
                self.send(peer, events[0])
            return
        self.seats[seat].pending.extend(events)

    def flush(self) -> bool:
        """Send every connected remote seat the update of the actions since the last
        flush (and log it for the seats away). False when there was nothing new."""
        sess = self.session
        n = len(sess.record.actions)
        if n == self.flushed_n:
            return False
        before = self.flushed_n
        self.flushed_n = n
        for s in self.seats:
            if s.kind != "remote":
                continue
            batch, s.pending = s.pending, []
            s.log.append((before, n, batch))
            if s.peer is None or s.sent_view is None:
                continue
            view = sess.view(s.index)
            ops = diff(s.sent_view, view)
            s.sent_view = view
            self.send(s.peer, {"type": "update", "n": n, "events": batch, "patch": ops, "view_hash": view_hash(view)})
        if self.watchers:
            public = sess.view(None)
            for w in self.watchers:
                if w.sent_view is None:
                    continue
                batch, w.pending = w.pending, []
                ops = diff(w.sent_view, public)
                w.sent_view = public
                self.send(w.peer, {"type": "update", "n": n, "events": batch, "patch": ops,
                                   "view_hash": view_hash(public)})
        return True

    def send_view(self, seat: HostSeat, reason: str, last: int | None) -> None:
        """Send ``seat`` its whole view ("start", "resync", or "resume" with what it
        missed since action count ``last``; with no ``last``, a new process taking its
        seat back, the seat's recent past for its log)."""
        if seat.peer is None:
            return
        view = self.session.view(seat.index)
        events, truncated = seat.missed_since(last) if reason == "resume" else ([], False)
        if reason == "resume" and last is None:
            past = self.session.history(seat.index, PAST_KEPT + 1)
            events, truncated = past[-PAST_KEPT:], len(past) > PAST_KEPT
        seat.sent_view = view
        self.send(seat.peer, {"type": "view", "reason": reason, "n": len(self.session.record.actions),
                              "view": view, "view_hash": view_hash(view), "events": events,
                              "truncated": truncated})

    def game_over_msg(self) -> dict[str, Any]:
        return {"type": "game_over", "winner": winner(self.session), "n": len(self.session.record.actions),
                "names": [s.name for s in self.seats]}


def winner(session: Session | None) -> int | list[int] | None:
    """The winning seat (a list of seats for a team or a tie), or None while nobody has
    won and after a draw that names no seat (HerosDeï's ``"draw"``): the wire's
    ``winner`` is a seat, a list of seats or null (PROTOCOL.md §5)."""
    out = session.outcome if session is not None else None
    return out.wire() if out is not None else None
