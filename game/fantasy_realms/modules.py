"""Which cards are in a game: the base deck plus the modules chosen at setup.

The Deluxe rulebook allows the base game alone, with the Cursed Items, with the new
suits, or both, and the promo cards with any of these. The new suits come with
replacement cards (same names) that stand in for eight base cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.errors import RealmsError
from game.fantasy_realms.cards import BASE_SUITS, NEW_SUITS, CardDef, CardLibrary

BASE = "base"
PROMO = "promo"
ITEMS = "cursed_items"
SUITS = "cursed_hoard_suits"
MODULES = (BASE, PROMO, ITEMS, SUITS)
ALIASES = {"promos": PROMO, "items": ITEMS, "cursed_item": ITEMS, "new_suits": SUITS, "suits": SUITS,
           "cursed_hoard": SUITS}


class ModuleError(RealmsError, ValueError):
    """An unknown module name."""


def normalize(names: Iterable[str]) -> frozenset[str]:
    """Module names as given (aliases allowed, ``base`` implied) -> the canonical set."""
    out = {BASE}
    for raw in names:
        for part in raw.split(","):
            name = part.strip().lower().replace("-", "_")
            if not name:
                continue
            name = ALIASES.get(name, name)
            if name not in MODULES:
                raise ModuleError(f"unknown module {part.strip()!r} (known: {', '.join(MODULES)})")
            out.add(name)
    return frozenset(out)


def game_cards(lib: CardLibrary, modules: frozenset[str]) -> list[CardDef]:
    """The deck of a game with these modules, in card-id order."""
    cards = [c for c in lib.cards.values() if c.set == "base"]
    if PROMO in modules:
        cards += [c for c in lib.cards.values() if c.set == "promo" and c.variant != "original"]
    if SUITS in modules:
        ch = [c for c in lib.cards.values() if c.set == "cursed_hoard"]
        replaced = {c.replaces for c in ch if c.replaces}
        cards = [c for c in cards if c.id not in replaced] + ch
    return sorted(cards, key=lambda c: c.id)


def game_suits(modules: frozenset[str]) -> tuple[str, ...]:
    """The suits the Book of Changes may give in a game with these modules."""
    return BASE_SUITS + NEW_SUITS if SUITS in modules else BASE_SUITS


def hand_size(modules: frozenset[str]) -> int:
    return 8 if SUITS in modules else 7


def discards_to_end(modules: frozenset[str], two_player: bool = False) -> int:
    if two_player:
        return 14 if SUITS in modules else 12
    return 12 if SUITS in modules else 10


HAND_MAX = 9  # the Cursed Hoard rule: never more than 9 cards in hand, the Portal included


def hand_cap(modules: frozenset[str]) -> int | None:
    """The most cards a hand may hold when the game ends, or None for no cap: 9 with
    the new suits (:data:`HAND_MAX`), 8 with the Cursed Items alone (the rulebook's note)."""
    if SUITS in modules:
        return HAND_MAX
    if ITEMS in modules:
        return 8
    return None
