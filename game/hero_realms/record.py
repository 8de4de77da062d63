"""Saved games: (setup, seed, actions), replayable and checked by a state hash.

A save never stores engine internals: it stores how the game was set up and the
action lines played, so that loading replays the game bit for bit and any later
engine reads old saves by replaying them. The state hash at save time is checked
after the replay; a mismatch means the file was altered or the rules changed, and
loading refuses rather than continuing a different game. Files are written
atomically (a temporary file, then one rename), so a crash never corrupts a save.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.errors import DataError, IllegalActionError, NotationError
from game.core.tomlcompat import read_text
from game.hero_realms.actions import Action, parse
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.state import GameState

SAVE_KIND = "realms-table-save"
SAVE_VERSION = 1


@dataclass
class Record:
    """A game as it can be saved: its setup and every action applied so far."""

    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)

    @staticmethod
    def standard(seats: int = 2, format: str = "ffa", seed: int = 0, first: int | None = None,
                 market_decks: int | None = None) -> Record:
        setup: dict[str, Any] = {"kind": "standard", "seats": seats, "format": format, "seed": seed, "first": first}
        if market_decks is not None:
            setup["market_decks"] = market_decks
        return Record(setup)

    @staticmethod
    def position(doc: dict[str, Any]) -> Record:
        return Record({"kind": "position", "position": doc})

    def initial_state(self) -> GameState:
        s = self.setup
        if s.get("kind") == "standard":
            try:
                return new_game(s["seats"], s["format"], s["seed"], s.get("first"), market_decks=s.get("market_decks"))
            except (KeyError, TypeError, ValueError) as exc:
                raise DataError("save setup", f"bad standard setup ({exc})") from None
        if s.get("kind") == "position" and isinstance(s.get("position"), dict):
            return from_position(s["position"], "save setup")
        raise DataError("save setup", "kind must be 'standard' or 'position'")

    def replay(self, upto: int | None = None) -> GameState:
        st = self.initial_state()
        for i, line in enumerate(self.actions[:upto]):
            try:
                st.apply(parse(line))
            except (IllegalActionError, NotationError) as exc:
                raise DataError("save actions", f"action {i} ({line!r}) does not replay: {exc}") from None
        return st

    def add(self, action: Action | str) -> None:
        self.actions.append(str(action))

    def to_json(self, st: GameState | None = None) -> str:
        st = st if st is not None else self.replay()
        doc = {
            "kind": SAVE_KIND,
            "version": SAVE_VERSION,
            "game": "hero_realms",
            "setup": self.setup,
            "actions": self.actions,
            "state_hash": st.state_hash(),
        }
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
    if doc.get("game") != "hero_realms":
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
