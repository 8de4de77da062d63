"""The LAN host's files: the autosave's health, the seats file, and resuming from both.

The Session autosaves every action; this module watches that the save keeps
working and tells the operator's log when it does not: a failure at once, then at
most one line every ``SAVE_LOG_EVERY_S`` seconds while it keeps failing, and one
line when saving works again (clients hear it from the session's ``save_status``).
A game that ends while its save fails is tried again for a while before the host
closes (``HostConfig.final_save_s``); then its whole record goes to a file elsewhere
(:meth:`SaveWatch.rescue`), never lost with a success.
Next to the save lies the seats file (``room.py``) with the players' tokens; a
failed write of it is retried every ``SAVE_RETRY_S`` seconds while the game goes
on, the tokens living in memory meanwhile. A game whose first save fails does not
start; the lobby tries again at the same pace. ``host --resume`` reads both files
back (:func:`load_resume`). The save folder must be the operator's own: another
user could swap the save or read the seat tokens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game import games
from game.core.atomic import remove_stale_temps
from game.core.errors import DataError, RealmsError
from game.core.record import save_meta
from game.core.userdirs import lan_saves_dir, private_folder
from game.net import room
from game.net.clock import REAL, Clock
from game.net.room import HostSeat
from game.session.session import SAVE_RETRY_S, SeatConfig, Session

SAVE_LOG_EVERY_S = 10.0  # while saving keeps failing, at most one log line this often
FINAL_RETRY_S = 0.5  # a finished game whose save fails: how often it is tried while the host waits


class SaveWatch:
    """Keeps the autosave ``save`` and its seats file written, and the log told."""

    def __init__(self, save: Path, log: Callable[[str], None], clock: Clock = REAL) -> None:
        self.save = save
        self.log = log
        self.clock = clock
        self.sidecar_error: str | None = None  # why the seats file could not be written (retried)
        self._sidecar_tried_at = 0.0
        self._save_down = False  # the log said the autosave fails (and has not said it works again)
        self._save_failures_logged = 0
        self._save_logged_at = 0.0
        self._start_failed_at: float | None = None  # when a start last failed (it is retried)
        self._final_tried_at = 0.0

    def write_sidecar(self, host_name: str, seats: list[HostSeat]) -> None:
        """Write the seats file; a failure is logged and retried by :meth:`watch`
        (the game goes on: the tokens live in memory until the file can be written)."""
        self._sidecar_tried_at = self.clock.now()
        try:
            room.write_sidecar(self.save, host_name, seats)
        except OSError as exc:
            reason = str(exc.strerror or exc)
            if self.sidecar_error is None:
                self.log(f"seats file {room.sidecar_path(self.save)} not written: {reason}; retrying every "
                         f"{SAVE_RETRY_S:g} s")
            self.sidecar_error = reason
            return
        if self.sidecar_error is not None:
            self.log(f"seats file {room.sidecar_path(self.save)} written again")
        self.sidecar_error = None

    def watch(self, sess: Session, host_name: str, seats: list[HostSeat]) -> None:
        """Try a failed autosave (and seats file) again every few seconds, without
        waiting for the next action, and tell the log what changed."""
        now = self.clock.now()
        sess.retry_save()
        if self.sidecar_error is not None and now - self._sidecar_tried_at >= SAVE_RETRY_S:
            self.write_sidecar(host_name, seats)
        failed = sess.save_failures - self._save_failures_logged
        if sess.save_error is not None:
            if not self._save_down:
                self.log(f"{sess.save_error}; the game goes on in memory (the save holds {sess.saved_n} of "
                         f"{len(sess.record.actions)} actions), retrying every {SAVE_RETRY_S:g} s")
            elif failed and now - self._save_logged_at >= SAVE_LOG_EVERY_S:
                self.log(f"{sess.save_error} (failed {failed} more time{'s' if failed != 1 else ''}; the save "
                         f"holds {sess.saved_n} of {len(sess.record.actions)} actions)")
            else:
                return
            self._save_down, self._save_logged_at = True, now
        elif self._save_down:
            self.log(f"autosave works again: {self.save} holds all {len(sess.record.actions)} actions")
            self._save_down = False
        elif failed:  # it failed and worked again between two turns of the loop
            self.log(f"{sess.last_save_failure}; the next try worked: {self.save} holds all "
                     f"{len(sess.record.actions)} actions")
        self._save_failures_logged = sess.save_failures

    def last_save(self, sess: Session | None, host_name: str, seats: list[HostSeat]) -> None:
        """Closing: one more try of a failed autosave (and seats file), and the log says
        what the save holds."""
        if self.sidecar_error is not None:
            self.write_sidecar(host_name, seats)
        if sess is None or sess.retry_save(now=True):
            if sess is not None and self._save_down:
                self.watch(sess, host_name, seats)
            return
        self.log(f"{sess.save_error}: the save holds only {sess.saved_n} of {len(sess.record.actions)} actions")

    # ---- a finished game whose save fails -----------------------------------------------
    def retry_final(self, sess: Session) -> bool:
        """The game is over and its save behind: try again (often, the host is waiting for
        nothing else). True when the save now holds the whole game."""
        if sess.save_error is None:
            return True
        now = self.clock.now()
        if now - self._final_tried_at >= FINAL_RETRY_S:
            self._final_tried_at = now
            sess.retry_save(now=True)
        return sess.save_error is None

    def rescue(self, sess: Session) -> Path | None:
        """The save of a finished game could not be written: the whole record goes to a
        new file in the user's LAN saves folder (another disk, often) and the log says
        where; None (and the log says so) when that fails too."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        folder = lan_saves_dir()
        path = folder / f"{self.save.stem}-rescued-{stamp}.json"
        if folder.resolve() == self.save.parent.resolve():
            path = folder / f"{self.save.stem}-rescued-{stamp}-{time.monotonic_ns() % 10**6}.json"
        problem = private_folder(folder)
        try:
            if problem:
                raise OSError(problem)
            sess.record.save(path, sess.state, save_meta(sess.state))
        except OSError as exc:
            self.log(f"the finished game could not be written to {path} either ({exc.strerror or exc})")
            return None
        self.log(f"the finished game's whole record was written to {path} instead")
        return path

    # ---- a game whose first save failed -------------------------------------------------
    def start_failed(self, exc: Exception) -> str | None:
        """A start failed (its first save, most likely): the line to report the first
        time (None while it keeps failing)."""
        first = self._start_failed_at is None
        self._start_failed_at = self.clock.now()
        return f"cannot start the game: {exc}; trying again every {SAVE_RETRY_S:g} s" if first else None

    def start_worked(self) -> None:
        self._start_failed_at = None

    def start_due(self) -> bool:
        """A failed start waited long enough to be tried again."""
        return self._start_failed_at is not None and self.clock.now() - self._start_failed_at >= SAVE_RETRY_S


@dataclass
class Resumed:
    """A saved LAN game read back: its game, host name, seats and session."""

    game: str
    host_name: str | None  # None: no seats file (the seats come from the command line)
    seats: list[HostSeat]
    session: Session
    phase: str  # playing | over


def load_resume(save: Path, seat_kinds: list[str], now: float) -> Resumed:
    """The game saved in ``save`` with the seats of its seats file (or, without one,
    ``seat_kinds``: "remote" or an agent name per seat). Remote seats start waiting
    for their players, from ``now`` (on the host's clock). A save or seats file that does not fit raises a one-line error."""
    try:
        rec, st = games.load(save)
    except OSError as exc:
        raise DataError(str(save), f"cannot read the save ({exc.strerror or exc})") from None
    game = games.game_of(rec).name
    side = room.read_sidecar(save)
    host_name: str | None = None
    if side is None:
        if len(seat_kinds) != st.n:
            raise RealmsError(f"{save}: no seats file; give --seats for the saved {st.n}-player game")
        seats = room.seats_of(seat_kinds)
    else:
        host_name, seats = side
        if len(seats) != st.n:
            raise RealmsError(f"{room.sidecar_path(save)}: {len(seats)} seats for a {st.n}-player game")
    for s in seats:
        if s.kind == "remote":
            s.dropped_at = now
    configs = [SeatConfig(s.kind, s.name, s.agent or "random") for s in seats]
    session = Session(rec, configs, autosave=save, state=st)
    return Resumed(game, host_name, seats, session, "over" if session.over else "playing")


def default_save() -> Path:
    """A new autosave in the user's data folder (never the shared temporary folder,
    where another user could have made the folder first)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return lan_saves_dir() / f"lan-{stamp}.json"


def check_save_folder(save: Path, log: Callable[[str], None]) -> None:
    """Refuse a save folder this user does not own alone (RealmsError with the reason),
    creating it when missing; then clear what interrupted saves left in it."""
    problem = private_folder(save.parent)
    if problem:
        raise RealmsError(problem)
    removed = remove_stale_temps(save.parent)
    if removed:
        log(f"removed {len(removed)} temporary file{'s' if len(removed) != 1 else ''} left by an interrupted "
            f"save in {save.parent}")
