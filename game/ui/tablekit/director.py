"""The pace every table plays its engine's events at: a queue of events, one beat each.

The table pushes the viewer's redacted events as they arrive; the director plays
them one after another, lingering on each for its *beat* (a game's table of
seconds per event type, scaled by the animation-speed setting; the player's own
moves go faster, since they know what they did). With the "instant" setting every
event is played at once. The table takes input only while the director is
:attr:`~Director.idle`, so the player acts on what is actually shown.

A game's director says how long each event lingers (``beats``), what it sounds
like (``sounds``) and how an event is shown (its :meth:`~Director.update`);
Hero Realms applies an event then waits its beat, Fantasy Realms flies a card for
the beat and lands it after.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Mapping
from typing import ClassVar, Generic, TypeVar

from game.ui.tablekit.protocols import Event, GameLog, TableModel

M = TypeVar("M", bound=TableModel)
L = TypeVar("L", bound=GameLog)

DEFAULT_BEAT = 0.1  # seconds on an event the game's beats do not name


class Director(ABC, Generic[M, L]):
    """The queue of events still to show, their beats, their sounds."""

    #: seconds the table lingers on each type of event, at normal speed
    beats: ClassVar[Mapping[str, float]] = {}
    #: the sound each type of event makes (types not named are silent)
    sounds: ClassVar[Mapping[str, str]] = {}
    #: how much shorter the beats of the player's own moves are
    own_factor: ClassVar[float] = 1.0

    def __init__(self, model: M, log: L, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None) -> None:
        self.model = model
        self.log = log
        self.speed = speed  # the animation-speed setting: 0 instant, 1 normal, more is slower
        self.sound = sound or (lambda name: None)
        self.queue: deque[tuple[Event, bool]] = deque()  # (event, the player's own move)
        self.applied = 0  # events played so far

    def push(self, events: list[Event], own: bool = False) -> None:
        """Queue a batch of events; ``own``: the player's own move (a shorter beat)."""
        for e in events:
            self.queue.append((e, own))

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing in play: what is shown is all that happened."""
        return not self.queue and not self.busy

    @property
    @abstractmethod
    def busy(self) -> bool:
        """An event is still being shown (its beat not over)."""

    def clear(self) -> None:
        """Forget what is queued and in play (an undo: the table syncs with the view instead)."""
        self.queue.clear()
        self.stop()

    @abstractmethod
    def stop(self) -> None:
        """End the event in play at once, unshown."""

    @abstractmethod
    def update(self, dt: float) -> object:
        """Advance ``dt`` seconds: play the events whose turn has come."""

    def beat(self, e: Event, own: bool, factor: float) -> float:
        """Seconds the table lingers on ``e`` at speed ``factor``."""
        return self.beats.get(e["type"], DEFAULT_BEAT) * factor * (self.own_factor if own else 1.0)

    def note(self, e: Event) -> None:
        """Count ``e`` as played, write it in the log and play its sound."""
        self.applied += 1
        self.log.add(e)
        snd = self.sounds.get(e["type"])
        if snd:
            self.sound(snd)
