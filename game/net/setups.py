"""What the LAN host needs to know about each game it can serve, and nothing more.

The host, the wire protocol and the client are the same for every game: views are
JSON dicts, events are redacted by the engine, actions are text lines, saves say
which game they hold. What differs is how a new game is set up (Hero Realms has
formats, Fantasy Realms has modules), which seat counts are allowed, which agents
can fill a chair, which disputed rulings it is scored with (Fantasy Realms), and how the setup is described to players in the lobby and on
the LAN. This module answers those questions per game name, so ``host.py``,
``commands.py`` and ``discovery.py`` never import a game's engine directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game import games

HERO_REALMS = "hero_realms"
FANTASY_REALMS = "fantasy_realms"
DEFAULT_GAME = HERO_REALMS
CHAOS = "chaos"  # Fantasy Realms' format for Chaos Realms: "chaos" (the rulebook's 5 minutes) or "chaos:SECONDS"


@dataclass(frozen=True)
class Setup:
    """How a game is set up, as told to players: the lobby, ``welcome`` and discovery
    carry these three fields. ``format`` is the Hero Realms format ("ffa"); for
    Fantasy Realms it is the modules joined by "+" ("base+cursed_items"), a label a
    list of games can show as it is. ``modules`` is empty for Hero Realms.
    ``rulings`` (Fantasy Realms) names every disputed ruling with its value; empty
    for Hero Realms."""

    game: str
    format: str
    modules: tuple[str, ...] = ()
    rulings: tuple[tuple[str, bool], ...] = ()

    def fields(self) -> dict[str, Any]:
        return {"game": self.game, "format": self.format, "modules": list(self.modules), "rulings": dict(self.rulings)}


def game_names() -> list[str]:
    return games.names()


def title(game: str) -> str:
    return games.kind(game).title


def check_game(game: str) -> str | None:
    """None for a game this build hosts, else a one-line reason."""
    if game in games.names():
        return None
    return f"unknown game {game!r} (known: {', '.join(games.names())})"


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
    """The canonical module list (sorted); ValueError with a reason for unknown ones
    or for modules given to a game that has none."""
    given = [m for m in modules if m.strip()]
    if game == FANTASY_REALMS:
        from game.fantasy_realms.modules import normalize

        return tuple(sorted(normalize(given)))
    if given:
        raise ValueError(f"{title(game)} has no modules (--modules is for Fantasy Realms)")
    return ()


def rule_names(game: str) -> list[str]:
    """The disputed rulings a game can be set up with (none for Hero Realms)."""
    if game == FANTASY_REALMS:
        from game.fantasy_realms.terms import Rulings

        return Rulings.field_names()
    return []


def normal_rulings(game: str, rulings: Any) -> dict[str, bool]:
    """Every ruling of the game by name (the ones not given at their defaults); ValueError
    with a reason for a table that is not ``{name: true|false}`` with known names, or
    for rulings given to a game that has none. None means the defaults."""
    if rulings is None:
        rulings = {}
    if game == FANTASY_REALMS:
        from game.fantasy_realms.terms import Rulings

        return Rulings.from_dict(rulings).to_dict()
    if rulings != {}:
        raise ValueError(f"{title(game)} has no rulings (--rule is for Fantasy Realms)")
    return {}


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
    if pairs and not rule_names(game):
        raise ValueError(f"{title(game)} has no rulings (--rule is for Fantasy Realms)")
    if game != FANTASY_REALMS:
        return {}
    from game.fantasy_realms.terms import Rulings

    return Rulings.parse_pairs(pairs)


def setup_problem(game: str, seats: int, format: str | None, modules: Iterable[str],
                  rulings: Any = None) -> str | None:
    """Why this setup cannot be hosted (unknown game, format, module or ruling, a ruling
    that is not true/false, seat count), or None."""
    problem = check_game(game)
    if problem:
        return problem
    try:
        normal_modules(game, modules)
        normal_rulings(game, rulings)
    except ValueError as exc:
        return str(exc)
    if game == HERO_REALMS:
        from game.hero_realms.formats import get_format

        try:
            return get_format(format or "ffa").seats_problem(seats)
        except ValueError as exc:
            return str(exc)
    try:
        limit = chaos_limit(format)
    except ValueError as exc:
        return str(exc)
    if limit is not None:
        return _chaos_problem(seats, normal_modules(game, modules))
    if format not in (None, "", "standard"):
        return f"{title(game)} has no formats but '{CHAOS}' (--format is for Hero Realms, or chaos for Chaos Realms)"
    from game.fantasy_realms.setup import MAX_SEATS, MIN_SEATS

    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"Fantasy Realms is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
    return None


def chaos_limit(format: str | None) -> int | None:
    """The time limit in seconds of a Chaos Realms format (``chaos``, ``chaos:SECONDS``),
    None for another format; ValueError with a reason for a bad limit."""
    if not format or not (format == CHAOS or format.startswith(CHAOS + ":")):
        return None
    from game.fantasy_realms.chaos import LIMIT_S, MAX_LIMIT_S

    word = format[len(CHAOS) + 1:]
    if not word:
        return LIMIT_S
    if not word.isdigit() or not 1 <= int(word) <= MAX_LIMIT_S:
        raise ValueError(f"the Chaos Realms time limit must be 1-{MAX_LIMIT_S} seconds, not {word!r}")
    return int(word)


def chaos_format(limit_s: int) -> str:
    """The format that hosts Chaos Realms with this time limit."""
    return f"{CHAOS}:{limit_s}"


def parse_time_limit(text: str) -> int:
    """``--time-limit``: seconds ("300"), minutes ("5m") or minutes:seconds ("4:30");
    ValueError with a reason."""
    word = text.strip().lower()
    try:
        if word.endswith("m") and word[:-1].isdigit():
            seconds = int(word[:-1]) * 60
        elif ":" in word:
            minutes, _, secs = word.partition(":")
            if not (minutes.isdigit() and secs.isdigit() and len(secs) == 2 and int(secs) < 60):
                raise ValueError
            seconds = int(minutes) * 60 + int(secs)
        else:
            seconds = int(word.removesuffix("s"))
    except ValueError:
        raise ValueError(f"--time-limit {text!r}: give seconds (300), minutes (5m) or minutes:seconds (4:30)") from None
    limit = chaos_limit(chaos_format(seconds))
    assert limit is not None
    return limit


def _chaos_problem(seats: int, modules: tuple[str, ...]) -> str | None:
    from game.fantasy_realms.chaos import MAX_SEATS, MIN_SEATS
    from game.fantasy_realms.modules import ITEMS

    if ITEMS in modules:
        return "Chaos Realms is played without the Cursed Items (their uses need turns)"
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"Chaos Realms is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
    return None


def new_record(game: str, seats: int, format: str | None, modules: Iterable[str], seed: int,
               rulings: Any = None) -> Any:
    """The record (setup, no actions yet) of a new game (Chaos Realms: a Fantasy Realms
    format); the Session replays it."""
    if game == HERO_REALMS:
        from game.hero_realms.record import Record as HRRecord

        normal_rulings(game, rulings)
        return HRRecord.standard(seats, format or "ffa", seed)
    limit = chaos_limit(format) if game == FANTASY_REALMS else None
    if limit is not None:
        from game.fantasy_realms.record import ChaosRecord

        return ChaosRecord.chaos(seats, list(normal_modules(game, modules)), seed, limit,
                                 rulings=normal_rulings(game, rulings))
    if game == FANTASY_REALMS:
        from game.fantasy_realms.record import Record as FRRecord

        return FRRecord.standard(seats, list(normal_modules(game, modules)), seed,
                                 rulings=normal_rulings(game, rulings))
    raise ValueError(check_game(game) or game)


def planned(game: str, format: str | None, modules: Iterable[str], rulings: Any = None) -> Setup:
    """The setup a host will start (shown in the lobby before the game exists)."""
    if game == HERO_REALMS:
        return Setup(game, format or "ffa")
    try:
        mods = normal_modules(game, modules)
    except ValueError:
        mods = tuple(modules)
    try:
        rul = tuple(normal_rulings(game, rulings).items())
        limit = chaos_limit(format)
    except ValueError:  # the host refused it already; never raise while describing
        rul, limit = (), None
    return Setup(game, _label(mods, limit), mods, rul)


def _label(mods: tuple[str, ...], limit_s: int | None) -> str:
    """Fantasy Realms' format label: the modules joined by "+", after ``chaos:SECONDS+`` for Chaos Realms."""
    label = "+".join(mods)
    return label if limit_s is None else f"{chaos_format(limit_s)}+{label}"


def of_state(game: str, state: Any) -> Setup:
    """The setup of a running (or resumed) game, read from its state."""
    if game == HERO_REALMS:
        return Setup(game, str(state.fmt.name))
    mods = tuple(sorted(state.modules))
    limit_ms = getattr(state, "limit_ms", None)  # a Chaos Realms state
    limit = limit_ms // 1000 if isinstance(limit_ms, int) else None
    return Setup(game, _label(mods, limit), mods, tuple(state.rulings.to_dict().items()))


def actor(action: Any) -> int | None:
    """The seat an action line names for itself (Hero Realms team moves: ``@k``), if any."""
    found = getattr(action, "actor", None)
    return found if isinstance(found, int) else None
