"""Plays the Fantasy Realms events one by one at a pace a person can follow.

Each event takes a beat (scaled by the animation speed setting): a card that
moves takes off from its zone, flies, and lands in its new zone; a new turn is
announced across the table; the end of the game pauses a moment. The viewer's
own moves go faster (they know what they did). The table polls the game only
when the director is idle, so an AI's next move waits until the last one is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.tablekit.director import Director

BEATS = {
    "card_drawn": 0.42, "card_taken": 0.42, "card_discarded": 0.42, "turn_started": 0.45, "cards_to_deck": 0.35,
    "item_dealt": 0.3, "item_used": 0.5, "item_discarded": 0.25, "item_stolen": 0.45, "traded": 0.45,
    "offered": 0.35, "game_ending": 1.1, "hand_scored": 0.12, "game_over": 0.3, "revealed": 0.3,
}
OWN_FACTOR = 0.6
CATCH_UP = 10  # with more events waiting than this, beats are halved
SOUNDS = {"card_drawn": "card", "card_taken": "card", "card_discarded": "card", "turn_started": "turn",
          "cards_to_deck": "shuffle", "item_used": "coin", "traded": "card", "game_over": "win"}

Where = Callable[[dict[str, Any], bool], tuple[pygame.Rect, str | None] | None]


@dataclass
class Flyer:
    card: str | None  # a card id, None for a hidden card, "item?" for an item back
    src: pygame.Rect
    dst: pygame.Rect
    dur: float
    age: float = 0.0

    @property
    def t(self) -> float:
        return 1.0 if self.dur <= 0 else min(1.0, self.age / self.dur)

    def rect(self) -> pygame.Rect:
        k = self.t
        k = k * k * (3 - 2 * k)  # ease in and out
        w = self.src.width + (self.dst.width - self.src.width) * k
        h = self.src.height + (self.dst.height - self.src.height) * k
        cx = self.src.centerx + (self.dst.centerx - self.src.centerx) * k
        cy = self.src.centery + (self.dst.centery - self.src.centery) * k - (1 - abs(2 * k - 1)) * self.src.height * 0.25
        return pygame.Rect(int(cx - w / 2), int(cy - h / 2), max(4, int(w)), max(4, int(h)))


class FantasyDirector(Director[FantasyModel, FantasyLog]):
    """The kit's queue and beats; an event's card takes off, flies its beat and lands."""

    beats = BEATS
    sounds = SOUNDS
    own_factor = OWN_FACTOR

    def __init__(self, model: FantasyModel, log: FantasyLog, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None, where: Where | None = None) -> None:
        super().__init__(model, log, speed, sound)
        self.where = where
        self.current: tuple[dict[str, Any], float] | None = None  # the event in flight, seconds left
        self.flyer: Flyer | None = None
        self.announce: tuple[str, int, float, float] | None = None  # (kind, seat, seconds left, total)

    @property
    def busy(self) -> bool:
        return self.current is not None

    def stop(self) -> None:
        self.current = None
        self.flyer = None

    def update(self, dt: float) -> None:
        factor = self.speed()
        if self.announce is not None:
            kind, seat, left, total = self.announce
            self.announce = (kind, seat, left - dt, total) if left > dt else None
        if self.current is not None:
            e, left = self.current
            left -= dt
            if self.flyer is not None:
                self.flyer.age += dt
            if left > 0 and factor > 0:
                self.current = (e, left)
                return
            self._land(e)
        while self.queue:
            e, own = self.queue.popleft()
            beat = self.beat(e, own, factor)
            if len(self.queue) > CATCH_UP:
                beat *= 0.5
            if beat <= 0:  # instant: no flight, the event is shown at once
                self._announce(e, beat)
                self.model.apply(e)
                continue
            self._takeoff(e, beat)
            self.current = (e, beat)
            return

    def _announce(self, e: dict[str, Any], beat: float) -> None:
        """Count, log and sound the event; a new turn or the game's end is announced."""
        self.note(e)
        t = e["type"]
        if t == "turn_started":
            self.announce = ("turn", int(e["seat"]), max(0.6, beat * 2.5), max(0.6, beat * 2.5))
        elif t == "game_ending":
            self.announce = ("ending", -1, max(0.8, beat * 1.5), max(0.8, beat * 1.5))

    def _takeoff(self, e: dict[str, Any], beat: float) -> None:
        src = self.where(e, False) if self.where is not None else None
        self.model.takeoff(e)
        self._announce(e, beat)
        self.flyer = None
        if src is not None and self.where is not None:
            dst = self.where(e, True)
            if dst is not None:
                self.flyer = Flyer(src[1], src[0], dst[0], beat * 0.9)

    def _land(self, e: dict[str, Any]) -> None:
        self.model.land(e)
        self.current = None
        self.flyer = None
