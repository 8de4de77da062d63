"""Save folders: leftovers of a save killed halfway are cleared on the next start, and
a folder another user owns or may write to is refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core import userdirs
from game.core.atomic import is_atomic_temp, remove_stale_temps, write_text_atomic

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(not hasattr(os, "getuid"), reason="owner bits are POSIX")


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_save_killed_halfway_leaves_a_temporary_file_the_next_start_removes(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    write_text_atomic(save, "good\n")
    # a writer stuck in fsync, then killed -9: nothing of it can clean up
    code = ("import os, sys, time\n"
            "from game.core import atomic\n"
            "os.fsync = lambda fd: (print('writing', flush=True), time.sleep(60))\n"
            "atomic.write_text_atomic(sys.argv[1], 'new\\n')\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(save)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    left = [p for p in tmp_path.iterdir() if p != save]
    assert len(left) == 1 and is_atomic_temp(left[0].name) and save.read_text() == "good\n"
    assert remove_stale_temps(tmp_path) == []  # too fresh: it could be a writer still at work
    _age(left[0], 120)
    assert remove_stale_temps(tmp_path) == left
    assert sorted(tmp_path.iterdir()) == [save] and save.read_text() == "good\n"


def test_only_our_own_old_temporary_files_are_removed(tmp_path: Path) -> None:
    ours_old = tmp_path / ".autosave.json.k2j_9x0a.tmp"
    ours_new = tmp_path / ".game.lan.json.abcdefgh.tmp"
    others = [tmp_path / "notes.tmp", tmp_path / ".x.tmp", tmp_path / ".save.json.short.tmp",
              tmp_path / "autosave.json", tmp_path / ".save.json.ABCDEFGH.tmp"]
    for p in [ours_old, ours_new, *others]:
        p.write_text("x")
    folder_like = tmp_path / ".save.json.zzzzzzzz.tmp"
    folder_like.mkdir()
    for p in [ours_old, *others, folder_like]:
        _age(p, 3600)
    assert remove_stale_temps(tmp_path) == [ours_old]
    assert all(p.exists() for p in [ours_new, *others, folder_like])


def test_tidying_a_missing_folder_is_quiet(tmp_path: Path) -> None:
    assert remove_stale_temps(tmp_path / "nowhere") == []


@posix_only
def test_a_folder_of_ones_own_is_a_safe_place_for_saves(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert userdirs.private_folder(folder) is None
    assert folder.stat().st_mode & 0o777 == 0o700
    sticky = tmp_path / "shared"
    sticky.mkdir()
    sticky.chmod(0o1777)  # like /tmp: others may add files but not replace ours
    assert userdirs.folder_problem(sticky) is None


@posix_only
@pytest.mark.parametrize("mode", [0o777, 0o757])
def test_a_folder_everyone_may_write_to_is_refused(tmp_path: Path, mode: int) -> None:
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(mode)
    problem = userdirs.private_folder(folder)
    assert problem is not None and "other users may write" in problem and "\n" not in problem


@posix_only
def test_a_folder_another_group_may_write_to_is_refused_but_not_ones_own_group(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "group"
    folder.mkdir()
    folder.chmod(0o775)  # what umask 002 makes: writable by the user's own one-user group
    assert userdirs.folder_problem(folder) is None
    group = folder.stat().st_gid
    monkeypatch.setattr(os, "getgid", lambda: group + 1)  # the folder's group is someone else's now
    assert "other users may write" in (userdirs.folder_problem(folder) or "")


@posix_only
def test_a_folder_another_user_owns_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    owner = folder.stat().st_uid
    monkeypatch.setattr(os, "getuid", lambda: owner + 1)  # we are someone else now
    problem = userdirs.folder_problem(folder)
    assert problem is not None and "belongs to another user" in problem and str(folder) in problem


@posix_only
def test_a_file_where_the_folder_should_be_is_refused(tmp_path: Path) -> None:
    spot = tmp_path / "spot"
    spot.write_text("x")
    assert "cannot create the folder" in (userdirs.private_folder(spot) or "")
    assert "is not a folder" in (userdirs.folder_problem(spot) or "")
