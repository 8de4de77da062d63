"""The running statistics a decision's options race on: Hard plays every option in the
same worlds, and reads whether one beats another by the standard error of their
per-world difference (the luck both options share cancels)."""

from __future__ import annotations

import math


class Race:
    """Running sums of the options' values over the worlds they were played in (every
    option still in the race has played every world so far), enough to read the mean
    per-world difference of any two of them and its standard error."""

    def __init__(self, m: int) -> None:
        self.n = 0
        self.s = [0.0] * m
        self.p = [[0.0] * m for _ in range(m)]  # sums of products of two options' values

    def add(self, vals: dict[int, float]) -> None:
        self.n += 1
        for i, v in vals.items():
            self.s[i] += v
            row = self.p[i]
            for j, u in vals.items():
                row[j] += v * u

    def beats(self, a: int, b: int, z: float) -> bool:
        """Whether ``a``'s mean beats ``b``'s by more than ``z`` standard errors of the
        mean per-world difference."""
        n = self.n
        if n < 2:
            return False
        mean = (self.s[a] - self.s[b]) / n
        sq = self.p[a][a] + self.p[b][b] - 2.0 * self.p[a][b]
        var = max(0.0, sq / n - mean * mean) * n / (n - 1)
        return mean > z * math.sqrt(var / n)
