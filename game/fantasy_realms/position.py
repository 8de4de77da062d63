"""An exact Fantasy Realms position, written as data: the hands, the discard area, the
top of the deck, the seat to play.

Fantasy Realms has no scenario files; a puzzle (``puzzle.py``) still needs to say which
cards are where. The table, validated field by field so that a bad one names the field::

    modules = []                 # optional: promo, cursed_hoard_suits (not the Cursed Items)
    rulings = {}                 # optional: the disputed rulings, as a new game takes them
    seed = 0                     # shuffles the cards no field names
    active = 0                   # the seat whose turn begins (it draws first)
    discard = ["forest", ...]    # the discard area, oldest first
    deck = ["unicorn"]           # the top of the deck, top first

    [[players]]                  # one table per seat, 3 to 6 of them
    hand = ["king", ...]         # a full hand (7 cards, 8 with the new suits)

Cards are named as the notation names them (slug or id), each at most once. A seat
without a ``hand`` is dealt one from the cards no field names, shuffled by the seed;
the others make the rest of the deck, below its listed top. The position starts the
active seat's turn, after the game's first turn (so the discard area may be drawn from).
"""

from __future__ import annotations

from typing import Any

from game.core.docs import Doc
from game.core.errors import DataError
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import CardLibrary, library
from game.fantasy_realms.hands import CardNameError, find_card
from game.fantasy_realms.setup import MAX_SEATS, new_game
from game.fantasy_realms.state import GameState
from game.fantasy_realms.terms import Rulings

KEYS = frozenset({"modules", "rulings", "seed", "active", "discard", "deck", "players"})
MIN_SEATS = 3  # the two-player game drafts its hands: no position of it is a plain turn


def _whole(doc: Doc, key: str, where: str, default: int, low: int, high: int) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"{where}.{key}", f"must be a whole number from {low} to {high}, not {value!r}")
    return value


class _Cards:
    """Reads card lists, each card of the game named at most once in the whole position."""

    def __init__(self, st: GameState, where: str) -> None:
        self.st = st
        self.where = where
        self.named: set[str] = set()

    def read(self, raw: Any, field: str) -> list[str]:
        where = f"{self.where}.{field}"
        if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
            raise DataError(where, "must be a list of cards (slugs such as great_flood, or ids such as FR08)")
        out = []
        for i, ref in enumerate(raw):
            try:
                card = find_card(self.st.lib, ref, self.st.modules)
            except CardNameError as exc:
                raise DataError(f"{where}[{i}]", str(exc)) from None
            if card.id not in self.st.cards:
                raise DataError(f"{where}[{i}]", f"{card.en} is not in a game with these modules")
            if card.id in self.named:
                raise DataError(f"{where}[{i}]", f"{card.en} is named twice in the position")
            self.named.add(card.id)
            out.append(card.id)
        return out


def from_position(doc: Doc, where: str = "position", lib: CardLibrary | None = None) -> GameState:
    """The state the table describes (module docstring); DataError naming the field."""
    if not isinstance(doc, dict):
        raise DataError(where, "must be a table")
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise DataError(where, f"unknown field {unknown[0]!r}")
    raw_modules = doc.get("modules", [])
    if not isinstance(raw_modules, list) or not all(isinstance(m, str) for m in raw_modules):
        raise DataError(f"{where}.modules", "must be a list of module names")
    try:
        mods = mod.normalize(raw_modules)
    except mod.ModuleError as exc:
        raise DataError(f"{where}.modules", str(exc)) from None
    if mod.ITEMS in mods:
        raise DataError(f"{where}.modules", "a position holds no Cursed Items")
    try:
        rulings = Rulings.from_dict(doc.get("rulings", {}))
    except ValueError as exc:
        raise DataError(f"{where}.rulings", str(exc)) from None
    players = doc.get("players")
    if not isinstance(players, list) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise DataError(f"{where}.players", f"needs a [[players]] table per seat, {MIN_SEATS} to {MAX_SEATS} of them")
    n = len(players)
    seed = _whole(doc, "seed", where, 0, 0, (1 << 63) - 1)
    active = _whole(doc, "active", where, 0, 0, n - 1)
    # a position's seed is public, as a scenario's: the spec's generator
    st = new_game(n, mods, seed, active, rulings, lib or library(), rng_version=1)
    cards = _Cards(st, where)
    hands: list[list[str] | None] = []
    for seat, p in enumerate(players):
        pw = f"players[{seat}]"
        if not isinstance(p, dict):
            raise DataError(f"{where}.{pw}", "must be a table")
        extra = sorted(set(p) - {"hand"})
        if extra:
            raise DataError(f"{where}.{pw}", f"unknown field {extra[0]!r}")
        hand = cards.read(p["hand"], f"{pw}.hand") if "hand" in p else None
        if hand is not None and len(hand) != st.hand_size:
            raise DataError(f"{where}.{pw}.hand", f"holds {len(hand)} cards: a hand holds {st.hand_size}")
        hands.append(hand)
    discard = cards.read(doc.get("discard", []), "discard")
    if len(discard) >= st.end_at:
        raise DataError(f"{where}.discard", f"holds {len(discard)} cards: the game ends at {st.end_at}")
    top = cards.read(doc.get("deck", []), "deck")
    rest = [c for c in st.cards if c not in cards.named]
    st.rng.shuffle(rest)
    for seat, hand in enumerate(hands):
        if hand is None:
            if len(rest) < st.hand_size:
                raise DataError(f"{where}.players[{seat}]", "too few cards are left to deal this hand")
            hand, rest = rest[-st.hand_size:], rest[:-st.hand_size]
        st.hands[seat] = hand
    st.deck = rest + top[::-1]  # the deck's top card is the end of the list
    st.discard = discard
    st.turn = 2  # past the first turn, whose player may only draw from the deck
    return st
