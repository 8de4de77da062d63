"""One shape for every game: the :class:`Game` class an engine subclasses once, the
:class:`GameState` protocol its state follows, the :class:`Outcome` of a finished game
and the :class:`Refusal` that says why an action is not legal.

The session, the AI seats, the tournament, the LAN host, replays and statistics know a
game only through these. A game's class holds its facts (name, title, seat counts,
formats, modules) and answers the house's questions; what a game lacks (modules,
optional rulings, a clock, scenario files, puzzles, figures) has a default here, so a new game
writes only what it has.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from game.core.errors import DataError
from game.core.events import Event
from game.core.record import SaveRecord
from game.core.refusal import Refusal

if TYPE_CHECKING:  # the puzzles' module stands above this one (its attempts play a Game)
    from game.core.puzzle import PuzzleRules

SECRET_PAUSE = (0.1, 0.4)  # seconds: the range of a seat's pause at a secret choice
NO_PAUSE = (0.0, 0.0)  # for games nobody watches (the self-test, the screenshot tour, tests of play)

@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (none for a draw, several for a team or a tie),
    the game's ``termination`` key (``"last_standing"``, ``"kills"``, ``"score"``...) and,
    for a game scored by points, each seat's score."""

    winners: tuple[int, ...]
    termination: str
    scores: tuple[int, ...] | None = None

    @property
    def winner(self) -> int | None:
        """The one winning seat, or None for a draw, a tie or a team."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def draw(self) -> bool:
        return not self.winners

    def wire(self) -> int | list[int] | None:
        """The LAN's and the history's ``winner``: a seat, a list of seats, or null."""
        if len(self.winners) == 1:
            return self.winners[0]
        return list(self.winners) or None


S = TypeVar("S", bound="GameState")


@runtime_checkable
class GameState(Protocol):
    """What the house asks of a running game (python-chess's ``Board``, OpenSpiel's
    ``State``): the engines' states follow it; the house never reads more."""

    @property
    def n(self) -> int:
        """The number of seats."""
        ...

    @property
    def turn(self) -> int | None:
        """The turn's number, None for a game played without turns (Chaos Realms)."""
        ...

    def waiting_for(self) -> list[int]:
        """The seats that may act now (several in a simultaneous step; none once over)."""
        ...

    def legal_actions(self) -> Sequence[Any]: ...

    def check(self, action: Any) -> Refusal | None:
        """Why ``action`` is not legal now, or None."""
        ...

    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` (IllegalActionError with its refusal if it is not legal)."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator's view), as plain JSON."""
        ...

    def clone(self: S) -> S: ...

    def state_hash(self) -> str:
        """A digest of everything that decides the future (replays and desync checks)."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...


Figures = dict[str, Any]
GameFigures = tuple[Figures, bool | None, list[int]]  # (a game's figures, the player won or None, winners)


class Game(ABC):
    """A game as the house knows it. Subclass once per game, in ``game/<game>/game.py``;
    the registry (:mod:`game.games`) names the class. Every method answers for any state
    of this game; setup questions raise ValueError with a one-line reason for a setup
    the game refuses."""

    name: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[int, ...]]  # the seat counts it is played with
    formats: ClassVar[tuple[str, ...]] = ()  # its named formats, the default first (none: one way to play)
    modules: ClassVar[tuple[str, ...]] = ()  # what may be added to its base game
    selftest_modules: ClassVar[tuple[str, ...]] = ()  # the modules the selftest's LAN game deals

    # ---- playing: what the session needs --------------------------------------------------

    @abstractmethod
    def parse(self, line: str) -> Any:
        """An action line (the game's notation) -> its action; NotationError with a reason."""

    @abstractmethod
    def loads(self, text: str, where: str) -> tuple[SaveRecord[GameState], GameState]:
        """A save's text -> its record and the state it replays to; DataError with a reason."""

    @abstractmethod
    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: Mapping[str, bool] | None = None) -> SaveRecord[GameState]:
        """The record of a new game; DataError with a one-line reason for a setup it refuses."""

    def bind(self, state: GameState, action: Any, seat: int) -> Any:
        """The action as ``seat`` makes it, or IllegalActionError: whose move it is beyond
        :meth:`GameState.waiting_for` (a team's turn, a line naming another seat)."""
        return action

    def revealing(self, events: list[Event], seat: int) -> bool:
        """Whether the events of one action by ``seat`` showed hidden cards or drew on chance
        (undo stops there). A game that cannot tell says every action reveals."""
        return True

    def clock(self, state: GameState, since_ms: int) -> Any:
        """The clock action due now, ``since_ms`` after the last one, or None: a game played
        against time takes the time as an input the session sends."""
        return None

    def secret_choice(self, view: Mapping[str, Any]) -> bool:
        """Whether the acting seat's answer must not come sooner for a hand that can only
        pass: the seat answers after a random pause, so the other seat cannot time it."""
        return False

    def run_scenario(self, doc: dict[str, Any], where: str) -> Any:
        """The game's scenario runner on a loaded scenario file (``python -m game scenario``)."""
        raise DataError(where, f"{self.title} has no scenario files")

    def puzzle_rules(self) -> PuzzleRules | None:
        """The game's puzzles (``game/<game>/puzzle.py``): how a puzzle's position becomes a
        state and how its goals are judged; None for a game without puzzles."""
        return None

    # ---- setting a game up: asked by the New game screen and the LAN host -----------------

    def normal_modules(self, modules: Sequence[str]) -> tuple[str, ...]:
        """The modules as the game keeps them (its canonical list); ValueError for unknown ones."""
        names = [n.strip() for m in modules for n in m.split(",") if n.strip()]
        unknown = [n for n in names if n not in self.modules]
        if unknown:
            known = ", ".join(self.modules) if self.modules else "none"
            raise ValueError(f"unknown {self.title} module {unknown[0]!r} (known: {known})")
        return tuple(sorted(set(names)))

    def rule_names(self) -> list[str]:
        """The disputed rulings a game can be set up with."""
        return []

    def normal_rulings(self, rulings: Mapping[str, Any]) -> dict[str, bool]:
        """Every ruling by name; ValueError with a reason for an unknown one."""
        if rulings:
            raise ValueError(f"{self.title} has no optional rulings")
        return {}

    def parse_rule_options(self, pairs: Sequence[str]) -> dict[str, bool]:
        """``NAME=yes|no`` pairs of the command line -> a rulings table."""
        return self.normal_rulings(dict.fromkeys(pairs, True))

    def timed_format(self, format: str | None, seconds: int) -> str:
        """The format ``format`` played with a time limit of ``seconds``."""
        raise ValueError(f"{self.title} is not played against time")

    def format_problem(self, format: str | None) -> str | None:
        """Why ``format`` is not one of the game's, or None (None and "" mean the default)."""
        if format in (None, "") or format in self.formats:
            return None
        known = ", ".join(self.formats) if self.formats else "none"
        return f"unknown {self.title} format {format!r} (known: {known})"

    def setup_problem(self, seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
        """Why this seat count, format and (normalised) modules cannot be set up, or None."""
        if seats not in self.seats:
            counts = " or ".join(str(n) for n in self.seats)
            return f"{self.title} is played by {counts} players, not {seats}"
        return self.format_problem(format)

    def setup_label(self, format: str | None, modules: tuple[str, ...]) -> str:
        """How a planned game's setup is told to players ("ffa", "standard: greeks vs vikings")."""
        label = format or (self.formats[0] if self.formats else "")
        return f"{label} + {', '.join(modules)}" if modules else label

    def state_setup(self, state: GameState) -> tuple[str, tuple[str, ...], dict[str, bool]]:
        """A running game's setup as told to players: its label, modules and rulings."""
        return self.setup_label(None, ()), (), {}

    # ---- replays and statistics --------------------------------------------------------------

    def position_json(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """A position as ``python -m game replay --json`` prints it; for a seat, only what it
        may know."""
        return state.view(seat)

    def game_figures(self, first_view: Mapping[str, Any], events: list[dict[str, Any]],
                     you: list[int]) -> Figures:
        """One finished game's own figures (plain JSON), from its first view and its events
        as seen by ``you`` (the seats played on this computer) or a spectator."""
        return {}

    def summary_figures(self, games: list[GameFigures]) -> Figures:
        """The game's figures over many games; the cards it names are under ``card`` or
        ``cards`` keys (the screens show their names)."""
        return {}

    def card_name(self, card: str, lang: str) -> str:
        """A card's name in the player's language, for figures that name cards."""
        return card
