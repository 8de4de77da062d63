"""The tournament command on Fantasy Realms: seat balance, the report, determinism, errors."""

from __future__ import annotations

import json

import pytest

from game.ai.fantasy_realms.tournament import run, tasks_for
from game.cli import main

GAME = "fantasy_realms"
SMALL = "hard:sims=4,full_sims=4,min_samples=2,cap_s=60,workers=1"  # small, one process, never cut by the clock: deterministic


def test_every_deal_is_played_with_the_seats_swapped() -> None:
    tasks = tasks_for(["medium", "hard"], 4, 7, 2)
    assert [(t.deal, t.arrangement) for t in tasks] == [
        (7, ("hard", "medium")), (7, ("medium", "hard")), (8, ("hard", "medium")), (8, ("medium", "hard"))]
    assert all(t.format == GAME for t in tasks)
    three = tasks_for(["easy", "medium"], 6, 0, 3, ("promo",))
    assert sum(t.arrangement.count("easy") for t in three) == sum(t.arrangement.count("medium") for t in three)
    assert all(t.modules == ("promo",) for t in three)


def test_small_budget_smoke_match_reports_the_agreed_keys() -> None:
    rep = run(["medium", SMALL], 2, seed=3)
    json.dumps(rep)
    pair = rep["pairs"][0]
    assert pair["a"] == SMALL and pair["b"] == "medium"
    assert pair["games"] == 2 and pair["a_wins"] + pair["b_wins"] + pair["draws"] == 2
    assert set(rep["latency_ms"]) == {"medium", SMALL}
    assert {"p50", "p99"} <= set(rep["latency_ms"][SMALL])
    assert rep["illegal"] == 0 and 0 <= rep["first_seat_win_rate"] <= 1


def test_a_seed_gives_the_same_games() -> None:
    first = run(["easy", SMALL], 2, seed=11)
    again = run(["easy", SMALL], 2, seed=11)
    assert first["pairs"] == again["pairs"]
    assert first["turns_per_game"] == again["turns_per_game"]


def test_more_seats_and_modules() -> None:
    rep = run(["easy", "medium"], 2, seed=5, seats=3, modules=("cursed_items",))
    assert rep["pairs"][0]["games"] == 2 and rep["illegal"] == 0 and rep["modules"] == ["cursed_items"]


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", GAME, "--games", "2", "--jobs", "1", "--seed", "2"]
    assert main([*args, "--agents", "random,easy", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["pairs"][0]["a"] == "easy" and rep["pairs"][0]["games"] == 2
    assert {"a", "b", "games", "a_wins", "b_wins", "draws"} <= set(rep["pairs"][0])
    assert {"p50", "p99"} <= set(rep["latency_ms"]["easy"])
    assert main([*args, "--agents", "random,easy"]) == 0
    out = capsys.readouterr().out
    assert "win rate of the row" in out and "first seat wins" in out and "p99" in out


@pytest.mark.parametrize("extra,reason", [
    (["--agents", "random,grandmaster"], "unknown agent"),
    (["--agents", "random,hard:depth=3"], "no option"),
    (["--agents", "random,easy", "--modules", "bogus"], "unknown module"),
    (["--agents", "random,easy", "--seats", "7"], "2-6 players"),
    (["--agents", "random,easy", "--format", "hydra"], "--format is for Hero Realms"),
    (["--agents", "easy,easy"], "two different agents"),
    (["--agents", "random,easy", "--decks", "greeks,vikings"], "no decks to choose"),
])
def test_bad_arguments_give_one_line_and_exit_2(extra: list[str], reason: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", GAME, "--games", "2", "--jobs", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1


def test_unknown_game_and_modules_without_fantasy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "chess", "--agents", "random,easy"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["tournament", "--agents", "random,easy", "--modules", "promo"]) == 2
    assert "--modules is for" in capsys.readouterr().err
    assert main(["tournament", "--agents", "random,easy", "--decks", "greeks,vikings"]) == 2
    assert "--decks is for HerosDeï" in capsys.readouterr().err
