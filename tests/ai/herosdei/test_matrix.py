"""HerosDeï's tournament over every installed deck: the balance matrix (one agent in both
seats of every pair of decks) and the ladder rotated over the pairs of decks."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.ai.commands import pair_figures
from game.ai.herosdei import tournament as hd_tournament
from game.ai.herosdei.tournament import add_pair_figures, every_deck, matrix_tasks, rotated_tasks
from game.ai.tournament import GameResult, GameTask, format_report, report
from game.cli import main
from game.herosdei import decks as deckfiles

GAME = "herosdei"


def test_the_matrix_plays_every_pair_of_decks_with_each_deck_first_as_often() -> None:
    pool = every_deck()
    tasks = matrix_tasks("medium", 4, 7, "standard", pool)
    pairs = Counter(frozenset((t.a, t.b)) for t in tasks)
    n = len(pool)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {4}
    first = Counter(t.arrangement[0] for t in tasks)
    assert set(first.values()) == {2 * (n - 1)}  # each deck in the first seat in half its games
    for t in tasks:
        assert t.players == ("medium", "medium")
        assert [d.civ for d in t.decks] == [pool[name].civ for name in t.arrangement]
        assert t.deal >= 7


def test_the_ladder_rotates_the_pairs_of_decks_and_exchanges_the_seats() -> None:
    pool = every_deck()
    tasks = rotated_tasks(["easy", "random"], 40, 0, "standard", pool)
    n = len(pool)
    assert len({tuple(d.civ for d in t.decks) for t in tasks}) == n * (n - 1) // 2
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for t in tasks:
        by_deal.setdefault(t.deal, []).append(t.arrangement)
    assert all(sorted(arr) == [("easy", "random"), ("random", "easy")] for arr in by_deal.values())
    assert Counter(t.arrangement[0] for t in tasks) == {"easy": 20, "random": 20}


def test_the_matrix_command_prints_every_pair_and_its_first_seat(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", GAME, "--agents", "random", "--decks", "all", "--games", "2", "--jobs", "1"]
    assert main([*args, "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    names = deckfiles.installed()
    assert rep["matrix_agent"] == "random" and rep["decks"] == names
    assert rep["games"] == len(names) * (len(names) - 1) and rep["illegal"] == 0
    assert all(p["games"] == 2 and 0 <= p["first_seat_win_rate"] <= 1 and p["turns_per_game"] >= 1
               for p in rep["pairs"])
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "decks played by random in both seats" in out
    assert all(name in out.splitlines()[2] for name in names)


def test_the_ladder_over_every_deck_reports_the_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", GAME, "--agents", "random,easy", "--decks", "all", "--games", "2",
                 "--jobs", "1", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert [(p["a"], p["b"], p["games"]) for p in rep["pairs"]] == [("easy", "random", 2)]
    assert "matrix_agent" not in rep


def test_one_agent_without_every_deck_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", GAME, "--agents", "medium", "--games", "2", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "one agent with --decks all" in err and err.count("\n") == 1


def test_a_game_stopped_by_the_action_cap_is_counted_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # two such loops were found by agents' games (a Sovereign Good at the hand limit,
    # exhausted futures); the report must say when the cap stopped a game
    monkeypatch.setattr(hd_tournament, "MAX_ACTIONS", 12)
    rep = hd_tournament.run(["easy", "random"], 2, seed=0, decks=["greeks", "vikings"], jobs=1)
    assert rep["capped"] == 2 and rep["pairs"][0]["capped"] == 2 and rep["pairs"][0]["draws"] == 2
    text = format_report(rep)
    assert "games stopped at the action cap: 2" in text
    assert "2 of the draws stopped at the action cap" in text
    assert "stopped at the action cap: easy vs random, deal 0" in text


def test_a_finished_game_is_not_counted_as_capped() -> None:
    rep = hd_tournament.run(["easy", "random"], 2, seed=0, decks=["greeks", "vikings"], jobs=1)
    assert rep["capped"] == 0 and rep["capped_examples"] == []
    assert "games stopped at the action cap: 0" in format_report(rep)


def test_a_pair_reports_how_often_each_deck_was_player_one_and_how_it_fared_each_way() -> None:
    task = GameTask("vikings", "trojans", 0, ("vikings", "trojans"), "standard", 2)

    def game(first: str, winners: tuple[str, ...]) -> GameResult:
        won = None if len(winners) != 1 else winners == (first,)
        return GameResult(task, winners, won, 4, first=first)

    results = ([game("trojans", ("trojans",))] * 5 + [game("trojans", ("vikings",))] * 3
               + [game("vikings", ("vikings",))] + [game("vikings", ("vikings", "trojans"))])
    rep = {"pairs": [{"a": "vikings", "b": "trojans"}], "matrix_agent": "medium"}
    add_pair_figures(rep, results)
    pair = rep["pairs"][0]
    assert pair["first_seat_win_rate"] == round(6 / 9, 4)  # the draw decides nothing
    assert (pair["a_first_share"], pair["a_rate_first"], pair["a_rate_second"]) == (0.2, 0.75, 0.375)
    assert "vikings is player 1 in 0.200 of them and wins 0.750 of those, 0.375 as player 2" in pair_figures(rep)[2]


def test_a_game_stopped_at_the_action_cap_counts_half_as_player_one_as_in_the_matrix() -> None:
    task = GameTask("trojans", "vikings", 0, ("trojans", "vikings"), "standard", 2)
    results = [GameResult(task, ("trojans",), True, 4, first="trojans"),
               GameResult(task, (), None, 99, capped=True, first="trojans")]
    rep = {"pairs": [{"a": "trojans", "b": "vikings"}]}
    add_pair_figures(rep, results)
    assert rep["pairs"][0]["a_rate_first"] == 0.75
    pair = report(["vikings", "trojans"], results, 0, "standard", 2, 1.0)["pairs"][0]
    assert (pair["a"], pair["a_rate"]) == ("trojans", 0.75)
