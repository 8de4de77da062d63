"""What the two ways a Fantasy Realms game ends share: the end queue's order, the
hand cap's choices, and scoring every hand with its winners.

The standard game (``turn.py``) and Chaos Realms (``chaos_end.py``) differ in where
the end-of-game draws come from (the deck and the discard area, or the set-aside
cards) and so keep their own queue steps; the order of those steps, which cards the
cap may let go, and how hands are scored and ties broken are one rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.fantasy_realms.cards import CardLibrary
from game.fantasy_realms.events import Event, HandScored
from game.fantasy_realms.optimal import best
from game.fantasy_realms.scoring import Score, Table

END_KINDS = ("necromancer", "leprechaun", "genie")  # the end-of-game draws, in the rulebook's order

# The termination keys of an Outcome: what ended the game, unless the best hands tied
# (score and base strength alike) and several seats share the win.
SCORE = "score"  # the rulebook's end: the discard area is full, every hand scores
DECK_EMPTY = "deck_empty"  # this table's ruling: the deck ran out before the area could fill
TIME_UP = "time_up"  # Chaos Realms: the trading time ran out
TIE = "tie"  # several seats share the win
TERMINATIONS = (SCORE, DECK_EMPTY, TIME_UP, TIE)


def end_queue(order: Sequence[int]) -> list[tuple[str, int]]:
    """Each end-of-game draw for every seat in ``order``, then the hand cap for each."""
    return [(kind, s) for kind in END_KINDS for s in order] + [("cap", s) for s in order]


def cap_options(hand: Sequence[str], used_extra: Sequence[str]) -> list[str]:
    """The cards the hand cap may let go: never one that drew an extra card."""
    return [c for c in hand if c not in used_extra]


def score_hands(lib: CardLibrary, hands: Sequence[Sequence[str]], table_for: Callable[[int], Table],
                ev: list[Event]) -> tuple[list[Score], tuple[int, ...]]:
    """Every hand's best score (a ``HandScored`` event each) and the winners."""
    results = []
    for seat, hand in enumerate(hands):
        sc = best([lib.cards[c] for c in hand], table_for(seat), lib)
        results.append(sc)
        ev.append(HandScored(seat, sc.total, sum(lib.cards[c].strength for c in hand),
                             tuple(hand), tuple(sc.per_card.items()), tuple(sc.blanked),
                             tuple(f"{k}:{'/'.join(v)}" for k, v in sc.choices.items() if v[0] != "none")))
    return results, winners(lib, hands, [r.total for r in results])


def termination(winners: Sequence[int], ending: str) -> str:
    """The termination key of a scored game: ``ending`` (what ended it), or ``tie`` when
    the tie-break on base strength left several winners."""
    return TIE if len(winners) > 1 else ending


def winners(lib: CardLibrary, hands: Sequence[Sequence[str]], totals: Sequence[int]) -> tuple[int, ...]:
    """The highest score; among tied seats the lowest total base strength (the printed
    strengths of the whole hand)."""
    top = max(totals)
    tied = [s for s in range(len(totals)) if totals[s] == top]
    if len(tied) > 1:
        base = {s: sum(lib.cards[c].strength for c in hands[s]) for s in tied}
        low = min(base.values())
        tied = [s for s in tied if base[s] == low]
    return tuple(tied)
