"""``python -m game puzzle list [--json]`` and ``puzzle check FILE [--line ...] [--json]``:
what they print and their exit statuses (check: 0 solved, 1 not solved, 2 a bad file or a
line that does not parse, 3 an action that is not legal), run in this process, and once
as the player runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.cli import main
from game.session import puzzles

ROOT = Path(__file__).resolve().parents[2]
GUARD = puzzles.shipped_dir() / "hero_realms" / "01_stun_the_guard.toml"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json_lists_ten_puzzles_of_each_game_and_the_players_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles.user_dir().mkdir(parents=True)
    (puzzles.user_dir() / "broken.toml").write_text('game = "hero_realms"\nid = "x"\n', encoding="utf-8")
    code, out, err = _run(capsys, "puzzle", "list", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    counts = Counter(p["game"] for p in doc["puzzles"])
    assert set(counts) == {"hero_realms", "fantasy_realms", "herosdei"} and min(counts.values()) >= 10
    first = doc["puzzles"][0]
    assert {"id", "game", "title", "goal", "hint", "source", "origin"} <= set(first)
    assert first["goal"]["kind"] and first["goal"]["text"] and Path(first["source"]).is_file()
    assert [(p["origin"], Path(p["source"]).name) for p in doc["problems"]] == [("user", "broken.toml")]
    assert "needs a 'title'" in doc["problems"][0]["reason"]
    assert doc["user_folder"] == str(puzzles.user_dir())


def test_list_prints_a_line_a_puzzle_and_one_for_each_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles.user_dir().mkdir(parents=True)
    (puzzles.user_dir() / "broken.toml").write_text("[", encoding="utf-8")
    code, out, _ = _run(capsys, "puzzle", "list", "--game", "herosdei")
    lines = out.splitlines()
    assert code == 0 and all(ln.split()[1] == "herosdei" for ln in lines if ln.startswith("hd-"))
    assert sum(ln.startswith("hd-") for ln in lines) >= 10
    assert any(ln.startswith("bad file: ") and "malformed TOML" in ln for ln in lines)
    assert ", 1 bad file (your own go in " in lines[-1] and lines[-1].endswith(f"{puzzles.user_dir()})")


def test_check_the_solution_solves_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "puzzle", "check", str(GUARD))
    assert code == 0 and out.startswith("solved: hr-01-stun-the-guard (win this turn) in 6 actions") and err == ""


def test_check_by_id_and_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "puzzle", "check", "fr-03-the-royal-army", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["solved"] and doc["status"] == "solved" and doc["game"] == "fantasy_realms"
    assert doc["line"] == ["draw light_cavalry", "discard necromancer"] and doc["goal"]["score"] == 200


@pytest.mark.parametrize(("line", "status", "says"), [
    ("play intimidation; play hit_job; play dagger; attack 1:borg_ogre_mercenary 6; attack 1 7; end", 1,
     "the turn ended and the game goes on"),
    ("play intimidation", 1, "the line ends before the goal is decided"),
    ("play intimidation; attack 1 5", 3, "action 2 (attack 1 5) is not legal: seat 1 is protected"),
    ("play intimidation; fly away", 2, "action 2 (fly away) does not parse"),
])
def test_check_another_line(capsys: pytest.CaptureFixture[str], line: str, status: int, says: str) -> None:
    code, out, err = _run(capsys, "puzzle", "check", str(GUARD), "--line", line)
    assert code == status and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("not solved: hr-01-stun-the-guard") and says in err
    code, out, _ = _run(capsys, "puzzle", "check", str(GUARD), "--line", line, "--json")
    assert code == status and json.loads(out)["solved"] is False


def test_check_a_bad_file_or_a_missing_one_gives_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(GUARD.read_text(encoding="utf-8").replace('"hit_job", "gold"', '"hit_jobs", "gold"'),
                   encoding="utf-8")
    for target, says in ((bad, "unknown card id 'hit_jobs'"), (tmp_path / "none.toml", "no such file")):
        code, out, err = _run(capsys, "puzzle", "check", str(target))
        assert code == 2 and out == "" and len(err.splitlines()) == 1 and says in err and "Traceback" not in err


def test_puzzle_without_a_subcommand_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["puzzle"])
    assert exc.value.code == 2


def test_the_program_lists_and_checks_as_the_player_runs_it(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), REALMS_TABLE_HOME=str(tmp_path / "home"))
    listed = subprocess.run([sys.executable, "-m", "game", "puzzle", "list", "--json"], capture_output=True,
                            text=True, env=env, cwd=tmp_path, timeout=120)
    assert listed.returncode == 0 and len(json.loads(listed.stdout)["puzzles"]) >= 30
    wrong = subprocess.run([sys.executable, "-m", "game", "puzzle", "check", str(GUARD), "--line", "end"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert wrong.returncode == 1 and wrong.stdout == "" and len(wrong.stderr.splitlines()) == 1
