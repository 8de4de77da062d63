"""HerosDeï actions: small values with the spec's one-line notation (parse and ``str``).

``<seat>:<card>`` names a Character by its controller, ``#k`` the k-th copy (1-based;
``#1`` is written without it), and ``@<seat> `` in front names the actor. ``str`` of
a parsed action is its canonical line, and parsing that line gives the same action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from game.core.errors import NotationError

VERBS = ("discard", "play", "done", "attack", "pass", "monster", "skip", "choose", "target")
_CARD = re.compile(r"^([a-z0-9]+(?:_[a-z0-9]+)*)(?:#([1-9][0-9]{0,2}))?$")
_REF = re.compile(r"^([0-9]):(.+)$")


@dataclass(frozen=True, slots=True)
class Card:
    """A card in hand (``id`` or ``id#k``)."""

    id: str
    k: int = 1

    def __str__(self) -> str:
        return self.id if self.k == 1 else f"{self.id}#{self.k}"


@dataclass(frozen=True, slots=True)
class Ref:
    """A Character in play: its controller and the card (``<seat>:<card>``)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    card: Card | None = None  # discard, play, monster
    target: Ref | None = None  # play ... on, target, attack's attacker
    defender: Ref | None = None  # attack's defender
    number: int = 0  # choose
    actor: int | None = None

    def __str__(self) -> str:
        head = "" if self.actor is None else f"@{self.actor} "
        v = self.verb
        if v in ("done", "pass", "skip"):
            body = v
        elif v == "choose":
            body = f"choose {self.number}"
        elif v == "target":
            body = f"target {self.target}"
        elif v == "attack":
            body = f"attack {self.target} {self.defender}"
        elif v == "play" and self.target is not None:
            body = f"play {self.card} on {self.target}"
        else:
            body = f"{v} {self.card}"
        return head + body

    def without_actor(self) -> Action:
        return Action(self.verb, self.card, self.target, self.defender, self.number)


def parse_card(token: str) -> Card:
    m = _CARD.match(token)
    if not m:
        raise NotationError(f"{token!r} is not a card (an id like lancelot, or lancelot#2)")
    return Card(m.group(1), int(m.group(2) or 1))


def parse_ref(token: str) -> Ref:
    m = _REF.match(token)
    if not m:
        raise NotationError(f"{token!r} is not a Character in play (<seat>:<card>, like 1:lancelot)")
    return Ref(int(m.group(1)), parse_card(m.group(2)))


def _count(words: list[str], n: int, usage: str) -> None:
    if len(words) != n:
        raise NotationError(f"expected {usage!r}")


def parse(line: str) -> Action:
    """One action line, or a NotationError saying what was expected."""
    if not isinstance(line, str):
        raise NotationError("an action must be a line of text")
    words = line.split()
    actor = None
    if words and words[0].startswith("@"):
        if not re.fullmatch(r"@[0-9]", words[0]):
            raise NotationError(f"{words[0]!r} is not an actor (@0 or @1)")
        actor = int(words[0][1:])
        words = words[1:]
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0], words[1:]
    if verb in ("done", "pass", "skip"):
        _count(rest, 0, verb)
        return Action(verb, actor=actor)
    if verb in ("discard", "monster"):
        _count(rest, 1, f"{verb} <card>")
        return Action(verb, parse_card(rest[0]), actor=actor)
    if verb == "play":
        if len(rest) == 1:
            return Action("play", parse_card(rest[0]), actor=actor)
        if len(rest) == 3 and rest[1] == "on":
            return Action("play", parse_card(rest[0]), parse_ref(rest[2]), actor=actor)
        raise NotationError("expected 'play <card>' or 'play <card> on <seat>:<card>'")
    if verb == "attack":
        _count(rest, 2, "attack <seat>:<card> <seat>:<card>")
        return Action("attack", target=parse_ref(rest[0]), defender=parse_ref(rest[1]), actor=actor)
    if verb == "target":
        _count(rest, 1, "target <seat>:<card>")
        return Action("target", target=parse_ref(rest[0]), actor=actor)
    if verb == "choose":
        _count(rest, 1, "choose <k>")
        if not re.fullmatch(r"[1-9][0-9]{0,2}", rest[0]):
            raise NotationError(f"{rest[0]!r} is not a choice number (1, 2, ...)")
        return Action("choose", number=int(rest[0]), actor=actor)
    raise NotationError(f"unknown action {verb!r} (known: {', '.join(VERBS)})")


# ---- the engine's own actions, made without text --------------------------------------------
# The rules list their legal actions as values built here, not as lines parsed back. Each
# value is made once and kept (a game names a bounded set of cards, seats and copies), and
# its line with it, so listing, comparing and printing them costs a dictionary look-up.
_CARDS: dict[tuple[str, int], Card] = {}
_REFS: dict[tuple[int, str, int], Ref] = {}
_ACTIONS: dict[tuple[str, int, int, int], Action] = {}
_LINES: dict[int, str] = {}  # id of a kept action -> its line


def card_of(cid: str, k: int = 1) -> Card:
    key = (cid, k)
    found = _CARDS.get(key)
    if found is None:
        found = _CARDS[key] = Card(cid, k)
    return found


def ref_of(seat: int, cid: str, k: int = 1) -> Ref:
    key = (seat, cid, k)
    found = _REFS.get(key)
    if found is None:
        found = _REFS[key] = Ref(seat, card_of(cid, k))
    return found


def made(verb: str, card: Card | None = None, target: Ref | None = None, defender: Ref | None = None) -> Action:
    """The kept action of these parts (``card``, ``target`` and ``defender`` kept ones too)."""
    key = (verb, id(card), id(target), id(defender))
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, card, target, defender)
        _LINES[id(found)] = str(found)
    return found


def line_of(a: Action) -> str:
    """``str(a)``, looked up for a kept action."""
    return _LINES.get(id(a)) or str(a)  # a kept action lives for ever: no other can have its id


DONE, PASS, SKIP = made("done"), made("pass"), made("skip")


@lru_cache(maxsize=8192)
def parsed(line: str) -> Action:
    """:func:`parse`, kept for lines the engine stores (a prompt's options) and reads again."""
    return parse(line)
