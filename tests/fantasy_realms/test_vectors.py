"""Every published hand of the shared test vectors scores exactly its expected total,
per-card points and BLANKED cards; the disputed readings give their alternatives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.fantasy_realms.cards import library
from game.fantasy_realms.hands import load_hands
from game.fantasy_realms.optimal import best
from game.fantasy_realms.scoring import evaluate
from game.fantasy_realms.terms import Rulings

VECTORS = Path(__file__).resolve().parent / "vectors.toml"
DOC = tomlcompat.load_file(VECTORS)
RAW: list[dict[str, Any]] = DOC["hand"]
DEPENDS = {
    "collector_best_suit_only": Rulings(collector_all_suits=False),
    "gem_longest_run_only": Rulings(gem_multiple_runs=False),
    "ch_great_flood_blanks_deluxe_phoenix": Rulings(ch_great_flood_blanks_deluxe_phoenix=True),
    "rainstorm_spares_promo_phoenix": Rulings(rainstorm_blanks_promo_phoenix=False),
}


def test_vector_count() -> None:
    assert len(RAW) == 85


@pytest.mark.parametrize("raw", RAW, ids=[h["id"] for h in RAW])
def test_vector(raw: dict[str, Any]) -> None:
    lib = library()
    hand = load_hands({"hand": [raw]}, lib, "vectors")[0]
    sc = evaluate(hand.final, hand.choices, hand.table, lib)
    assert sc.total == raw["expected_total"]
    assert sc.per_card == raw["per_card"]
    assert sorted(sc.blanked) == sorted(raw["blanked"])


@pytest.mark.parametrize("raw", [h for h in RAW if "depends_on" in h], ids=lambda h: h["id"])
def test_disputed_alternatives(raw: dict[str, Any]) -> None:
    lib = library()
    for key, expected in raw["depends_on"].items():
        hand = load_hands({"hand": [raw]}, lib, "vectors", DEPENDS[key])[0]
        assert evaluate(hand.final, hand.choices, hand.table, lib).total == expected, key


@pytest.mark.parametrize("raw", RAW, ids=[h["id"] for h in RAW])
def test_optimal_is_never_worse(raw: dict[str, Any]) -> None:
    lib = library()
    hand = load_hands({"hand": [raw]}, lib, "vectors")[0]
    sc = best(hand.final, hand.table, lib)
    assert sc.total >= raw["expected_total"]
    # the choices it reports reproduce its total
    assert evaluate(hand.final, sc.choices, hand.table, lib).total == sc.total
