"""Puzzle files a player may write: a malformed one is refused in one line naming the
field (never a traceback, nor a damaged copy of a shipped file), and the listing shows
the player's folder (``<data>/puzzles/``, any folder under it) beside the shipped one,
a bad file listed with its reason instead of stopping the list."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError
from game.session import puzzles
from tests.fuzz_helpers import expect_one_line, mutants

GOOD = puzzles.shipped_dir() / "hero_realms" / "01_stun_the_guard.toml"
TEXT = GOOD.read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))


def _bad(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as exc:
        puzzles.load_puzzle(path)
    reason = str(exc.value)
    assert "\n" not in reason and reason.startswith(str(path)), reason
    return reason


@pytest.mark.parametrize(("change", "reason"), [
    (lambda t: t.replace('goal = { kind = "win_this_turn" }', 'goal = { kind = "win_this_turn"'), "malformed TOML"),
    (lambda t: t.replace('game = "hero_realms"\n', ""), "needs a 'game'"),
    (lambda t: t.replace('game = "hero_realms"', 'game = "chess"'), "game: unknown game 'chess'"),
    (lambda t: t.replace('id = "hr-01-stun-the-guard"', 'id = "Stun The Guard!"'), "id: must be lower-case"),
    (lambda t: t.replace("hint = {", "colour = 3\nhint = {"), "unknown field 'colour'"),
    (lambda t: t.replace('goal = { kind = "win_this_turn" }', 'goal = { kind = "checkmate" }'),
     "goal.kind: must be one of win_this_turn, defeat, survive"),
    (lambda t: t.replace('"play dagger", "attack 1 13"]', '"play dagger", "attack 1 lots"]'), r"solution\[5\]: bad number"),
    (lambda t: re.sub(r"^solution = .*$", "solution = 3", t, flags=re.M), "solution: must be a list"),
    (lambda t: t.replace('wrong = [[', 'wrong = [3, ['), r"wrong\[0\]: must be a list of action lines"),
    (lambda t: t.replace('"intimidation", "hit_job"', '"intimidation", "hit_jobs"'), "unknown card id 'hit_jobs'"),
    (lambda t: t.replace("health = 9\n", "health = -9\n"), r"players\[1\]\.health"),
    (lambda t: t.replace("[position]\n", "[position]\nactions = [\"end\"]\n"), "position.actions: a puzzle's position"),
    (lambda t: t.replace('title = { en = "Stun the guard", ', 'title = { '), "title: needs a text in 'en'"),
    (lambda t: t.replace('title = { en = "Stun the guard", ', 'title = { de = "Wache", en = "Stun", '),
     "title: unknown language 'de'"),
])
def test_a_malformed_puzzle_is_refused_in_one_line_naming_the_field(tmp_path: Path, change: Callable[[str], str],
                                                                   reason: str) -> None:
    text = change(TEXT)
    assert text != TEXT
    assert re.search(reason, _bad(tmp_path, text))


@pytest.mark.parametrize(("position", "reason"), [
    ('hand = ["king", "queen", "knights"]', "holds 3 cards: a hand holds 7"),
    ('hand = ["king", "queen", "knights", "rangers", "forest", "swamp", "kingg"]', "no card is called 'kingg'"),
    ('hand = ["king", "king", "knights", "rangers", "forest", "swamp", "hydra"]', "named twice"),
])
def test_a_fantasy_realms_position_is_checked_field_by_field(tmp_path: Path, position: str, reason: str) -> None:
    text = (puzzles.shipped_dir() / "fantasy_realms" / "03_the_royal_army.toml").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("hand = "))
    assert reason in _bad(tmp_path, text.replace(line, position))


def test_a_fantasy_realms_position_is_three_to_six_players_and_not_a_full_discard_area(tmp_path: Path) -> None:
    text = (puzzles.shipped_dir() / "fantasy_realms" / "03_the_royal_army.toml").read_text(encoding="utf-8")
    assert "3 to 6 of them" in _bad(tmp_path, text.replace("\n[[position.players]]\n\n[[position.players]]\n", "\n"))
    full = 'discard = ["light_cavalry", "smoke", "fire_elemental", "air_elemental", "blizzard", "swamp", "forest", ' \
           '"island", "candle", "forge"]'
    assert "the game ends at 10" in _bad(tmp_path, text.replace(next(ln for ln in text.splitlines()
                                                                      if ln.startswith("discard")), full))


def test_damaged_copies_of_shipped_puzzles_load_or_give_one_line(tmp_path: Path) -> None:
    examples = [p.read_text(encoding="utf-8") for p in sorted(puzzles.shipped_dir().glob("*/0[1-3]_*.toml"))]
    for i, data in enumerate(mutants(examples, "toml", 60, seed=54)):
        expect_one_line(puzzles.load_puzzle, tmp_path / "damaged.toml", data, f"mutant {i}")


def test_the_listing_shows_the_players_puzzles_and_each_bad_file_with_its_reason(tmp_path: Path) -> None:
    mine = puzzles.user_dir() / "mine"
    mine.mkdir(parents=True)
    (mine / "good.toml").write_text(TEXT.replace("hr-01-stun-the-guard", "my-own-guard"), encoding="utf-8")
    (mine / "broken.toml").write_text("this is not TOML = = =", encoding="utf-8")
    (puzzles.user_dir() / "copy.toml").write_text(TEXT, encoding="utf-8")  # an id the shipped one has
    (puzzles.user_dir() / "notes.txt").write_text("not a puzzle", encoding="utf-8")
    entries = puzzles.listing()
    user = {Path(e.source).name: e for e in entries if e.origin == puzzles.USER}
    assert set(user) == {"good.toml", "broken.toml", "copy.toml"}
    assert user["good.toml"].puzzle is not None and user["good.toml"].puzzle.id == "my-own-guard"
    assert user["broken.toml"].puzzle is None and "malformed TOML" in (user["broken.toml"].problem or "")
    assert "is already the puzzle of" in (user["copy.toml"].problem or "")
    assert all("\n" not in (e.problem or "") for e in entries)
    assert sum(e.puzzle is not None for e in entries if e.origin == puzzles.SHIPPED) >= 30


def test_a_shipped_folder_refuses_a_puzzle_of_another_game(tmp_path: Path) -> None:
    shipped = tmp_path / "shipped"
    shutil.copytree(puzzles.shipped_dir() / "hero_realms", shipped / "herosdei")
    entries = puzzles.listing(shipped=shipped, user=tmp_path / "none")
    assert entries and all(e.puzzle is None and "in the folder of herosdei" in (e.problem or "") for e in entries)


@pytest.mark.skipif(sys.platform == "win32" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="POSIX permissions, which root ignores")
def test_an_unreadable_file_is_listed_with_its_reason(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    locked = user / "locked.toml"
    locked.write_text(TEXT, encoding="utf-8")
    locked.chmod(0)
    try:
        entries = [e for e in puzzles.listing(user=user) if e.origin == puzzles.USER]
    finally:
        locked.chmod(0o600)
    assert len(entries) == 1 and entries[0].puzzle is None and entries[0].problem


def test_a_line_written_as_one_text_splits_on_semicolons_and_new_lines() -> None:
    assert puzzles.split_line("play gold; play ruby\n attack 1 3 ;; end") == ["play gold", "play ruby", "attack 1 3", "end"]


def test_the_format_page_names_every_field_and_every_goal_kind() -> None:
    page = (puzzles.shipped_dir() / "README.md").read_text(encoding="utf-8")
    for key in puzzles.TOP_KEYS:
        assert f"`{key}`" in page or f"`[{key}]`" in page, key
    for name in games.names():
        rules = games.game(name).puzzle_rules()
        assert rules is not None and f"`{name}`" in page
        for kind in rules.goals:
            assert f"| `{kind}` |" in page, (name, kind)
