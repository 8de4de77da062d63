"""The LAN line of ``python -m game --selftest``: a loopback game through real sockets.

A bundled build must prove that its network layer works where it runs: a host in a
background thread (its AI seat in a worker process, as in a real game), one remote
seat played over TCP on 127.0.0.1 by a random agent, to the end of the game.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from game.ai.agent import make_agent
from game.net.api import HostConfig, host_in_background
from game.net.client import RemoteClient, wait_any


def check_lan_game(timeout: float = 120.0) -> str:
    with tempfile.TemporaryDirectory(prefix="realms-selftest-") as tmp:
        handle = host_in_background(HostConfig(seats=["remote", "random"], seed=7, port=0, bind="127.0.0.1",
                                               discovery_port=None, save=Path(tmp) / "lan.json"))
        client = RemoteClient("127.0.0.1", handle.port, "Self-test")
        agent = make_agent("random", 7)
        sent_at = -1
        deadline = time.monotonic() + timeout
        try:
            while not client.over:
                if time.monotonic() > deadline or client.status == "closed":
                    raise RuntimeError(f"the LAN game did not finish ({client.closed_reason or client.status})")
                wait_any([client], 0.01)
                client.poll()
                if client.status == "lobby" and sent_at == -1:
                    client.set_ready(True)
                    sent_at = -2
                view = client.view()
                if client.status == "ok" and view.get("legal") and (sent_at != client.n or client.rejected):
                    client.rejected = None
                    client.submit(client.seat or 0, agent.choose(view, view["legal"]))
                    sent_at = client.n
            if client.resyncs:
                raise RuntimeError(f"{client.resyncs} view desyncs")
            return f"loopback LAN game on port {handle.port}: seat {client.winner} won after {client.n} actions"
        finally:
            client.close()
            handle.stop()
