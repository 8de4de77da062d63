"""The LAN line of ``python -m game --selftest``: a loopback game through real sockets.

A bundled build must prove that its network layer works where it runs: a host in a
background thread (its AI seat in a worker process, as in a real game), one remote
seat played over TCP on 127.0.0.1 by a random agent, to the end of the game. The
same check runs for each game the host serves: the client does not name the game,
it learns it from the host as a real one does.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from game import games
from game.ai.agent import make_agent
from game.net.api import HostConfig, host_in_background
from game.net.client import RemoteClient, wait_any


def check_lan_game(timeout: float = 120.0, game: str = games.DEFAULT, modules: tuple[str, ...] = ()) -> str:
    with tempfile.TemporaryDirectory(prefix="realms-selftest-") as tmp:
        handle = host_in_background(HostConfig(seats=["remote", "random"], seed=7, port=0, bind="127.0.0.1",
                                               discovery_port=None, save=Path(tmp) / "lan.json", game=game,
                                               modules=list(modules)))
        client = RemoteClient("127.0.0.1", handle.port, "Self-test")
        agent: Any = None
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
                if agent is None and client.game is not None:
                    agent = make_agent("random", 7, client.game)
                view = client.view()
                if agent is not None and client.status == "ok" and view.get("legal") and (sent_at != client.n or client.rejected):
                    client.rejected = None
                    client.submit(client.seat or 0, agent.choose(view, view["legal"]))
                    sent_at = client.n
            if client.resyncs:
                raise RuntimeError(f"{client.resyncs} view desyncs")
            if client.game != game:
                raise RuntimeError(f"the client learned the game {client.game!r}, not {game!r}")
            return (f"loopback LAN {game} game on port {handle.port}: seat {client.winner} won "
                    f"after {client.n} actions")
        finally:
            client.close()
            handle.stop()
