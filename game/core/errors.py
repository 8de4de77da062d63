"""Narrow error types with one-line reasons a player or a maintainer can read.

Every outer layer (CLI, table, network host) catches these and prints or sends the
message; none of them should ever surface as a traceback.
"""

from __future__ import annotations

from game.core.refusal import Refusal


class RealmsError(Exception):
    """Base class of every expected, user-facing error."""


class DataError(RealmsError, ValueError):
    """A data file (cards, scenario, save, settings) is malformed."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


class NotationError(RealmsError, ValueError):
    """An action line does not parse."""


class IllegalActionError(RealmsError, ValueError):
    """An action parses but is not legal in the current position: its ``refusal`` says why
    as a key with parameters (``other`` for a reason given only as a sentence)."""

    def __init__(self, reason: str | Refusal) -> None:
        found = reason if isinstance(reason, Refusal) else Refusal("other", str(reason))
        super().__init__(found.text)
        self.refusal = found
