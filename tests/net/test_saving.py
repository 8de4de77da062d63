"""The LAN host's autosave: a failure is logged and told to every client at once, the
game goes on, the save is retried while nobody acts; the save folder must be the
operator's own, and leftovers of interrupted saves are cleared when a host starts."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.net import saving as host_module
from game.net.api import HostHandle
from game.net.client import RemoteClient
from game.net.host import HostConfig, NetHost
from game.session import session as session_module
from tests.net.net_helpers import Player, drive, replay, start_host


def _break(folder: Path) -> None:
    """The save folder goes away and a file takes its name: every write fails."""
    folder.rename(folder.with_name(folder.name + ".away"))
    folder.write_text("not a folder")


def _fix(folder: Path) -> None:
    folder.unlink()
    folder.with_name(folder.name + ".away").rename(folder)


def _saved_and_played(host: HostHandle, save: Path) -> tuple[list[str], list[str]]:
    """The save's actions and the game's, read on the host's thread (no action between)."""
    def both() -> tuple[list[str], list[str]]:
        assert host.host.session is not None
        return list(replay(save)[0].actions), list(host.host.session.record.actions)

    result: tuple[list[str], list[str]] = host.host.call(both)
    return result


def _failed(lines: list[str]) -> list[str]:
    return [ln for ln in lines if "autosave to" in ln and "failed" in ln]


def test_a_save_folder_broken_mid_game_is_reported_at_once_and_every_action_is_saved_once_fixed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "SAVE_RETRY_S", 0.2)
    folder = tmp_path / "saves"
    save = folder / "autosave.json"
    lines: list[str] = []
    host = start_host(tmp_path, ["remote", "remote"], seed=11, save=save, log=lines.append)
    players = [Player(RemoteClient("127.0.0.1", host.port, f"P{i}", reconnect_window=30), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.n >= 12 for p in players), timeout=30)
        host.host.call(lambda: _break(folder))
        broken_at = players[0].client.n
        drive(players, lambda: all(p.client.n >= broken_at + 12 for p in players), timeout=30)
        # the host said it once, the players heard it, the game went on
        assert len(_failed(lines)) == 1 and "the game goes on" in _failed(lines)[0], lines
        for p in players:
            notices = p.client.save_notices()
            assert [n["ok"] for n in notices] == [False] and notices[0]["reason"] == "File exists", notices
            assert str(tmp_path) not in str(notices[0])  # the host's paths stay on the host
        # a player who comes back while saving still fails hears it too
        host.host.call(lambda: host.host.drop(next(pr for pr in host.host.peers.values() if pr.seat == 1), "test"))
        back: list[dict[str, Any]] = []

        def heard_again() -> bool:
            back.extend(players[1].client.save_notices())
            return bool(back)

        drive(players, heard_again, timeout=10)
        assert "reconnecting" in players[1].statuses and [n["ok"] for n in back] == [False]
        # nobody acts any more; the folder comes back; the host saves without waiting for an action
        for p in players:
            p.play = False
        host.host.call(lambda: _fix(folder))
        drive(players, lambda: all(p.client.save_ok for p in players)
              and any(ln.startswith("autosave works again") for ln in lines), timeout=5)
        saved, played = _saved_and_played(host, save)
        assert saved == played  # a kill now would lose nothing
        assert all([n["ok"] for n in p.client.save_notices()] == [True] for p in players)
        assert len(_failed(lines)) <= 2  # rate-limited: at most one more line in ten seconds
        host.stop(resumable=True)
        again = start_host(tmp_path, [], save=save, resume=True)
        try:
            assert again.snapshot()["n"] >= len(played)  # (an action on its way when play stopped may follow)
        finally:
            again.stop()
    finally:
        for p in players:
            p.client.close()
        host.stop()
        if not folder.is_dir():
            _fix(folder)


def test_a_host_start_clears_what_an_interrupted_save_left(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    stale, fresh = tmp_path / ".autosave.json.a1b2c3d4.tmp", tmp_path / ".autosave.json.e5f6g7h8.tmp"
    for p in (stale, fresh):
        p.write_text("{half a save")
    then = time.time() - 600
    os.utime(stale, (then, then))
    lines: list[str] = []
    host = start_host(tmp_path, ["remote", "remote"], save=save, log=lines.append)
    host.stop()
    assert not stale.exists() and fresh.exists()  # a fresh one may be another writer's, at work
    assert any("removed 1 temporary file left by an interrupted save" in ln for ln in lines), lines


def _host_args(save: Path) -> list[str]:
    return ["host", "--save", str(save), "--port", "0", "--bind", "127.0.0.1", "--no-discovery"]


def test_a_save_folder_of_another_user_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    owner = folder.stat().st_uid
    monkeypatch.setattr(os, "getuid", lambda: owner + 1)
    assert main(_host_args(folder / "game.json")) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"host: the folder {folder} belongs to another user (uid {owner}): save in a folder of your own"
    assert not (folder / "game.json").exists()


def test_a_save_folder_others_may_write_to_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o777)
    assert main(_host_args(folder / "game.json")) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "other users may write in the folder" in err


def test_the_default_save_is_in_the_users_data_folder_and_must_be_theirs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    cfg = HostConfig(port=0, bind="127.0.0.1", discovery_port=None, autostart=False)
    host = NetHost(cfg)
    try:
        assert host.save.parent == tmp_path / "home" / "data" / "lan"
        assert host.save.parent.stat().st_mode & 0o777 == 0o700
    finally:
        host.close()
    shutil.rmtree(tmp_path / "home")
    (tmp_path / "home" / "data" / "lan").mkdir(parents=True)
    owner = (tmp_path / "home" / "data" / "lan").stat().st_uid
    monkeypatch.setattr(os, "getuid", lambda: owner + 1)  # someone else made it first
    with pytest.raises(Exception, match="belongs to another user"):
        NetHost(cfg)


def test_a_game_whose_first_save_cannot_be_written_does_not_start_and_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    save.mkdir()  # a folder where the save file should go
    assert main(["host", "--seats", "random,random", "--ai-inline", *_host_args(save)[1:]]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"host: cannot write the save {save} (Is a directory): the game did not start"


def test_an_ai_taking_over_while_the_folder_is_broken_does_not_stop_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "SAVE_RETRY_S", 0.2)
    monkeypatch.setattr(host_module, "SAVE_RETRY_S", 0.2)
    folder = tmp_path / "saves"
    lines: list[str] = []
    host = start_host(tmp_path, ["remote", "remote"], save=folder / "autosave.json", log=lines.append,
                      takeover_after=0.2)
    players = [Player(RemoteClient("127.0.0.1", host.port, f"P{i}"), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.n >= 6 for p in players), timeout=30)
        host.host.call(lambda: _break(folder))
        players[1].client.close()  # gone: the AI takes the seat, and the seats file cannot say so
        n = players[0].client.n
        drive(players[:1], lambda: players[0].client.n >= n + 20 or players[0].client.over, timeout=30)
        assert host.running and any("seats file" in ln and "not written" in ln for ln in lines), lines
        host.host.call(lambda: _fix(folder))
        drive(players[:1], lambda: any("seats file" in ln and "written again" in ln for ln in lines), timeout=5)
    finally:
        for p in players:
            p.client.close()
        host.stop()
        if not folder.is_dir():
            _fix(folder)


def test_a_game_that_cannot_start_for_its_save_starts_once_the_folder_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_module, "SAVE_RETRY_S", 0.2)
    folder = tmp_path / "saves"
    lines: list[str] = []
    host = start_host(tmp_path, ["remote", "remote"], save=folder / "autosave.json", log=lines.append)
    _break(folder)
    players = [Player(RemoteClient("127.0.0.1", host.port, f"P{i}"), seed=i) for i in range(2)]
    try:
        drive(players, lambda: any("cannot start the game" in ln for ln in lines), timeout=10)
        later = time.monotonic() + 0.5
        drive(players, lambda: time.monotonic() > later, timeout=5)  # a retry or two: said once
        assert sum("cannot start the game" in ln for ln in lines) == 1 and host.snapshot()["phase"] == "lobby"
        _fix(folder)
        drive(players, lambda: all(p.client.n >= 4 for p in players), timeout=10)
        saved, played = _saved_and_played(host, folder / "autosave.json")
        assert saved == played
    finally:
        for p in players:
            p.client.close()
        host.stop()
        if not folder.is_dir():
            _fix(folder)


def test_the_host_log_says_a_failure_once_then_at_most_once_in_a_while_and_when_it_works_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.hero_realms.record import Record
    from game.session.session import Session

    lines: list[str] = []
    folder = tmp_path / "saves"
    host = NetHost(HostConfig(port=0, bind="127.0.0.1", discovery_port=None, autostart=False,
                              save=folder / "autosave.json", log=lines.append))
    try:
        sess = host.session = Session(Record.standard(2, seed=1, first=0), autosave=host.save)
        _break(folder)
        for seat in (0, 1, 0):
            sess.submit(seat, "end")
            host._watch_saves()
        assert len(lines) == 1 and lines[0].startswith(f"autosave to {host.save} failed: File exists")
        assert "the save holds 0 of 1 actions" in lines[0]
        monkeypatch.setattr(host_module, "SAVE_LOG_EVERY_S", 0.0)  # the while has passed
        host._watch_saves()
        assert len(lines) == 2 and lines[1].endswith("(failed 2 more times; the save holds 0 of 3 actions)")
        host._watch_saves()  # nothing new failed: nothing to say
        sess.submit(1, "end")
        host._watch_saves()
        assert len(lines) == 3 and lines[2].endswith("(failed 1 more time; the save holds 0 of 4 actions)")
        _fix(folder)
        sess.retry_save(now=True)
        host._watch_saves()
        assert lines[3] == f"autosave works again: {host.save} holds all 4 actions"
        _break(folder)
        sess.submit(0, "end")  # fails, and works again before the loop looks
        _fix(folder)
        sess.retry_save(now=True)
        host._watch_saves()
        assert lines[4] == (f"autosave to {host.save} failed: File exists; the next try worked: {host.save} "
                            "holds all 5 actions")
    finally:
        host.close()
        if not folder.is_dir():
            _fix(folder)
