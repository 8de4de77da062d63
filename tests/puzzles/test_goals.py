"""The goals as each game's engine judges them, on small puzzles written here: the Hero
Realms survive search finds a defeat that needs a card bought this turn, HerosDeï's
control and kill goals, the goals a position refuses, and the attempt a Puzzles screen
plays line by line (open, then solved; refused once decided; started again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import DataError, IllegalActionError, NotationError
from game.core.puzzle import FAILED, OPEN, SOLVED
from game.session import puzzles

SURVIVE = """
game = "hero_realms"
id = "survive-a-bought-bomb"
title = "A bomb bought next turn"
goal = {{ kind = "survive" }}
hint = "Deception's ally sends the opponent's next buy to its hand."
solution = ["end"]

[position]
active = 0
[[position.players]]
health = {health}
hand = ["gold", "gold", "gold", "gold", "gold"]
deck = ["gold", "gold", "gold", "gold", "gold"]
[[position.players]]
hand = ["deception", "profit", "gold", "gold", "ruby"]
deck = ["gold", "gold", "gold", "gold"]
discard = ["gold", "gold"]
[position.market]
row = ["fire_bomb", "taxation", "recruit"]
"""

HD = """
game = "herosdei"
id = "hd-inline"
title = "Inline"
goal = {goal}
hint = "A hint."
solution = {solution}

[position]
variant = "standard"
phase = "attack"
first = 0
to_act = 0
[[position.players]]
hand = ["cheval_de_bois", "ruse_d_ulysse"]
characters = [{{ card = "achille" }}]
[[position.players]]
characters = [{{ card = "hector", attacked = true }}, {{ card = "paris", attacked = true }}, {{ card = "myrmidon", attacked = true }}]
"""


def _puzzle(tmp_path: Path, text: str) -> puzzles.Puzzle:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return puzzles.load_puzzle(path)


def test_the_survive_search_finds_a_defeat_through_a_card_bought_and_played_next_turn(tmp_path: Path) -> None:
    result = puzzles.check(_puzzle(tmp_path, SURVIVE.format(health=17)))
    assert result.verdict.status == FAILED
    assert "buy fire_bomb" in result.verdict.text and "play fire_bomb" in result.verdict.text


def test_the_survive_search_spares_a_player_no_line_can_defeat(tmp_path: Path) -> None:
    # the fire bomb 8 and 5 sacrificed, profit's ally 4: 17 at most, whatever the order
    result = puzzles.check(_puzzle(tmp_path, SURVIVE.format(health=18)))
    assert result.solved, result.verdict.text


def test_a_survive_goal_is_for_two_players_and_a_defeat_names_an_opponent(tmp_path: Path) -> None:
    three = SURVIVE.format(health=18).replace("[position.market]", "[[position.players]]\n[position.market]")
    with pytest.raises(DataError, match="two players"):
        _puzzle(tmp_path, three)
    with pytest.raises(DataError, match="not an opponent"):
        _puzzle(tmp_path, three.replace('{ kind = "survive" }', '{ kind = "defeat", target = 0 }'))
    with pytest.raises(DataError, match=r"goal\.target: must be a whole number from 0 to 2"):
        _puzzle(tmp_path, three.replace('{ kind = "survive" }', '{ kind = "defeat", target = 5 }'))


def test_herosdei_control_is_met_by_taking_a_character_and_kill_is_not_met_by_a_bounce(tmp_path: Path) -> None:
    control = _puzzle(tmp_path, HD.format(goal='{ kind = "control", target = "1:hector" }',
                                          solution='["play cheval_de_bois on 1:hector"]'))
    assert puzzles.check(control).solved
    kill = _puzzle(tmp_path, HD.format(goal='{ kind = "kill", target = "1:myrmidon" }',
                                       solution='["play ruse_d_ulysse on 1:myrmidon", "skip", "attack 0:achille 1:paris", "skip"]'))
    result = puzzles.check(kill)
    assert result.verdict.status == FAILED and "has left play" in result.verdict.text


@pytest.mark.parametrize(("goal", "reason"), [
    ('{ kind = "kill", target = "1:ajax" }', "no Character 1:ajax is in play"),
    ('{ kind = "kill", target = "0:achille" }', "the player's own Characters"),
    ('{ kind = "kill", target = "hector" }', "not a Character in play"),
    ('{ kind = "reach", kills = 0 }', "from 1 to 1000"),
    ('{ kind = "reach" }', "kills = N or vp = N"),
    ('{ kind = "reach", kills = 3, vp = 2 }', "kills = N or vp = N"),
    ('{ kind = "win_this_turn", score = 3 }', "unknown field 'score'"),
    ('{ kind = "survive" }', "must be one of win_this_turn, kill, control, reach"),
    ('"win"', "must be a table"),
])
def test_a_goal_the_game_refuses_gives_its_reason(tmp_path: Path, goal: str, reason: str) -> None:
    with pytest.raises(DataError, match=reason) as exc:
        _puzzle(tmp_path, HD.format(goal=goal, solution='["pass"]'))
    assert "\n" not in str(exc.value) and ": goal" in str(exc.value)


def test_an_attempt_is_open_then_solved_refuses_more_lines_and_starts_again() -> None:
    puzzle = next(p for p in puzzles.puzzles("herosdei") if p.id == "hd-02-the-sword-of-avalon")
    attempt = puzzle.attempt()
    assert attempt.verdict().status == OPEN and "done" in attempt.legal()
    attempt.play("play excalibur on 0:lancelot")
    attempt.play("done")
    assert attempt.to_act() == attempt.solver  # the opponent's one move, its own done, was played for it
    with pytest.raises(IllegalActionError):
        attempt.play("attack 0:lancelot 1:nobody")
    with pytest.raises(NotationError):
        attempt.play("charge!")
    attempt.play("attack 0:lancelot 1:paris")
    assert attempt.verdict().status == SOLVED and attempt.legal() == []
    with pytest.raises(IllegalActionError, match="already solved"):
        attempt.play("pass")
    attempt.restart()
    assert attempt.played == [] and attempt.verdict().status == OPEN


def test_a_fantasy_realms_score_is_open_until_the_turn_is_over() -> None:
    puzzle = next(p for p in puzzles.puzzles("fantasy_realms") if p.id == "fr-03-the-royal-army")
    attempt = puzzle.attempt()
    attempt.play("draw light_cavalry")
    assert attempt.verdict().status == OPEN
    attempt.play("discard necromancer")
    assert attempt.verdict().status == SOLVED and attempt.verdict().params["score"] >= 200
