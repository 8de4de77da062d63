"""The tournament: seat balance, statistics, the report and the command line."""

from __future__ import annotations

import json

import pytest

from game.ai.hero_realms.tournament import arrangements, run, tasks_for
from game.ai.tournament import format_report, pairings
from game.cli import main
from game.core.wilson import wilson


def test_seats_are_balanced_in_every_format() -> None:
    assert arrangements("a", "b", "ffa", 2) == [("a", "b"), ("b", "a")]
    four = arrangements("a", "b", "ffa", 4)
    assert len(four) == 2 and all(arr.count("a") == 2 for arr in four)
    three = arrangements("a", "b", "ffa", 3)
    assert len(three) == 6 and sum(arr.count("a") for arr in three) == sum(arr.count("b") for arr in three)
    assert arrangements("a", "b", "hydra", 4) == [("a", "a", "b", "b"), ("b", "b", "a", "a")]
    assert arrangements("a", "b", "emperor", 6) == [("a",) * 3 + ("b",) * 3, ("b",) * 3 + ("a",) * 3]


def test_every_deal_is_played_with_the_seats_swapped() -> None:
    tasks = tasks_for(["easy", "medium"], 6, 10, "ffa", 2)
    assert [(t.deal, t.arrangement) for t in tasks] == [
        (10, ("medium", "easy")), (10, ("easy", "medium")), (11, ("medium", "easy")),
        (11, ("easy", "medium")), (12, ("medium", "easy")), (12, ("easy", "medium"))]
    assert pairings(["easy", "medium", "hard"]) == [("medium", "easy"), ("hard", "easy"), ("hard", "medium")]


def test_wilson_interval() -> None:
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.502, abs=1e-3) and hi == pytest.approx(0.691, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_small_budget_smoke_match_reports_the_agreed_keys() -> None:
    rep = run(["medium", "hard:sims=16,min_samples=2"], 2, seed=3, jobs=1)
    json.dumps(rep)
    pair = rep["pairs"][0]
    assert pair["a"] == "hard:sims=16,min_samples=2" and pair["b"] == "medium"
    assert pair["games"] == 2 and pair["a_wins"] + pair["b_wins"] + pair["draws"] == 2
    assert set(rep["latency_ms"]) == {"medium", "hard:sims=16,min_samples=2"}
    assert {"p50", "p99"} <= set(rep["latency_ms"]["medium"])
    assert rep["illegal"] == 0 and 0 <= rep["first_seat_win_rate"] <= 1


def test_multiplayer_smoke_match() -> None:
    rep = run(["easy", "medium"], 2, seed=1, format="hydra", seats=4, jobs=1)
    assert rep["pairs"][0]["games"] == 2 and rep["illegal"] == 0


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "random,easy", "--games", "2", "--jobs", "1", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["pairs"][0]["a"] == "easy" and rep["pairs"][0]["games"] == 2
    assert main(["tournament", "--agents", "random,grandmaster", "--games", "2"]) == 2
    assert "unknown agent" in capsys.readouterr().err
    assert main(["tournament", "--agents", "random,easy", "--format", "hydra", "--seats", "3"]) == 2
    assert main(["tournament", "--agents", "easy,easy"]) == 2
    assert main(["tournament", "--agents", "easy;hard:depth=2"]) == 2
    assert main(["tournament", "--agents", "random,easy", "--games", "2", "--jobs", "1"]) == 0
    assert "win rate of the row against the column" in capsys.readouterr().out


def test_the_latency_table_keeps_five_digit_turn_times_apart() -> None:
    rep = {"format": "standard", "seats": 2, "seed": 0, "games": 2, "first_seat_win_rate": 0.5,
           "pairs": [{"a": "hard", "b": "medium", "games": 2, "a_wins": 1, "b_wins": 1, "draws": 0, "a_rate": 0.5,
                      "a_ci95": [0.1, 0.9]}],
           "first_seat_ci95": [0.1, 0.9], "turns_per_game": 4.0, "illegal": 0, "illegal_examples": [],
           "capped": 0, "capped_examples": [], "seconds": 1.0,
           "latency_ms": {"hard": {"p50": 355.51, "p99": 826.97, "max": 875.5, "decisions": 20289}},
           "turn_ms": {"hard": {"p50": 4279.68, "p99": 12965.36, "max": 19716.66, "turns": 900}}}
    lines = format_report(rep).splitlines()
    header = next(line for line in lines if line.startswith("decision latency"))
    row = next(line for line in lines if line.startswith("  hard ") and "|" in line)
    assert row.split() == ["hard", "355.51", "826.97", "875.5", "20289", "|", "4279.68", "12965.36", "19716.66"]
    assert header.rindex("max") + 3 == row.rindex("19716.66") + 8  # every figure ends under its heading
    assert header.rindex("p99") + 3 == row.rindex("12965.36") + 8
