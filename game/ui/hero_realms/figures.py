"""Hero Realms' per-seat figures of a game so far, from its events: what the end screen
of a resumed game (and the tour's) shows beside the winner."""

from __future__ import annotations

from typing import Any


def seat_figures(rec: Any, events: list[dict[str, Any]]) -> dict[int, dict[str, int]]:
    """Per-seat figures of a game so far (damage dealt, cards bought, turns), for the
    end screen of a resumed game, from its events."""
    st = rec.initial_state()
    stats = {i: {"damage": 0, "bought": 0, "turns": 0} for i in range(st.n)}
    stats[st.active]["turns"] = 1  # the first turn starts with the game, without an event
    for d in events:
        if d["type"] == "damage_dealt":
            stats[d["seat"]]["damage"] += d["amount"]
        elif d["type"] == "card_acquired":
            stats[d["seat"]]["bought"] += 1
        elif d["type"] == "turn_started":
            stats[d["seat"]]["turns"] += 1
    return stats


def resumed(rec: Any, past: list[dict[str, Any]]) -> dict[str, Any]:
    """What a resumed game's table is given beyond its log: each seat's figures, counted over its whole past."""
    return {"stats": seat_figures(rec, past)}
