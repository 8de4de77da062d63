"""What every game's end screen over its table does the same way: it dims the table,
keeps its panel's rect, offers Rematch, New game and Title in a row at the panel's foot
(:func:`end_buttons`) and goes to the title on Escape. A game's end screen says where its
panel goes (``layout``) and draws who won and how; it returns the choice ("rematch",
"new", "title")."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Group

if TYPE_CHECKING:
    from game.ui.app import App

T = TypeVar("T")  # the game's table as its helpers see it (its parts protocol)

END_CHOICES = (("gameover.rematch", "rematch", True), ("gameover.new_game", "new", False),
               ("gameover.title_screen", "title", False))


def end_buttons(scene: Scene, x: int, y: int, bw: int, bh: int, can_rematch: bool) -> Group:
    """Rematch, New game and Title screen in a row from (``x``, ``y``): each closes
    ``scene`` with its choice."""
    g = Group()
    for key, value, primary in END_CHOICES:
        b = Button(scene.tr(key), partial(scene.close, value), pygame.Rect(x, y, bw, bh), primary=primary)
        b.enabled = value != "rematch" or can_rematch
        b.app_sound = scene.app.sound.play
        g.add(b)
        x += bw + scene.u(30)
    return g


class TableEndScreen(Scene, Generic[T]):
    """The end of a game over its ``table`` (``conceded``: the seat that gave up, or None)."""

    opaque = False
    dim_below = 190

    def __init__(self, app: App, table: T, conceded: int | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.conceded = conceded
        self.group = Group()
        self.panel = pygame.Rect(0, 0, 10, 10)

    def place_buttons(self, widest: int, can_rematch: bool) -> None:
        """The end buttons centred at the panel's foot, each at most ``widest`` units wide."""
        u = self.u
        bw = min(u(widest), (self.panel.width - u(120)) // 3)
        x = self.panel.centerx - (3 * bw + 2 * u(30)) // 2
        self.group = end_buttons(self, x, self.panel.bottom - u(62), bw, u(46), can_rematch)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close("title")
            return
        self.pointed(event)
        self.group.handle(event)

    def pointed(self, event: pygame.event.Event) -> None:
        """What the game's screen does with an event before its buttons (the hover of a card)."""
