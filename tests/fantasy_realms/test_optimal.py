"""The choice search against brute force: the pruned options (optimal.py) must find
the best total that trying every legal choice finds, for every module set."""

from __future__ import annotations

import gc
import itertools
import random

import pytest

from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import CardDef, library
from game.fantasy_realms.optimal import NONE, _best_total, _table_key, _table_of, best, best_total, search
from game.fantasy_realms.scoring import Choice, ChoiceError, Table, compiled, evaluate
from game.fantasy_realms.terms import Rulings

LIB = library()
COMPS = compiled(LIB)


def every_choice(card: CardDef, hand: list[CardDef], table: Table) -> list[Choice]:
    """Every legal choice of ``card``, unpruned."""
    kind = COMPS[card.id].choice
    out: list[Choice] = [NONE]
    if kind == "doppelganger":
        out += [("copy", c.id) for c in hand if c.id != card.id]
    elif kind == "copy":
        suits = COMPS[card.id].copy_suits
        out += [("generic", s) for s in suits]
        out += [("copy", c.id) for c in mod.game_cards(LIB, table.modules) if c.suit in suits]
    elif kind == "book":
        extra = {mod.SUITS} if any(c.set == "cursed_hoard" for c in hand) else set()
        suits = mod.game_suits(table.modules | extra)
        out += [("book", t.id, s) for t in hand
                if t.id != card.id and not COMPS[t.id].book_immune
                for s in suits if s != t.suit]
    elif kind == "island":
        out += [("clear", c.id) for c in hand]
    elif kind == "angel":
        out += [("protect", c.id) for c in hand if c.id != card.id]
    return out


def brute(hand: list[CardDef], table: Table) -> int:
    choosers = [c for c in hand if COMPS[c.id].choice]
    top = None
    for combo in itertools.product(*(every_choice(c, hand, table) for c in choosers)):
        choice = {c.id: ch for c, ch in zip(choosers, combo) if ch != NONE}
        try:
            total = evaluate(hand, choice, table, LIB, detail=False).total
        except ChoiceError:
            continue
        top = total if top is None else max(top, total)
    assert top is not None
    return top


def by_name(*names: str) -> list[CardDef]:
    index = {c.en: c for c in mod.game_cards(LIB, frozenset({mod.BASE}))}
    return [index[n] for n in names]


@pytest.mark.parametrize("modules", [
    frozenset({mod.BASE}),
    frozenset({mod.BASE, mod.PROMO}),
    frozenset({mod.BASE, mod.SUITS}),
    frozenset({mod.BASE, mod.PROMO, mod.SUITS}),
])
def test_pruned_search_finds_the_brute_force_best(modules: frozenset[str]) -> None:
    rnd = random.Random(len(modules))
    cards = mod.game_cards(LIB, modules)
    choosers = [c for c in cards if COMPS[c.id].choice]
    plain = [c for c in cards if not COMPS[c.id].choice]
    for _ in range(120):
        picked = rnd.sample(choosers, rnd.choice([1, 1, 2]))
        hand = picked + rnd.sample(plain, mod.hand_size(modules) - len(picked))
        table = Table(players=rnd.choice([2, 4]), modules=modules)
        assert best(hand, table, LIB).total == brute(hand, table), [c.en for c in hand]


def test_book_completes_world_tree_by_moving_a_card_to_a_suit_nobody_names() -> None:
    # Blizzard and Smoke are both Weather; the Book makes one of them a suit no card
    # of the hand mentions, and every active card is then of a different suit
    hand = by_name("World Tree", "Book of Changes", "Warship", "Smoke", "Necromancer", "Blizzard",
                   "Earth Elemental")
    table = Table(players=2)
    got = best(hand, table, LIB)
    assert got.total == brute(hand, table) == 92
    book = next(c.id for c in hand if c.en == "Book of Changes")
    assert got.choices[book][0] == "book"


def test_search_total_is_the_detailed_score_of_its_choices() -> None:
    rnd = random.Random(3)
    cards = mod.game_cards(LIB, frozenset({mod.BASE}))
    for _ in range(200):
        hand = rnd.sample(cards, 7)
        table = Table(players=3)
        total, choice = search(hand, table, LIB, {}, 120)
        assert evaluate(hand, choice, table, LIB).total == total
        assert best_total([c.id for c in hand], table) == total


def test_memo_keys_are_plain_data_the_garbage_collector_drops() -> None:
    """The AI's memo holds 200,000 hands: keyed by Table objects they made every full
    collection take 300 ms; keyed by plain tuples the collector stops tracking them."""
    table = Table(players=3, discard=("FR30",), items=(), modules=frozenset({mod.BASE, mod.PROMO}),
                  rulings=Rulings(collector_all_suits=False))
    key = _table_key(table)
    assert _table_of(key) == table
    assert _table_key(Table(players=3, discard=("FR30",), modules=frozenset({mod.PROMO, mod.BASE}),
                            rulings=Rulings(collector_all_suits=False))) == key
    assert _table_key(Table(players=3, discard=("FR30",), modules=frozenset({mod.BASE, mod.PROMO}))) != key
    for _ in range(3):  # nested tuples are dropped one level a collection
        gc.collect()
    assert not gc.is_tracked(key)
    hand = ["FR01", "FR12", "FR30"]
    before = _best_total.cache_info().hits
    first = best_total(hand, table)
    # an equal table built anew is the same memo entry
    assert best_total(list(reversed(hand)), _table_of(key)) == first
    assert _best_total.cache_info().hits == before + 1
