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
"""

from __future__ import annotations

from functools import lru_cache

from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table


class Synergy:
    """``single[i]``: the best score of card i alone; ``pair[i][j]``: what i and j
    together score beyond their single scores (0 on the diagonal)."""

    def __init__(self, ids: tuple[str, ...], table: Table) -> None:
        self.ids = ids
        self.index = {c: i for i, c in enumerate(ids)}
        n = len(ids)
        self.single = [best_total((c,), table) for c in ids]
        self.pair = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                v = best_total((ids[i], ids[j]), table) - self.single[i] - self.single[j]
                self.pair[i][j] = self.pair[j][i] = v


@lru_cache(maxsize=16)
def synergy(ids: tuple[str, ...], table: Table) -> Synergy:
    """The table for one game's cards (built once per card set and player count)."""
    return Synergy(ids, table)
