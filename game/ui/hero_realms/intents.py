"""From what the player pointed at to the engine's action line.

The scene turns a click or a drop into an *intent* (play this card, attack that
champion with 4...). These helpers find the legal line that carries it out, taking
the engine's own spelling (``@seat`` prefixes in team turns, which copy of a card
the legal list names), so the table only ever submits lines the engine offered.
They also say why a target is not available, for the hover tooltips.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.core.errors import NotationError
from game.hero_realms.actions import Action, card_ref, parse
from game.hero_realms.cards import library

NO_DECISION = {"gold", "combat", "health", "draw", "combat_per", "health_per"}


@lru_cache(maxsize=8192)
def _parse(line: str) -> Action | None:
    try:
        return parse(line)
    except NotationError:
        return None


def find(legal: list[str], verb: str, card: str | None = None, k: int | None = None,
         seat: int | None = None, amount: int | None = None) -> str | None:
    """The legal line for this intent (None if the engine offers none)."""
    best: str | None = None
    for line in legal:
        a = _parse(line)
        if a is None or a.verb != verb:
            continue
        if card is not None and a.card != card:
            continue
        if seat is not None and a.seat != seat:
            continue
        if amount is not None and verb in ("choose",) and a.amount != amount:
            continue
        if k is None or a.k == k:
            return line
        if best is None:
            best = line
    return best


def with_amount(line: str, amount: int) -> str:
    """An attack line with another amount (the legal list carries the maximum)."""
    a = _parse(line)
    if a is None:
        return line
    return str(Action(a.verb, a.card, a.k, a.seat, amount, a.actor))


def copy_index(cards: list[str | None], index: int) -> int:
    """k of ``cards[index]`` among the copies of its card id in that zone (1-based)."""
    card = cards[index]
    return sum(1 for c in cards[: index + 1] if c == card)


def attack_line(legal: list[str], target: int, card: str | None = None, k: int = 1) -> str | None:
    for line in legal:
        a = _parse(line)
        if a is None or a.verb != "attack" or a.seat != target:
            continue
        if card is None and a.card is None:
            return line
        if card is not None and a.card == card and a.k == k:
            return line
    return None


def default_attack(combat: int, card: str | None, damage: int = 0) -> int:
    """All the combat for a player; exactly what stuns for a champion (if affordable)."""
    if card is None:
        return combat
    c = library().get(card)
    need = (c.defense - damage) if c is not None else combat
    return max(1, min(combat, need))


def play_all_candidates(hand: list[str | None], legal: list[str]) -> list[str]:
    """Hand cards whose play needs no decision (their primary ability only gains)."""
    out: list[str] = []
    lib = library()
    for card in hand:
        if card is None or card in out:
            continue
        c = lib.get(card)
        if c is None:
            continue
        ab = c.abilities.get("primary")
        if ab is not None and any(e.verb not in NO_DECISION for e in ab.effects):
            continue
        if find(legal, "play", card) is not None:
            out.extend([card] * sum(1 for h in hand if h == card))
    return out


def guard_of(view_player: dict[str, Any]) -> str | None:
    """A prepared guard protecting this player (from the public view), if any."""
    lib = library()
    for ch in view_player.get("champions", []):
        c = lib.get(ch["card"])
        if c is not None and c.guard and not ch.get("expended"):
            return str(ch["card"])
    return None


def ref(card: str, k: int) -> str:
    return card_ref(card, k)
