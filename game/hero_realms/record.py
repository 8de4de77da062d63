"""Saved Hero Realms games: (setup, seed, actions), replayable and checked by a state hash.

The file format, the atomic writes and the checks on loading (version, replay,
state hash) are every game's (game/core/record.py); this module says how a Hero
Realms setup becomes a state: a standard game (seats, format, seed, first player)
or a position made to order (scenarios, tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.record import INT, TABLE, TABLES, TEXT, SaveRecord, check_fields
from game.core.record import SAVE_KIND as SAVE_KIND
from game.core.record import SAVE_VERSION as SAVE_VERSION
from game.core.rng import RNG_VERSION
from game.core.tomlcompat import read_text
from game.hero_realms.actions import parse
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.state import GameState

GAME = "hero_realms"


class Record(SaveRecord[GameState]):
    """A game as it can be saved: its setup and every action applied so far."""

    game = GAME

    @staticmethod
    def standard(seats: int = 2, format: str = "ffa", seed: int = 0, first: int | None = None,
                 market_decks: int | None = None) -> Record:
        setup: dict[str, Any] = {"kind": "standard", "seats": seats, "format": format, "seed": seed, "first": first,
                                 "rng": RNG_VERSION}
        if market_decks is not None:
            setup["market_decks"] = market_decks
        return Record(setup)

    @staticmethod
    def position(doc: dict[str, Any]) -> Record:
        return Record({"kind": "position", "position": doc})

    @classmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        """A standard setup's fields have their types; a position is a table (checked
        field by field when it is set up: game/hero_realms/setup.py)."""
        kind = setup.get("kind")
        if kind == "standard":
            check_fields(setup, where, required={"seats": INT, "format": TEXT, "seed": INT},
                         optional={"first": INT, "market_decks": INT, "rng": INT, "players": TABLES})
        elif kind == "position":
            check_fields(setup, where, required={"position": TABLE}, optional={"players": TABLES})
        else:
            raise DataError(where, "setup kind must be 'standard' or 'position'")

    def initial_state(self) -> GameState:
        s = self.setup
        if s.get("kind") == "standard":
            try:
                return new_game(s["seats"], s["format"], s["seed"], s.get("first"), market_decks=s.get("market_decks"),
                                rng_version=s.get("rng", 1))
            except (KeyError, TypeError, ValueError) as exc:
                raise DataError("save setup", f"bad standard setup ({exc})") from None
        if s.get("kind") == "position" and isinstance(s.get("position"), dict):
            return from_position(s["position"], "save setup")
        raise DataError("save setup", "kind must be 'standard' or 'position'")

    def apply_line(self, st: GameState, line: str) -> None:
        st.apply(parse(line))


def loads(text: str, where: str = "save") -> tuple[Record, GameState]:
    rec, saved_hash = Record.parse(text, where)
    return rec, rec.verified(saved_hash, where)


def load(path: str | Path) -> tuple[Record, GameState]:
    return loads(read_text(path), str(path))
