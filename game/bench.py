"""``python -m game bench``: the performance figures the issues set targets for.

Each section measures one layer and returns named figures; sections of layers that
are not importable here (no display, no pygame) report why instead of failing.
Benchmarks print numbers; no test asserts on timings.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from game.core.rng import Rng

Section = Callable[[bool], dict[str, Any]]


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


# Section name -> "module:function"; each layer adds its own line. Sections are
# imported lazily so one missing layer (no display, no pygame) cannot hide the rest.
SECTIONS: dict[str, str] = {
    "engine": "game.bench:engine_section",
    "net": "game.net.bench:net_section",
    "ui": "game.ui.bench_ui:ui_section",
    "ai": "game.ai.bench:ai_section",
    "fantasy": "game.fantasy_realms.bench:fantasy_section",
    "ui_fantasy": "game.ui.fantasy_realms.bench:ui_fantasy_section",
}


def _load(spec: str) -> Section:
    import importlib

    module, func = spec.split(":")
    section: Section = getattr(importlib.import_module(module), func)
    return section


def run(quick: bool = False, only: list[str] | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, spec in SECTIONS.items():
        if only and name not in only:
            continue
        try:
            results[name] = _load(spec)(quick)
        except Exception as exc:  # one broken layer must not hide the other figures
            results[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return results


def format_table(results: dict[str, Any]) -> str:
    lines = []
    for section, figures in results.items():
        lines.append(f"[{section}]")
        width = max((len(k) for k in figures), default=0)
        for k, v in figures.items():
            lines.append(f"  {k:<{width}}  {v}")
    return "\n".join(lines)


def main(as_json: bool, quick: bool, only: list[str] | None) -> int:
    results = run(quick, only)
    print(json.dumps(results) if as_json else format_table(results))
    return 0
