"""Budgets that bound what a hostile network can cost the host.

The host's loop serves every player from one thread, so whatever a stranger can
make it do again and again must have a ceiling: how many sockets it holds (so the
process never runs out of file descriptors and its autosave always gets one), how
often it retries a failing ``accept``, how many lines a repeated failure writes to
the log, and how many datagrams it sends back to one address. These are the small
mechanisms for that; ``server.py`` and ``discovery.py`` decide where they apply, as
does ``own_decks.py`` for the size of a deck a player brings.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable

FD_HEADROOM = 48  # descriptors always left free: saves, the seats file, AI worker pipes, the selector
FD_LIMIT_UNKNOWN = 512  # no getrlimit (Windows): the select() of the standard library handles 512 sockets
# A deck a player brings (own_decks.py) is read and judged on the loop: longer lists are refused
# unread (a legal 80-card deck lists at most 80 entries), and its name is shown to every seat
MAX_DECK_ENTRIES = 100
MAX_DECK_NAME = 64


def descriptor_limit() -> int:
    """The soft limit on open file descriptors of this process (capped to a sane figure)."""
    try:
        import resource
    except ImportError:  # Windows
        return FD_LIMIT_UNKNOWN
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft > 1 << 16:
        return 1 << 16
    return int(soft)


def socket_budget(limit: int | None = None) -> int:
    """How many sockets (open and closing) the host may hold at once: well below the
    descriptor limit, so a flood of connections never takes the descriptors the
    autosave, the seats file and the AI workers need."""
    limit = descriptor_limit() if limit is None else limit
    return max(8, limit - max(FD_HEADROOM, limit // 4))


class TokenBucket:
    """``rate`` events a second on average, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = now

    def allow(self, now: float) -> bool:
        """Take one token if there is one."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self, now: float) -> bool:
        """Idle long enough to be back at its burst (forgetting it changes nothing)."""
        return self.tokens + max(0.0, now - self.at) * self.rate >= self.burst


class Backoff:
    """A delay that doubles from ``first`` up to ``most`` while failures repeat and
    goes back to nothing after a success."""

    def __init__(self, first: float = 0.05, most: float = 1.0) -> None:
        self.first = first
        self.most = most
        self.delay = 0.0

    def failed(self) -> float:
        """One more failure: the delay to wait now."""
        self.delay = self.first if self.delay == 0.0 else min(self.most, self.delay * 2)
        return self.delay

    def succeeded(self) -> None:
        self.delay = 0.0


class LogThrottle:
    """A failure that can repeat thousands of times a second gets its first line at
    once, then one line counting the repeats at most every ``every`` seconds."""

    def __init__(self, say: Callable[[str], None], every: float = 5.0) -> None:
        self.say = say
        self.every = every
        self.said_at = -math.inf
        self.held = 0
        self.last = ""

    def note(self, text: str, now: float) -> None:
        """One occurrence of the failure, described by ``text``."""
        self.last = text
        if now - self.said_at >= self.every and not self.held:
            self.said_at = now
            self.say(text)
        else:
            self.held += 1
            self.tick(now)

    def tick(self, now: float) -> None:
        """Write the count of the repeats held back, when it is due."""
        if self.held and now - self.said_at >= self.every:
            count, self.held = self.held, 0
            self.say(f"{self.last} (the last of {count} in {now - self.said_at:.0f} s)")
            self.said_at = now


class Reserve:
    """One descriptor held in reserve (``os.devnull``), given up for a moment when the
    process has none left so that a connection waiting in the kernel can be accepted
    and closed (else the listening socket stays ready and the loop spins on it)."""

    def __init__(self) -> None:
        self.fd: int | None = None
        self.take()

    def take(self) -> None:
        if self.fd is None:
            try:
                self.fd = os.open(os.devnull, os.O_RDONLY)
            except OSError:  # none free now: taken again after the next shed
                self.fd = None

    def release(self) -> bool:
        """Give the descriptor back to the system; False if none was held."""
        if self.fd is None:
            return False
        os.close(self.fd)
        self.fd = None
        return True

    def close(self) -> None:
        self.release()
