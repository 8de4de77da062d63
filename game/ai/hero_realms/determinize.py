"""Sampling the hidden cards consistently with a view (determinization).

A seat sees its own hand, every public zone and each player's ``owned`` cards, but no
deck order, no other hand and not the market deck. A *determinization* deals the
unseen cards at random among the unseen places: each opponent's hand and deck from
what they own minus what is visible, every deck's order (the agent's own deck too,
so a search never "knows" its next draws; known top cards stay on top), and the
market deck from every market card minus those visible anywhere. The result depends
only on the view and the random generator, never on the true state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.rng import Rng
from game.hero_realms.rebuild import Sample, state_from_view
from game.hero_realms.state import GameState


def _minus(pool: Counter[str], cards: list[str]) -> None:
    for c in cards:
        if pool[c] > 0:
            pool[c] -= 1


def _deal(pool: Counter[str], rng: Rng) -> list[str]:
    cards = sorted(pool.elements())  # sorted: the sample depends on the view, not on dict order
    rng.shuffle(cards)
    return cards


def _fit(cards: list[str], n: int, fill: list[str]) -> list[str]:
    """Exactly ``n`` cards: a view inconsistent with itself (it should not be) is
    patched rather than crashing the agent."""
    if len(cards) >= n:
        return cards[:n]
    return cards + fill[: n - len(cards)] + ["gold"] * max(0, n - len(cards) - len(fill))


def sample(view: dict[str, Any], rng: Rng) -> Sample:
    me = view["seat"]
    hands: dict[int, list[str]] = {}
    decks: dict[int, list[str]] = {}
    for p in view["players"]:
        s = p["seat"]
        known = list(p["deck_known_top"])
        if s == me:
            rest: Counter[str] = Counter(p["deck_contents"])
            _minus(rest, known)
            decks[s] = known + _deal(rest, rng)
            continue
        pool: Counter[str] = Counter(p["owned"])
        _minus(pool, p["discard"])
        _minus(pool, p["in_play"])
        _minus(pool, [c["card"] for c in p["champions"]])
        _minus(pool, known)
        unseen = _deal(pool, rng)
        n_hand = p["hand_count"]
        n_deck = p["deck_count"] - len(known)
        cards = _fit(unseen, n_hand + n_deck, [])
        hands[s] = cards[:n_hand]
        decks[s] = known + cards[n_hand:]
    market = view["market"]
    mpool: Counter[str] = Counter(view["market_cards"])
    _minus(mpool, [c for c in market["row"] if c is not None])
    _minus(mpool, market["sacrificed"])
    _minus(mpool, view.get("out", []))
    for p in view["players"]:
        _minus(mpool, p["owned"])
    mdeck = _fit(_deal(mpool, rng), market["deck_count"], sorted(view["market_cards"]))
    return Sample(hands, decks, mdeck)


def determinize(view: dict[str, Any], rng: Rng) -> GameState:
    """One full state consistent with ``view``; its RNG is seeded from ``rng`` too."""
    s = sample(view, rng)
    return state_from_view(view, s, rng.next_u64())
