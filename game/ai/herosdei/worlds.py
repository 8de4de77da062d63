"""Guesses of the cards a seat cannot see, consistent with its view.

The unseen cards are the other hand and both futures. Each player's are drawn from
the deck its visible cards point to (the known deck of its civilisation, with the
Sovereign Goods exchanged as the set-up does), less the cards of that deck already in
sight; a player whose deck is unknown is guessed from the cards it has shown. Only
counts and public cards are read: never the other hand, a future's order or where a
Sovereign Good lies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.rng import Rng
from game.herosdei.cards import CardDef
from game.herosdei.decks import Deck
from game.herosdei.rebuild import civ_of


def visible(view: Mapping[str, Any], seat: int) -> Counter[str]:
    """The cards of ``seat``'s side in sight (its hand too, when it is the viewer's)."""
    p = view["players"][seat]
    out: Counter[str] = Counter(p["museum"]) + Counter(p["gods"]) + Counter(p["places"]) + Counter(p["black_magic"])
    for ch in p["characters"]:
        out[ch["card"]] += 1
        out.update(ch["given"])
    if isinstance(p["hand"], list):
        out.update(p["hand"])
    out.update(e["card"] for e in view["stack"] if e["seat"] == seat)
    return out


def dealt(deck: Deck, other: Deck | None, defs: Mapping[str, CardDef]) -> Counter[str]:
    """The cards a player is dealt from ``deck``: its own Sovereign Good goes to the
    other player, the other deck's comes in."""
    own = Counter(c for c in deck.ids() if c in defs and defs[c].type != "sovereign_good")
    if other is not None:
        own.update(c for c in other.ids() if c in defs and defs[c].type == "sovereign_good")
    return own


def sample(view: Mapping[str, Any], defs: Mapping[str, CardDef], decks: Sequence[Deck],
           rng: Rng) -> tuple[list[str], list[list[str]]]:
    """One guess: the other hand and both futures (top first), card ids."""
    me: int = view["seat"]
    by_civ = {d.civ: d for d in decks}
    known = [by_civ.get(civ_of(view, s, defs)) for s in (0, 1)]
    hidden: list[list[str]] = []
    for s in (0, 1):
        p = view["players"][s]
        n = p["future"] + (p["hand"] if s != me else 0)
        deck = known[s]
        base = dealt(deck, known[1 - s], defs) if deck is not None else visible(view, s)
        if not base:
            base = visible(view, s) + visible(view, 1 - s)
        hidden.append(_draw(base, base - visible(view, s), n, rng))
    other = view["players"][1 - me]["hand"]
    hand = hidden[1 - me][:other]
    futures = [hidden[s][other:] if s != me else hidden[s] for s in (0, 1)]
    return hand, futures


def _draw(base: Counter[str], left: Counter[str], n: int, rng: Rng) -> list[str]:
    """``n`` cards from ``left`` without replacement, topped up from ``base`` at random."""
    pool = sorted(left.elements())
    rng.shuffle(pool)
    out = pool[:n]
    every = sorted(base.elements())
    while len(out) < n and every:
        out.append(every[rng.below(len(every))])
    return out
