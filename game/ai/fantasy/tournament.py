"""Head-to-head Fantasy Realms matches between agents (for the tournament command).

``match("hard", "medium", games=400)`` plays games with the seats alternating (each
agent moves first half the time) and reports wins, ties and the win rate of the
first agent (a shared win counts half). Agents see only their seat's view.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.ai.agent import make_agent
from game.fantasy_realms.setup import new_game

GAME = "fantasy_realms"
MAX_DECISIONS = 2000  # a safety net: agents that keep taking from the discard area could loop


def play(agents: Sequence[str], seed: int, modules: Sequence[str] = (), first: int = 0) -> dict[str, Any]:
    bots = [make_agent(name, seed * 31 + i, GAME) for i, name in enumerate(agents)]
    st = new_game(len(agents), modules, seed=seed, first=first)
    decisions = 0
    while not st.over and decisions < MAX_DECISIONS:
        seat = st.to_move
        view = st.view(seat)
        st.apply(bots[seat].choose(view, view["legal"]))
        decisions += 1
    out = st.outcome
    return {"winners": list(out.winners) if out else [], "scores": list(out.scores) if out else [],
            "decisions": decisions, "finished": st.over}


def match(a: str, b: str, games: int = 400, seats: int = 2, modules: Sequence[str] = (), seed: int = 0) -> dict[str, Any]:
    """``a`` against ``b`` (with ``seats`` > 2, ``a`` plays one seat, ``b`` the others)."""
    t0 = time.perf_counter()
    points = 0.0
    wins = ties = unfinished = 0
    margin = 0
    for g in range(games):
        seat_a = g % seats
        names = [a if s == seat_a else b for s in range(seats)]
        r = play(names, seed + g, modules, first=(g // seats) % seats)
        if not r["finished"]:
            unfinished += 1
            continue
        w = r["winners"]
        if seat_a in w:
            share = 1.0 / len(w)
            points += share
            wins += share == 1.0
            ties += share < 1.0
        margin += r["scores"][seat_a] - max(s for i, s in enumerate(r["scores"]) if i != seat_a)
    played = games - unfinished
    return {"a": a, "b": b, "games": games, "seats": seats, "modules": list(modules), "wins": wins,
            "ties": ties, "unfinished": unfinished, "win_rate": round(points / played, 3) if played else 0.0,
            "mean_margin": round(margin / played, 1) if played else 0.0,
            "seconds": round(time.perf_counter() - t0, 1)}
