"""The registry: the games the table hosts, one listing each, naming its one class.

A game lives in its own packages: ``game/<game>/`` (the pure engine, with its
:class:`~game.core.game.Game` class in ``game.py``), ``game/ai/<game>/`` (its agents),
``game/ui/<game>/`` (its table) and, only if it needs one, ``game/net/<game>/``. Its
:class:`Listing` here names the class and the modules the rest of the house imports
lazily, so that the session, AI seats, tournament, LAN host and client, screens,
capture, selftest, bench and the command line ask the registry instead of naming a game. Adding a game is one entry plus its packages
(the checklist is in ``game/README.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from game.core.errors import DataError
from game.core.game import Game, GameState
from game.core.record import SaveRecord, read_json
from game.core.tomlcompat import read_text

__all__ = ["DEFAULT", "Listing", "game", "game_of", "hook", "hostable", "listing", "listings", "load", "loads", "names",
           "playable", "title"]


@dataclass(frozen=True)
class Listing:
    """One game, as the registry lists it: its :class:`~game.core.game.Game` class and the
    modules of its other layers. Module paths are imported only when used, so listing the
    games costs nothing and a missing layer (no pygame) hides only itself."""

    name: str
    game: str  # "module:Class", the game's one class (game/<game>/game.py)
    # A game lands engine first: until its agents and its table exist, these stay None,
    # and the house offers it only where it is complete (no table: not in New game)
    agents: str | None = None  # ``AGENTS``: level name -> factory(seed) (game/ai/<game>/registry.py)
    tournament: str | None = None  # ``run_command(agents, args, jobs, options, progress)``
    table: str | None = None  # the module of the table's door (game/ui/<game>/entry.py: DOOR, a tablekit.entry.TableDoor)
    commands: tuple[str, ...] = ()  # modules whose ``register(subparsers)`` adds the game's subcommands
    bench: tuple[tuple[str, str], ...] = ()  # (section, "module:function(quick) -> figures")
    selftest: tuple[tuple[str, str], ...] = ()  # (check, "module:function() -> one line")


_LISTINGS: tuple[Listing, ...] = (
    Listing(
        "hero_realms", "game.hero_realms.game:HeroRealms",
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
    Listing(
        "fantasy_realms", "game.fantasy_realms.game:FantasyRealms",
        agents="game.ai.fantasy_realms.registry",
        tournament="game.ai.fantasy_realms.tournament",
        table="game.ui.fantasy_realms.entry",
        commands=("game.fantasy_realms.commands", "game.ai.fantasy_realms.commands"),
        bench=(("fantasy", "game.fantasy_realms.bench:fantasy_section"),
               ("ui_fantasy", "game.ui.fantasy_realms.bench:ui_fantasy_section")),
        selftest=(("fantasy-table", "game.ui.fantasy_realms.selftest:check_table"),),
    ),
    Listing("herosdei", "game.herosdei.game:HerosDei", commands=("game.herosdei.commands",),
          agents="game.ai.herosdei.registry", tournament="game.ai.herosdei.tournament",
          table="game.ui.herosdei.entry",
          bench=(("herosdei", "game.herosdei.bench:herosdei_section"),
                 ("ai_herosdei", "game.ai.herosdei.bench:ai_herosdei_section"),
                 ("ui_herosdei", "game.ui.herosdei.bench:ui_herosdei_section")),
          selftest=(("herosdei-table", "game.ui.herosdei.selftest:check_table"),)),
)
_BY_NAME: dict[str, Listing] = {e.name: e for e in _LISTINGS}
DEFAULT = _LISTINGS[0].name  # the game of records that name none (the first saves) and of bare commands
_GAMES: dict[str, Game] = {}


def names() -> list[str]:
    return list(_BY_NAME)


def listings() -> list[Listing]:
    return list(_LISTINGS)


def playable() -> list[str]:
    """The games with agents and a table: those the table offers."""
    return [e.name for e in _LISTINGS if e.agents is not None and e.table is not None]


def hostable() -> list[str]:
    """The games the LAN host can serve: those with agents. The host is headless (its AI
    seats need the agents, its setup questions the game's class); a player joins at a
    table or headless with an agent, so a game can be hosted before its table exists."""
    return [e.name for e in _LISTINGS if e.agents is not None]


def listing(name: str) -> Listing:
    found = _BY_NAME.get(name)
    if found is None:
        raise DataError("game", f"unknown game {name!r} (known: {', '.join(_BY_NAME)})")
    return found


def module(path: str) -> ModuleType:
    """A registry module, imported on first use."""
    return importlib.import_module(path)


def hook(spec: str) -> Callable[..., object]:
    """``"module:function"`` -> the function, its module imported on first use."""
    mod, _, func = spec.partition(":")
    found: Callable[..., object] = getattr(importlib.import_module(mod), func)
    return found


def game(name: str) -> Game:
    """The game's one :class:`~game.core.game.Game` (made once, on first use)."""
    got = _GAMES.get(name)
    if got is None:
        cls = hook(listing(name).game)
        if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.name != name:
            raise DataError("game", f"{listing(name).game} is not the Game class of {name!r}")
        if cls.__abstractmethods__:
            raise DataError("game", f"{listing(name).game} does not answer {', '.join(sorted(cls.__abstractmethods__))}")
        got = _GAMES[name] = cls()
    return got


def title(name: str) -> str:
    """The game's name as players read it ("Hero Realms")."""
    return game(name).title


def game_of(record: SaveRecord[GameState]) -> Game:
    """The game of a record (the first saves carry no ``game``)."""
    return game(str(getattr(record, "game", "") or DEFAULT))


def loads(text: str, where: str = "save") -> tuple[SaveRecord[GameState], GameState]:
    """Load a save of any game (the file says which)."""
    doc = read_json(text, where)
    name = doc.get("game", DEFAULT) if isinstance(doc, dict) else DEFAULT
    if not isinstance(name, str) or name not in _BY_NAME:
        raise DataError(where, f"a save of an unknown game ({name!r})")
    return game(name).loads(text, where)


def load(path: str | Path) -> tuple[SaveRecord[GameState], GameState]:
    return loads(read_text(path), str(path))
