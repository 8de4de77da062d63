"""A game log that keeps facts and words them when shown.

Entries keep the facts of an event (seat, key, parameters), not sentences, so the
log re-words itself when the language changes or, in hotseat, when another player
sits down ("You ..." for the viewer, "Ana ..." for the others). A game's log
(:class:`WordedLog` subclass) turns its events into entries (``add``) and an entry
into words (``text``) with its own text keys.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.ui.i18n import Tr


@dataclass
class LogLine:
    """One line of the log as facts: who (None: nobody's), its kind, its figures and cards."""

    seat: int | None
    key: str
    params: dict[str, Any] = field(default_factory=dict)


class WordedLog(ABC):
    """The entries of a game so far and the players' names; worded for a viewer."""

    #: the game's text key for "you" (the viewer named as a player)
    you_key: ClassVar[str]
    #: a list of seats (``names``: the winners of a shared win...) names the viewer "you" too
    you_in_lists: ClassVar[bool] = True
    #: the game's lines (a :class:`LogLine`, or one that carries more), its key of a move
    #: taken back, and how many of the latest lines are kept
    line_class: ClassVar[type[LogLine]] = LogLine
    undone_key: ClassVar[str] = "undone"
    keep: ClassVar[int] = 400

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.entries: list[LogLine] = []

    def _add(self, seat: int | None, key: str, **params: Any) -> None:
        self.entries.append(self.line_class(seat, key, params))

    def _who(self, seat: int | None, tr: Tr, viewer: int | None) -> str:
        """A seat in words: "you" to its viewer, else its player's name (nobody: empty)."""
        if seat is None or seat < 0:
            return ""
        if seat == viewer:
            return tr(self.you_key)
        return self.names[seat] if seat < len(self.names) else f"#{seat + 1}"

    def _named(self, e: LogLine, p: dict[str, Any], tr: Tr, viewer: int | None) -> str | None:
        """The entry's seats named in ``p`` (``name``: whose line it is, ``names``: its
        ``seats``); a table's note (a text key and its figures) is its sentence already."""
        if "seats" in p:
            listed = viewer if self.you_in_lists else None
            p["names"] = ", ".join(self._who(s, tr, listed) for s in p["seats"])
        p["name"] = self._who(e.seat, tr, viewer)
        return tr(p.pop("note"), **p) if e.key == "note" else None

    @staticmethod
    def _own(key: str, e: LogLine, tr: Tr, viewer: int | None) -> str:
        """``key``, or its ``_you`` form on the viewer's own line where the game words one."""
        return key + "_you" if e.seat is not None and e.seat == viewer and tr.has(key + "_you") else key

    def add(self, e: dict[str, Any]) -> None:
        """Log an event (the viewer's redacted copy): a move taken back and the table's own
        word (a LAN seat dropped...: a text key and its figures) as every game logs them,
        the game's events by its :meth:`note`."""
        seat = e.get("seat")
        if e["type"] == "undone":
            self._add(seat, self.undone_key)
        elif e["type"] == "table_note":
            self._add(seat, "note", note=e["note"], **e.get("params", {}))
        else:
            self.note(e)
        del self.entries[:-self.keep]

    @abstractmethod
    def note(self, e: dict[str, Any]) -> None:
        """Log one of the game's own events."""

    @abstractmethod
    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        """An entry in words, as ``viewer`` reads it."""

    def lines(self, tr: Tr, viewer: int | None, limit: int = 150) -> list[tuple[int | None, str, str]]:
        """The last ``limit`` entries: (seat, kind, words)."""
        return [(e.seat, e.key, self.text(e, tr, viewer)) for e in self.entries[-limit:]]
