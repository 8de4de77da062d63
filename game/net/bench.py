"""The "net" section of ``python -m game bench``: loopback latency of LAN play.

A host runs in its own process (as in a real game, with its autosave after every
action); two clients in this process play random legal actions. For each action
we time from the moment one client sends it to the moment the *other* client holds
the view that includes it: the delay a player sees between a friend's move and
the table showing it. Target: p95 <= 50 ms. The same is measured for every other
game of the registry (its figures prefixed by its name): same host and protocol.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game import games
from game.ai.agent import make_agent
from game.net.client import RemoteClient, wait_any


class _ThreadHost:
    """A frozen build cannot start ``python -m game``: the host runs in a thread."""

    def __init__(self, save: Path, seed: int, game: str) -> None:
        from game.net.api import HostConfig, host_in_background

        self.handle = host_in_background(HostConfig(seats=["remote", "remote"], seed=seed, port=0, bind="127.0.0.1",
                                                    discovery_port=None, save=save, game=game))

    def wait(self, timeout: float) -> None:
        self.handle.thread.join(timeout)
        if self.handle.running:
            raise subprocess.TimeoutExpired("host", timeout)

    def terminate(self) -> None:
        self.handle.stop()


def _start_host(save: Path, seed: int, game: str) -> tuple[Any, int]:
    """A host process on a free port; returns (process, port)."""
    if getattr(sys, "frozen", False):
        host = _ThreadHost(save, seed, game)
        return host, host.handle.port
    root = Path(__file__).resolve().parent.parent.parent
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-m", "game", "host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,remote",
           "--no-discovery", "--save", str(save), "--seed", str(seed), "--game", game]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("listening on "):
        proc.kill()
        raise RuntimeError(f"the host did not start ({line.strip()!r})")
    return proc, int(line.rsplit(":", 1)[1])


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def play_and_time(port: int, max_actions: int, seed: int, deadline: float) -> tuple[list[float], int, int]:
    """Play one game (or ``max_actions``) on the host at ``port``; returns the
    latencies (s), the actions timed and the bytes the second client received."""
    clients = [RemoteClient("127.0.0.1", port, f"bench {i}") for i in range(2)]
    latencies: list[float] = []
    try:
        while any(c.phase in ("connecting", "lobby") for c in clients) and time.monotonic() < deadline:
            wait_any(clients, 0.01)
            for c in clients:
                if c.status == "lobby" and not getattr(c, "_bench_ready", False):
                    c.set_ready(True)
                    c._bench_ready = True  # type: ignore[attr-defined]
        agents = [make_agent("random", seed + i, c.game or games.DEFAULT) for i, c in enumerate(clients)]
        while len(latencies) < max_actions and time.monotonic() < deadline:
            if any(c.over or c.status == "closed" for c in clients):
                break
            mover = next((c for c in clients if c.view().get("legal") and c.status == "ok"), None)
            if mover is None:
                wait_any(clients, 0.01)
                continue
            other = clients[1 - clients.index(mover)]
            target = mover.n + 1
            view = mover.view()
            line = agents[clients.index(mover)].choose(view, view["legal"])
            t0 = time.perf_counter()
            mover.submit(mover.seat or 0, line)
            give_up = time.monotonic() + 5.0
            while other.n < target and time.monotonic() < give_up and other.status == "ok" and not mover.rejected:
                wait_any([other], 0.05)
            if other.n < target:
                break  # refused or lost: stop timing rather than report a wrong figure
            latencies.append(time.perf_counter() - t0)
            while mover.n < target and time.monotonic() < give_up and mover.status == "ok":
                wait_any([mover], 0.05)
        conn = clients[1]._conn
        received = conn.bytes_in if conn is not None else 0
        return latencies, len(latencies), received
    finally:
        for c in clients:
            c.close()


def _measure(folder: Path, actions: int, budget: float, game: str = games.DEFAULT) -> tuple[list[float], int, int]:
    latencies: list[float] = []
    received = played = 0
    deadline = time.monotonic() + budget
    while len(latencies) < actions and time.monotonic() < deadline:
        proc, port = _start_host(folder / f"bench-{played}.json", played, game)
        try:
            got, _n, bytes_in = play_and_time(port, actions - len(latencies), played, deadline)
        finally:
            try:
                proc.wait(timeout=3)  # a finished game: the host exits by itself
            except subprocess.TimeoutExpired:
                proc.terminate()
                proc.wait(timeout=5)
        latencies += got
        received += bytes_in
        played += 1
    return latencies, received, played


def net_section(quick: bool) -> dict[str, Any]:
    actions = 150 if quick else 1000
    with tempfile.TemporaryDirectory() as tmp:
        latencies, received, played = _measure(Path(tmp), actions, 60 if quick else 240)
    if not latencies:
        return {"error": "no action was timed"}
    ms = [x * 1000 for x in latencies]
    figures: dict[str, Any] = {
        "actions_timed": len(ms),
        "games": played,
        "latency_p50_ms": round(_percentile(ms, 0.50), 2),
        "latency_p95_ms": round(_percentile(ms, 0.95), 2),
        "latency_max_ms": round(max(ms), 2),
        "target_p95_ms": 50,
        "bytes_per_action_to_client": round(received / len(ms)),
    }
    for other in games.playable():
        if other == games.DEFAULT:
            continue
        # every other game of the registry: half the actions, its figures prefixed by its name
        with tempfile.TemporaryDirectory() as tmp:
            timed, got, played = _measure(Path(tmp), actions // 2, 30 if quick else 120, other)
        if timed:
            other_ms = [x * 1000 for x in timed]
            figures.update({
                f"{other}_actions_timed": len(other_ms),
                f"{other}_games": played,
                f"{other}_latency_p50_ms": round(_percentile(other_ms, 0.50), 2),
                f"{other}_latency_p95_ms": round(_percentile(other_ms, 0.95), 2),
                f"{other}_latency_max_ms": round(max(other_ms), 2),
                f"{other}_bytes_per_action_to_client": round(got / len(other_ms)),
            })
    shm = Path("/dev/shm")
    if not quick and shm.is_dir() and os.access(shm, os.W_OK):
        # the same with the autosave on a RAM disk: what the network and engine cost alone
        with tempfile.TemporaryDirectory(dir=shm) as tmp:
            fast, _r, _g = _measure(Path(tmp), 400, 60)
        if fast:
            fast_ms = [x * 1000 for x in fast]
            figures["ramdisk_save_p50_ms"] = round(_percentile(fast_ms, 0.50), 2)
            figures["ramdisk_save_p95_ms"] = round(_percentile(fast_ms, 0.95), 2)
    return figures
