"""A puzzle played on its game's real table: the session that starts at its position, and
the client that judges every move by the puzzle's own rules.

:func:`puzzle_record` makes the record whose start is the puzzle's position (the game's
``Record.position``; the record's start is checked to be the state the puzzle's rules
build). :class:`PuzzleClient` is a :class:`~game.session.clients.LocalClient` over that
session: the player plays the solver's seat; another seat with one possible move plays
it by itself (as :class:`~game.core.puzzle.Attempt` does), a real choice of another seat
is the AI's while the goal is open. After every move the verdict is asked of the
puzzle's :class:`~game.core.puzzle.PuzzleRules`; once it is decided nothing more is
played, the views offer no move, and ``on_decided`` hears it once. A puzzle is never
saved as a game; the player may take back moves while the goal is open. It knows no game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import games
from game.core.docs import Doc
from game.core.errors import DataError, IllegalActionError
from game.core.game import GameState
from game.core.puzzle import MAX_FORCED, Attempt, Verdict
from game.core.record import SaveRecord
from game.core.refusal import refusal
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.puzzles import Puzzle
from game.session.session import SeatConfig, Session

AI_PAUSE_S = 0.6  # between two of another seat's choices: the player sees each of them played
AGENT = "medium"


def puzzle_record(puzzle: Puzzle, attempt: Attempt) -> SaveRecord[GameState]:
    """The record of a game that starts at the puzzle's position; DataError when the game
    has no such record, or its start is not the puzzle's."""
    cls: Any = type(games.game(puzzle.game).new_record(attempt.start.n, 0))
    make = getattr(cls, "position", None)
    if make is None:
        raise DataError(puzzle.source, f"{games.title(puzzle.game)} cannot start a table at a position")
    record: SaveRecord[GameState] = make(dict(puzzle.position))
    if record.initial_state().state_hash() != attempt.start.state_hash():
        raise DataError(puzzle.source, "the table's start is not the puzzle's position")
    return record


def puzzle_seats(n: int, solver: int, names: list[str]) -> list[SeatConfig]:
    """The player at the solver's seat, the AI at every other."""
    return [SeatConfig("human" if i == solver else "ai", names[i] if i < len(names) else f"Player {i + 1}", AGENT)
            for i in range(n)]


class PuzzleClient(LocalClient):
    """The table's client in a puzzle (see the module's docstring)."""

    savable = False  # a puzzle's table is an exercise, not a game to load later

    def __init__(self, session: Session, puzzle: Puzzle, attempt: Attempt, ai: AISeats | None = None,
                 on_decided: Callable[[Verdict, int], None] | None = None) -> None:
        super().__init__(session, ai if ai is not None else AISeats(session, min_delay=AI_PAUSE_S))
        self.puzzle = puzzle
        self.attempt = attempt  # its rules, goal, start and solver judge the session's state
        self.solver = attempt.solver
        self.on_decided = on_decided
        self.moves = 0  # the player's moves (the progress keeps the fewest of a solve)
        self._verdict: tuple[int, Verdict] | None = None
        self._told = False
        self._forced()

    # ---- the verdict ----------------------------------------------------------------------------
    def verdict(self) -> Verdict:
        """How the table's position stands against the goal (asked once per change)."""
        changes = self.session.changes
        if self._verdict is None or self._verdict[0] != changes:
            a = self.attempt
            self._verdict = (changes, a.rules.verdict(a.goal, a.start, self.session.state, a.solver))
        found = self._verdict[1]
        if found.decided and not self._told:
            self._told = True
            if self.on_decided is not None:
                self.on_decided(found, self.moves)
        return found

    @property
    def decided(self) -> bool:
        return self.verdict().decided

    # ---- playing --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> Doc:
        view = self.session.view(seat)
        if self.decided:  # the puzzle is over: the table offers nothing more to play
            view = {**view, "legal": []}
        return view

    def submit(self, seat: int, line: str) -> None:
        current = self.verdict()
        if current.decided:
            raise IllegalActionError(refusal("puzzle_decided", f"the puzzle is already {current.status}",
                                             status=current.status))
        super().submit(seat, line)
        self.moves += 1
        self._forced()

    def _forced(self) -> None:
        """Another seat's single possible moves, played for it until the player (or a real
        choice, the AI's) is to act, or the goal is decided."""
        for _ in range(MAX_FORCED):
            waiting = self.session.waiting_for()
            if not waiting or waiting[0] == self.solver or self.decided:
                return
            legal = self.session.state.legal_actions()
            if len(legal) != 1:
                return
            self.session.submit(waiting[0], legal[0])

    def poll(self) -> list[tuple[int | None, list[Doc]]]:
        if not self.decided:
            self._forced()
        waiting = self.session.waiting_for()
        if not self.decided and waiting and waiting[0] != self.solver:
            self.ai.pump()  # the pause between its answers lets one through at a time: judged before the next
            self._forced()
        self._errors.extend(self.ai.take_errors())
        self.verdict()  # asked here too, so on_decided hears of an AI's move that decides it
        out = list(self._events)
        self._events.clear()
        return out

    # ---- taking back ------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        return not self.decided and super().can_undo(seat)

    def undo_blocked(self, seat: int) -> str | None:
        return "nothing" if self.decided else super().undo_blocked(seat)

    def undo(self, seat: int) -> None:
        if self.decided:
            raise IllegalActionError(refusal("puzzle_decided", "the puzzle is already decided", status="decided"))
        super().undo(seat)
        self.moves = max(0, self.moves - 1)


def start_puzzle(puzzle: Puzzle, names: list[str], ai: Callable[[Session], AISeats] | None = None,
                 on_decided: Callable[[Verdict, int], None] | None = None
                 ) -> tuple[PuzzleClient, SaveRecord[GameState], list[SeatConfig]]:
    """The puzzle's client, record and seats, at its start; DataError when it cannot start."""
    attempt = puzzle.attempt()
    record = puzzle_record(puzzle, attempt)
    seats = puzzle_seats(attempt.start.n, attempt.solver, names)
    session = Session(record, seats)
    return PuzzleClient(session, puzzle, attempt, ai(session) if ai is not None else None, on_decided), record, seats
