"""The clock the LAN host and client live by, given to them rather than read from ``time``.

The host's timers (a stranger's hello, a silent peer, the heartbeat, a dropped seat
opened again in the lobby or taken over by an AI, the autosave's retries, the
lingering after a game, the listener's back-off, the rate limits) all read one
:class:`Clock`, and its loop waits on its sockets through it; so do the client's
heartbeat, timeouts and reconnection. A program runs on :data:`REAL`; a test hands
them a clock it moves by hand, so that minutes of those timers pass without waiting.
Discovery's wait is for the network's answers, and stays on real time.
"""

from __future__ import annotations

import selectors
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean anything)."""

    def sleep(self, seconds: float) -> None:
        """Let ``seconds`` pass."""

    def select(self, sel: selectors.BaseSelector, timeout: float) -> list[tuple[selectors.SelectorKey, int]]:
        """The sockets of ``sel`` ready within ``timeout`` seconds (0: those ready now)."""


class RealClock:
    """The system's monotonic clock, and real waiting."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def select(self, sel: selectors.BaseSelector, timeout: float) -> list[tuple[selectors.SelectorKey, int]]:
        return sel.select(timeout)


REAL: Clock = RealClock()
