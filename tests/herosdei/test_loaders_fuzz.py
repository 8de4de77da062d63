"""Bad input never crashes the HerosDeï loaders: scenario files and saves with values of
the wrong type anywhere give a result or one of the project's one-line errors."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.core.errors import RealmsError
from game.herosdei import scenario
from game.herosdei.record import Record, loads
from tests.herosdei.helpers import POOL_TOML, legal_decks

SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.toml"))
ODD = [0, -1, 7, 10**20, "x", "", "0:x", True, 1.5, [], {}, ["x"], [0], [{"card": 5}], {"card": "x"}, [[]]]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(doc: Any, rnd: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    path = rnd.choice(_paths(doc))
    holder = doc
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = copy.deepcopy(rnd.choice(ODD))
    return doc


def _one_line(exc: Exception) -> None:
    assert "\n" not in str(exc)


@pytest.mark.parametrize("path", SCENARIOS[::4], ids=lambda p: p.stem)
def test_mutated_scenarios_give_a_result_or_a_one_line_error(path: Path) -> None:
    doc = tomlcompat.load_file(path)
    rnd = random.Random(path.stem)
    for _ in range(40):
        try:
            scenario.run(_mutate(doc, rnd), str(path))
        except RealmsError as exc:
            _one_line(exc)


def test_mutated_saves_load_or_are_refused_in_one_line() -> None:
    cards = tomlcompat.loads(POOL_TOML, "pool")["cards"]
    rec = Record.standard(legal_decks(), "standard", 3, cards)
    st = rec.initial_state()
    for _ in range(10):
        line = st.legal_actions()[0]
        st.apply(line)
        rec.add(line)
    good = json.loads(rec.to_json(st))
    rnd = random.Random(1)
    for _ in range(150):
        try:
            loads(json.dumps(_mutate(good, rnd)), "save")
        except RealmsError as exc:
            _one_line(exc)
