"""A named pipe, a folder or a device where a file is read never hangs a reader (issue
56.3): every reader of a file a player hands the game, run for real (``replay``,
``herosdei-deck check``, ``scenario``, ``fantasy-score --hands``, ``stats`` with a pipe in
the history folder, the settings loader the table starts with, the LAN seats the join
list reads, ``host --resume``), refuses it in one line saying what it is, in bounded time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")

BOUND_S = 10  # a reader that waits for a writer would wait forever


def run(tmp: Path, *argv: str) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), REALMS_TABLE_HOME=str(tmp / "home"))
    try:
        p = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=BOUND_S)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{argv[2:]} hung on the special file")
    return p.returncode, p.stdout, p.stderr


def specials(tmp: Path, name: str) -> dict[str, Path]:
    pipe = tmp / "pipe" / name
    pipe.parent.mkdir()
    os.mkfifo(pipe)
    folder = tmp / "folder" / name
    folder.mkdir(parents=True)
    return {"named pipe": pipe, "folder": folder, "device": Path(os.devnull)}


COMMANDS = {
    "replay": (["replay"], "g.json"),
    "herosdei-deck check": (["herosdei-deck", "check"], "d.toml"),
    "scenario": (["scenario"], "s.toml"),
    "fantasy-score --hands": (["fantasy-score", "--hands"], "h.toml"),
    "host --resume": (["host", "--port", "0", "--no-discovery", "--resume"], "g.json"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_refuses_a_pipe_a_folder_or_a_device_in_one_line(command: str, tmp_path: Path) -> None:
    argv, name = COMMANDS[command]
    for what, path in specials(tmp_path, name).items():
        code, _out, err = run(tmp_path, "-m", "game", *argv, str(path))
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (what, err)
        assert f"a {what}" in err and str(path) in err, (what, err)


def test_stats_skip_a_pipe_in_the_history_folder(tmp_path: Path) -> None:
    history = tmp_path / "history"
    history.mkdir()
    os.mkfifo(history / "20261201-000000-hero_realms.json")
    (history / "20261202-000000-hero_realms.json").mkdir()
    code, out, err = run(tmp_path, "-m", "game", "stats", "--history", str(history))
    assert code == 0 and out.startswith("0 games"), err
    skipped = err.strip().splitlines()
    assert len(skipped) == 2 and "a named pipe" in skipped[0] and "a folder" in skipped[1], err


def test_the_settings_and_the_lan_seats_refuse_a_pipe_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "settings.json"
    os.mkfifo(pipe)
    code, out, err = run(tmp_path, "-c", "import sys; from pathlib import Path; "
                                         "from game.ui.settings import load_settings; "
                                         "print(load_settings(Path(sys.argv[1]))[1])", str(pipe))
    assert code == 0 and "a named pipe" in out and "defaults used" in out, (out, err)
    code, out, err = run(tmp_path, "-c", "import sys; from pathlib import Path; "
                                         "from game.net import seat_tokens; "
                                         "print(seat_tokens.load(Path(sys.argv[1])))", str(pipe))
    assert code == 0 and out.strip() == "[]" and "a named pipe" in err, (out, err)
