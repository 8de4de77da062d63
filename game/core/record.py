"""Saved games of any game: (setup, seed, actions), replayable and checked by a state hash.

A save never stores engine internals: it stores how the game was set up and the
action lines played, so that loading replays the game bit for bit and any later
engine reads old saves by replaying them. The state hash at save time is checked
after the replay; a mismatch means the file was altered or the rules changed, and
loading refuses rather than continuing a different game. Files are written
atomically (a temporary file, then one rename), so a crash never corrupts a save.

Every game's saves share this file format (``kind``, ``version``, ``game``, setup,
action lines, state hash, and an optional ``meta``: the save's name, turn and time for
the Load list, which reads it without replaying; saves written before it have none). A game subclasses :class:`SaveRecord` with its ``game``
name and how its setup becomes a state (``game/<game>/record.py``); the machinery
here is the same for all.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from game.core.atomic import write_text_atomic
from game.core.docs import load_json
from game.core.errors import DataError, IllegalActionError, NotationError

SAVE_KIND = "realms-table-save"
SAVE_VERSION = 1


class Replayable(Protocol):
    """What a save needs of a game state: actions applied by line, and a hash."""

    def apply(self, action: Any) -> Any: ...

    def state_hash(self) -> str: ...


# covariant: a game's record of its own states is a record of game states to the house
S = TypeVar("S", bound=Replayable, covariant=True)
R = TypeVar("R", bound="SaveRecord[Any]")


def read_json(text: str, where: str) -> Any:
    """The JSON document of a save file, or a one-line refusal (bounded in size and
    depth: game/core/docs.py)."""
    return load_json(text, where, "a save file")


# ---- the types of a setup's fields ------------------------------------------------------
#: a setup field's type, as a player reads it, and the test of a value
FieldType = tuple[str, Callable[[Any], bool]]
INT: FieldType = ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool))
TEXT: FieldType = ("a text", lambda v: isinstance(v, str))
BOOL: FieldType = ("true or false", lambda v: isinstance(v, bool))
TEXTS: FieldType = ("a list of texts", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v))
TABLE: FieldType = ("a table", lambda v: isinstance(v, dict))
TABLES: FieldType = ("a list of tables", lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v))


def check_fields(setup: dict[str, Any], where: str, required: dict[str, FieldType],
                 optional: dict[str, FieldType]) -> None:
    """Refuse in one line a setup missing a required field, or whose field has the wrong
    type (an optional field may also be null). Other fields are left to the game."""
    for key, (what, test) in required.items():
        if key not in setup:
            raise DataError(where, f"setup has no {key}")
        if not test(setup[key]):
            raise DataError(where, f"setup {key} must be {what}, not {_short(setup[key])}")
    for key, (what, test) in optional.items():
        value = setup.get(key)
        if value is not None and not test(value):
            raise DataError(where, f"setup {key} must be {what}, not {_short(value)}")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


# the optional ``meta`` table of a save file: each field's type (any may be missing)
META_FIELDS: dict[str, type] = {"name": str, "turn": int, "saved_at": str}


def check_meta(meta: Any, where: str) -> dict[str, Any]:
    """A save's ``meta`` table, refused in one line unless each known field has its type."""
    if not isinstance(meta, dict):
        raise DataError(where, "meta must be a table")
    for key, want in META_FIELDS.items():
        value = meta.get(key)
        if value is not None and (not isinstance(value, want) or isinstance(value, bool)):
            raise DataError(where, f"meta {key} must be a {want.__name__}")
    return meta


def save_meta(st: Any, name: str | None = None, saved_at: str | None = None) -> dict[str, Any]:
    """The ``meta`` to save with state ``st``: its turn (when the game counts turns), the
    local time (ISO, to the minute) and, when given, the name the player saved it under."""
    import time

    meta: dict[str, Any] = {"saved_at": saved_at or time.strftime("%Y-%m-%dT%H:%M")}
    turn = getattr(st, "turn", None)
    if isinstance(turn, int) and not isinstance(turn, bool):
        meta["turn"] = turn
    if name:
        meta["name"] = name
    return meta


@dataclass
class SaveRecord(ABC, Generic[S]):
    """A game as it can be saved: its setup and every action applied so far."""

    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    game: ClassVar[str] = ""  # the game's name in the file and in the registry (game/games.py)

    @classmethod
    @abstractmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        ...  # each game refuses a setup of the wrong shape (DataError) before it is used

    @abstractmethod
    def initial_state(self) -> S:
        ...  # each game provides it

    # replay's hook, called only with the record's own states, so a covariant parameter is safe here
    def apply_line(self, st: S, line: str) -> None:  # type: ignore[misc]
        st.apply(line)

    def replay(self, upto: int | None = None) -> S:
        st = self.initial_state()
        for i, line in enumerate(self.actions[:upto]):
            try:
                self.apply_line(st, line)
            except (IllegalActionError, NotationError) as exc:
                raise DataError("save actions", f"action {i} ({line!r}) does not replay: {exc}") from None
        return st

    def add(self, action: object) -> None:
        self.actions.append(str(action))

    def to_json(self, st: Replayable | None = None, meta: dict[str, Any] | None = None) -> str:
        st = st if st is not None else self.replay()
        doc: dict[str, Any] = {"kind": SAVE_KIND, "version": SAVE_VERSION, "game": self.game, "setup": self.setup,
                               "actions": self.actions, "state_hash": st.state_hash()}
        if meta is not None:
            doc["meta"] = check_meta(meta, "save meta")
        return json.dumps(doc, indent=1, ensure_ascii=False)

    def save(self, path: str | Path, st: Replayable | None = None, meta: dict[str, Any] | None = None) -> None:
        write_text_atomic(path, self.to_json(st, meta) + "\n")

    @classmethod
    def parse(cls: type[R], text: str, where: str) -> tuple[R, Any]:
        """The record a save file holds (checked: kind, version, game, setup and
        actions) and the state hash it was saved with; :meth:`verified` replays it."""
        doc = read_json(text, where)
        if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
            raise DataError(where, "not a Realms Table save file")
        if doc.get("version") != SAVE_VERSION:
            raise DataError(where, f"save format version {doc.get('version')!r} is not supported (this game reads {SAVE_VERSION})")
        if doc.get("game") != cls.game:
            raise DataError(where, f"a save of another game ({doc.get('game')!r})")
        setup, actions = doc.get("setup"), doc.get("actions")
        if not isinstance(setup, dict) or not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DataError(where, "setup must be a table and actions a list of lines")
        cls.check_setup(setup, where)
        if "meta" in doc:
            check_meta(doc["meta"], where)
        return cls(setup, list(actions)), doc.get("state_hash")

    def verified(self, saved_hash: Any, where: str) -> S:
        """The replayed state, refused unless it reaches the hash the file was saved with.
        A setup or an action that does not replay is refused naming the file too."""
        try:
            st = self.replay()
        except DataError as exc:
            if exc.where.startswith(where):
                raise
            raise DataError(where, str(exc)) from None
        if saved_hash != st.state_hash():
            raise DataError(where, "the replayed game does not match the saved state hash (altered file or other rules version)")
        return st
