"""Hero Realms' own dialogs: how much combat to spend on a target (or gold to give a
teammate), and cards shown face up to pick one of (or to look at a zone: a discard
pile, a deck, the sacrificed cards). Digits pick, Enter confirms, Esc cancels when
cancelling is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from game.ui import theme
from game.ui.render.cards import ASPECT
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import DIGITS
from game.ui.widgets.basic import Button, Group


class AttackDialog(Dialog):
    """How much combat to spend on a target (or, with other words, how much gold to
    give a teammate): +/- or digits, Enter to confirm."""

    def __init__(self, app: Any, title: str, maximum: int, default: int, hint: str = "",
                 amount_key: str = "attack.amount", confirm_key: str = "attack.confirm") -> None:
        super().__init__(app)
        self.title = title
        self.maximum = maximum
        self.amount = max(1, min(default, maximum))
        self.hint = hint
        self.amount_key = amount_key
        self.confirm_key = confirm_key
        self.group = Group()

    def picture(self) -> object:
        """Only input changes it."""
        return ()

    def panel_size(self) -> tuple[int, int]:
        return self.u(480), self.u(290)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        r = self.rect
        self.group = Group()
        cy = r.top + self.u(120)
        self.group.add(Button("−", lambda: self._change(-1), pygame.Rect(r.left + self.u(40), cy - self.u(26), self.u(60), self.u(52))))
        self.group.add(Button("+", lambda: self._change(1), pygame.Rect(r.right - self.u(100), cy - self.u(26), self.u(60), self.u(52))))
        bw = (r.width - self.u(90)) // 2
        self.group.add(Button(self.tr(self.confirm_key), lambda: self.close(self.amount),
                              pygame.Rect(r.left + self.u(30), r.bottom - self.u(70), bw, self.u(48)), primary=True, hotkey=pygame.K_RETURN))
        self.group.add(Button(self.tr("attack.cancel"), lambda: self.close(None),
                              pygame.Rect(r.left + self.u(60) + bw, r.bottom - self.u(70), bw, self.u(48))))
        for b in self.group.widgets:
            if isinstance(b, Button):
                b.app_sound = self.app.sound.play

    def _change(self, d: int) -> None:
        self.amount = max(1, min(self.maximum, self.amount + d))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHT, pygame.K_UP):
                self._change(1)
                return
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFT, pygame.K_DOWN):
                self._change(-1)
                return
            if event.key in DIGITS:
                self.amount = max(1, min(self.maximum, DIGITS[event.key]))
                return
        if event.type == pygame.MOUSEWHEEL:
            self._change(1 if event.y > 0 else -1)
            return
        if not self.group.handle(event):
            super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        r = self.rect
        t = theme.text(self.tr(self.amount_key, n=self.amount), self.u(30), theme.TEXT, "bold")
        surf.blit(t, t.get_rect(center=(r.centerx, r.top + self.u(120))))
        if self.hint:
            h = theme.fit_text(self.hint, self.u(15), r.width - self.u(40), theme.TEXT_DIM)
            surf.blit(h, h.get_rect(center=(r.centerx, r.top + self.u(170))))
        self.group.draw(surf)


class CardPickerDialog(Dialog):
    """Cards shown face up; click one (or its digit) to answer. ``choices``:
    [(value, card id, caption)]; ``extra`` adds plain buttons (e.g. Skip)."""

    def __init__(self, app: Any, title: str, choices: Sequence[tuple[Any, str | None, str]],
                 extra: list[tuple[Any, str]] | None = None, closable: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.choices = list(choices)
        self.extra = extra or []
        self.closable = closable
        self.group = Group()
        self.rects: list[pygame.Rect] = []
        self.hover = -1

    def picture(self) -> object:
        """Only input changes it."""
        return ()

    def panel_size(self) -> tuple[int, int]:
        return int(self.w * 0.8), int(self.h * 0.74)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        r = self.rect
        n = max(1, len(self.choices))
        area = pygame.Rect(r.left + self.u(24), r.top + self.u(64), r.width - self.u(48), r.height - self.u(150))
        cols = n
        cw = 0
        for rows in range(1, 6):
            cols = (n + rows - 1) // rows
            cw = int(min((area.width - (cols - 1) * self.u(10)) / cols, (area.height - (rows - 1) * self.u(22)) / rows / ASPECT - self.u(4)))
            if cw >= self.u(110) or rows == 5:
                break
        self.card_w = max(self.u(50), min(cw, self.u(200)))
        ch = int(self.card_w * ASPECT)
        self.rects = []
        total_w = cols * self.card_w + (cols - 1) * self.u(10)
        for i in range(len(self.choices)):
            row, col = divmod(i, cols)
            x = area.centerx - total_w // 2 + col * (self.card_w + self.u(10))
            self.rects.append(pygame.Rect(x, area.top + row * (ch + self.u(22)), self.card_w, ch))
        self.group = Group()
        bw = self.u(200)
        x = r.centerx - (len(self.extra) * (bw + self.u(20)) - self.u(20)) // 2
        for value, label in self.extra:
            b = Button(label, partial(self.close, value), pygame.Rect(x, r.bottom - self.u(66), bw, self.u(46)))
            b.app_sound = self.app.sound.play
            self.group.add(b)
            x += bw + self.u(20)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, rr in enumerate(self.rects) if rr.collidepoint(event.pos)), -1)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rr in enumerate(self.rects):
                if rr.collidepoint(event.pos) and self.choices[i][0] is not None:
                    self.app.sound.play("click")
                    self.close(self.choices[i][0])
                    return
            if self.closable and not self.rect.collidepoint(event.pos):
                self.close(None)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in DIGITS and DIGITS[event.key] <= len(self.choices) and self.choices[DIGITS[event.key] - 1][0] is not None:
                self.close(self.choices[DIGITS[event.key] - 1][0])
                return
            if event.key == pygame.K_ESCAPE:
                if self.closable:
                    self.close(None)
                elif self.extra:
                    self.close(self.extra[-1][0])
                return
            if event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.closable:
                self.close(None)
                return
        self.group.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        for i, ((value, card, caption), rr) in enumerate(zip(self.choices, self.rects)):
            img = self.app.art.surface(card, self.card_w, self.tr.lang)
            surf.blit(img, rr)
            if i == self.hover and value is not None:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(self.u(6), self.u(6)), max(2, self.u(3)), border_radius=self.u(8))
            if caption:
                t = theme.fit_text(caption, self.u(14), rr.width + self.u(8), theme.TEXT_DIM)
                surf.blit(t, t.get_rect(midtop=(rr.centerx, rr.bottom + self.u(3))))
        if not self.choices:
            t = theme.text(self.tr("table.empty"), self.u(22), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(center=self.rect.center))
        self.group.draw(surf)
