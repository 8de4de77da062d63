"""A headless AI seat answers a HerosDeï window or Monster step after a random pause,
as the host's AI seats do, whatever it holds: the other seat cannot time its hand."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

from game import games
from game.net.client import RemoteClient
from game.net.headless import StopRequest, play_headless
from tests.net.net_helpers import start_host

PAUSE = (0.2, 0.25)


def test_a_headless_seat_answers_a_secret_choice_after_the_pause(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"], seed=4, game="herosdei", format="standard",
                        modules=["greeks,vikings"], secret_pause=(0.0, 0.0))
    client = RemoteClient("127.0.0.1", handle.port, "Ana", seat=0)
    secret = games.game("herosdei").secret_choice
    seen: dict[int, float] = {}  # action count -> when the seat's view became a secret choice
    waits: list[float] = []
    poll, submit = client.poll, client.submit

    def polled() -> Any:
        got = poll()
        view = client.view()
        if view.get("legal") and secret(view) and client.n not in seen:
            seen[client.n] = time.monotonic()
        return got

    def submitted(seat: int, line: str) -> None:
        if client.n in seen:
            waits.append(time.monotonic() - seen[client.n])
        submit(seat, line)

    client.poll = polled  # type: ignore[method-assign]
    client.submit = submitted  # type: ignore[method-assign]
    done: list[int] = []
    stop = StopRequest()  # the loop owns the client: it is stopped, never closed under it from here
    player = threading.Thread(target=lambda: done.append(play_headless(
        client, "random", 1, inline=True, out=lambda _s: None, err=lambda _s: None, give_up_after=60,
        stop=stop, secret_pause=PAUSE)), daemon=True)
    try:
        player.start()
        end = time.monotonic() + 60
        while len(waits) < 8 and player.is_alive():
            assert time.monotonic() < end
            time.sleep(0.05)
        assert len(waits) >= 8, waits
        assert all(PAUSE[0] - 0.02 <= w for w in waits), waits
    finally:
        stop.signum = signal.SIGTERM
        player.join(10)
        client.close()
        handle.stop()
