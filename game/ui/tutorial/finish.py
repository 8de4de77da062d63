"""The closing panel of a lesson: what the player learnt, and the way back to the title."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scene import Dialog
from game.ui.widgets.basic import Button, Group


class FinishDialog(Dialog):
    """The lesson's title and closing words; its one button (or Enter, or Esc) closes it."""

    def __init__(self, app: Any, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.group = Group()
        self.lines: list[str] = []

    def panel_size(self) -> tuple[int, int]:
        width = self.u(600)
        self.lines = theme.wrap(self.text, theme.font(self.u(18)), width - self.u(60))
        return width, self.u(170) + len(self.lines) * theme.font(self.u(18)).get_linesize()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.group = Group()
        b = Button(self.tr("tutorial.to_title"), lambda: self.close(True),
                   pygame.Rect(self.rect.centerx - self.u(150), self.rect.bottom - self.u(70), self.u(300), self.u(48)),
                   primary=True, hotkey=pygame.K_RETURN)
        b.app_sound = self.app.sound.play
        self.group.add(b)

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(True)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        f = theme.font(self.u(18))
        y = self.rect.top + self.u(72)
        for line in self.lines:
            surf.blit(f.render(line, True, theme.TEXT), (self.rect.left + self.u(30), y))
            y += f.get_linesize()
        self.group.draw(surf)
