"""A scrolling page of text on a panel: headings, paragraphs and list items, with the
wheel, the arrows, Page Up/Down, Home/End, a scroll bar, and Esc or Back to leave.
The rules and the Credits are pages; each says what it shows."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Group

Block = tuple[str, str]  # ("h" heading | "p" paragraph | "li" list item, text)


def blocks_of(text: str) -> list[Block]:
    """A page written as lines: ``# `` a heading, ``- `` a list item, else a paragraph."""
    out: list[Block] = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("# "):
            out.append(("h", line[2:]))
        elif line.startswith("- "):
            out.append(("li", line[2:]))
        elif line:
            out.append(("p", line))
    return out


class PageScene(Scene, ABC):
    """A subclass gives its :meth:`title`, :meth:`blocks`, its list items' :meth:`bullet`
    and any :meth:`extra_buttons` beside Back."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scroll = 0
        self.group = Group()
        self.page: pygame.Surface | None = None

    # ---- what a page says ----------------------------------------------------------------------
    @abstractmethod
    def title(self) -> str:
        ...  # each page says it

    @abstractmethod
    def blocks(self) -> list[Block]:
        ...  # each page says it

    def bullet(self, size: int) -> pygame.Surface | None:
        """The mark before each list item (None: a dot)."""
        return None

    def extra_buttons(self) -> list[Button]:
        return []

    # ---- the page ---------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        pw = min(w - u(40), u(900))
        self.panel = pygame.Rect((w - pw) // 2, u(24), pw, h - u(48))
        self.view = pygame.Rect(self.panel.left + u(30), self.panel.top + u(70), pw - u(60), self.panel.height - u(150))
        self.page = self._render_page(self.view.width)
        back = Button(self.tr("settings.back"), lambda: self.close(None),
                      pygame.Rect(self.panel.centerx - u(110), self.panel.bottom - u(64), u(220), u(46)), primary=True)
        buttons = [back, *self.extra_buttons()]
        for b in buttons:
            b.app_sound = self.app.sound.play
        self.group = Group(buttons)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _render_page(self, width: int) -> pygame.Surface:
        u = self.u
        body = theme.font(u(17))
        head = theme.font(u(22), "serif")
        rendered: list[tuple[pygame.Surface, int, int]] = []  # (surface, x, gap before)
        for kind, text in self.blocks():
            if kind == "h":
                rendered.append((head.render(text, True, theme.ACCENT), 0, u(18)))
                continue
            indent = u(26) if kind == "li" else 0
            for i, line in enumerate(theme.wrap(text, body, width - indent)):
                rendered.append((body.render(line, True, theme.TEXT), indent,
                                 (u(6) if kind == "li" else u(8)) if i == 0 else 0))
        page = pygame.Surface((width, sum(s.get_height() + gap for s, _, gap in rendered) + u(20)), pygame.SRCALPHA)
        mark = self.bullet(u(12))
        y = 0
        for surf, x, gap in rendered:
            y += gap
            if x and gap:  # the first line of a list item
                if mark is None:
                    pygame.draw.circle(page, theme.ACCENT, (u(10), y + surf.get_height() // 2), max(2, u(3)))
                else:
                    page.blit(mark, (u(6), y + (surf.get_height() - mark.get_height()) // 2))
            page.blit(surf, (x, y))
            y += surf.get_height()
        return page

    @property
    def max_scroll(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.get_height() - self.view.height)

    def key(self, event: pygame.event.Event) -> bool:
        """A page's own key (True: taken)."""
        return False

    def handle(self, event: pygame.event.Event) -> None:
        step = self.u(40)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close(None)
                return
            delta = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.view.height - step,
                     pygame.K_PAGEUP: -(self.view.height - step), pygame.K_HOME: -10**6, pygame.K_END: 10**6}.get(event.key)
            if delta is not None:
                self.scroll += delta
            elif not self.key(event):
                self.group.handle(event)
        else:
            self.group.handle(event)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))
        t = theme.fit_text(self.title(), self.u(30), self.panel.width - self.u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        if self.page is not None:
            surf.blit(self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.width, self.view.height))
            if self.max_scroll:
                track = pygame.Rect(self.view.right + self.u(10), self.view.top, self.u(6), self.view.height)
                pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
                knob = pygame.Rect(track.left, track.top + int(track.height * self.scroll / self.page.get_height()),
                                   track.width, max(self.u(20), int(track.height * self.view.height / self.page.get_height())))
                pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)
        self.group.draw(surf)
