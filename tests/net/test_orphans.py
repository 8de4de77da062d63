"""No AI process outlives the host or client that made it, and a stop signal closes a
game as Ctrl+C does.

A headless host or client runs its agents in worker processes, with multiprocessing's
resource tracker beside them. Killed outright (kill -9), the owner closes nothing:
the worker must notice by itself and end, and the tracker with it. Stopped by
SIGTERM (or Ctrl+C), the host tells its clients the game will resume, prints how to
resume it and stops its workers; a client says goodbye and stops its worker.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.client import RemoteClient
from tests.net.net_helpers import Player, drive, host_port, kill_all, spawn

pytestmark = [
    pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="finds a process's children in /proc"),
    pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals"),
]

GONE_WITHIN = 5.0  # seconds a worker and its tracker may take to notice their owner is gone


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(x) for x in f.read().split()]
    except OSError:
        pass
    return out


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for child in _children(pid):
        found += [child, *_descendants(child)]
    return found


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _ai_processes(owner: int) -> dict[str, list[int]]:
    """The multiprocessing processes under ``owner``: its workers and resource tracker."""
    kinds: dict[str, list[int]] = {"worker": [], "tracker": []}
    for pid in _descendants(owner):
        cmd = _cmdline(pid)
        if "resource_tracker" in cmd:
            kinds["tracker"].append(pid)
        elif "spawn_main" in cmd:
            kinds["worker"].append(pid)
    return kinds


class Orphans:
    """The AI processes seen under an owner; killed at the end whatever happened, so a
    failing test leaves none behind."""

    def __init__(self) -> None:
        self.pids: set[int] = set()

    def track(self, owner: int) -> dict[str, list[int]]:
        kinds = _ai_processes(owner)
        self.pids.update(kinds["worker"] + kinds["tracker"])
        return kinds

    def assert_gone(self) -> None:
        assert self.pids, "no AI process was seen"
        end = time.monotonic() + GONE_WITHIN
        while any(_alive(p) for p in self.pids) and time.monotonic() < end:
            time.sleep(0.02)
        left = {p: _cmdline(p)[:80] for p in self.pids if _alive(p)}
        assert not left, f"still running {GONE_WITHIN} s after their owner ended: {left}"

    def kill(self) -> None:
        for p in self.pids:
            if _alive(p) and "multiprocessing" in _cmdline(p):  # still ours, not a reused pid
                os.kill(p, signal.SIGKILL)


@pytest.fixture
def orphans() -> Iterator[Orphans]:
    seen = Orphans()
    try:
        yield seen
    finally:
        seen.kill()


def _has_worker_and_tracker(orphans: Orphans, owner: int) -> bool:
    kinds = orphans.track(owner)
    return bool(kinds["worker"] and kinds["tracker"])


def _host(save: Path, seats: str) -> subprocess.Popen[str]:
    return spawn("host", "--port", "0", "--bind", "127.0.0.1", "--seats", seats, "--save", str(save),
                 "--no-discovery", "--no-takeover")


def _play_until_host_ai_runs(port: int, host: subprocess.Popen[str], orphans: Orphans) -> Player:
    """Join the host's remote seat and play it until the AI seat's worker runs; then the
    player stops, so the game waits for it (the host keeps its worker)."""
    me = Player(RemoteClient("127.0.0.1", port, "Ana", reconnect_window=30))
    drive([me], lambda: _has_worker_and_tracker(orphans, host.pid), timeout=8)
    me.play = False
    return me


def test_a_host_killed_outright_takes_its_ai_worker_and_tracker_with_it(tmp_path: Path, orphans: Orphans) -> None:
    host = _host(tmp_path / "game.json", "random,remote")
    try:
        _play_until_host_ai_runs(host_port(host), host, orphans)
        host.send_signal(signal.SIGKILL)
        host.wait(5)
        orphans.assert_gone()
    finally:
        kill_all(host)


@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_host_stopped_by_a_signal_closes_the_game_for_resuming(tmp_path: Path, orphans: Orphans,
                                                                   sig: int, status: int) -> None:
    save = tmp_path / "game.json"
    host = _host(save, "random,remote")
    try:
        me = _play_until_host_ai_runs(host_port(host), host, orphans)
        host.send_signal(sig)
        out, err = host.communicate(timeout=GONE_WITHIN)
        drive([me], lambda: me.client.status != "ok", timeout=GONE_WITHIN)
        assert host.returncode == status, err
        assert "Traceback" not in err, err
        assert f"the game did not finish; resume it with: python -m game host --resume {save}\n" in out
        assert me.client.status == "reconnecting"  # the seat is kept for the resumed game
        assert any("the host stopped; it may resume the game" in e for e in me.errors), me.errors
        orphans.assert_gone()
        me.client.close()
    finally:
        kill_all(host)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_a_headless_client_stopped_or_killed_takes_its_ai_worker_with_it(tmp_path: Path, orphans: Orphans,
                                                                         sig: int) -> None:
    host = _host(tmp_path / "game.json", "remote,remote")
    procs = [host]
    try:
        port = host_port(host)
        me = Player(RemoteClient("127.0.0.1", port, "Ana", reconnect_window=30))
        bot = spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--name", "Bot")
        procs.append(bot)
        # play until the bot's worker runs; then the game waits for this player
        drive([me], lambda: _has_worker_and_tracker(orphans, bot.pid), timeout=8)
        me.play = False
        bot.send_signal(sig)
        if sig == signal.SIGKILL:
            bot.wait(5)
        else:
            out, err = bot.communicate(timeout=GONE_WITHIN)
            assert bot.returncode == 143, err
            assert "Traceback" not in err, err
            assert "stopped; come back with --token " in out, out
        orphans.assert_gone()
        me.client.close()
    finally:
        kill_all(*procs)
