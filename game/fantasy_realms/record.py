"""Saved Fantasy Realms games: (setup, seed, actions), replayable, checked by hash.

The file format, the atomic writes and the checks on loading (version, replay,
state hash) are every game's (game/core/record.py), with ``game =
"fantasy_realms"``; this module says how a Fantasy Realms setup (seats, modules,
seed, first player, rulings) becomes a state, or a position made to order (a puzzle's,
``position.py``: setup kind ``position``). A Chaos Realms game (chaos.py) is a
setup of kind ``chaos`` (seats, modules, seed, time limit, rulings), kept by a
:class:`ChaosRecord`; :func:`loads` reads either.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.record import INT, TABLE, TABLES, TEXTS, SaveRecord, check_fields, read_json
from game.core.record import SAVE_KIND as SAVE_KIND
from game.core.record import SAVE_VERSION as SAVE_VERSION
from game.core.rng import RNG_VERSION
from game.core.tomlcompat import read_text
from game.fantasy_realms.chaos import ChaosState, new_chaos
from game.fantasy_realms.position import from_position
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState
from game.fantasy_realms.terms import Rulings

GAME = "fantasy_realms"


class Record(SaveRecord[GameState]):
    """A game as it can be saved: its setup and every action applied so far."""

    game = GAME  # the game registry (game/games.py) reads this

    @staticmethod
    def standard(seats: int = 3, modules: list[str] | tuple[str, ...] = (), seed: int = 0, first: int | None = None,
                 rulings: dict[str, bool] | None = None) -> Record:
        return Record({"kind": "standard", "seats": seats, "modules": list(modules), "seed": seed, "first": first,
                       "rulings": dict(rulings or {}), "rng": RNG_VERSION})

    @staticmethod
    def position(doc: dict[str, Any]) -> Record:
        return Record({"kind": "position", "position": doc})

    @classmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        """A standard setup's fields have their types (the modules' and rulings' names
        are checked when the game is set up); a position is a table (checked field by
        field when it is set up: position.py)."""
        kind = setup.get("kind")
        if kind == "standard":
            check_fields(setup, where, required={"seats": INT, "seed": INT},
                         optional={"modules": TEXTS, "first": INT, "rulings": TABLE, "rng": INT, "players": TABLES})
        elif kind == "position":
            check_fields(setup, where, required={"position": TABLE}, optional={"players": TABLES})
        else:
            raise DataError(where, "setup kind must be 'standard' or 'position'")

    def initial_state(self) -> GameState:
        s = self.setup
        if s.get("kind") == "position" and isinstance(s.get("position"), dict):
            return from_position(s["position"], "save setup")
        if s.get("kind") != "standard":
            raise DataError("save setup", "kind must be 'standard' or 'position'")
        try:
            rulings = Rulings.from_dict(s.get("rulings", {}))
            return new_game(s["seats"], s.get("modules", []), s["seed"], s.get("first"), rulings, rng_version=s.get("rng", 1))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("save setup", f"bad standard setup ({exc})") from None


class ChaosRecord(SaveRecord[ChaosState]):
    """A Chaos Realms game as it can be saved (the clock's lines are among its actions)."""

    game = GAME

    @staticmethod
    def chaos(seats: int = 4, modules: list[str] | tuple[str, ...] = (), seed: int = 0, limit_s: int = 300,
              rulings: dict[str, bool] | None = None) -> ChaosRecord:
        return ChaosRecord({"kind": "chaos", "seats": seats, "modules": list(modules), "seed": seed,
                            "limit_s": limit_s, "rulings": dict(rulings or {}), "rng": RNG_VERSION})

    @classmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        """A Chaos Realms setup's fields have their types (seat count, modules, time
        limit and rulings are checked when the game is set up)."""
        if setup.get("kind") != "chaos":
            raise DataError(where, "setup kind must be 'chaos'")
        check_fields(setup, where, required={"seats": INT, "seed": INT, "limit_s": INT},
                     optional={"modules": TEXTS, "rulings": TABLE, "rng": INT, "players": TABLES})

    def initial_state(self) -> ChaosState:
        s = self.setup
        self.check_setup(s, "save setup")
        try:
            rulings = Rulings.from_dict(s.get("rulings", {}))
            return new_chaos(s["seats"], s.get("modules", []), s["seed"], s["limit_s"], rulings,
                             rng_version=s.get("rng", RNG_VERSION))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("save setup", f"bad chaos setup ({exc})") from None


def loads(text: str, where: str = "save") -> tuple[Record | ChaosRecord, GameState | ChaosState]:
    """A save of either kind of Fantasy Realms game, replayed and checked."""
    doc = read_json(text, where)
    setup = doc.get("setup") if isinstance(doc, dict) else None
    if isinstance(setup, dict) and setup.get("kind") == "chaos":
        chaos, chaos_hash = ChaosRecord.parse(text, where)
        return chaos, chaos.verified(chaos_hash, where)
    rec, saved_hash = Record.parse(text, where)
    return rec, rec.verified(saved_hash, where)


def load(path: str | Path) -> tuple[Record | ChaosRecord, GameState | ChaosState]:
    return loads(read_text(path), str(path))
