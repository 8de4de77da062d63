"""A clock for the LAN tests that moves only when the test says so (game/net/clock.py).

The host's and the client's timers read it; its waits still watch the real sockets
(their bytes are real), for a few milliseconds at most, so that a loop in another
thread sees the clock moved at once and never spins. :meth:`FakeClock.advance` moves
it: a timeout of a minute is one call, not a minute.
"""

from __future__ import annotations

import selectors
import threading
import time

SLICE_S = 0.005  # the longest real wait of one select or sleep


class FakeClock:
    """Stopped (``runs=False``): time moves only by :meth:`advance`, for a host turned step
    by step. Running: it also moves with real time, for a host in its thread serving real
    clients (their rate limits and heartbeats need time to pass), and :meth:`advance`
    jumps it forward over a wait."""

    def __init__(self, start: float = 1000.0, runs: bool = False) -> None:
        self._now = start
        self._runs = runs
        self._started = time.monotonic()
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now + (time.monotonic() - self._started if self._runs else 0.0)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds

    def sleep(self, seconds: float) -> None:
        time.sleep(min(seconds, SLICE_S))

    def select(self, sel: selectors.BaseSelector, timeout: float) -> list[tuple[selectors.SelectorKey, int]]:
        return sel.select(min(timeout, SLICE_S))
