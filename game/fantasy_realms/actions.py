"""Fantasy Realms actions: a verb and its words, with a one-line text form.

``parse("draw great_flood")`` and ``str(action)`` are inverse. Cards are named by
slug (``great_flood``) or id (``FR08``); the engine always prints slugs. The full
notation is in NOTATION.md beside this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.errors import NotationError

VERBS = ("draw", "discard", "keep", "take", "wish", "pass", "end", "item", "offer", "trade", "redraw",
         "select", "done", "top", "bottom", "pick")
_WORD = re.compile(r"^[a-z0-9_]+$")


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def parse(line: str | Action) -> Action:
    if isinstance(line, Action):
        return line
    words = line.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0], tuple(words[1:])
    if verb not in VERBS:
        raise NotationError(f"unknown verb {verb!r} in {line!r} (verbs: {', '.join(VERBS)})")
    for w in args:
        if not _WORD.match(w):
            raise NotationError(f"bad word {w!r} in {line!r}")
    return Action(verb, args)
