"""The Fantasy Realms decision dialog: a question with only legal answers.

Cards are shown face up (compact chips when there are many: a Genie's or a
Wishing Ring's whole deck); one is picked with a click or its digit, or several
are toggled and confirmed when the question asks for a set (Market Wagon offers,
a Sealed Vault). Hovering a card zooms it. Buttons carry the other answers
(pass, done, keep...). Esc cancels only what the player started (using an item);
what the engine asks must be answered. Also used, closable, to show revealed cards.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.ui import theme
from game.ui.fantasy_realms import suits
from game.ui.fantasy_realms.draw_hand import digit
from game.ui.fantasy_realms.faces import ASPECT, art_of, draw_zoom
from game.ui.fantasy_realms.prompts import Option, Question
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import DIGITS
from game.ui.tablekit.prompts import CANCELLED as CANCELLED  # the dialogs' "no answer", kept importable from here
from game.ui.widgets.basic import Button, Group


class PickDialog(Dialog):
    dim_below = 0  # dims the table itself, all but ``clear`` (the player's hand stays readable)

    def __init__(self, app: Any, question: Question, closable: bool = False, region: pygame.Rect | None = None,
                 clear: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.q = question
        self.closable = closable  # a viewer (revealed cards): any click outside or Esc closes
        self.region = region  # where the panel goes (over the table, above the hand)
        self.clear = clear
        self.card_w = 0
        self.chosen: list[int] = []
        self.rects: list[pygame.Rect] = []
        self.hover = -1
        self.hover_time = 0.0
        self.group = Group()
        self.art = art_of(app)
        self.confirm: Button | None = None

    @property
    def multi(self) -> bool:
        return bool(self.q.sizes)

    @property
    def chips(self) -> bool:
        return self.q.chips or any(o.card is None for o in self.q.options)

    def _head(self) -> int:
        return self.u(62 + (26 if self.q.subtitle else 0))

    def _grid(self, room: pygame.Rect) -> tuple[int, int, int]:
        """(card width, columns, rows) for the options in a ``room``-sized panel at most."""
        u = self.u
        n = len(self.q.options)
        aw, ah = room.width - u(48), room.height - self._head() - u(84)
        best = (0.0, n, 1)
        for rows in range(1, 5):
            cols = (n + rows - 1) // rows
            fit = min((aw - (cols - 1) * u(12)) / cols, (ah - (rows - 1) * u(24)) / rows / ASPECT - u(2), u(170))
            if fit > best[0] + 0.5:
                best = (fit, cols, rows)
        return max(u(40), int(best[0])), best[1], best[2]

    def panel_rect(self, w: int, h: int) -> pygame.Rect:
        room = self.region or pygame.Rect(0, 0, w, h)
        room = room.inflate(-self.u(16), -self.u(16))
        pw, ph = self.panel_size()
        n = len(self.q.options)
        u = self.u
        if n and not self.chips:
            cw, cols, rows = self._grid(room)
            pw = max(u(520), cols * cw + (cols - 1) * u(12) + u(48))
            ph = self._head() + rows * (int(cw * ASPECT) + u(24)) + u(84)
        r = pygame.Rect(0, 0, min(pw, room.width), min(ph, room.height))
        r.center = room.center
        return r

    def panel_size(self) -> tuple[int, int]:
        n = len(self.q.options)
        if not n:
            return self.u(600), self._head() + self.u(100)
        if self.chips:
            cols = max(1, min(4 if n <= 24 else 6, n))
            rows = (n + cols - 1) // cols
            return min(int(self.w * 0.86), self.u(210 * cols + 60)), self._head() + self.u(96 + rows * 42)
        return int(self.w * 0.8), int(self.h * 0.78)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        r = self.rect
        u = self.u
        top = r.top + self._head()
        area = pygame.Rect(r.left + u(24), top, r.width - u(48), r.bottom - u(84) - top)
        n = len(self.q.options)
        self.rects = []
        if n and self.chips:
            cols = max(1, min(4 if n <= 24 else 6, n))
            rows = (n + cols - 1) // cols
            cw = (area.width - (cols - 1) * u(8)) // cols
            chh = min(u(36), max(u(16), (area.height - (rows - 1) * u(6)) // rows))
            for i in range(n):
                row, col = divmod(i, cols)
                self.rects.append(pygame.Rect(area.left + col * (cw + u(8)), area.top + row * (chh + u(6)), cw, chh))
        elif n:
            self.card_w, cols, rows = self._grid(r)
            ch = int(self.card_w * ASPECT)
            total_w = cols * self.card_w + (cols - 1) * u(12)
            y0 = area.top + max(0, (area.height - rows * (ch + u(24))) // 2)
            for i in range(n):
                row, col = divmod(i, cols)
                x = area.centerx - total_w // 2 + col * (self.card_w + u(12))
                self.rects.append(pygame.Rect(x, y0 + row * (ch + u(24)), self.card_w, ch))
        self.group = Group()
        buttons: list[tuple[Any, str, bool]] = [(o.value, o.label, False) for o in self.q.buttons]
        if self.multi:
            buttons.append(("__confirm__", self.tr("fprompt.confirm"), True))
        if self.q.cancellable:
            buttons.append(("__cancel__", self.tr("fprompt.cancel"), False))
        if self.closable:
            buttons.append(("__cancel__", self.tr("table.close"), True))
        bw = min(u(260), (r.width - u(40)) // max(1, len(buttons)) - u(12))
        x = r.centerx - (len(buttons) * (bw + u(12)) - u(12)) // 2
        for value, label, primary in buttons:
            b = Button(label, partial(self._button, value), pygame.Rect(x, r.bottom - u(66), bw, u(46)), primary=primary)
            b.app_sound = self.app.sound.play
            if value == "__confirm__":
                self.confirm = b
            self.group.add(b)
            x += bw + u(12)
        self._refresh()

    def _refresh(self) -> None:
        if self.confirm is not None:
            self.confirm.enabled = len(self.chosen) in self.q.sizes

    def _button(self, value: Any) -> None:
        if value == "__confirm__":
            if len(self.chosen) in self.q.sizes:
                self.close([self.q.options[i].value for i in self.chosen])
        elif value == "__cancel__":
            self.close(CANCELLED)
        else:
            self.close(value)

    def _pick(self, i: int) -> None:
        if not 0 <= i < len(self.q.options) or self.q.options[i].value is None:
            return
        self.app.sound.play("click")
        if not self.multi:
            self.close(self.q.options[i].value)
            return
        if i in self.chosen:
            self.chosen.remove(i)
        elif len(self.chosen) < max(self.q.sizes):
            self.chosen.append(i)
        self._refresh()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            was = self.hover
            self.hover = next((i for i, rr in enumerate(self.rects) if rr.collidepoint(event.pos)), -1)
            if self.hover != was:
                self.hover_time = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rr in enumerate(self.rects):
                if rr.collidepoint(event.pos):
                    self._pick(i)
                    return
            if self.closable and not self.rect.collidepoint(event.pos):
                self.close(CANCELLED)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in DIGITS and DIGITS[event.key] <= len(self.q.options):
                self._pick(DIGITS[event.key] - 1)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.multi:
                self._button("__confirm__")
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
            if self.chips:
                self._chip(surf, o, rr, i)
            else:
                surf.blit(self.art.face(o.card, rr.width, lang), rr)
                if o.caption:
                    c = theme.fit_text(o.caption, u(14), rr.width + u(10), theme.HILITE, "bold")
                    surf.blit(c, c.get_rect(midtop=(rr.centerx, rr.bottom + u(3))))
                if i < 9 and o.value is not None:
                    digit(surf, i + 1, (rr.left + u(4), rr.top - u(4)), self.app.scale)
            if i in self.chosen:
                pygame.draw.rect(surf, theme.OK, rr.inflate(u(8), u(8)), max(3, u(4)), border_radius=u(9))
            elif i == self.hover and o.value is not None:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(8))
        self.group.draw(surf)
        if 0 <= self.hover < len(self.q.options) and self.hover_time > 0.25:
            o = self.q.options[self.hover]
            if o.card and (self.chips or self.rects[self.hover].width < u(170)):
                draw_zoom(surf, self.art, o.card, self.rects[self.hover], lang, self.app.scale)

    def _chip(self, surf: pygame.Surface, o: Option, rr: pygame.Rect, i: int) -> None:
        u = self.u
        pygame.draw.rect(surf, theme.PANEL_LIGHT, rr, border_radius=rr.height // 4)
        x = rr.left + u(6)
        suit = o.suit
        if o.card and o.card in self.art.lib.items:
            suit = "item"
        if suit:
            b = suits.badge(suit, rr.height - u(8))
            surf.blit(b, b.get_rect(midleft=(x, rr.centery)))
            x += b.get_width() + u(6)
        label = o.label
        if o.card and o.card in self.art.lib.cards:
            label = f"{o.label} ({self.art.lib.cards[o.card].strength})"
        if i < 9 and not self.multi:
            label = f"{i + 1}. {label}"
        right = rr.right - u(6)
        if o.caption:
            c = theme.text(o.caption, int(rr.height * 0.4), theme.HILITE, "bold")
            surf.blit(c, c.get_rect(midright=(right, rr.centery)))
            right -= c.get_width() + u(6)
        t = theme.fit_text(label, int(rr.height * 0.46), right - x, theme.TEXT, "bold")
        surf.blit(t, t.get_rect(midleft=(x, rr.centery)))


def reveal_question(title: str, cards: list[str], names: dict[str, str]) -> Question:
    """Cards shown to the player (a Spyglass, a Crystal Lens...): nothing to answer."""
    return Question(title, "", [Option(None, names.get(c, c), c) for c in cards])
