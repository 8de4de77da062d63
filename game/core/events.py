"""The base of every game's events: small frozen values with a JSON form and a redaction.

Each engine (``game/<game>/events.py``) subclasses
:class:`Event` with its own facts; what every event does the same way lives here:
``to_dict`` gives the JSON-able form with a ``type`` (tuples as lists all the way
down, the shape the network delivers), and ``redacted_for`` is the hook an event
that carries hidden information overrides.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


def plain(v: Any) -> Any:
    """JSON's shape for nested tuples (lists all the way down), as the network delivers it."""
    return [plain(x) for x in v] if isinstance(v, tuple) else v


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            d[f.name] = plain(getattr(self, f.name))
        return d

    def redacted_for(self, seat: int) -> Event:
        """The event as ``seat`` may see it (identity unchanged when nothing is hidden)."""
        return self
