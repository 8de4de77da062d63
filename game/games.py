"""The registry: the games the table hosts, one entry each, and the doors to them.

A game lives in its own packages: ``game/<game>/`` (the pure engine, with a
``door.py``), ``game/ai/<game>/`` (its agents), ``game/ui/<game>/`` (its table) and,
only if it needs one, ``game/net/<game>/``. Its :class:`Entry` here names the modules
the rest of the house imports lazily, so that the Session, AI seats, tournament,
LAN host and client, screens, capture, selftest, bench and the command line ask the
registry instead of naming a game. Adding a game is one entry plus its packages
(the checklist is in ``game/README.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.core.errors import DataError
from game.core.gamekind import GameKind
from game.core.record import read_json
from game.core.tomlcompat import read_text

__all__ = ["DEFAULT", "Entry", "GameKind", "entries", "entry", "hook", "hostable", "kind", "kind_of", "load", "loads",
           "names"]


class Door(Protocol):
    """What a game's engine door (``game/<game>/door.py``, a module) gives the house.

    The first four are every game's from its first day (the Session, saves, scenarios,
    the selftest); the setup questions are asked once the game can be played on the
    table and the LAN (``net/setups.py`` asks them; each raises ValueError with a
    one-line reason for a setup the game refuses)."""

    SELFTEST_MODULES: tuple[str, ...]  # the modules the selftest's LAN game deals

    def kind(self) -> GameKind: ...

    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: dict[str, bool] | None = None) -> Any: ...

    def run_scenario(self, doc: dict[str, Any], where: str) -> Any: ...

    def normal_modules(self, modules: list[str]) -> tuple[str, ...]: ...

    def rule_names(self) -> list[str]: ...

    def normal_rulings(self, rulings: dict[str, Any]) -> dict[str, bool]: ...

    def parse_rule_options(self, pairs: list[str]) -> dict[str, bool]: ...

    def timed_format(self, format: str | None, seconds: int) -> str: ...

    def setup_problem(self, seats: int, format: str | None, modules: tuple[str, ...]) -> str | None: ...

    def setup_label(self, format: str | None, modules: tuple[str, ...]) -> str: ...

    def state_setup(self, state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]: ...

    # replays and statistics (game/replay.py, game/session/stats.py)
    def position_json(self, state: Any, seat: int | None) -> dict[str, Any]:
        """A position as JSON (the scenario runner's shape where the game has one); for a
        seat, only what it may know."""
        ...

    def game_figures(self, first_view: dict[str, Any], events: list[dict[str, Any]],
                     you: list[int]) -> dict[str, Any]:
        """One finished game's own figures (plain JSON), from its first view and its events
        as seen by ``you`` (the seats played on this computer) or a spectator."""
        ...

    def summary_figures(self, games: list[tuple[dict[str, Any], bool | None, list[int]]]) -> dict[str, Any]:
        """The game's figures over many games: (figures, the player won or None, winners) each;
        the cards it names are under ``card`` or ``cards`` keys (the screens show their names)."""
        ...

    def card_name(self, card: str, lang: str) -> str:
        """A card's name in the player's language, for figures that name cards."""
        ...


DOOR_FIRST_DAY = ("SELFTEST_MODULES", "kind", "new_record", "run_scenario")


@dataclass(frozen=True)
class Entry:
    """One game, as the house knows it. Module paths are imported only when used, so
    listing the games costs nothing and a missing layer (no pygame) hides only itself."""

    name: str
    title: str
    door: str  # the engine's door: ``kind()``, records, scenarios (game/<game>/door.py)
    # A game lands engine first: until its agents and its table exist, these stay None,
    # and the house offers it only where it is complete (no table: not in New game)
    agents: str | None = None  # ``AGENTS``: level name -> factory(seed) (game/ai/<game>/registry.py)
    tournament: str | None = None  # ``run_command(agents, args, jobs, options, progress)``
    table: str | None = None  # the table's door (game/ui/<game>/entry.py, tablekit.entry.TableEntry)
    commands: tuple[str, ...] = ()  # modules whose ``register(subparsers)`` adds the game's subcommands
    bench: tuple[tuple[str, str], ...] = ()  # (section, "module:function(quick) -> figures")
    selftest: tuple[tuple[str, str], ...] = ()  # (check, "module:function() -> one line")


_ENTRIES: tuple[Entry, ...] = (
    Entry(
        "hero_realms", "Hero Realms",
        door="game.hero_realms.door",
        agents="game.ai.hero_realms.registry",
        tournament="game.ai.hero_realms.tournament",
        table="game.ui.hero_realms.entry",
        commands=("game.hero_realms.commands", "game.ai.hero_realms.commands"),
        bench=(("engine", "game.hero_realms.bench:engine_section"),
               ("ai", "game.ai.hero_realms.bench:ai_section"),
               ("ui", "game.ui.hero_realms.bench:ui_section")),
        selftest=(("scenario", "game.hero_realms.selftest:check_scenario"),
                  ("table", "game.ui.hero_realms.selftest:check_table")),
    ),
    Entry(
        "fantasy_realms", "Fantasy Realms",
        door="game.fantasy_realms.door",
        agents="game.ai.fantasy_realms.registry",
        tournament="game.ai.fantasy_realms.tournament",
        table="game.ui.fantasy_realms.entry",
        commands=("game.fantasy_realms.commands", "game.ai.fantasy_realms.commands"),
        bench=(("fantasy", "game.fantasy_realms.bench:fantasy_section"),
               ("ui_fantasy", "game.ui.fantasy_realms.bench:ui_fantasy_section")),
        selftest=(("fantasy-table", "game.ui.fantasy_realms.selftest:check_table"),),
    ),
    Entry("herosdei", "HerosDeï", door="game.herosdei.door", commands=("game.herosdei.commands",),
          agents="game.ai.herosdei.registry", tournament="game.ai.herosdei.tournament",
          table="game.ui.herosdei.entry",
          bench=(("herosdei", "game.herosdei.bench:herosdei_section"),
                 ("ai_herosdei", "game.ai.herosdei.bench:ai_herosdei_section"),
                 ("ui_herosdei", "game.ui.herosdei.bench:ui_herosdei_section")),
          selftest=(("herosdei-table", "game.ui.herosdei.selftest:check_table"),)),
)
_BY_NAME: dict[str, Entry] = {e.name: e for e in _ENTRIES}
DEFAULT = _ENTRIES[0].name  # the game of records that name none (the first saves) and of bare commands
_KINDS: dict[str, GameKind] = {}


def names() -> list[str]:
    return list(_BY_NAME)


def entries() -> list[Entry]:
    return list(_ENTRIES)


def playable() -> list[str]:
    """The games with agents and a table: those the table offers."""
    return [e.name for e in _ENTRIES if e.agents is not None and e.table is not None]


def door_members() -> set[str]:
    """Every name the :class:`Door` protocol asks of a complete door."""
    return {n for n in vars(Door) if not n.startswith("_")} | set(Door.__annotations__)


def hostable() -> list[str]:
    """The games the LAN host can serve: agents and a complete door. The host is headless
    (its AI seats need the agents, its setup questions the door); a player joins at a
    table or headless with an agent, so a game can be hosted before its table exists."""
    return [e.name for e in _ENTRIES
            if e.agents is not None and not door_members() - set(dir(module(e.door)))]


def entry(name: str) -> Entry:
    found = _BY_NAME.get(name)
    if found is None:
        raise DataError("game", f"unknown game {name!r} (known: {', '.join(_BY_NAME)})")
    return found


def module(path: str) -> Any:
    """A registry module, imported on first use."""
    return importlib.import_module(path)


def hook(spec: str) -> Callable[..., Any]:
    """``"module:function"`` -> the function, its module imported on first use."""
    mod, _, func = spec.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(mod), func)
    return found


def door(name: str) -> Door:
    """The engine's door module of a game (``game/<game>/door.py``)."""
    found: Door = module(entry(name).door)
    return found


def kind(name: str) -> GameKind:
    got = _KINDS.get(name)
    if got is None:
        got = _KINDS[name] = door(name).kind()
    return got


def kind_of(record: Any) -> GameKind:
    """The game of a record (the first saves carry no ``game`` attribute)."""
    return kind(str(getattr(record, "game", DEFAULT)))


def loads(text: str, where: str = "save") -> tuple[Any, Any]:
    """Load a save of any game (the file says which)."""
    doc = read_json(text, where)
    name = doc.get("game", DEFAULT) if isinstance(doc, dict) else DEFAULT
    if not isinstance(name, str) or name not in _BY_NAME:
        raise DataError(where, f"a save of an unknown game ({name!r})")
    return kind(name).loads(text, where)


def load(path: str | Path) -> tuple[Any, Any]:
    return loads(read_text(path), str(path))
