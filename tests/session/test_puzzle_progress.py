"""The puzzle progress file: kept across runs, a bad file set aside with its reason (never
written over), a failed write said in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.session.puzzle_progress import Progress, progress_path
from game.session.puzzles import listing


def test_progress_round_trips_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "puzzles" / "progress.json"
    p = Progress(path)
    assert p.record("hr-01", False, 4) is None
    assert p.record("hr-01", True, 6) is None
    assert p.record("hr-01", True, 5) is None
    assert p.record("fr-02", False, 2) is None
    again = Progress(path)
    assert again.problem is None
    one, two = again.of("hr-01"), again.of("fr-02")
    assert (one.solved, one.attempts, one.best) == (True, 3, 5)
    assert (two.solved, two.attempts, two.best) == (False, 1, None)
    assert not again.of("never-played").solved


def test_the_file_is_in_the_user_puzzle_folder_and_never_listed_as_a_puzzle() -> None:
    path = progress_path()
    assert path.parent.name == "puzzles"
    assert Progress(path).record("x", True, 1) is None
    assert path.is_file()
    assert all(Path(e.source) != path for e in listing())


@pytest.mark.parametrize("text", ["{not json", json.dumps({"version": 1, "puzzles": {"a": {"solved": "yes"}}}),
                                  json.dumps([1, 2]), json.dumps({"version": 1, "puzzles": {"a": {"solved": True,
                                                                                              "attempts": -1}}})])
def test_a_corrupt_file_is_set_aside_with_its_reason(tmp_path: Path, text: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(text, encoding="utf-8")
    p = Progress(path)
    assert p.problem is not None and "\n" not in p.problem and "set aside" in p.problem
    assert p.entries == {}
    aside = tmp_path / "progress.json.bad"
    assert aside.read_text(encoding="utf-8") == text  # kept as it was, for the player to look at
    assert p.record("a", True, 3) is None
    assert Progress(path).of("a").solved


def test_a_bad_file_that_cannot_be_set_aside_is_not_written_over(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    path.write_text("garbage", encoding="utf-8")

    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.session.puzzle_progress.os.replace", refuse)
    p = Progress(path)
    assert p.locked and p.problem is not None and "not saved" in p.problem
    assert p.record("a", True, 1) == p.problem
    assert path.read_text(encoding="utf-8") == "garbage"


def test_a_write_that_fails_is_said_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    p = Progress(blocker / "progress.json")  # its folder is a file: it can never be written
    problem = p.record("a", True, 1)
    assert problem is not None and "progress not saved" in problem and "\n" not in problem
    assert p.of("a").solved  # kept for this run all the same
