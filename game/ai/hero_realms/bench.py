"""``python -m game bench --only ai``: decision latency of each Hero Realms level, in this process.

Plays a few Hard-vs-Medium and Medium-vs-Easy games with the default budgets (one
process, so the figures are not shared with a second worker) and reports per level
the decision latency p50/p99/max and the time a whole turn took, in milliseconds.
"""

from __future__ import annotations

from typing import Any

from game.ai.hero_realms.tournament import play_game
from game.ai.tournament import GameTask, level_figures


def ai_section(quick: bool) -> dict[str, Any]:
    games = 2 if quick else 8
    results = [play_game(GameTask(a, b, 50_000 + g, (a, b) if g % 2 == 0 else (b, a), "ffa", 2))
               for g in range(games) for a, b in (("hard", "medium"), ("medium", "easy"))]
    return {"games": len(results), **level_figures(("easy", "medium", "hard"), results)}
