"""The HerosDeï decision dialog: a question with only legal answers.

Cards are shown face up, each captioned (a Character's side, what a card is), picked
with a click or its digit; buttons carry the other answers ("No Monster", "on no
Character"). Hovering a card zooms it. Esc cancels only what the player started (a
card clicked that asks where it goes); what the engine asks must be answered. Also
used, closable, to look at a museum.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.ui import theme
from game.ui.herosdei.draw import card_face
from game.ui.herosdei.overlays import draw_zoom
from game.ui.herosdei.prompts import Question
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import DIGITS
from game.ui.tablekit.prompts import CANCELLED
from game.ui.widgets.basic import Button, Group


class PickDialog(Dialog):
    dim_below = 0  # dims the table itself, all but ``clear`` (the player's hand stays readable)

    def __init__(self, app: Any, question: Question, closable: bool = False, region: pygame.Rect | None = None,
                 clear: pygame.Rect | None = None, aspect: float = 1.4) -> None:
        super().__init__(app)
        self.q = question
        self.closable = closable
        self.region = region
        self.clear = clear
        self.aspect = aspect
        self.card_w = 0
        self.rects: list[pygame.Rect] = []
        self.hover = -1
        self.hover_time = 0.0
        self.group = Group()

    def _head(self) -> int:
        return self.u(62 + (26 if self.q.subtitle else 0))

    def _grid(self, room: pygame.Rect) -> tuple[int, int, int]:
        """(card width, columns, rows) for the options in a ``room``-sized panel at most."""
        u = self.u
        n = max(1, len(self.q.options))
        aw, ah = room.width - u(48), room.height - self._head() - u(84)
        best = (0.0, n, 1)
        for rows in range(1, 6):
            cols = (n + rows - 1) // rows
            fit = min((aw - (cols - 1) * u(12)) / cols, (ah - (rows - 1) * u(34)) / rows / self.aspect - u(2), u(150))
            if fit > best[0] + 0.5:
                best = (fit, cols, rows)
        return max(u(36), int(best[0])), best[1], best[2]

    def panel_rect(self, w: int, h: int) -> pygame.Rect:
        room = (self.region or pygame.Rect(0, 0, w, h)).inflate(-self.u(16), -self.u(16))
        u = self.u
        if self.q.options:
            cw, cols, rows = self._grid(room)
            pw = max(u(520), cols * cw + (cols - 1) * u(12) + u(48))
            ph = self._head() + rows * (int(cw * self.aspect) + u(34)) + u(84)
        else:
            pw, ph = u(560), self._head() + u(100)
        r = pygame.Rect(0, 0, min(pw, room.width), min(ph, room.height))
        r.center = room.center
        return r

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        r = self.rect
        u = self.u
        top = r.top + self._head()
        area = pygame.Rect(r.left + u(24), top, r.width - u(48), r.bottom - u(84) - top)
        self.rects = []
        if self.q.options:
            self.card_w, cols, rows = self._grid(r.inflate(u(16), u(16)))
            ch = int(self.card_w * self.aspect)
            total_w = cols * self.card_w + (cols - 1) * u(12)
            y0 = area.top + max(0, (area.height - rows * (ch + u(34))) // 2)
            for i in range(len(self.q.options)):
                row, col = divmod(i, cols)
                x = area.centerx - total_w // 2 + col * (self.card_w + u(12))
                self.rects.append(pygame.Rect(x, y0 + row * (ch + u(34)), self.card_w, ch))
        self.group = Group()
        buttons: list[tuple[Any, str, bool]] = [(o.value, o.label, False) for o in self.q.buttons]
        if self.q.cancellable:
            buttons.append(("__cancel__", self.tr("hdprompt.cancel"), False))
        if self.closable:
            buttons.append(("__cancel__", self.tr("table.close"), True))
        bw = min(u(260), (r.width - u(40)) // max(1, len(buttons)) - u(12))
        x = r.centerx - (len(buttons) * (bw + u(12)) - u(12)) // 2
        for value, label, primary in buttons:
            b = Button(label, partial(self._button, value), pygame.Rect(x, r.bottom - u(66), bw, u(46)), primary=primary)
            b.app_sound = self.app.sound.play
            self.group.add(b)
            x += bw + u(12)

    def _button(self, value: Any) -> None:
        self.close(CANCELLED if value == "__cancel__" else value)

    def pick(self, i: int) -> None:
        """Answer with the ``i``-th card (a viewer's cards answer nothing)."""
        if not 0 <= i < len(self.q.options) or self.q.options[i].value is None:
            return
        self.app.sound.play("click")
        self.close(self.q.options[i].value)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            was = self.hover
            self.hover = next((i for i, rr in enumerate(self.rects) if rr.collidepoint(event.pos)), -1)
            if self.hover != was:
                self.hover_time = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rr in enumerate(self.rects):
                if rr.collidepoint(event.pos):
                    self.pick(i)
                    return
            if self.closable and not self.rect.collidepoint(event.pos):
                self.close(CANCELLED)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in DIGITS and DIGITS[event.key] <= len(self.q.options):
                self.pick(DIGITS[event.key] - 1)
                return
            if event.key == pygame.K_ESCAPE:
                if self.q.cancellable or self.closable:
                    self.close(CANCELLED)
                return
            if event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.closable:
                self.close(CANCELLED)
                return
        self.group.handle(event)

    def update(self, dt: float) -> None:
        self.hover_time += dt

    def _dim(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        c = self.clear
        if c is None:
            surf.blit(theme.translucent((w, h), (0, 0, 0), 140, 0), (0, 0))
            return
        for r in (pygame.Rect(0, 0, w, c.top), pygame.Rect(0, c.bottom, w, h - c.bottom),
                  pygame.Rect(0, c.top, c.left, c.height), pygame.Rect(c.right, c.top, w - c.right, c.height)):
            if r.width > 0 and r.height > 0:
                surf.blit(theme.translucent(r.size, (0, 0, 0), 140, 0), r)

    def draw(self, surf: pygame.Surface) -> None:
        self._dim(surf)
        self.draw_panel(surf, self.q.title)
        u = self.u
        if self.q.subtitle:
            t = theme.fit_text(self.q.subtitle, u(16), self.rect.width - u(40), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + u(58))))
        lang = self.tr.lang
        for i, (o, rr) in enumerate(zip(self.q.options, self.rects)):
            if o.card:
                surf.blit(card_face(o.card, rr.width, lang), rr)
            else:
                theme.panel(surf, rr, theme.PANEL_LIGHT, theme.PANEL_EDGE, u(8))
                t = theme.fit_text(o.label, u(28), rr.width - u(8), theme.TEXT, "bold")
                surf.blit(t, t.get_rect(center=rr.center))
            label = f"{i + 1}. {o.label}" if i < 9 and o.value is not None else o.label
            words = theme.fit_text(label, u(13), rr.width + u(10), theme.TEXT, "bold")
            surf.blit(words, words.get_rect(midtop=(rr.centerx, rr.bottom + u(3))))
            if o.caption:
                c = theme.fit_text(o.caption, u(12), rr.width + u(10), theme.TEXT_DIM)
                surf.blit(c, c.get_rect(midtop=(rr.centerx, rr.bottom + u(18))))
            if i == self.hover and o.value is not None:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(8))
        self.group.draw(surf)
        if 0 <= self.hover < len(self.q.options) and self.hover_time > 0.3:
            o = self.q.options[self.hover]
            if o.card:
                draw_zoom(surf, o.card, self.rects[self.hover], lang, self.app.scale, self.tr)
