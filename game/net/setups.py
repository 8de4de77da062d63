"""What the LAN host needs to know about each game it can serve, and nothing more.

The host, the wire protocol and the client are the same for every game: views are
JSON dicts, events are redacted by the engine, actions are text lines, saves say
which game they hold. What differs is how a new game is set up (formats, modules,
disputed rulings, a time limit), which seat counts are allowed, which agents can
fill a chair, and how the setup is described to players in the lobby and on the
LAN. This module asks each game's class (``games.game``) those questions, so
``host.py``, ``commands.py`` and ``discovery.py`` never import a game's engine
and never branch on a game's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game import games

DEFAULT_GAME = games.DEFAULT


@dataclass(frozen=True)
class Setup:
    """How a game is set up, as told to players: the lobby, ``welcome`` and discovery
    carry these fields. ``format`` is the game's label for its setup, shown as it is
    (a format's name, or modules joined by "+": "base+cursed_items"); ``modules`` and
    ``rulings`` (every disputed ruling with its value) are empty for a game without."""

    game: str
    format: str
    modules: tuple[str, ...] = ()
    rulings: tuple[tuple[str, bool], ...] = ()

    def fields(self) -> dict[str, Any]:
        return {"game": self.game, "format": self.format, "modules": list(self.modules), "rulings": dict(self.rulings)}


def game_names() -> list[str]:
    """The games the LAN can host: those with agents (the host is
    headless; the table is needed only by a player who joins at one)."""
    return games.hostable()


def title(game: str) -> str:
    return games.title(game)


def check_game(game: str) -> str | None:
    """None for a game this build hosts, else a one-line reason."""
    hostable = games.hostable()
    if game in hostable:
        return None
    if game in games.names():
        return f"{title(game)} cannot be played on the LAN yet"
    return f"unknown game {game!r} (known: {', '.join(hostable)})"


def agents(game: str) -> list[str]:
    from game.ai.agent import agent_names

    return agent_names(game)


def best_agent(game: str) -> str:
    """The agent that fills a chair when none is named (an empty seat, a takeover)."""
    names = agents(game)
    for name in ("medium", "easy", "hard"):
        if name in names:
            return name
    return names[0]


def normal_modules(game: str, modules: Iterable[str]) -> tuple[str, ...]:
    """The canonical module list (the game's class says which: sorted for a set of
    modules, in seat order for HerosDeï's decks); ValueError with a reason for unknown
    ones or for modules given to a game that has none."""
    found: tuple[str, ...] = games.game(game).normal_modules([m for m in modules if m.strip()])
    return found


def rule_names(game: str) -> list[str]:
    """The disputed rulings a game can be set up with (none for most games)."""
    found: list[str] = games.game(game).rule_names()
    return found


def normal_rulings(game: str, rulings: Any) -> dict[str, bool]:
    """Every ruling of the game by name (the ones not given at their defaults); ValueError
    with a reason for a table that is not ``{name: true|false}`` with known names, or
    for rulings given to a game that has none. None means the defaults."""
    found: dict[str, bool] = games.game(game).normal_rulings({} if rulings is None else rulings)
    return found


def ruling_changes(game: str, rulings: Any) -> list[str]:
    """The rulings that differ from the game's defaults, as ``NAME=yes|no`` (for logs)."""
    try:
        given = normal_rulings(game, rulings)
        default = normal_rulings(game, {})
    except ValueError:
        return []
    return [f"{k}={'yes' if v else 'no'}" for k, v in given.items() if default.get(k) != v]


def parse_rule_options(game: str, pairs: Iterable[str]) -> dict[str, bool]:
    """``--rule NAME=yes|no`` options -> a rulings table; ValueError with a reason."""
    pairs = list(pairs)
    if not pairs:
        return {}
    found: dict[str, bool] = games.game(game).parse_rule_options(pairs)
    return found


def setup_problem(game: str, seats: int, format: str | None, modules: Iterable[str],
                  rulings: Any = None) -> str | None:
    """Why this setup cannot be hosted (unknown game, format, module or ruling, a ruling
    that is not true/false, seat count), or None."""
    problem = check_game(game)
    if problem:
        return problem
    try:
        mods = normal_modules(game, modules)
        normal_rulings(game, rulings)
    except ValueError as exc:
        return str(exc)
    found: str | None = games.game(game).setup_problem(seats, format, mods)
    return found


def parse_time_limit(text: str) -> int:
    """``--time-limit``: seconds ("300"), minutes ("5m") or minutes:seconds ("4:30");
    ValueError with a reason. The game's class says whether the limit is allowed."""
    word = text.strip().lower()
    try:
        if word.endswith("m") and word[:-1].isdigit():
            return int(word[:-1]) * 60
        if ":" in word:
            minutes, _, secs = word.partition(":")
            if not (minutes.isdigit() and secs.isdigit() and len(secs) == 2 and int(secs) < 60):
                raise ValueError
            return int(minutes) * 60 + int(secs)
        return int(word.removesuffix("s"))
    except ValueError:
        raise ValueError(f"--time-limit {text!r}: give seconds (300), minutes (5m) or minutes:seconds (4:30)") from None


def timed_format(game: str, format: str | None, time_limit: str) -> str:
    """The format of ``game`` played with the ``--time-limit`` given; ValueError with a reason
    (a bad limit, or a game or format not played against time)."""
    found: str = games.game(game).timed_format(format, parse_time_limit(time_limit))
    return found


def new_record(game: str, seats: int, format: str | None, modules: Iterable[str], seed: int,
               rulings: Any = None) -> Any:
    """The record (setup, no actions yet) of a new game; the Session replays it."""
    problem = check_game(game)
    if problem:
        raise ValueError(problem)
    return games.game(game).new_record(seats, seed, format, normal_modules(game, modules), normal_rulings(game, rulings))


def planned(game: str, format: str | None, modules: Iterable[str], rulings: Any = None) -> Setup:
    """The setup a host will start (shown in the lobby before the game exists); never
    raises (the host refused a bad setup already)."""
    try:
        mods = normal_modules(game, modules)
    except ValueError:
        mods = tuple(modules)
    try:
        rul = tuple(normal_rulings(game, rulings).items())
    except ValueError:
        rul = ()
    return Setup(game, games.game(game).setup_label(format, mods), mods, rul)


def of_state(game: str, state: Any) -> Setup:
    """The setup of a running (or resumed) game, read from its state."""
    label, mods, rulings = games.game(game).state_setup(state)
    return Setup(game, label, mods, tuple(rulings.items()))


def actor(action: Any) -> int | None:
    """The seat an action line names for itself (team moves: ``@k``), if any."""
    found = getattr(action, "actor", None)
    return found if isinstance(found, int) else None
