"""The scenario runner: load a scenario file, apply its actions, report as JSON.

The contract (fields, ``[expect]``, exit codes) is fixed by
``shared/spec/hero_realms_notation.md``; rules tests, tutorials and other tools
depend on it exactly. Exit codes: 0 ok (or expectations hold), 1 an expectation
fails, 2 a bad file or a notation syntax error, 3 an illegal action that no
``error`` expectation anticipated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.errors import DataError
from game.core.scenario import ScenarioResult, flatten, judge, parse_actions, play
from game.hero_realms.actions import Action, parse
from game.hero_realms.serialize import full_state
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.state import GameState

TOP_KEYS = {"game", "name", "description", "format", "seed", "active", "turn", "first", "players", "market",
            "actions", "expect", "setup", "seats", "market_decks"}


def load(path: str | Path) -> dict[str, Any]:
    return tomlcompat.load_file(path)


def _hoist_actions(doc: dict[str, Any], where: str) -> dict[str, Any]:
    """In TOML, ``actions = [...]`` written after ``[market]`` (as in the spec's own
    example) or after the last ``[[players]]`` belongs to that table; it means the
    scenario's actions all the same."""
    doc = dict(doc)
    holders: list[tuple[str, dict[str, Any]]] = []
    if isinstance(doc.get("market"), dict):
        holders.append(("market", doc["market"]))
    players = doc.get("players")
    if isinstance(players, list) and players and isinstance(players[-1], dict):
        holders.append((f"players[{len(players) - 1}]", players[-1]))
    for name, table in holders:
        if "actions" in table:
            if "actions" in doc:
                raise DataError(f"{where}: {name}.actions", "actions are given twice")
            table = dict(table)
            doc["actions"] = table.pop("actions")
            if name == "market":
                doc["market"] = table
            else:
                doc["players"] = [*players[:-1], table]  # type: ignore[index]
    return doc


def build(doc: dict[str, Any], where: str) -> tuple[GameState, list[Action], dict[str, Any]]:
    """The starting state, the parsed actions and the flattened expectations."""
    doc = _hoist_actions(doc, where)
    for key in doc:
        if key not in TOP_KEYS:
            raise DataError(where, f"unknown field {key!r}")
    actions = parse_actions(doc, parse, where)
    expect = doc.get("expect", {})
    if not isinstance(expect, dict):
        raise DataError(f"{where}: expect", "must be a table of dotted paths")
    setup = doc.get("setup")
    if setup is None:
        st = from_position(doc, where)
    elif setup == "standard":
        for key in ("players", "market", "active", "turn"):
            if key in doc:
                raise DataError(f"{where}: {key}", "not allowed with setup = \"standard\"")
        seats = doc.get("seats", 2)
        fmt = doc.get("format", "ffa")
        seed = doc.get("seed", 0)
        first = doc.get("first")
        decks = doc.get("market_decks")
        for key, value in (("seats", seats), ("seed", seed), ("first", first), ("market_decks", decks)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise DataError(f"{where}: {key}", f"must be an integer, not {value!r}")
        if not isinstance(fmt, str):
            raise DataError(f"{where}: format", f"must be text, not {fmt!r}")
        try:
            # a scenario's seed is public and its deal is part of the spec: SplitMix64, as written
            st = new_game(seats, fmt, seed, first, market_decks=decks, rng_version=1)
        except ValueError as exc:
            raise DataError(where, str(exc)) from None
    else:
        raise DataError(f"{where}: setup", f"unknown setup {setup!r} (only \"standard\")")
    return st, actions, flatten(expect)


def run(doc: dict[str, Any], where: str = "scenario") -> ScenarioResult:
    st, actions, expect = build(doc, where)
    events, error = play(st, actions)
    out = full_state(st)
    out["legal"] = [str(a) for a in st.legal_actions()]
    out["events"] = events
    if error is not None:
        out["error"] = error
    return judge(out, expect, error)


def run_file(path: str | Path) -> ScenarioResult:
    return run(load(path), str(path))
