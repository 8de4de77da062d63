"""A tiny seeded random generator whose whole state is one integer.

The engine keeps its RNG inside the game state so that a game replays bit for bit
from (setup, seed, actions). Python's ``random.Random`` would work, but its state
is 625 words (slow to clone, bulky to save) and its shuffle algorithm is not
promised stable across versions. SplitMix64 is small, fast in pure Python and
fully specified here.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator; ``state`` is a plain int so cloning is free."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (n >= 1), by rejection to avoid bias."""
        if n <= 1:
            return 0
        limit = _MASK - (_MASK % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 bits of precision."""
        return (self.next_u64() >> 11) / float(1 << 53)
