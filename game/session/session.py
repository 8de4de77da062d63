"""The authoritative game host that every way of playing goes through.

A local game (hotseat, against AI) and a LAN game use the same Session: it owns the
engine state and the record (setup + actions), checks that each action comes from
the seat allowed to make it, applies it, autosaves, and hands every listener the
events redacted for its seat. The table talks to a Session through a client; the
network host wraps one and forwards what it produces.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game import games
from game.core.docs import Doc
from game.core.errors import IllegalActionError
from game.core.events import Event
from game.core.game import GameState, Outcome
from game.core.record import SaveRecord, save_meta
from game.core.refusal import refusal

log = logging.getLogger(__name__)

SEAT_KINDS = ("human", "ai", "remote")
SAVE_RETRY_S = 3.0  # how often a failed autosave is tried again while nobody acts
# Which events end what undo may take back (they showed something hidden, or handed
# the game to another seat) is each game's own rule: the game's ``revealing``.


def seat_letter(i: int) -> str:
    """The letter of seat ``i`` in a default name ("Guest B"): a figure would be taken for a
    game's role (HerosDeï's player 1 and player 2)."""
    return chr(ord("A") + i) if 0 <= i < 26 else str(i + 1)


@dataclass
class SeatConfig:
    kind: str = "human"  # human | ai | remote
    name: str = ""
    agent: str = "medium"  # for AI seats: random | easy | medium | hard


Listener = Callable[[int | None, list[Doc]], None]


class Session:
    def __init__(self, record: SaveRecord[GameState], seats: list[SeatConfig] | None = None,
                 autosave: str | Path | None = None, state: GameState | None = None,
                 keep_history: Doc | None = None) -> None:
        self.record = record
        self.rules = games.game_of(record)  # the game: parse, bind, what reveals, its clock
        self.game = self.rules.name
        self.state: GameState = state if state is not None else record.replay()
        n = self.state.n
        self.seats = seats if seats is not None else [SeatConfig("human", f"Player {i + 1}") for i in range(n)]
        if len(self.seats) != n:
            raise ValueError(f"{len(self.seats)} seat configurations for a {n}-player game")
        self.autosave = Path(autosave) if autosave else None
        self.listeners: list[tuple[int | None, Listener]] = []
        # autosave health: the current failure (None: the file holds every action), how
        # many writes failed in all and the last failure, the actions the file holds,
        # when the last write was tried
        self.save_error: str | None = None
        self.save_failures = 0
        self.last_save_failure: str | None = None
        self.saved_n = len(record.actions)
        self._save_reason: str | None = None
        self._save_tried_at = 0.0
        # undo: actions before ``_checkpoint`` are final; ``_checkpoint_state`` is the state there
        self._checkpoint = len(record.actions)
        self._checkpoint_state = self.state.clone()
        self.changes = 0  # the state's changes so far (moves and undos): what a cached view is checked against
        self._undo_seat: int | None = None
        self._checkpoint_revealed = False  # the checkpoint follows a move of _undo_seat that showed something hidden
        # the clock of a game played against time: the last tick, the time counted since the last clock line
        self._tick_at: float | None = None
        self._since_clock_ms = 0.0
        # the history of finished games (game/history.py): None keeps nothing; else how the
        # game is played ({"mode": ..., "tag": ...}), and once it ended, where it went or why not
        self.keep_history = keep_history
        self.history_path: Path | None = None
        self.history_error: str | None = None
        self._started = time.time()
        self._kept = self.over

    # ---- reading ---------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.state.n

    def view(self, seat: int | None) -> Doc:
        return self.state.view(seat)

    def waiting_for(self) -> list[int]:
        """Seats that may act now (the prompt's seat, else the seats of the turn)."""
        return self.state.waiting_for()

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.state.outcome()

    def history(self, seat: int | None, keep: int | None = None) -> list[Doc]:
        """The game's events so far as ``seat`` sees them (None: a spectator), the last
        ``keep`` of them if given: a resumed game's log. The record is replayed once,
        and every event redacted as the listeners' are, so a table never replays an
        engine itself to rebuild what it may show."""
        st = self.record.initial_state()
        viewer = seat if seat is not None else -1
        out: list[Doc] = []
        for line in self.record.actions:
            out += [e.redacted_for(viewer).to_dict() for e in st.apply(self.rules.parse(line))]
            if keep is not None and len(out) > keep * 4:
                del out[: len(out) - keep]
        return out if keep is None else out[-keep:]

    # ---- listening -----------------------------------------------------------------
    def subscribe(self, seat: int | None, listener: Listener) -> Callable[[], None]:
        """Call ``listener(seat, events)`` with the events redacted for ``seat``
        (None: a spectator, who sees what no seat hides). Returns an unsubscribe."""
        entry = (seat, listener)
        self.listeners.append(entry)
        return lambda: self.listeners.remove(entry) if entry in self.listeners else None

    def _publish(self, events: list[Event]) -> None:
        for seat, listener in list(self.listeners):
            redacted = [(e.redacted_for(seat) if seat is not None else e.redacted_for(-1)).to_dict() for e in events]
            listener(seat, redacted)

    def _notify(self, message: Doc) -> None:
        """A session message (not an engine event) sent to every listener."""
        for seat, listener in list(self.listeners):
            listener(seat, [dict(message)])

    # ---- acting --------------------------------------------------------------------
    def submit(self, seat: int, action: object) -> list[Event]:
        """Apply ``action`` for ``seat``; raises IllegalActionError (and changes
        nothing) when that seat may not make that move now."""
        a = self.rules.parse(action) if isinstance(action, str) else action
        allowed = self.waiting_for()
        if seat not in allowed:
            raise IllegalActionError(refusal("not_waiting", f"seat {seat} cannot act now (waiting for seat "
                                             f"{', '.join(map(str, allowed)) or 'nobody'})", seat=seat))
        return self._apply(self.rules.bind(self.state, a, seat), seat)

    def _apply(self, a: object, seat: int | None) -> list[Event]:
        """Apply a bound action of ``seat`` (None: the table's clock), record, publish, save."""
        if self._undo_seat != seat:  # never undo across another seat's move
            self._mark_checkpoint()
        events = self.state.apply(a)
        self.record.add(a)
        self.changes += 1
        self._undo_seat = seat
        if seat is None or self.rules.revealing(events, seat):
            self._mark_checkpoint(revealed=True)
        if self.over and not self._kept:
            self._keep_history()
        self._publish(events)
        self._autosave()
        return events

    def _keep_history(self) -> None:
        """Write the finished game to the history; a failure is logged and kept in
        ``history_error`` (the table shows it) and never stops the game."""
        from game.session import history

        self._kept = True
        if self.keep_history is None:
            return
        you = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        kinds = [s.kind for s in self.seats]
        players = history.Players([s.name for s in self.seats], kinds,
                                  [s.agent if s.kind == "ai" else "" for s in self.seats], you)
        outcome = self.outcome
        meta = history.game_meta(self.game, players, list(outcome.winners) if outcome is not None else [],
                                 self.state.turn,
                                 str(self.keep_history.get("mode") or history.mode_of(kinds)), self._started,
                                 tag=str(self.keep_history.get("tag", "")))
        try:
            self.history_path = history.keep_full(self.record, self.state, meta)
        except OSError as exc:
            self.history_error = f"the game was not kept in the history: {exc.strerror or exc}"
            log.warning("%s", self.history_error)

    # ---- the clock of a game played against time ------------------------------------------
    def tick(self, now: float | None = None) -> list[Event]:
        """Run the clock of a game played against time (Chaos Realms): the time since
        the last tick counts, and the clock line the game wants now (at its time limit,
        and now and then so that a save resumes near its time) is applied for no seat.
        Hosts call this from their loop; the first tick (and the first after
        :meth:`pause_clock`) only starts counting. A game without a clock ignores it."""
        now = time.monotonic() if now is None else now
        if self._tick_at is None or self.over:
            self._tick_at = now
            return []
        self._since_clock_ms += max(0.0, now - self._tick_at) * 1000.0
        self._tick_at = now
        line = self.rules.clock(self.state, int(self._since_clock_ms))
        if line is None:
            return []
        self._since_clock_ms = 0.0
        return self._apply(line, None)

    def pause_clock(self) -> None:
        """The time until the next tick does not count (a paused table)."""
        self._tick_at = None

    def _autosave(self) -> None:
        """Save after every action. A failed write (disk full, folder gone) never
        stops the game or loses its events: the game goes on in memory, the error
        is kept in ``save_error``, every listener gets a ``save_status`` message
        when saving starts failing (or fails for another reason) and when it works
        again, and the next action or :meth:`retry_save` tries again (the file on
        disk is the last good save, never a torn one)."""
        if self.autosave is None:
            return
        was = self.save_error
        self._save_tried_at = time.monotonic()
        try:
            self.record.save(self.autosave, self.state, save_meta(self.state))  # meta: the Load list's turn and time
        except OSError as exc:
            self._save_reason = str(exc.strerror or exc)
            self.save_error = self.last_save_failure = f"autosave to {self.autosave} failed: {self._save_reason}"
            self.save_failures += 1
        else:
            self.save_error = self._save_reason = None
            self.saved_n = len(self.record.actions)
        if self.save_error != was:
            self._notify(self.save_status())

    def retry_save(self, now: bool = False) -> bool:
        """Try a failed autosave again when the last try is SAVE_RETRY_S seconds old
        (or ``now``), so a save folder that comes back is used without waiting for the
        next action (hosts call this from their loop, and once more before they close).
        True when the save holds every action."""
        if self.save_error is not None and (now or time.monotonic() - self._save_tried_at >= SAVE_RETRY_S):
            self._autosave()
        return self.save_error is None

    def save_status(self) -> Doc:
        """The session message about the autosave: ``ok``, ``reason`` (the system's
        words, without the host's path) and ``n``, the actions played."""
        return {"type": "save_status", "ok": self.save_error is None, "reason": self._save_reason,
                "n": len(self.record.actions)}

    # ---- undo --------------------------------------------------------------------------
    def _mark_checkpoint(self, revealed: bool = False) -> None:
        self._checkpoint = len(self.record.actions)
        self._checkpoint_state = self.state.clone()
        self._checkpoint_revealed = revealed

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` has moves of its own it may take back now."""
        return (not self.over and self._undo_seat == seat and len(self.record.actions) > self._checkpoint
                and seat in self.waiting_for())

    def undo_blocked(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now: None when it can, ``"revealed"`` when its last
        move showed something hidden (a card drawn, a market card revealed), else ``"nothing"``."""
        if self.can_undo(seat):
            return None
        if (not self.over and self._undo_seat == seat and self._checkpoint_revealed
                and len(self.record.actions) == self._checkpoint and seat in self.waiting_for()):
            return "revealed"
        return "nothing"

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move; raises IllegalActionError when it may not."""
        if not self.can_undo(seat):
            raise IllegalActionError("nothing to undo: the last move revealed information or was not yours")
        actions = self.record.actions[self._checkpoint:-1]
        del self.record.actions[-1]
        st = self._checkpoint_state.clone()
        for line in actions:
            st.apply(self.rules.parse(line))
        self.state = st
        self.changes += 1
        self._autosave()
        self._notify({"type": "undone", "seat": seat, "actions": len(self.record.actions)})
