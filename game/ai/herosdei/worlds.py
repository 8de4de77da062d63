"""Guesses of the cards a seat cannot see, consistent with its view.

The unseen cards are the other hand and both futures. Each player's are drawn from
the deck its visible cards point to (the known deck of its civilisation, with the
Sovereign Goods exchanged as the set-up does), less the cards of that deck already in
sight; a player whose deck is unknown is guessed from the cards it has shown. Only
counts and public cards are read: never the other hand, a future's order or where a
Sovereign Good lies.

The other hand is not a uniform draw of the unseen cards: it is what its player kept.
Once that player has placed this turn, a card it could have placed with no allowance
and that Medium, in its seat, would place on the table as it stands is unlikely to be
in its hand (:data:`PLACEABLE`); the other types weigh as often as a player keeps them
(:data:`KEPT`: destinies wait for the attack phase, a second Hero waits for the next
turn, the cards of a one-a-turn allowance are placed at once). Before that player has
placed, its last four cards are fresh draws and weigh alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.herosdei.levels import MediumScorer
from game.core.errors import DataError
from game.core.rng import Rng
from game.herosdei.cards import CardDef
from game.herosdei.decks import Deck
from game.herosdei.rebuild import civ_of, rebuild
from game.herosdei.state import DRAW_EACH_TURN
from game.herosdei.turn import ALLOWANCE, placement_actions
from game.herosdei.view import view as view_of

# how often a card of a type stays in a hand after its player placed, relative to a
# Character that Medium would not place (Medium against Medium, docs/ai/herosdei-notes.md)
KEPT = {"hero": 0.3, "unstable_destiny": 0.4, "stable_destiny": 0.04, "god": 0.04, "place": 0.04,
        "black_magic": 0.04, "mythic_object": 0.04, "mythic_animal": 0.04}
PLACEABLE = 0.05  # a card the other player would have placed by now
USED_UP = dict.fromkeys(ALLOWANCE.values(), 1)  # every allowance spent: what remains is free to place


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


def has_placed(view: Mapping[str, Any]) -> bool:
    """The other player has had its placement phase this turn."""
    return bool(view["phase"] == "attack" or (view["phase"] == "placement" and view["seat"] != view["first"]))


def placeable(view: Mapping[str, Any], defs: Mapping[str, CardDef], ids: Sequence[str]) -> set[str]:
    """The cards among ``ids`` that Medium in the other seat would place on the table as
    it stands, with no allowance needed (the rest it would keep)."""
    other = 1 - view["seat"]
    free = [c for c in ids if c in defs and ALLOWANCE.get(defs[c].type) is None and not defs[c].is_destiny]
    if not free or (view["pending"] is not None and view["pending"].get("kind") == "target"):
        return set()
    try:
        st = rebuild(view, defs, free, [[], []], 0)
    except DataError:
        return set()
    st.phase, st.to_act, st.pending, st.combat, st.window = "placement", other, None, None, None
    st.stack = []
    st.players[other].placed = dict(USED_UP)
    lines = [line for line in placement_actions(st) if line.startswith("play ")]
    scorer = MediumScorer(view_of(st, other), defs)
    return {line.split()[1] for line in lines if scorer.score(line) > 0.0}


def weights(view: Mapping[str, Any], defs: Mapping[str, CardDef], ids: Sequence[str]) -> dict[str, float]:
    """How likely each card id is to be in the other hand, relative to the others."""
    out = {c: KEPT.get(defs[c].type, 1.0) if c in defs else 1.0 for c in ids}
    for c in placeable(view, defs, ids):
        out[c] *= PLACEABLE
    return out


class Guesses:
    """The guesses of one view: what each player's unseen cards are drawn from and how
    the other hand is weighed, worked out once; :meth:`draw` deals one guess."""

    def __init__(self, view: Mapping[str, Any], defs: Mapping[str, CardDef], decks: Sequence[Deck]) -> None:
        me: int = view["seat"]
        by_civ = {d.civ: d for d in decks}
        known = [by_civ.get(civ_of(view, s, defs)) for s in (0, 1)]
        self.me = me
        self.counts = [(p["hand"] if p["seat"] != me else 0, p["future"]) for p in view["players"]]
        self.pools: list[list[str]] = []  # each player's unseen cards, sorted
        self.every: list[list[str]] = []  # each player's whole deck, sorted (to top a short pool up)
        for s in (0, 1):
            deck = known[s]
            base = dealt(deck, known[1 - s], defs) if deck is not None else visible(view, s)
            if not base:
                base = visible(view, s) + visible(view, 1 - s)
            self.pools.append(sorted((base - visible(view, s)).elements()))
            self.every.append(sorted(base.elements()))
        other = 1 - me
        self.fresh = 0 if has_placed(view) else min(DRAW_EACH_TURN, self.counts[other][0])
        self.weights = weights(view, defs, sorted(set(self.pools[other])))

    def draw(self, rng: Rng) -> tuple[list[str], list[list[str]]]:
        """One guess: the other hand and both futures (top first), card ids."""
        hand: list[str] = []
        futures: list[list[str]] = []
        for s in (0, 1):
            n_hand, n_future = self.counts[s]
            pool = list(self.pools[s])
            rng.shuffle(pool)
            if s != self.me:
                hand = _weighted(pool, self.weights, n_hand - self.fresh, rng) + pool[:self.fresh]
                del pool[:self.fresh]
                hand += _topped_up(self.every[s], n_hand - len(hand), rng)
            futures.append(pool[:n_future] + _topped_up(self.every[s], n_future - len(pool), rng))
        return hand, futures


def sample(view: Mapping[str, Any], defs: Mapping[str, CardDef], decks: Sequence[Deck],
           rng: Rng) -> tuple[list[str], list[list[str]]]:
    """One guess of ``view``'s hidden cards (a searcher that draws several keeps one
    :class:`Guesses`)."""
    return Guesses(view, defs, decks).draw(rng)


def _weighted(pool: list[str], w: Mapping[str, float], n: int, rng: Rng) -> list[str]:
    """``n`` cards taken from ``pool`` (removed from it), each with chance in proportion
    to its weight among those left."""
    out: list[str] = []
    for _ in range(min(n, len(pool))):
        ws = [w.get(c, 1.0) for c in pool]
        x = rng.random() * sum(ws)
        i = 0
        while i < len(pool) - 1 and x >= ws[i]:
            x -= ws[i]
            i += 1
        out.append(pool.pop(i))
    return out


def _topped_up(every: list[str], n: int, rng: Rng) -> list[str]:
    """``n`` cards drawn with replacement from ``every``: a pool short of cards (a deck
    edited past what the view shows) still gives a guess of the right size."""
    return [every[rng.below(len(every))] for _ in range(max(0, n))] if every else []
