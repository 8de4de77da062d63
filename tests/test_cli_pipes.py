"""Every command that prints ends quietly when its reader goes away, as a Unix tool does
(issues 49.3, 56.7): ``python -m game replay FILE --json | head`` and the like, run for
real with standard output a pipe whose reader has closed, end with the status a shell
reports for a tool a closed pipe ended (141) and print nothing, no traceback and no
"Exception ignored"; a host whose log reader goes away stops as on Ctrl+C, its save
whole. And a host killed outright leaves no "leaked semaphore" warning in its log."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import games
from game.core.console import PIPE_STATUS
from game.net.client import RemoteClient, wait_any

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and signals")


def env(home: Path) -> dict[str, str]:
    """The command's environment: none of the warning filters an earlier test may have set."""
    out = dict(os.environ, PYTHONPATH=str(ROOT), REALMS_TABLE_HOME=str(home))
    out.pop("PYTHONWARNINGS", None)
    return out


def closed_pipe() -> int:
    """The write end of a pipe whose reader has gone."""
    r, w = os.pipe()
    os.close(r)
    return w


def commands(tmp: Path) -> dict[str, list[str]]:
    history = tmp / "history"  # a copy: the statistics write their cache beside the files
    shutil.copytree(ROOT / "tests" / "history", history)
    hands = tmp / "hands.toml"
    hands.write_text('[[hand]]\ncards = ["FR01", "FR02", "FR03", "FR04", "FR05", "FR06", "FR07"]\n', encoding="utf-8")
    save = str(ROOT / "tests" / "saves" / "hero_realms_v1.json")
    return {
        "replay --json": ["replay", save, "--json"],
        "replay": ["replay", save],
        "stats --json": ["stats", "--json", "--history", str(history)],
        "stats": ["stats", "--history", str(history)],
        "scenario": ["scenario", str(ROOT / "data" / "scenarios" / "selftest.toml")],
        "herosdei-deck check": ["herosdei-deck", "check", str(ROOT / "data" / "herosdei" / "decks" / "greeks.toml")],
        "fantasy-score --hands": ["fantasy-score", "--hands", str(hands)],
        "discover --json": ["discover", "--timeout", "0.1", "--json", "--port", "1"],
        "sim": ["sim", "--games", "1"],
        "fantasy-match": ["fantasy-match", "random", "random", "--games", "1"],
        "host": ["host", "--seats", "random,random", "--port", "0", "--bind", "127.0.0.1", "--no-discovery",
                 "--ai-inline", "--seed", "1", "--save", str(tmp / "host.json")],
    }


def test_every_printing_command_ends_quietly_on_a_closed_pipe(tmp_path: Path) -> None:
    procs: dict[str, subprocess.Popen[str]] = {}
    w = closed_pipe()
    try:
        for name, argv in commands(tmp_path).items():
            procs[name] = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env(tmp_path / "home"),
                                           stdout=w, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(w)
    results = {name: (p.communicate(timeout=120)[1], p.returncode) for name, p in procs.items()}
    for name, (err, code) in results.items():
        assert err == "" and code == PIPE_STATUS, f"{name}: status {code}, {err[-600:]!r}"
    rec, _state = games.load(tmp_path / "host.json")  # the host stopped with its game saved
    assert rec.setup["seed"] == 1


def host_process(tmp: Path, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """A host of Hero Realms, a remote seat and an AI one; its port, read from its first line."""
    host = subprocess.Popen([sys.executable, "-m", "game", "host", "--seats", "remote,random", "--port", "0",
                             "--bind", "127.0.0.1", "--no-discovery", "--save", str(tmp / "host.json"), *extra],
                            cwd=ROOT, env=env(tmp / "home"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    assert host.stdout is not None
    line = host.stdout.readline()
    assert line.startswith("listening on "), line
    return host, int(line.rsplit(":", 1)[1])


def play_until(client: RemoteClient, n: int, timeout: float) -> None:
    """Play the client's seat (its first legal line) until ``n`` actions are played."""
    end, ready, sent = time.monotonic() + timeout, False, -1
    while time.monotonic() < end and not (client.status == "ok" and client.n >= n) and client.status != "closed":
        wait_any([client], 0.02)
        if client.status == "lobby" and not ready:
            client.set_ready(True)
            ready = True
        view = client.view()
        if client.status == "ok" and view.get("legal") and sent != client.n:
            client.submit(client.seat or 0, view["legal"][0])
            sent = client.n


def test_a_host_whose_log_reader_goes_away_stops_quietly_with_its_game_saved(tmp_path: Path) -> None:
    host, port = host_process(tmp_path, "--ai-inline")
    assert host.stdout is not None
    client = RemoteClient("127.0.0.1", port, "Ana", reconnect_window=0)
    try:
        play_until(client, 0, 10)
        while not host.stdout.readline().startswith("game started"):
            pass
        host.stdout.close()  # ``host | grep -m1 started``: the reader has what it wanted
        play_until(client, 6, 10)
        n = client.n
        client.close()  # the host's next line (the seat dropped) meets the closed pipe
        err = host.communicate(timeout=10)[1]
    finally:
        client.close()
        if host.poll() is None:
            host.kill()
            host.communicate()
    assert host.returncode == PIPE_STATUS and err == "", err
    rec, _state = games.load(tmp_path / "host.json")  # stopped as on Ctrl+C: the save holds the game
    assert len(rec.actions) >= n >= 6


@pytest.mark.skipif(not os.path.exists("/proc/self/fd"), reason="reads /proc")
def test_a_host_killed_outright_leaves_no_leaked_semaphore_warning(tmp_path: Path) -> None:
    """The AI workers' queues are semaphores that multiprocessing's resource tracker cleans
    up when their owner was killed; it must do so without a warning in the host's log."""
    host, port = host_process(tmp_path)  # its AI seat played by a worker process
    client = RemoteClient("127.0.0.1", port, "Ana", reconnect_window=1)
    try:
        play_until(client, 6, 20)
        assert client.n >= 6
        time.sleep(0.5)  # the AI seat's worker is running
        host.send_signal(signal.SIGKILL)
        out, err = host.communicate(timeout=20)  # until the workers and the tracker let go of the log
    finally:
        client.close()
        if host.poll() is None:
            host.kill()
            host.communicate()
    assert "leaked" not in err and "resource_tracker" not in err, err
