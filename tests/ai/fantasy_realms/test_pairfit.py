"""The fitted synergy table: the fit command writes a module the table reads, keeps
the other card sets' fits, refuses bad input in one line, and the shipped fit reads
the hands of real games closer to their exact scores than the two-card table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.fantasy_realms import pairfit
from game.ai.fantasy_realms.pair_weights import FITS
from game.ai.fantasy_realms.synergy import Synergy, card_set, synergy
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import library
from game.fantasy_realms.scoring import Table

BASE = Table(players=2, modules=frozenset({mod.BASE}))


def _ids(modules: frozenset[str] = BASE.modules) -> tuple[str, ...]:
    return tuple(c.id for c in mod.game_cards(library(), modules))


def test_card_sets_are_named_by_the_modules_that_change_the_cards() -> None:
    assert card_set(frozenset({mod.BASE})) == "base"
    assert card_set(frozenset({mod.BASE, mod.ITEMS})) == "base"  # items are scored beside the hand
    assert card_set(frozenset({mod.PROMO, mod.SUITS})) == "base+promo+cursed_hoard_suits"


def test_corrections_add_to_singles_and_both_halves_of_a_pair() -> None:
    ids = _ids()
    a, b = ids[0], ids[5]
    plain = Synergy(ids, BASE)
    fitted = Synergy(ids, BASE, ({a: 1.5}, {f"{a} {b}": -2.25, "XX01 YY02": 9.0}))  # unknown ids are skipped
    i, j = plain.index[a], plain.index[b]
    assert fitted.single[i] == plain.single[i] + 1.5
    assert fitted.pair[i][j] == fitted.pair[j][i] == plain.pair[i][j] - 2.25
    assert fitted.single[j] == plain.single[j]
    hand = [i, j, 7]
    assert fitted.total(hand) == pytest.approx(plain.total(hand) + 1.5 - 2.25)


def test_the_budget_can_turn_the_fit_off() -> None:
    ids = _ids()
    assert synergy(ids, BASE, False).single == Synergy(ids, BASE).single
    if card_set(BASE.modules) in FITS:
        assert synergy(ids, BASE).pair != Synergy(ids, BASE).pair


def test_a_fit_for_one_card_set_keeps_the_others(tmp_path: Path) -> None:
    out = tmp_path / "weights.py"
    r1 = pairfit.tune(2, 5, (), out, jobs=1, neighbours=1, epochs=1)
    r2 = pairfit.tune(2, 5, ("promo",), out, jobs=1, neighbours=1, epochs=1)
    assert (r1["card_set"], r2["card_set"]) == ("base", "base+promo")
    fits, notes = pairfit.load_fits(out)
    assert set(fits) == set(notes) == {"base", "base+promo"}
    single, pair = fits["base"]
    assert all(len(k.split()) == 2 for k in pair) and all(isinstance(v, float) for v in single.values())
    assert r1["samples"] > 0 and len(r1["held_out_squared_error"]) == 2


def test_the_shipped_fit_reads_real_hands_closer_than_the_two_card_table() -> None:
    if "base" not in FITS:
        pytest.skip("no fit shipped for the base card set")
    ids = _ids()
    played = pairfit.collect(range(900_000, 900_012), (), jobs=1)  # deals no fit was made on
    plain, fitted = Synergy(ids, BASE), Synergy(ids, BASE, FITS["base"])
    hands = pairfit.samples([h for hs, _d in played for h in hs], plain, 7, 2, random.Random(1))
    data = pairfit.scored(hands, plain, BASE)
    assert pairfit.squared_error(data, fitted) < 0.5 * pairfit.squared_error(data, plain)


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["fantasy-tune", "--modules", "bogus"]) == 2
    assert "unknown module" in capsys.readouterr().err
    bad = tmp_path / "weights.py"
    bad.write_text("FITS = {'base': 3}\n")
    assert main(["fantasy-tune", "--games", "2", "--write", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "not a weights module" in err and len(err.strip().splitlines()) == 1
    assert bad.read_text() == "FITS = {'base': 3}\n"  # left as it was
    broken = tmp_path / "broken.py"
    broken.write_text("FITS = {\n")
    assert main(["fantasy-tune", "--games", "2", "--write", str(broken)]) == 1
    assert "not a weights module" in capsys.readouterr().err


def test_the_command_prints_its_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    out = tmp_path / "w.py"
    assert main(["fantasy-tune", "--games", "2", "--epochs", "1", "--jobs", "1", "--write", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["card_set"] == "base" and out.exists()
    assert set(pairfit.load_fits(out)[0]) == {"base"}
