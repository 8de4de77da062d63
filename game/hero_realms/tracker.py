"""The deck tracker: what a seat may know of the decks, as counts, and its draw odds.

A player at a real table can count their own deck (they know what they own and see
what left it), their discard pile, and each opponent's cards out of sight: the
starting deck and every card acquired, less every card sacrificed, all of which
happened face up (the view's ``owned``), less what lies in sight (discard pile, cards
in play, champions). The view carries those public counts as its ``tracker`` field
(:func:`unseen`, the same in every seat's view, so it costs the LAN's view patches
little); :func:`tracker_of` adds the seat's own knowledge (its deck's contents and its
discard pile), all read off the view, so nothing in it is more than the view tells.

:func:`draw_odds` is the chance that the next five-card draw holds at least one of
some cards: exact (hypergeometric, as a fraction), with the reshuffle of the discard
pile when the deck holds fewer than five cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

HAND_SIZE = 5  # the cards drawn at the end of a turn


def counts(cards: Iterable[str]) -> dict[str, int]:
    """Cards as {card: copies}, sorted by card id (a view's lists are JSON-stable)."""
    c = Counter(cards)
    return {k: c[k] for k in sorted(c)}


def _less(pool: Counter[str], cards: Iterable[str]) -> Counter[str]:
    out = Counter(pool)
    out.subtract(cards)
    return +out  # a count never goes below zero


def _in_sight(p: Mapping[str, Any]) -> list[str]:
    """A player's cards in sight of everyone: discard pile, cards in play, champions."""
    return [*p.get("discard", ()), *p.get("in_play", ()), *(c["card"] for c in p.get("champions", ()))]


def unseen(view: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each seat's cards out of everyone's sight (its hand and deck, counted): what it
    owns less its discard pile, cards in play and champions. The same in every seat's
    view: this is the view's ``tracker`` field."""
    return [counts(_less(Counter(p.get("owned", ())), _in_sight(p)).elements()) for p in view.get("players", ())]


def tracker_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """What ``view``'s seat may know of the decks, from the view alone (the table's deck
    tracker and the AI read it).

    ``deck`` and ``discard``: the seat's own deck (counts, never the order) and discard
    pile; ``reshuffle``: what the seat's deck would hold after its next reshuffle if it
    played no more cards (its discard pile, cards in play and hand: everything owned but
    the deck and the champions); ``unseen``: for each seat, its cards out of the seat's
    sight (hand and deck; for the seat itself, its deck). A spectator's own three are empty."""
    seat = view.get("seat")
    out: dict[str, Any] = {"deck": {}, "discard": {}, "reshuffle": {}, "unseen": unseen(view)}
    for p in view.get("players", ()):
        if p.get("seat") == seat and "hand" in p:
            deck = p.get("deck_contents", ())
            champions = [c["card"] for c in p.get("champions", ())]
            out["deck"] = counts(deck)
            out["discard"] = counts(p.get("discard", ()))
            out["reshuffle"] = counts(_less(Counter(p.get("owned", ())), [*deck, *champions]).elements())
            out["unseen"][seat] = out["deck"]
    return out


def _miss(total: int, wanted: int, drawn: int) -> Fraction:
    """The chance that ``drawn`` cards taken at random from ``total`` hold none of ``wanted``."""
    drawn = min(drawn, total)
    if drawn <= 0:
        return Fraction(1)
    return Fraction(comb(total - wanted, drawn), comb(total, drawn))


def draw_odds(deck: Mapping[str, int], reshuffle: Mapping[str, int], wanted: Iterable[str],
              hand: int = HAND_SIZE) -> Fraction:
    """The chance that the next ``hand`` cards drawn hold at least one card of ``wanted``:
    from ``deck`` in a random order, then, when it runs out, from ``reshuffle`` shuffled
    (the discard pile that becomes the deck)."""
    want = set(wanted)
    in_deck = sum(deck.values())
    k_deck = sum(n for c, n in deck.items() if c in want)
    if in_deck >= hand:
        return 1 - _miss(in_deck, k_deck, hand)
    if k_deck:
        return Fraction(1)  # the whole deck is drawn
    pool = sum(reshuffle.values())
    k_pool = sum(n for c, n in reshuffle.items() if c in want)
    return 1 - _miss(pool, k_pool, hand - in_deck)
