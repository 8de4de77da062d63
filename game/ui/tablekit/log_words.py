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

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.entries: list[LogLine] = []

    def _add(self, seat: int | None, key: str, **params: Any) -> None:
        self.entries.append(LogLine(seat, key, params))

    def _who(self, seat: int | None, tr: Tr, viewer: int | None) -> str:
        """A seat in words: "you" to its viewer, else its player's name (nobody: empty)."""
        if seat is None or seat < 0:
            return ""
        if seat == viewer:
            return tr(self.you_key)
        return self.names[seat] if seat < len(self.names) else f"#{seat + 1}"

    @abstractmethod
    def add(self, e: dict[str, Any]) -> None:
        """Log an event (the viewer's redacted copy)."""

    @abstractmethod
    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        """An entry in words, as ``viewer`` reads it."""

    def lines(self, tr: Tr, viewer: int | None, limit: int = 150) -> list[tuple[int | None, str, str]]:
        """The last ``limit`` entries: (seat, kind, words)."""
        return [(e.seat, e.key, self.text(e, tr, viewer)) for e in self.entries[-limit:]]
