"""``python -m game bench --only fantasy``: scorer and engine figures for Fantasy Realms.

Hands/s of the plain scorer (choices as given), of the optimal scorer (exhaustive
search of the choices) and of the AI's budgeted search, on random hands; and random
full games per second through the engine's door.
"""

from __future__ import annotations

import time
from typing import Any

from game.core.rng import Rng


def fantasy_section(quick: bool) -> dict[str, Any]:
    from game.fantasy_realms import modules as mod
    from game.fantasy_realms.cards import library
    from game.fantasy_realms.optimal import AI_BUDGET, best
    from game.fantasy_realms.scoring import Table, evaluate
    from game.fantasy_realms.setup import new_game

    lib = library()
    out: dict[str, Any] = {}
    n = 300 if quick else 2000
    for label, names in (("base", ("promo",)), ("cursed_hoard", ("promo", "cursed_hoard_suits"))):
        mods = mod.normalize(names)
        deck = mod.game_cards(lib, mods)
        table = Table(modules=mods)
        rng = Rng(7)
        hands = []
        for _ in range(n):
            pool = deck[:]
            rng.shuffle(pool)
            hands.append(pool[: mod.hand_size(mods)])
        t = time.perf_counter()
        for h in hands:
            evaluate(h, None, table, lib, detail=False)
        out[f"{label}_plain_hands_per_s"] = round(n / (time.perf_counter() - t))
        worst = 0.0
        t = time.perf_counter()
        for h in hands:
            t1 = time.perf_counter()
            best(h, table, lib)
            worst = max(worst, time.perf_counter() - t1)
        out[f"{label}_optimal_hands_per_s"] = round(n / (time.perf_counter() - t))
        out[f"{label}_optimal_worst_ms"] = round(worst * 1000, 1)
        t = time.perf_counter()
        for h in hands:
            best(h, table, lib, budget=AI_BUDGET)
        out[f"{label}_ai_budget_hands_per_s"] = round(n / (time.perf_counter() - t))
    games = 20 if quick else 100
    decisions = 0
    t = time.perf_counter()
    for g in range(games):
        st = new_game(3 + g % 3, ("promo", "cursed_items") if g % 2 else ("promo",), seed=g)
        rng = Rng(g)
        while not st.over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            decisions += 1
    elapsed = time.perf_counter() - t
    out["random_games_per_s"] = round(games / elapsed, 1)
    out["decision_us"] = round(elapsed / decisions * 1e6, 1)
    return out
