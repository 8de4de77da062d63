"""Events shown by lingering: each is applied as soon as its turn comes, and the table
lingers its beat after it before the next one (the kit's other way is :mod:`flight`).

:class:`LingerDirector` keeps the timer; a game says how an event is applied (``show``)
and what else moves meanwhile (``tick``). Hero Realms' director is the worked example.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any

from game.ui.tablekit.director import Director, L, M


class LingerDirector(Director[M, L]):
    """The kit's queue and beats, each event applied at once and lingered on for its beat."""

    def __init__(self, model: M, log: L, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None) -> None:
        super().__init__(model, log, speed, sound)
        self.timer = 0.0  # seconds the table still lingers on the last event applied

    @property
    def busy(self) -> bool:
        return self.timer > 0

    def stop(self) -> None:
        self.timer = 0.0

    def update(self, dt: float) -> int:
        """Apply the events whose turn has come (all of them at the "instant" setting);
        returns how many were applied."""
        self.timer -= dt
        n = 0
        factor = self.speed()
        while self.queue and (self.timer <= 0 or factor <= 0):
            e, own = self.queue.popleft()
            self.show(e)
            n += 1
            self.timer = max(0.0, self.timer) + self.beat(e, own, factor)
        self.tick(dt)
        return n

    @abstractmethod
    def show(self, e: dict[str, Any]) -> None:
        """Apply ``e`` to the model and show it (its log line and sound: :meth:`note`)."""

    def tick(self, dt: float) -> None:
        """What moves with time whatever the events (nothing by default)."""
