"""The command line: documented exit codes and one-line reasons, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout, env={"PYTHONPATH": str(ROOT), "REALMS_TABLE_HOME": os.environ["REALMS_TABLE_HOME"], "SDL_VIDEODRIVER": "dummy",
                                                "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})


def _one_line_error(res: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr


@pytest.mark.parametrize("args", [
    ["sim", "--games", "x"], ["sim", "--games", "0"], ["sim", "--seats", "9"], ["sim", "--format", "chess"],
    ["scenario"], ["scenario", "/nonexistent.toml"], ["frobnicate"], ["bench", "--nope"],
])
def test_bad_arguments(args: list[str]) -> None:
    res = run(*args)
    assert res.returncode == 2
    _one_line_error(res)


def test_version() -> None:
    res = run("--version")
    assert res.returncode == 0 and res.stdout.startswith("Realms Table ")


def test_sim_json() -> None:
    res = run("sim", "--games", "20", "--seats", "3", "--seed", "4", "--json")
    assert res.returncode == 0, res.stderr
    figures = json.loads(res.stdout)
    assert figures["games"] == 20 and figures["violation_count"] == 0 and figures["unfinished"] == 0
    assert 0 <= figures["first_seat_win_rate"] <= 1 and figures["turns_per_game"] > 5


def test_bench_json_quick() -> None:
    res = run("bench", "--json", "--quick", "--only", "engine", timeout=300)
    assert res.returncode == 0, res.stderr
    engine = json.loads(res.stdout)["engine"]
    for key in ("games_per_second", "clone_us", "legal_actions_us", "apply_us"):
        assert engine[key] > 0


@pytest.mark.parametrize("content,code,words", [
    ("name = 'x'\nplayers = 3\n", 2, "players"),
    ("[[players]]\nhand = ['gold', 'unicorn']\n[[players]]\n", 2, "unknown card id 'unicorn'"),
    ("this is not toml", 2, "malformed TOML"),
    ("actions = ['play']\n[[players]]\n[[players]]\n", 2, "'play' takes 1 argument"),
    ("actions = ['play gold']\n[[players]]\n[[players]]\n", 3, "no gold in your hand"),
    ("actions = ['play gold']\n[[players]]\nhand=['gold']\n[[players]]\n[expect]\n'players.0.gold' = 2\n", 1,
     "expected 2, got 1"),
])
def test_scenario_exit_codes(tmp_path: Path, content: str, code: int, words: str) -> None:
    f = tmp_path / "s.toml"
    f.write_text(content, encoding="utf-8")
    res = run("scenario", str(f))
    assert res.returncode == code, res.stderr
    assert words in res.stderr
    assert "Traceback" not in res.stderr


def test_join_without_headless_opens_the_table_on_that_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # the command line's front opens the table; the LAN commands only say where to
    import argparse

    import game.ui.app
    from game.cli import main

    opened: list[argparse.Namespace] = []
    monkeypatch.setattr(game.ui.app, "run_app", lambda args: opened.append(args) or 0)
    assert main(["join", "127.0.0.1:4123", "--name", "Ana"]) == 0
    assert len(opened) == 1 and opened[0].join_address == ("127.0.0.1", 4123) and opened[0].name == "Ana"
