"""How often the frame loop draws: every frame while something moves, seldom while the
table rests.

A card table spends most of its time waiting for a player who thinks. Sixty frames a
second of a still picture cost a laptop a good part of a core (its fan, its battery),
so the loop (``App.loop``) paces itself:

- **lively**, at 60 FPS, for :data:`LIVELY_S` seconds after an input event, a toast,
  or a frame on which a scene said something moves (``Scene.animating``: a table's
  director playing events, a replay playing);
- **at rest** otherwise: the loop sleeps :data:`REST_POLL_S` at a time, then takes
  the events that came (the first one makes it lively again) and updates the scenes
  (an AI's move, a LAN message is seen within that time and the table moves again);
  a scene that can say what its picture shows (``Scene.picture``: a table's position,
  its status line) is drawn again only when that changes; any other is drawn again
  every :data:`REST_DRAW_S` (a clock, a status line), and the picture sent to the
  screen only when it changed.

Ambient motion (the menus' fan of cards, the glow around the seat that acts, a
lesson's pointer) follows the app's ambient clock (``App.ambient_t``), which stands
still at rest: a resting table is a still picture, and moves again at the first event.
"""

from __future__ import annotations

import time

import pygame

LIVELY_S = 1.5  # seconds of full frame rate after the last input or moving frame
REST_POLL_S = 0.05  # at rest: the sleep between two looks at the events and updates of the scenes
REST_DRAW_S = 0.5  # at rest: how often the picture is drawn again (and shown if it changed)


class LoopClock:
    """The time the frame loop keeps: now, the frame rate's wait, a rest's sleep. The
    tests give the loop one that only counts (``tests/ui/loop_clock.py``), so that
    seconds of lively and resting frames pass without waiting for them."""

    def __init__(self) -> None:
        self._frames = pygame.time.Clock()

    def now(self) -> float:
        return time.monotonic()

    def tick(self, fps: int = 0) -> float:
        """Seconds since the last tick, first waiting so that at most ``fps`` frames a second
        pass (0: no wait)."""
        return self._frames.tick(fps) / 1000.0

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class Pace:
    """Whether the loop is lively or at rest, and what it drew and showed (counted for the bench)."""

    def __init__(self, clock: LoopClock | None = None) -> None:
        self.clock = clock or LoopClock()
        self.lively_until = self.clock.now() + LIVELY_S
        self.drawn_at = float("-inf")
        self.drawn_picture: object | None = None  # what the scenes said the picture last drawn showed
        self.shown: bytes | None = None  # the picture last sent to the screen at rest (None: unknown)
        self.frames = 0  # loop turns
        self.drawn = 0  # pictures drawn
        self.flips = 0  # pictures sent to the screen

    def stir(self, now: float | None = None) -> None:
        """Something happened: full frame rate for the next :data:`LIVELY_S` seconds."""
        now = self.clock.now() if now is None else now
        self.lively_until = max(self.lively_until, now + LIVELY_S)

    def resting(self, now: float | None = None) -> bool:
        return (self.clock.now() if now is None else now) >= self.lively_until

    def draw_due(self, now: float, picture: object | None = None) -> bool:
        """At rest: time to draw the picture again. ``picture``: what the scenes say the
        picture shows now; drawn again as soon as it differs from the one drawn last, and
        only then (None: the scenes cannot say, drawn again every :data:`REST_DRAW_S`)."""
        if picture is not None and self.drawn_picture is not None:
            return picture != self.drawn_picture
        return now - self.drawn_at >= REST_DRAW_S

    def changed(self, picture: bytes) -> bool:
        """At rest: whether ``picture`` (the screen's pixels) differs from the one shown last."""
        if picture == self.shown:
            return False
        self.shown = picture
        return True
