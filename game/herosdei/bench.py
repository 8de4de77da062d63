"""``python -m game bench --only herosdei``: engine figures for HerosDeï.

Random full games per second through the engine (legal actions, apply; the deal
included), the cost of one decision, of a seat's view and of a state's clone, over every
variant and the installed decks in turn. A clone is timed as the Hero Realms section
times its own: many clones of one state, here of states sampled every 50 decisions.
"""

from __future__ import annotations

import time
from typing import Any

from game.core.rng import Rng

VARIANTS = ("initiation", "standard", "tournament")
MAX_ACTIONS = 3000  # a random game that has not ended by then is cut short (none is expected to)
CLONES = 200  # clones timed of each sampled state


def herosdei_section(quick: bool) -> dict[str, Any]:
    from game.herosdei import decks
    from game.herosdei.game import HerosDei

    names = decks.installed()
    games = 15 if quick else 90
    decisions = views = 0
    t_decide = t_view = 0.0
    samples: list[Any] = []
    turns = 0
    t0 = time.perf_counter()
    for g in range(games):
        pair = (names[g % len(names)], names[(g // len(names) + g + 1) % len(names)])
        st = HerosDei().new_record(2, g, VARIANTS[g % len(VARIANTS)], pair).initial_state()
        rng = Rng(g)
        for _ in range(MAX_ACTIONS):
            if st.phase == "over":
                break
            t = time.perf_counter()
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            t_decide += time.perf_counter() - t
            decisions += 1
            if decisions % 10 == 0:
                t = time.perf_counter()
                st.view(decisions % 2)
                t_view += time.perf_counter() - t
                views += 1
            if decisions % 50 == 0:
                samples.append(st.clone())
        turns += st.turn
    elapsed = time.perf_counter() - t0
    t = time.perf_counter()
    for sample in samples:
        for _ in range(CLONES):
            sample.clone()
    t_clone = time.perf_counter() - t
    return {
        "random_games_per_s": round(games / elapsed, 1),
        "turns_per_game": round(turns / games, 1),
        "decision_us": round(t_decide / max(1, decisions) * 1e6, 1),
        "view_us": round(t_view / max(1, views) * 1e6, 1),
        "clone_us": round(t_clone / max(1, len(samples) * CLONES) * 1e6, 2),
    }
