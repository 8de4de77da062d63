"""Saved Fantasy Realms games: (setup, seed, actions), replayable, checked by hash.

The file format, the atomic writes and the checks on loading (version, replay,
state hash) are every game's (game/core/record.py), with ``game =
"fantasy_realms"``; this module says how a Fantasy Realms setup (seats, modules,
seed, first player, rulings) becomes a state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.record import INT, TABLE, TABLES, TEXTS, SaveRecord, check_fields
from game.core.record import SAVE_KIND as SAVE_KIND
from game.core.record import SAVE_VERSION as SAVE_VERSION
from game.core.rng import RNG_VERSION
from game.core.tomlcompat import read_text
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

    @classmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        """A standard setup's fields have their types (the modules' and rulings' names
        are checked when the game is set up)."""
        if setup.get("kind") != "standard":
            raise DataError(where, "setup kind must be 'standard'")
        check_fields(setup, where, required={"seats": INT, "seed": INT},
                     optional={"modules": TEXTS, "first": INT, "rulings": TABLE, "rng": INT, "players": TABLES})

    def initial_state(self) -> GameState:
        s = self.setup
        if s.get("kind") != "standard":
            raise DataError("save setup", "kind must be 'standard'")
        try:
            rulings = Rulings.from_dict(s.get("rulings", {}))
            return new_game(s["seats"], s.get("modules", []), s["seed"], s.get("first"), rulings, rng_version=s.get("rng", 1))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("save setup", f"bad standard setup ({exc})") from None


def loads(text: str, where: str = "save") -> tuple[Record, GameState]:
    rec, saved_hash = Record.parse(text, where)
    return rec, rec.verified(saved_hash, where)


def load(path: str | Path) -> tuple[Record, GameState]:
    return loads(read_text(path), str(path))
