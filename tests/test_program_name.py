"""``--help`` and the command line's errors name the program the way it was started:
``realms-table`` (the installed command), ``python -m game``, or the standalone
build's ``RealmsTable``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import program_name

ROOT = Path(__file__).resolve().parent.parent


def test_the_installed_command_names_itself() -> None:
    script = shutil.which("realms-table", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the project is not installed in this environment (pip install -e .)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    res = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60, env=env)
    assert res.returncode == 0
    assert res.stdout.startswith("usage: realms-table ")
    bad = subprocess.run([script, "sim", "--games", "x"], capture_output=True, text=True, timeout=60, env=env)
    assert bad.returncode == 2 and bad.stderr.startswith("realms-table sim: error:")


def test_python_dash_m_game_names_itself() -> None:
    res = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60,
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert res.stdout.startswith("usage: python -m game ")


def test_the_names() -> None:
    assert program_name(argv0="C:/Games/RealmsTable/RealmsTable.exe", frozen=True) == "RealmsTable"
    assert program_name(argv0="/Applications/RealmsTable.app/Contents/MacOS/RealmsTable", frozen=True) == "RealmsTable"
    assert program_name(argv0="/usr/bin/realms-table", frozen=True) == "realms-table"  # the .deb's link
    assert program_name(argv0="", frozen=True, executable="/opt/realms-table/RealmsTable") == "RealmsTable"
    assert program_name(argv0="C:/Python312/Scripts/realms-table.exe", frozen=False) == "realms-table"
    assert program_name(argv0="/usr/bin/realms-table", frozen=False) == "realms-table"
    assert program_name(argv0="/src/game/__main__.py", frozen=False) == "python -m game"
