"""Chaos Realms action lines: the seat that acts (or the clock), a verb, its words.

``parse("2 offer any dragon unicorn")`` and ``str(action)`` are inverse; the notation
is in NOTATION.md beside this module (section Chaos Realms).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import NotationError

SEAT_VERBS = ("offer", "accept", "decline", "withdraw", "draw", "pass", "keep", "wish", "discard")


@dataclass(frozen=True, slots=True, repr=False)
class ChaosAction:
    """One line: ``seat`` None for the clock, else the seat that acts."""

    seat: int | None
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        head = [] if self.seat is None else [str(self.seat)]
        return " ".join((*head, self.verb, *self.args))

    def __repr__(self) -> str:
        return f"ChaosAction({str(self)!r})"


def is_chaos_line(line: str) -> bool:
    """True for a line of this notation (a seat number or the clock first)."""
    words = line.split()
    return bool(words) and (words[0].isdigit() or words[0].lower() == "clock")


def parse(line: str | ChaosAction) -> ChaosAction:
    """The action of a line; raises NotationError with a one-line reason."""
    if isinstance(line, ChaosAction):
        return line
    if not isinstance(line, str):
        raise NotationError(f"{line} is not a Chaos Realms line")
    words = line.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    if words[0] == "clock":
        if len(words) != 2 or not words[1].isdigit():
            raise NotationError(f"{line!r}: the clock line is 'clock <milliseconds>'")
        return ChaosAction(None, "clock", (str(int(words[1])),))
    if not words[0].isdigit() or len(words) < 2:
        raise NotationError(f"{line!r}: a Chaos Realms line is '<seat> <verb> ...' or 'clock <ms>'")
    verb, args = words[1], tuple(words[2:])
    if verb not in SEAT_VERBS:
        raise NotationError(f"unknown verb {verb!r} in {line!r} (verbs: {', '.join(SEAT_VERBS)})")
    want = {"offer": 3, "accept": 1, "decline": 1, "withdraw": 1, "draw": 0, "pass": 0}.get(verb, 1)
    if len(args) != want:
        raise NotationError(f"{line!r}: {verb!r} takes {want} word{'s' if want != 1 else ''}")
    if verb in ("accept", "decline", "withdraw") and not (args[0].startswith("#") and args[0][1:].isdigit()):
        raise NotationError(f"{line!r}: name the offer by its number, like #3")
    return ChaosAction(int(words[0]), verb, args)
