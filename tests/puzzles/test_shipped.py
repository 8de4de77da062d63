"""Every shipped puzzle (data/puzzles/<game>/) is one: it loads, its solution solves it on
its game's engine with no line to spare, and each wrong line it gives fails its goal."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game import games
from game.core.puzzle import SOLVED
from game.session import puzzles

SHIPPED = sorted(puzzles.shipped_dir().glob("*/*.toml"))
WRONG = [(path, i) for path in SHIPPED for i in range(len(puzzles.load_puzzle(path).wrong))]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", SHIPPED, ids=_id)
def test_the_solution_solves_the_puzzle_with_its_last_line(path: Path) -> None:
    puzzle = puzzles.load_puzzle(path)
    assert puzzle.game == path.parent.name
    result = puzzles.check(puzzle)
    assert result.solved, result.verdict.text
    assert result.verdict.status == SOLVED and result.error is None
    assert result.played == len(puzzle.solution), "the goal was met before the solution's last line"


@pytest.mark.parametrize(("path", "index"), WRONG, ids=[f"{_id(p)}-wrong{i}" for p, i in WRONG])
def test_a_wrong_line_fails_the_goal(path: Path, index: int) -> None:
    puzzle = puzzles.load_puzzle(path)
    result = puzzles.check(puzzle, puzzle.wrong[index])
    assert not result.solved, f"{puzzle.wrong[index]} solves it: {result.verdict.text}"
    assert result.verdict.decided, result.verdict.text  # it ends in a failure, not half-way
    assert result.error is None, f"the wrong line is refused rather than failing: {result.verdict.text}"


def test_each_game_ships_at_least_ten_puzzles_each_with_a_wrong_line_and_both_languages() -> None:
    shipped = [puzzles.load_puzzle(p) for p in SHIPPED]
    counts = Counter(p.game for p in shipped)
    assert set(counts) == set(games.names()) and min(counts.values()) >= 10, counts
    assert len({p.id for p in shipped}) == len(shipped)
    for p in shipped:
        assert p.wrong, f"{p.id} gives no wrong line"
        assert set(p.title) == set(p.hint) == {"en", "fr"}, p.id


def test_every_goal_kind_of_every_game_is_used_by_a_shipped_puzzle_or_tested_here() -> None:
    """The kinds no shipped puzzle uses are those tests/puzzles/test_goals.py plays."""
    used = {(p.game, p.goal.kind) for p in (puzzles.load_puzzle(path) for path in SHIPPED)}
    for name in games.names():
        rules = games.game(name).puzzle_rules()
        assert rules is not None
        assert set(rules.goals) - {k for g, k in used if g == name} <= {"control"}
