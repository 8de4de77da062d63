"""A host process with few file descriptors, flooded with connections on loopback.

It must keep serving: a fresh ``hello`` is answered at once, the game goes on and
every action reaches the autosave, the log stays short, and the process does not
spin on a listener it cannot accept from.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from game.ai.agent import make_agent
from game.net.client import RemoteClient
from tests.net.net_helpers import env, host_port, kill_all, save_actions, wait_for

resource = pytest.importorskip("resource")
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads CPU time from /proc")

FD_LIMIT = 256
FLOOD_S = 1.2  # connecting as fast as possible
HOLD = 250  # connections the flood keeps open at once (the oldest is closed beyond that)
MOST = 1500  # connections in all


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _low_fd_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))


class Flood:
    """Connections opened as fast as loopback takes them, from a thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened = 0
        self.held: list[socket.socket] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set() and self.opened < MOST:
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=0.2)
            except OSError:
                continue
            self.opened += 1
            self.held.append(s)
            if len(self.held) > HOLD:
                self.held.pop(0).close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for s in self.held:
            s.close()


def _hello_answered_in(port: int) -> float:
    """Seconds the host took to answer a hello (a refusal of a token no seat has), from
    the moment a connection was made. A probe whose hello the host has not read yet may
    be the oldest stranger when the flood's next connection comes, and is evicted as
    `full` (the host keeps room for players that way): it connects again, and its time
    counts from the first connection. Connecting itself is the kernel's: while the
    flood fills the listen backlog a SYN may wait for its retransmission (a second),
    which no host can shorten, so that wait is not counted."""
    waited = 0.0
    for _try in range(5):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            start = time.monotonic()
            s.sendall(b'{"type":"hello","seq":1,"version":2,"name":"Probe","token":"0123"}\n')
            s.settimeout(2)
            answer = s.recv(4096)
            waited += time.monotonic() - start
        if b'"code":"full"' not in answer:
            break
    assert b'"bad_token"' in answer, answer
    return waited


def _read_lines(out: IO[str], lines: list[str]) -> None:
    try:
        lines.extend(out)
    except ValueError:  # the test closed the pipe when it stopped the host
        pass


def test_a_connection_flood_under_a_low_descriptor_limit_costs_the_host_little(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,random",
         "--seed", "3", "--save", str(save), "--no-discovery", "--ai-inline", "--no-takeover", "--timeout", "30"],
        cwd=Path(__file__).resolve().parents[2], env=env(), text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=_low_fd_limit)
    client: RemoteClient | None = None
    flood: Flood | None = None
    lines: list[str] = []
    try:
        port = host_port(host)
        assert host.stdout is not None
        out = host.stdout
        threading.Thread(target=_read_lines, args=(out, lines), daemon=True).start()
        client = RemoteClient("127.0.0.1", port, "Ana")
        agent = make_agent("random", 1, "hero_realms")

        def play(seconds: float, until: Callable[[], bool] = lambda: False) -> None:
            assert client is not None
            end = time.monotonic() + seconds
            acted_at = -1
            while time.monotonic() < end and not client.over and not until():
                client.pump(0.005)
                client.poll()
                view = client.view() if client.status == "ok" else {}
                if client.status == "lobby":
                    client.set_ready(True)
                elif view.get("legal") and acted_at != client.n:
                    client.submit(client.seat or 0, agent.choose(view, view["legal"]))
                    acted_at = client.n

        play(10, until=lambda: client is not None and client.status == "ok")
        assert client.status == "ok", client.closed_reason
        lines_before = len(lines)
        flood = Flood(port)
        flood.thread.start()
        answered = []
        end = time.monotonic() + FLOOD_S
        while time.monotonic() < end:
            play(0.2)
            answered.append(_hello_answered_in(port))
        flood.stop.set()
        flood.thread.join(5)
        # the flood's sockets stay open (and some wait in the backlog): a host out of
        # descriptors would now spin on its listener
        cpu_before, quiet_start = _cpu_seconds(host.pid), time.monotonic()
        time.sleep(0.6)
        quiet_cpu = (_cpu_seconds(host.pid) - cpu_before) / (time.monotonic() - quiet_start)
        flood.close()
        play(0.3)
        n = client.n
        wait_for(lambda: len(save_actions(save)) >= n, 3, "the autosave to hold every action")
        log = lines[lines_before:]
    finally:
        if flood is not None:
            flood.close()
        if client is not None:
            client.close()
        kill_all(host)
    assert flood.opened > 400, flood.opened  # a real flood: well over the descriptor limit
    assert max(answered) < 0.5, answered
    assert quiet_cpu < 0.3, quiet_cpu
    assert len(log) < 20, log[:20]
    # the game's start names its autosave; a line read late from the pipe may still be that one
    told = [line for line in log if not line.startswith("game started")]
    assert not any("autosave" in line or "save" in line and "fail" in line for line in told), log
