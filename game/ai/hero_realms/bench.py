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
    lat: dict[str, list[float]] = {}
    turn: dict[str, list[float]] = {}
    for g in range(games):
        for a, b in (("hard", "medium"), ("medium", "easy")):
            arrangement = (a, b) if g % 2 == 0 else (b, a)
            r = play_game(GameTask(a, b, 50_000 + g, arrangement, "ffa", 2))
            for k, v in r.latency.items():
                lat.setdefault(k, []).extend(v)
            for k, v in r.turn_time.items():
                turn.setdefault(k, []).extend(v)
    return {"games": games * 2, **level_figures(("easy", "medium", "hard"), lat, turn)}
