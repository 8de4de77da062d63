"""``python -m game bench``: the performance figures the issues set targets for.

Each section measures one layer and returns named figures; sections of layers that
are not importable here (no display, no pygame) report why instead of failing.
Benchmarks print numbers; no test asserts on timings.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from game import games

Section = Callable[[bool], dict[str, Any]]


# Section name -> "module:function": the sections every game shares, then each game's
# own from its registry entry. Sections are imported lazily so one missing layer (no
# display, no pygame) cannot hide the rest.
SHARED: dict[str, str] = {"net": "game.net.bench:net_section",
                          "idle": "game.ui.idle_bench:idle_section"}  # the resting loop's CPU: title and waiting tables


def sections() -> dict[str, str]:
    found = dict(SHARED)
    for entry in games.listings():
        found.update(entry.bench)
    return found


def _load(spec: str) -> Section:
    return cast(Section, games.hook(spec))  # a bench section by the registry's word


def run(quick: bool = False, only: list[str] | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, spec in sections().items():
        if only and name not in only:
            continue
        try:
            results[name] = _load(spec)(quick)
        except Exception as exc:  # one broken layer must not hide the other figures
            results[name] = {"error": f"{type(exc).__name__}: {exc}"}
    found = ratios(results)
    if found:
        results[RATIOS] = found
    return results


RATIOS = "ratios"  # the section of each game's engine figures over the default game's
RATIO_FIGURES = ("clone_us", "decision_us")


def ratios(results: dict[str, Any]) -> dict[str, float]:
    """Each game's clone and decision cost as a multiple of the default game's, from one
    run (the issues set engine targets as such ratios: both measured on the same machine
    at the same moment). A game's engine section is the first of its entry's bench."""
    ref_entry = games.listing(games.DEFAULT)
    if not ref_entry.bench:
        return {}
    ref = results.get(ref_entry.bench[0][0])
    out: dict[str, float] = {}
    for entry in games.listings():
        if entry.name == ref_entry.name or not entry.bench or not isinstance(ref, dict):
            continue
        figures = results.get(entry.bench[0][0])
        for key in RATIO_FIGURES:
            mine, base = (figures or {}).get(key), ref.get(key)
            if isinstance(mine, (int, float)) and isinstance(base, (int, float)) and base > 0:
                out[f"{entry.name}_{key.removesuffix('_us')}_x_{ref_entry.name}"] = round(mine / base, 2)
    return out


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
