"""A frame loop's clock that only counts: a lively frame takes exactly 1/60 s of it and a
rest's sleep exactly its seconds, with no real wait, so a test of the loop's pace runs
seconds of it at once (the real clock's waits are measured by ``bench --only idle``)."""

from __future__ import annotations

from game.ui.pace import LoopClock


class CountingClock(LoopClock):
    def __init__(self) -> None:
        self.t = 1000.0
        self.ticked = self.t

    def now(self) -> float:
        return self.t

    def tick(self, fps: int = 0) -> float:
        if fps:
            self.t = max(self.t, self.ticked + 1.0 / fps)
        dt, self.ticked = self.t - self.ticked, self.t
        return dt

    def sleep(self, seconds: float) -> None:
        self.t += seconds
