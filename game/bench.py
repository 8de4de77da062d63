"""``python -m game bench``: the performance figures the issues set targets for.

Each section measures one layer and returns named figures; sections of layers that
are not importable here (no display, no pygame) report why instead of failing.
Benchmarks print numbers; no test asserts on timings.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game import games

Section = Callable[[bool], dict[str, Any]]


# Section name -> "module:function": the sections every game shares, then each game's
# own from its registry entry. Sections are imported lazily so one missing layer (no
# display, no pygame) cannot hide the rest.
SHARED: dict[str, str] = {"net": "game.net.bench:net_section",
                          "idle": "game.ui.idle_bench:idle_section"}  # the resting loop's CPU: title and waiting tables


def sections() -> dict[str, str]:
    found = dict(SHARED)
    for entry in games.entries():
        found.update(entry.bench)
    return found


def _load(spec: str) -> Section:
    section: Section = games.hook(spec)
    return section


def run(quick: bool = False, only: list[str] | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, spec in sections().items():
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
