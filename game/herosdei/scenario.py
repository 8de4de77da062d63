"""The scenario runner: load a HerosDeï scenario file, apply its actions, report as JSON.

The contract (fields, output, ``[expect]``, exit codes) is fixed by
``shared/spec/herosdei_notation.md`` and, for what it shares, the Hero Realms runner:
0 ok (or the expectations hold), 1 an expectation fails, 2 a bad file or a syntax
error, 3 an illegal action no ``error`` expectation anticipated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.scenario import ScenarioResult, flatten, judge, parse_actions, play
from game.herosdei.actions import Action, parse
from game.herosdei.cards import library, parse_cards
from game.herosdei.decks import find, load
from game.herosdei.rules import legal_lines
from game.herosdei.serialize import full_state
from game.herosdei.setup import from_position, new_game
from game.herosdei.state import State

STANDARD_KEYS = frozenset({"name", "description", "game", "variant", "seed", "actions", "cards", "expect", "setup",
                           "decks"})


def _hoist_actions(doc: dict[str, Any], where: str) -> dict[str, Any]:
    """``actions = [...]`` written after the last ``[[players]]`` or ``[[cards]]`` table
    belongs to that table in TOML; it means the scenario's actions all the same."""
    doc = dict(doc)
    for key in ("players", "cards"):
        tables = doc.get(key)
        if isinstance(tables, list) and tables and isinstance(tables[-1], dict) and "actions" in tables[-1]:
            if "actions" in doc:
                raise DataError(f"{where}: {key}", "actions are given twice")
            last = dict(tables[-1])
            doc["actions"] = last.pop("actions")
            doc[key] = [*tables[:-1], last]
    return doc


def _standard(doc: dict[str, Any], where: str) -> State:
    for key in doc:
        if key not in STANDARD_KEYS:
            raise DataError(f"{where}: {key}", "not allowed with setup = \"standard\"")
    defs = parse_cards(doc.get("cards", []), where, library())
    names = doc.get("decks")
    if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise DataError(f"{where}: decks", "must be two deck names, like [\"round_table\", \"greeks\"]")
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DataError(f"{where}: seed", f"must be a non-negative integer, not {seed!r}")
    variant = doc.get("variant", "standard")
    if not isinstance(variant, str):
        raise DataError(f"{where}: variant", f"must be text, not {variant!r}")
    beside = Path(where).parent
    decks = [load(find(n, beside)) for n in names]
    # a scenario's seed is public and its deal part of the spec: SplitMix64, as written
    return new_game(decks, defs, variant, seed, rng_version=1)


def build(doc: dict[str, Any], where: str) -> tuple[State, list[Action], dict[str, Any]]:
    doc = _hoist_actions(doc, where)
    actions = parse_actions(doc, parse, where)
    expect = doc.get("expect", {})
    if not isinstance(expect, dict):
        raise DataError(f"{where}: expect", "must be a table of dotted paths")
    setup = doc.get("setup")
    if setup is None:
        st = from_position(doc, where, library())
    elif setup == "standard":
        st = _standard(doc, where)
    else:
        raise DataError(f"{where}: setup", f"unknown setup {setup!r} (only \"standard\")")
    return st, actions, flatten(expect)


def run(doc: dict[str, Any], where: str = "scenario") -> ScenarioResult:
    st, actions, expect = build(doc, where)
    events, error = play(st, actions)
    out = full_state(st)
    out["legal"] = legal_lines(st)
    out["events"] = events
    out["error"] = error
    return judge(out, expect, error)
