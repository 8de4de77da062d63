"""``python -m game bench --only engine``: Hero Realms engine figures.

Scripted two-player games per second, decisions per game, and the cost of one
``clone``, ``legal_actions`` and ``apply``, timed separately on replays of real games.
"""

from __future__ import annotations

import time
from typing import Any

from game.core.rng import Rng


def engine_section(quick: bool) -> dict[str, Any]:
    from game.hero_realms.scripted import choose
    from game.hero_realms.setup import new_game

    games = 60 if quick else 400
    t0 = time.perf_counter()
    decisions = 0
    legal_t = apply_t = 0.0
    for g in range(games):
        st = new_game(2, seed=g)
        rng = Rng(g)
        while st.phase != "over":
            st.apply(choose(st, rng))
            decisions += 1
    elapsed = time.perf_counter() - t0
    # legal_actions + apply per decision, timed separately on a replay of real games
    samples: list[Any] = []
    for g in range(20 if quick else 60):
        st = new_game(2, seed=10_000 + g)
        rng = Rng(g)
        while st.phase != "over":
            t = time.perf_counter()
            st.legal_actions()
            legal_t += time.perf_counter() - t
            a = choose(st, rng)
            samples.append(st)
            t = time.perf_counter()
            st.apply(a)
            apply_t += time.perf_counter() - t
    n_dec = len(samples)
    st = new_game(2, seed=1)
    for _ in range(12):
        st.apply(choose(st, Rng(1)))
    reps = 20_000 if not quick else 3_000
    t = time.perf_counter()
    for _ in range(reps):
        st.clone()
    clone_us = (time.perf_counter() - t) / reps * 1e6
    return {
        "games_per_second": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        "clone_us": round(clone_us, 2),
        "legal_actions_us": round(legal_t / n_dec * 1e6, 2),
        "apply_us": round(apply_t / n_dec * 1e6, 2),
        "decision_us": round((legal_t + apply_t) / n_dec * 1e6, 2),
    }
