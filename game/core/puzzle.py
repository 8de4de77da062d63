"""Puzzles: a position of a game, a goal its engine checks, a hint and a solution.

What every game's puzzles share lives here. A :class:`Goal` is what a puzzle asks
("win this turn", "score at least 180"); a :class:`Verdict` says of a position whether
the goal is met, failed or still open, with a one-line reason. Each game writes its
:class:`PuzzleRules` once, in its own package: how a puzzle's position becomes a state
(through the game's scenario notation where it has one), which goals it knows, and how
its engine judges them. :class:`Attempt` is one puzzle being played, the object a
Puzzles screen, the command line and the tests all drive: apply a line, ask the
verdict, start again; :func:`trial` plays a whole line and says how it ended.

Reading puzzle files and listing the folders needs the registry of games, so it is the
session's (``game/session/puzzles.py``); nothing here names a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from game.core.docs import Doc
from game.core.errors import DataError, IllegalActionError, NotationError
from game.core.events import Event
from game.core.game import Game, GameState
from game.core.refusal import Param, refusal

S = TypeVar("S", bound=GameState)

SOLVED, FAILED, OPEN = "solved", "failed", "open"
# a line a puzzle plays for another seat when that seat has one move only, bounded so that
# a game that kept offering single moves could never hang an attempt
MAX_FORCED = 500


@dataclass(frozen=True)
class Goal:
    """What a puzzle asks: its ``kind`` (one of its game's :attr:`PuzzleRules.goals`), the
    parameters that kind takes (``score``, ``target``...) and the English sentence a list
    shows. A table words ``kind`` and ``params`` in the player's language."""

    kind: str
    params: Mapping[str, Param] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.params), "text": self.text}


@dataclass(frozen=True)
class Verdict:
    """Whether a position meets a puzzle's goal: ``status`` is :data:`SOLVED`,
    :data:`FAILED` (it can no longer be met) or :data:`OPEN`; ``text`` says why in one
    English line, ``key`` and ``params`` let a table word it."""

    status: str
    text: str
    key: str = ""
    params: Mapping[str, Param] = field(default_factory=dict)

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    @property
    def decided(self) -> bool:
        return self.status != OPEN


def solved(text: str, key: str = "solved", **params: Param) -> Verdict:
    return Verdict(SOLVED, text, key, params)


def failed(text: str, key: str, **params: Param) -> Verdict:
    return Verdict(FAILED, text, key, params)


def still_open(text: str, key: str = "open", **params: Param) -> Verdict:
    return Verdict(OPEN, text, key, params)


class PuzzleRules(ABC):
    """One game's puzzles: written once in ``game/<game>/puzzle.py`` and handed to the
    house by the game's class (:meth:`game.core.game.Game.puzzle_rules`). Every method
    raises DataError with a one-line reason for a position or a goal it refuses."""

    #: goal kind -> what it asks, in a few English words (the puzzle format's documentation)
    goals: ClassVar[Mapping[str, str]]

    @abstractmethod
    def start(self, position: Doc, where: str) -> GameState:
        """The state a puzzle's ``[position]`` table describes."""

    def solver(self, state: GameState) -> int:
        """The seat the player plays: by default the one to act at the start."""
        waiting = state.waiting_for()
        return waiting[0] if waiting else 0

    @abstractmethod
    def goal(self, raw: Doc, where: str, state: GameState, solver: int) -> Goal:
        """The puzzle's ``goal`` table checked against its starting state."""

    @abstractmethod
    def verdict(self, goal: Goal, start: GameState, now: GameState, solver: int) -> Verdict:
        """How ``now`` (reached from ``start`` by the solver's lines) stands against the goal."""


def kind_of(raw: Any, where: str, rules: PuzzleRules) -> str:
    """The ``kind`` of a goal table, one the game knows; DataError otherwise."""
    if not isinstance(raw, dict):
        raise DataError(where, "must be a table like { kind = \"...\" }")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in rules.goals:
        raise DataError(f"{where}.kind", f"must be one of {', '.join(rules.goals)}, not {kind!r}")
    return kind


def whole(raw: Doc, key: str, where: str, low: int, high: int, default: int | None = None) -> int:
    """A goal's whole-number parameter from ``low`` to ``high``; DataError otherwise."""
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"{where}.{key}", f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def scenario_position(position: Doc, where: str, build: Callable[[Doc, str], tuple[S, Sequence[Any], Any]],
                      refused: Sequence[str]) -> S:
    """A puzzle's start built by a game's scenario builder (``build``): an exact position, so
    none of a scenario's ``refused`` keys (its actions, expectations, set-up...) and no
    actions or expectations from the builder; DataError otherwise."""
    for key in refused:
        if key in position:
            raise DataError(f"{where}.{key}", "a puzzle's position is an exact position, without "
                                              "actions or expectations (its lines are its solution)")
    st, actions, expect = build(position, where)
    if actions or expect:
        raise DataError(where, "a puzzle's position has no actions or expectations (its lines are its solution)")
    return st


def no_other_keys(raw: Doc, where: str, allowed: Sequence[str]) -> None:
    extra = sorted(set(raw) - {"kind", *allowed})
    if extra:
        raise DataError(where, f"unknown field {extra[0]!r} for a {raw.get('kind')} goal")


class Attempt:
    """One puzzle being played: its state (a clone of the start), the solver's seat, the
    lines played so far and the verdict. A line of another seat with a single possible move
    is played for it (a forced answer); a real choice of another seat waits for a line that
    names it (``@<seat> ...`` where the game's notation has it)."""

    def __init__(self, game: Game, rules: PuzzleRules, goal: Goal, start: GameState, solver: int) -> None:
        self.game = game
        self.rules = rules
        self.goal = goal
        self.start = start
        self.solver = solver
        self.state: GameState = start.clone()
        self.played: list[str] = []
        self._verdict: Verdict | None = None
        self._forced([])

    def restart(self) -> None:
        """Back to the puzzle's starting position."""
        self.state = self.start.clone()
        self.played = []
        self._verdict = None
        self._forced([])

    def to_act(self) -> int | None:
        waiting = self.state.waiting_for()
        return waiting[0] if waiting else None

    def legal(self) -> list[str]:
        """The lines the seat to act may play now (none once the goal is decided)."""
        if self.verdict().decided:
            return []
        return [str(a) for a in self.state.legal_actions()]

    def verdict(self) -> Verdict:
        if self._verdict is None:
            self._verdict = self.rules.verdict(self.goal, self.start, self.state, self.solver)
        return self._verdict

    def play(self, line: str) -> list[Event]:
        """Play one line (the game's notation) for the seat it is for; its events and those of
        the forced answers that follow. NotationError for a line that does not parse,
        IllegalActionError (the state unchanged) for one that is not legal now."""
        action = self.game.parse(line)  # NotationError as it is
        current = self.verdict()
        if current.decided:
            raise IllegalActionError(refusal("puzzle_decided", f"the puzzle is already {current.status}",
                                             status=current.status))
        waiting = self.state.waiting_for()
        if not waiting:
            raise IllegalActionError(refusal("game_over", "the game is over"))
        seat = getattr(action, "actor", None)
        if not (isinstance(seat, int) and seat in waiting):
            seat = waiting[0]
        bound = self.game.bind(self.state, action, seat)
        events = list(self.state.apply(bound))
        self.played.append(str(line).strip())
        self._verdict = None
        self._forced(events)
        return events

    def _forced(self, events: list[Event]) -> None:
        """Play the single moves of other seats, until the solver (or a real choice) is to act."""
        for _ in range(MAX_FORCED):
            seat = self.to_act()
            if seat is None or seat == self.solver or self.verdict().decided:
                return
            legal = self.state.legal_actions()
            if len(legal) != 1:
                return
            events.extend(self.state.apply(self.game.bind(self.state, legal[0], seat)))
            self._verdict = None


@dataclass(frozen=True)
class Trial:
    """How a line of actions ended: the verdict after it, how many of its lines were played,
    and the line that stopped it (``error``: index, line and reason; ``syntax`` when the line
    did not parse rather than not being legal)."""

    verdict: Verdict
    played: int
    error: Mapping[str, Any] | None = None
    syntax: bool = False

    @property
    def solved(self) -> bool:
        return self.verdict.solved and self.error is None

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.verdict.status, "solved": self.solved, "reason": self.verdict.text,
                "key": self.verdict.key, "played": self.played, "error": dict(self.error) if self.error else None}


def trial(attempt: Attempt, lines: Sequence[str]) -> Trial:
    """Play ``lines`` from the puzzle's start, stopping where the goal is decided or a line is
    refused. A line that ends with the goal still open has not solved the puzzle."""
    attempt.restart()
    for i, line in enumerate(lines):
        if attempt.verdict().decided:
            break
        try:
            attempt.play(line)
        except NotationError as exc:
            error = {"index": i, "action": line, "reason": str(exc)}
            return Trial(failed(f"action {i + 1} ({line}) does not parse: {exc}", "bad_line"), i, error, syntax=True)
        except IllegalActionError as exc:
            error = {"index": i, "action": line, "reason": str(exc)}
            return Trial(failed(f"action {i + 1} ({line}) is not legal: {exc}", "illegal", index=i + 1), i, error)
    verdict = attempt.verdict()
    if not verdict.decided:
        verdict = Verdict(OPEN, f"the line ends before the goal is decided ({verdict.text})", "unfinished")
    return Trial(verdict, len(attempt.played))
