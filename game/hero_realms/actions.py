"""Actions as small frozen values, with the text notation of the shared spec.

``parse("attack 1:orc_grunt#2 3")`` and ``str(action)`` are inverse. The notation is
fixed by ``shared/spec/hero_realms_notation.md`` (plus the ``@<seat>`` actor prefix
and the team moves documented in ``NOTATION.md`` beside this module); logs, saves,
replays, the network and the tests all speak it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from game.core.errors import NotationError

CARD_VERBS = ("play", "expend", "ally", "sacrifice", "buy", "select", "discard")
_CARD_RE = re.compile(r"^([a-z0-9]+(?:_[a-z0-9]+)*)(?:#([1-9][0-9]*))?$")
_SEAT_RE = re.compile(r"^(0|[1-9][0-9]*)$")


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One move. ``card``/``k`` name a card reference; ``seat`` a target seat;
    ``amount`` an attack amount, a ``choose`` index or a ``give`` amount;
    ``actor`` the explicit ``@seat`` prefix (None: the seat the rules expect)."""

    verb: str
    card: str | None = None
    k: int = 1
    seat: int | None = None
    amount: int | None = None
    actor: int | None = None

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return f"Action({format_action(self)!r})"

    def without_actor(self) -> Action:
        if self.actor is None:
            return self
        return Action(self.verb, self.card, self.k, self.seat, self.amount)

    @property
    def ref(self) -> str:
        return card_ref(self.card or "", self.k)


def card_ref(card: str, k: int = 1) -> str:
    return card if k == 1 else f"{card}#{k}"


def format_action(a: Action) -> str:
    v = a.verb
    if v in CARD_VERBS:
        body = f"{v} {card_ref(a.card or '', a.k)}"
    elif v == "attack":
        tgt = str(a.seat) if a.card is None else f"{a.seat}:{card_ref(a.card, a.k)}"
        body = f"attack {tgt} {a.amount}"
    elif v == "target":
        body = f"target {a.seat}" if a.card is None else f"target {a.seat}:{card_ref(a.card, a.k)}"
    elif v == "choose":
        body = f"choose {a.amount}"
    elif v == "give":
        body = f"give {a.seat} {a.amount}"
    elif v == "send":
        body = f"send {card_ref(a.card or '', a.k)} {a.seat}"
    else:
        body = v
    return body if a.actor is None else f"@{a.actor} {body}"


def _card(tok: str, line: str) -> tuple[str, int]:
    m = _CARD_RE.match(tok)
    if not m:
        raise NotationError(f"bad card reference {tok!r} in {line!r}")
    return m.group(1), int(m.group(2) or 1)


def _seat(tok: str, line: str) -> int:
    if not _SEAT_RE.match(tok):
        raise NotationError(f"bad seat {tok!r} in {line!r}")
    return int(tok)


def _count(tok: str, line: str, minimum: int) -> int:
    if not tok.isdigit() or int(tok) < minimum:
        raise NotationError(f"bad number {tok!r} in {line!r}")
    return int(tok)


def _target(tok: str, line: str) -> tuple[int, str | None, int]:
    if ":" in tok:
        s, c = tok.split(":", 1)
        card, k = _card(c, line)
        return _seat(s, line), card, k
    return _seat(tok, line), None, 1


@lru_cache(maxsize=4096)
def parse(line: str) -> Action:
    """Parse one action line; raises :class:`NotationError` with the reason."""
    if not isinstance(line, str):
        raise NotationError(f"an action must be text, not {type(line).__name__}")
    toks = line.split()
    if not toks:
        raise NotationError("empty action")
    actor = None
    if toks[0].startswith("@"):
        actor = _seat(toks[0][1:], line)
        toks = toks[1:]
        if not toks:
            raise NotationError(f"no action after {line!r}")
    verb, args = toks[0], toks[1:]

    def need(n: int) -> None:
        if len(args) != n:
            raise NotationError(f"'{verb}' takes {n} argument{'s' if n != 1 else ''}: {line!r}")

    if verb in CARD_VERBS:
        need(1)
        card, k = _card(args[0], line)
        return Action(verb, card, k, actor=actor)
    if verb == "attack":
        need(2)
        seat, target, k = _target(args[0], line)
        return Action("attack", target, k, seat, _count(args[1], line, 1), actor)
    if verb == "target":
        need(1)
        seat, target, k = _target(args[0], line)
        return Action("target", target, k, seat, actor=actor)
    if verb == "choose":
        need(1)
        return Action("choose", amount=_count(args[0], line, 0), actor=actor)
    if verb == "give":
        need(2)
        return Action("give", seat=_seat(args[0], line), amount=_count(args[1], line, 1), actor=actor)
    if verb == "send":
        need(2)
        card, k = _card(args[0], line)
        return Action("send", card, k, _seat(args[1], line), actor=actor)
    if verb in ("skip", "end"):
        need(0)
        return Action(verb, actor=actor)
    raise NotationError(f"unknown action {verb!r} in {line!r}")


# Shared instances for the argument-less actions, to spare allocations in hot loops.
END = Action("end")
SKIP = Action("skip")
