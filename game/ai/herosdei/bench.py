"""``python -m game bench --only ai_herosdei``: decision latency of each HerosDeï level, in this process.

Plays Hard-vs-Medium and Medium-vs-Easy games with the default budgets, the decks
rotated over the installed pairs and the seats exchanged from one game to the next
(one process, so the figures are not shared with a second worker), and reports per
level the decision latency p50/p99/max and the time a whole turn took, in milliseconds.
"""

from __future__ import annotations

from typing import Any

from game.ai.herosdei.tournament import HdTask, deck_pairs, every_deck, play_game
from game.ai.tournament import level_figures

LEVELS = ("easy", "medium", "hard")


def ai_herosdei_section(quick: bool) -> dict[str, Any]:
    games = 1 if quick else 8
    decks = every_deck()
    pairs = deck_pairs(list(decks))
    results = []
    for g in range(games):
        x, y = pairs[g % len(pairs)]
        for a, b in (("hard", "medium"), ("medium", "easy")):
            arrangement = (a, b) if g % 2 == 0 else (b, a)
            results.append(play_game(HdTask(a, b, 50_000 + g, arrangement, "standard", 2, decks=(decks[x], decks[y]))))
    return {"games": len(results), **level_figures(LEVELS, results)}
