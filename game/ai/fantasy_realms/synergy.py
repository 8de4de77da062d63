"""A cheap stand-in for the scorer inside Hard's rollouts: scores of single cards and
of pairs, so that a card's worth to a hand is read as its own score plus what it does
with each card already held.

The optimal scorer costs a millisecond for a hand with wild cards; a rollout makes a
dozen picks, each among several cards, so it cannot call the scorer for every option.
Pairwise sums get most Fantasy Realms rules right ("+10 for each Flood", "blanks every
Army", "blanked unless with a Wizard"); what they miss (a card blanked twice, a bonus
for "A or B", a Protection Rune or a Wildfire acting on the whole hand) is why the
rollouts use the table to shortlist and the scorer to decide, and score final hands
exactly.

The table starts from two-card hands, which misread many cards in a hand of seven
(a card "blanked unless with a Wizard" scores its strength with any Wizard, and a
hand of seven often holds one already). So where a fit for the game's card set exists
(``pair_weights.py``, made by ``python -m game fantasy-tune``, see ``pairfit.py``),
its corrections are added: single and pair scores fitted to the exact scores of the
hands Medium holds in its own games and of their one-card changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.fantasy_realms import modules as mod
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table


def card_set(modules: frozenset[str]) -> str:
    """The name a fit is stored under: the modules that change which cards are in the
    game (the Cursed Items do not: they are scored beside the hand)."""
    return "+".join(m for m in mod.MODULES if m in modules | {mod.BASE} and m != mod.ITEMS)


class Synergy:
    """``single[i]``: the best score of card i alone; ``pair[i][j]``: what i and j
    together score beyond their single scores (0 on the diagonal); with ``corrections``
    (single, pair by card id, see ``pair_weights.py``) added to both."""

    def __init__(self, ids: tuple[str, ...], table: Table,
                 corrections: tuple[dict[str, float], dict[str, float]] | None = None) -> None:
        self.ids = ids
        self.index = {c: i for i, c in enumerate(ids)}
        n = len(ids)
        self.single: list[float] = [best_total((c,), table) for c in ids]
        self.pair: list[list[float]] = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                v = best_total((ids[i], ids[j]), table) - self.single[i] - self.single[j]
                self.pair[i][j] = self.pair[j][i] = v
        if corrections:
            single, pair = corrections
            for i, c in enumerate(ids):
                self.single[i] += single.get(c, 0.0)
            for key, v in pair.items():
                a, b = key.split()
                if a in self.index and b in self.index:
                    i, j = self.index[a], self.index[b]
                    self.pair[i][j] += v
                    self.pair[j][i] += v

    def total(self, hand: Sequence[int]) -> float:
        """A hand's score by the table: its singles and every pair's term."""
        single, pair = self.single, self.pair
        return sum(single[c] + sum(map(pair[c].__getitem__, hand[i + 1:])) for i, c in enumerate(hand))

    def gain_rows(self, hand: Sequence[int], cands: Sequence[int]) -> list[tuple[int, list[tuple[float, int]]]]:
        """Per candidate, (gain, card to drop) of swapping it for each card of a full
        ``hand`` (in the hand's order), by the table."""
        single, pair = self.single, self.pair
        contrib = [(single[d] + sum(map(pair[d].__getitem__, hand)), d) for d in hand]
        out = []
        for y in cands:
            row = pair[y]
            add = single[y] + sum(map(row.__getitem__, hand))
            out.append((y, [(add - row[d] - c, d) for c, d in contrib]))
        return out

    def swaps(self, hand: Sequence[int], cands: Sequence[int]) -> list[tuple[float, int, int]]:
        """(gain, card to drop, card taken) of the best swap of each candidate into a
        full ``hand``, by the table, best first; only gains above 0."""
        out = []
        for y, gains in self.gain_rows(hand, cands):
            best_g: float = 0
            best_d = -1
            for g, d in gains:
                if g > best_g:
                    best_g, best_d = g, d
            if best_d >= 0:
                out.append((best_g, best_d, y))
        out.sort(key=lambda t: (-t[0], t[2]))
        return out


@lru_cache(maxsize=16)
def synergy(ids: tuple[str, ...], table: Table, fitted: bool = True) -> Synergy:
    """The table for one game's cards (built once per card set and player count), with
    the fit for its card set unless ``fitted`` is off or none was made."""
    corrections = None
    if fitted:
        from game.ai.fantasy_realms.pair_weights import FITS

        corrections = FITS.get(card_set(table.modules))
    return Synergy(ids, table, corrections)
