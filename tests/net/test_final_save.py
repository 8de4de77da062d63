"""A game that ends while the host cannot save is never lost with a success (issue 56.4):
real host processes whose save folder goes away mid-game (every write fails, as on a full
disk). At the end the host tries the save again for a while; a folder back in time holds
the whole game and the host ends with 0; else the whole record goes to a file in the
user's data folder, or, when that fails too, is printed, and the host ends non-zero
saying so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import games
from game.ai.agent import make_agent
from game.net.client import RemoteClient, wait_any
from tests.net.net_helpers import ROOT, host_port, kill_all, output_lines


def host(tmp: Path, save: Path, final_save: float, home: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", REALMS_TABLE_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "game", "host", "--game", "fantasy_realms", "--seats",
                             "remote,random", "--seed", "8", "--port", "0", "--bind", "127.0.0.1", "--no-discovery",
                             "--ai-inline", "--save", str(save), "--final-save", str(final_save)],
                            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def play_with_the_folder_gone(proc: subprocess.Popen[str], folder: Path, after_over: object = None) -> int:
    """Play seat 0 to the end; the save folder gives way to a file after 10 actions.
    ``after_over()`` runs once the game is over; the number of actions played."""
    client = RemoteClient("127.0.0.1", host_port(proc), "Ana", reconnect_window=5)
    agent = make_agent("random", 1, "fantasy_realms")
    sent, broken, ready = -1, False, False
    end = time.monotonic() + 60
    try:
        while not client.over:
            assert time.monotonic() < end and client.status != "closed", (client.status, client.errors())
            wait_any([client], 0.01)
            if client.status == "lobby" and not ready:
                client.set_ready(True)
                ready = True
            if client.n >= 10 and not broken:
                folder.rename(folder.with_name("away"))
                folder.write_text("not a folder")  # every write of the save fails from now on
                broken = True
            view = client.view()
            if client.status == "ok" and view.get("legal") and (sent != client.n or client.rejected):
                client.rejected = None
                client.submit(client.seat or 0, agent.choose(view, view["legal"]))
                sent = client.n
        if after_over is not None:
            after_over()  # type: ignore[operator]
        return client.n
    finally:
        client.close()


def finish(proc: subprocess.Popen[str], timeout: float) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_all(proc)
        pytest.fail("the host did not end")
    return proc.returncode, out, err


def test_a_save_folder_back_in_time_at_the_end_holds_the_whole_game(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    save = folder / "g.json"
    proc = host(tmp_path, save, 20, tmp_path / "home")

    def back() -> None:
        time.sleep(1.0)  # the game is over and its save behind: the host is waiting
        folder.unlink()
        folder.with_name("away").rename(folder)

    try:
        n = play_with_the_folder_gone(proc, folder, back)
        code, out, err = finish(proc, 30)
    finally:
        kill_all(proc)
    assert code == 0, out + err
    rec, st = games.load(save)
    assert st.phase == "over" and len(rec.actions) >= n and output_lines(out, "actions:") == [str(len(rec.actions))]


def test_a_save_that_stays_down_sends_the_record_elsewhere_and_the_host_fails(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    proc = host(tmp_path, folder / "g.json", 1, tmp_path / "home")
    try:
        play_with_the_folder_gone(proc, folder)
        started = time.monotonic()
        code, out, err = finish(proc, 30)
    finally:
        kill_all(proc)
    assert code == 1 and time.monotonic() - started < 15, out + err
    assert any("holds only" in line and "do not resume it" in line for line in out.splitlines()), out
    rescued = Path(output_lines(out, "the game's record:")[0])
    assert rescued.parent == tmp_path / "home" / "data" / "lan"
    rec, st = games.load(rescued)
    assert st.phase == "over" and output_lines(out, "actions:") == [str(len(rec.actions))]


def test_with_nowhere_to_write_the_record_is_printed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    home = tmp_path / "home"
    home.write_text("not a folder either")  # the user's data folder cannot be made
    proc = host(tmp_path, folder / "g.json", 1, home)
    try:
        play_with_the_folder_gone(proc, folder)
        code, out, err = finish(proc, 30)
    finally:
        kill_all(proc)
    assert code == 1, out + err
    printed = output_lines(out, "the game's record (keep this line as a .json file):")
    assert len(printed) == 1
    rec, st = games.loads(printed[0], "printed")
    assert st.phase == "over" and output_lines(out, "actions:") == [str(len(rec.actions))]
    assert json.loads(printed[0])["state_hash"] == st.state_hash()
