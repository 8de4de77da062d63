"""Events shown as flights: a card takes off from where the event starts, flies for
the event's beat and lands where it ends.

:class:`FlightDirector` is the kit's :class:`~game.ui.tablekit.director.Director`
for tables whose events fly (Fantasy Realms, HerosDeï): one event in play at a
time, its beat counted down, then landed and the next one taken off; a long
queue (a batch of the AI's moves) plays at half beats, and the "instant" setting
shows every event at once with no flight. A new turn announced across the table
counts down beside it (:func:`draw_announcement` shows it). A game says how an event takes off, lands and is shown at
once, and what else moves meanwhile.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game.ui import theme
from game.ui.tablekit.director import Director, L, M

#: where an event's card takes off (``end`` False) or lands (True): a rect and the card shown (None: a back)
Where = Callable[[dict[str, Any], bool], tuple[pygame.Rect, str | None] | None]


def progress(age: float, dur: float) -> float:
    """How far along (0..1) a movement of ``dur`` seconds is after ``age`` seconds."""
    return 1.0 if dur <= 0 else min(1.0, age / dur)


def on_the_way(src: pygame.Rect, dst: pygame.Rect, t: float, lift: float = 0.0) -> pygame.Rect:
    """The rect of a card ``t`` (0..1) of the way from ``src`` to ``dst``, eased in and
    out, growing or shrinking as it goes; ``lift``: how high it arcs midway, in ``src`` heights."""
    k = t * t * (3 - 2 * t)
    w = src.width + (dst.width - src.width) * k
    h = src.height + (dst.height - src.height) * k
    cx = src.centerx + (dst.centerx - src.centerx) * k
    cy = src.centery + (dst.centery - src.centery) * k
    if lift:
        cy -= (1 - abs(2 * k - 1)) * src.height * lift
    return pygame.Rect(int(cx - w / 2), int(cy - h / 2), max(4, int(w)), max(4, int(h)))


@dataclass
class Flyer:
    """A card on its way for ``dur`` seconds, from ``src`` to ``dst``."""

    card: str | None  # the card shown as it flies (None: a back; a game may name other backs)
    src: pygame.Rect
    dst: pygame.Rect
    dur: float
    given: tuple[str, ...] = ()  # cards carried along with it (HerosDeï: those given to a Character)
    lift: float = 0.0  # how high it arcs midway, in ``src`` heights
    age: float = 0.0

    @property
    def t(self) -> float:
        return progress(self.age, self.dur)

    def rect(self) -> pygame.Rect:
        return on_the_way(self.src, self.dst, self.t, lift=self.lift)


class FlightDirector(Director[M, L]):
    """The kit's queue and beats, each event in play for its beat between a takeoff and a landing."""

    #: with more events waiting than this, beats are halved
    catch_up: ClassVar[int] = 10

    def __init__(self, model: M, log: L, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None, where: Where | None = None) -> None:
        super().__init__(model, log, speed, sound)
        self.where = where
        self.current: tuple[dict[str, Any], float] | None = None  # the event in play, seconds left
        self.announce: tuple[str, int, float, float] | None = None  # (kind, seat, seconds left, total)
        self.flyer: Flyer | None = None  # the card the event in play sends on its way

    @property
    def busy(self) -> bool:
        return self.current is not None

    def update(self, dt: float) -> None:
        factor = self.speed()
        if self.announce is not None:
            kind, seat, left, total = self.announce
            self.announce = (kind, seat, left - dt, total) if left > dt else None
        self.tick(dt, factor)
        if self.current is not None:
            e, left = self.current
            left -= dt
            self.age(dt)
            if left > 0 and factor > 0:
                self.current = (e, left)
                return
            self._land(e)
        while self.queue:
            e, own = self.queue.popleft()
            beat = self.beat(e, own, factor)
            if len(self.queue) > self.catch_up:
                beat *= 0.5
            if beat <= 0:  # instant: no flight, the event is shown at once
                self.at_once(e, beat)
                continue
            self._takeoff(e, beat)
            self.current = (e, beat)
            return

    def tick(self, dt: float, factor: float) -> None:
        """What moves with time whatever the event in play (nothing by default); ``factor``: the speed."""

    def age(self, dt: float) -> None:
        """The event in play's movements go ``dt`` seconds on (its flyer's, unless a game has more)."""
        if self.flyer is not None:
            self.flyer.age += dt

    def stop(self) -> None:
        """End the event in play at once, unshown (a game with more in motion stops those too)."""
        self.current = None
        self.flyer = None

    def departure(self, e: dict[str, Any]) -> tuple[pygame.Rect, str | None] | None:
        """Where ``e``'s card takes off, and the card shown (asked before the model moves it)."""
        return self.where(e, False) if self.where is not None else None

    def fly(self, e: dict[str, Any], src: tuple[pygame.Rect, str | None] | None, dur: float,
            given: tuple[str, ...] = (), lift: float = 0.0) -> bool:
        """``e``'s card on its way for ``dur`` seconds from ``src`` (its :meth:`departure`) to
        where it lands; no flight (False) when either place is not on the table."""
        dst = self.where(e, True) if src is not None and self.where is not None else None
        self.flyer = Flyer(src[1], src[0], dst[0], dur, given=given, lift=lift) if src is not None and dst is not None else None
        return self.flyer is not None

    @abstractmethod
    def at_once(self, e: dict[str, Any], beat: float) -> None:
        """Show ``e`` at once, with no flight (the "instant" setting)."""

    @abstractmethod
    def _takeoff(self, e: dict[str, Any], beat: float) -> None:
        """``e`` comes into play for ``beat`` seconds: logged, sounded, its flight started."""

    @abstractmethod
    def _land(self, e: dict[str, Any]) -> None:
        """``e``'s beat is over: its flight lands and nothing is in play."""


def draw_announcement(surf: pygame.Surface, text: str, color: tuple[int, int, int], play: pygame.Rect,
                      centery: int, left: float, total: float, scale: float) -> None:
    """An announcement (a new turn, the game's end) in large letters on a dark band across
    the ``play`` area at ``centery``, fading out over the last part of its ``total`` seconds."""
    alpha = int(255 * min(1.0, left / max(0.05, total * 0.4)))
    t = theme.text(text, int(40 * scale), color, "serif").copy()
    t.set_alpha(alpha)
    band = pygame.Rect(0, 0, play.width, t.get_height() + int(16 * scale))
    band.center = (play.centerx, centery)
    surf.blit(theme.translucent(band.size, (0, 0, 0), alpha // 3, 0), band)
    surf.blit(t, t.get_rect(center=band.center))
