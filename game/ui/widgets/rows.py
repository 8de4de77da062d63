"""A row of a scrolling list of files: the Load list's saves, the Replays' games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import theme
from game.ui.widgets.basic import Widget


class ListRow(Widget):
    """One line of a list of files (saves, finished games): a title, details under it
    (in red for a broken file) and, at the right, a mark (Won / Lost); click (or Enter
    when focused) to open it."""

    def __init__(self, title: str, details: str, on_click: Callable[[], Any] | None, rect: pygame.Rect,
                 mark: str = "", won: bool = False, broken: bool = False) -> None:
        super().__init__(rect)
        self.title, self.details, self.mark, self.won = title, details, mark, won
        self.on_click = on_click
        self.broken = broken
        self.enabled = on_click is not None

    def handle(self, event: pygame.event.Event) -> bool:
        if self._mouse(event) and self.enabled:
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.on_click is not None:
            self.on_click()

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        lit = (self.hover or self.focused) and self.enabled
        theme.panel(surf, r, theme.shade(theme.PANEL_LIGHT, 1.18) if lit else theme.PANEL_LIGHT,
                    theme.HILITE if self.focused else theme.PANEL_EDGE, max(4, r.height // 6))
        pad = r.height // 5
        mark_w = 0
        if self.mark:
            m = theme.text(self.mark, int(r.height * 0.3), theme.OK if self.won else theme.DANGER, "bold")
            surf.blit(m, m.get_rect(midright=(r.right - pad, r.centery)))
            mark_w = m.get_width() + pad
        big, small = theme.fit_lines([int(r.height * 0.32), int(r.height * 0.25)], r.height - 2 * (r.height // 9),
                                     ["bold", "regular"])  # at any text size, the two lines stay apart
        t = theme.fit_text(self.title, big, r.width - 2 * pad - mark_w, theme.TEXT, "bold")
        surf.blit(t, (r.left + pad, r.top + r.height // 9))
        d = theme.fit_text(self.details, small, r.width - 2 * pad - mark_w,
                           theme.DANGER if self.broken else theme.TEXT_DIM)
        surf.blit(d, (r.left + pad, r.bottom - r.height // 9 - d.get_height()))
