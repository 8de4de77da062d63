"""Hero Realms' own dialogs: how much combat to spend on a target (or gold to give a
teammate), and cards shown face up to pick one of (or to look at a zone: a discard
pile, a deck, the sacrificed cards). Digits pick, Enter confirms, Esc cancels when
cancelling is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pygame

from game.ui import theme
from game.ui.render.cards import ASPECT, beside, drop_shadow
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import DIGITS
from game.ui.tablekit.pick import PickDialogBase
from game.ui.tablekit.prompts import CANCELLED, Option, Question
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


class CardPickerDialog(PickDialogBase[Question]):
    """The kit's card-pick dialog with Hero Realms' faces: cards shown face up, click one (or
    its digit) to answer. ``choices``: [(value, card id, caption)]; ``extra`` adds plain
    buttons (Skip: also Esc's answer); ``closable``: only shown (a zone looked at), closed by
    its Close button, a click outside, Esc, Return or Space (its answer None)."""

    row_gap: ClassVar[int] = 24  # room for the caption under each card
    card_max: ClassVar[int] = 200
    card_min: ClassVar[int] = 50
    cancel_key: ClassVar[str] = "attack.cancel"

    def __init__(self, app: Any, title: str, choices: Sequence[tuple[Any, str | None, str]],
                 extra: list[tuple[Any, str]] | None = None, closable: bool = False) -> None:
        self.choices = list(choices)
        self.extra = extra or []
        # a zone looked at is closed by the kit's Close button: no button of its own that answers nothing
        buttons = [Option(v, label) for v, label in self.extra if not (closable and v is None)]
        q = Question(title, options=[Option(v, caption, card, caption=caption) for v, card, caption in self.choices],
                     buttons=buttons)
        super().__init__(app, q, closable=closable, aspect=ASPECT)

    def as_cards(self) -> bool:
        return True  # an empty zone is an empty grid, and says so

    def close(self, result: Any = None) -> None:
        super().close(None if result is CANCELLED else result)  # Hero Realms' callers read a zone closed as None

    def keyed(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and not self.closable and self.extra:
            self.close(self.extra[-1][0])  # the engine's question must be answered: Esc skips
            return True
        return False

    def draw_option(self, surf: pygame.Surface, i: int, o: Option, rr: pygame.Rect) -> None:
        surf.blit(self.app.art.surface(o.card, self.card_w, self.tr.lang), rr)
        if o.caption:
            t = theme.fit_text(o.caption, self.u(14), rr.width + self.u(8), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midtop=(rr.centerx, rr.bottom + self.u(3))))

    def decorate(self, surf: pygame.Surface) -> None:
        if not self.choices:
            t = theme.text(self.tr("table.empty"), self.u(22), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(center=self.rect.center))

    def zoom(self, surf: pygame.Surface, o: Any, rr: pygame.Rect) -> None:
        w, h = surf.get_size()
        zw = int(min(h * 0.48 / ASPECT, w * 0.24))  # as large as the table's own zoom
        if o.card and zw >= rr.width * 1.3:  # a card the grid shows large enough to read is not zoomed
            img = self.app.art.surface(o.card, zw, self.tr.lang)
            r = beside(img.get_size(), rr, surf.get_rect(), self.app.scale)
            drop_shadow(surf, r, self.app.scale, 110)
            surf.blit(img, r)
