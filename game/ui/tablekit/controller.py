"""What every table's controller does with the pointer and the keys, whatever the game.

A game's controller says what lies under the pointer (:meth:`Controller.hit`,
a tuple that starts with the kind of thing hit), what a press, a release and a
key mean in its game, and how a line is sent. The kit keeps the pointer, the
thing hovered and for how long (tooltips and zooms wait for it), and the press
that becomes a drag once the pointer moves far enough (:class:`Press`); Escape
opens the pause menu unless the game takes it back first. Only lines the
engine listed as legal go out: :attr:`Controller.legal` is empty while the
player may not act.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.ui.tablekit.protocols import Point, ShownModel

#: what the pointer is over: a kind first ("hand", "deck"...), then what the game needs
Target = tuple[Any, ...]


@dataclass
class Press:
    """A mouse press on something that may be dragged: a drag once the pointer moves
    past the threshold, a click if it is released before."""

    kind: str
    index: int
    start: Point
    pos: Point = (0, 0)
    active: bool = False

    def follow(self, pos: Point, threshold: float) -> None:
        """The pointer moved to ``pos``; past ``threshold`` pixels from the start the press is a drag."""
        if not self.active and abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) > threshold:
            self.active = True
        self.pos = pos


class ActingTable(Protocol):
    """What a controller reads of its table scene."""

    @property
    def model(self) -> ShownModel: ...

    @property
    def can_act(self) -> bool: ...

    def pause(self) -> None: ...


S = TypeVar("S", bound=ActingTable)
D = TypeVar("D", bound=Press)


class Controller(ABC, Generic[S, D]):
    """The pointer, the hover, the press or drag under way, and the keys' first word."""

    def __init__(self, scene: S) -> None:
        self.scene = scene
        self.mouse: Point = (0, 0)
        self.hover: Target | None = None
        self.hover_time = 0.0  # seconds the pointer has rested on ``hover`` (the table adds the frames)
        self.drag: D | None = None

    @property
    def legal(self) -> list[str]:
        """The lines the player may send now (none while the table is not theirs to act on)."""
        return self.scene.model.legal if self.scene.can_act else []

    @abstractmethod
    def hit(self, pos: Point) -> Target | None:
        """What lies under ``pos``, topmost first (None: the felt)."""

    @abstractmethod
    def send(self, line: str | None) -> bool:
        """Submit ``line`` (None: the gesture means nothing now); whether it went."""

    # ---- the pointer -----------------------------------------------------------------------------
    @property
    def drag_threshold(self) -> float:
        """Pixels the pointer moves before a press becomes a drag."""
        return 8.0

    def hover_key(self, target: Target | None) -> object:
        """What must change for the hover to count as a new one (its tooltip timer restarts)."""
        return target

    def track_hover(self, pos: Point) -> None:
        """Note what the pointer is over now, restarting the hover timer when that changed."""
        t = self.hit(pos)
        if self.hover_key(t) != self.hover_key(self.hover):
            self.hover_time = 0.0
        self.hover = t

    def dragged(self, drag: D) -> bool:
        """The pointer moved with ``drag`` held; whether the hover still follows the pointer."""
        return False

    def mouse_motion(self, pos: Point) -> None:
        self.mouse = pos
        if self.drag is not None:
            self.drag.follow(pos, self.drag_threshold)
            if not self.dragged(self.drag):
                return
        self.track_hover(pos)

    @abstractmethod
    def mouse_down(self, pos: Point) -> None:
        """The left button went down at ``pos``."""

    @abstractmethod
    def mouse_up(self, pos: Point) -> None:
        """The left button came up at ``pos``: a drop or a click."""

    # ---- keys -------------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.escape()
        else:
            self.keyed(event)

    def escape(self) -> None:
        """Escape: the pause menu (a game may first let go of what the player holds)."""
        self.scene.pause()

    @abstractmethod
    def keyed(self, event: pygame.event.Event) -> None:
        """Any other key."""
