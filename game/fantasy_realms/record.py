"""Saved Fantasy Realms games: (setup, seed, actions), replayable, checked by hash.

The same file format as Hero Realms saves (``kind``, ``version``, ``game``, setup,
action lines, state hash), with ``game = "fantasy_realms"``: loading replays the
actions from the setup and refuses a file whose replay does not reach the saved
state hash. Files are written atomically.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.errors import DataError, IllegalActionError, NotationError
from game.core.tomlcompat import read_text
from game.fantasy_realms.actions import Action
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState
from game.fantasy_realms.terms import Rulings

SAVE_KIND = "realms-table-save"
SAVE_VERSION = 1
GAME = "fantasy_realms"


@dataclass
class Record:
    """A game as it can be saved: its setup and every action applied so far."""

    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    game = GAME  # the game registry (game/games.py) reads this

    @staticmethod
    def standard(seats: int = 3, modules: list[str] | tuple[str, ...] = (), seed: int = 0, first: int | None = None,
                 rulings: dict[str, bool] | None = None) -> Record:
        return Record({"kind": "standard", "seats": seats, "modules": list(modules), "seed": seed, "first": first,
                       "rulings": dict(rulings or {})})

    def initial_state(self) -> GameState:
        s = self.setup
        if s.get("kind") != "standard":
            raise DataError("save setup", "kind must be 'standard'")
        try:
            rulings = Rulings(**s.get("rulings", {}))
            return new_game(s["seats"], s.get("modules", []), s["seed"], s.get("first"), rulings)
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("save setup", f"bad standard setup ({exc})") from None

    def replay(self, upto: int | None = None) -> GameState:
        st = self.initial_state()
        for i, line in enumerate(self.actions[:upto]):
            try:
                st.apply(line)
            except (IllegalActionError, NotationError) as exc:
                raise DataError("save actions", f"action {i} ({line!r}) does not replay: {exc}") from None
        return st

    def add(self, action: Action | str) -> None:
        self.actions.append(str(action))

    def to_json(self, st: GameState | None = None) -> str:
        st = st if st is not None else self.replay()
        doc = {"kind": SAVE_KIND, "version": SAVE_VERSION, "game": GAME, "setup": self.setup,
               "actions": self.actions, "state_hash": st.state_hash()}
        return json.dumps(doc, indent=1, ensure_ascii=False)

    def save(self, path: str | Path, st: GameState | None = None) -> None:
        write_text_atomic(path, self.to_json(st) + "\n")


def loads(text: str, where: str = "save") -> tuple[Record, GameState]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(where, f"not a save file (bad JSON at line {exc.lineno})") from None
    if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
        raise DataError(where, "not a Realms Table save file")
    if doc.get("version") != SAVE_VERSION:
        raise DataError(where, f"save format version {doc.get('version')!r} is not supported (this game reads {SAVE_VERSION})")
    if doc.get("game") != GAME:
        raise DataError(where, f"a save of another game ({doc.get('game')!r})")
    setup, actions = doc.get("setup"), doc.get("actions")
    if not isinstance(setup, dict) or not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DataError(where, "setup must be a table and actions a list of lines")
    rec = Record(setup, list(actions))
    st = rec.replay()
    if doc.get("state_hash") != st.state_hash():
        raise DataError(where, "the replayed game does not match the saved state hash (altered file or other rules version)")
    return rec, st


def load(path: str | Path) -> tuple[Record, GameState]:
    return loads(read_text(path), str(path))
