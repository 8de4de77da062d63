"""Dialogs that return a value when dismissed: choices, confirmations, a message with its
answers and the hotseat privacy curtain (a game's own dialogs live with its table: Hero Realms' attack amounts
and card pickers in game/ui/hero_realms/dialogs.py, the kit's pick dialog in tablekit/pick.py).

Each lists only legal answers (the table builds the options from the engine's
legal lines) and answers to the keyboard: digits pick an option, Y/N answer yes/no
questions, Enter confirms, Esc cancels when cancelling is allowed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.ui import theme
from game.ui.scene import Dialog, Scene
from game.ui.widgets.basic import Button, Group

DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)} | {getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)}


class ChoiceDialog(Dialog):
    """Pick one of ``options`` [(value, label)]; ``cancel`` (if not None) is Esc's answer."""

    def __init__(self, app: Any, title: str, options: list[tuple[Any, str]], cancel: tuple[Any, str] | None = None,
                 subtitle: str = "", yes_no: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.subtitle = subtitle
        self.options = options
        self.cancel = cancel
        self.yes_no = yes_no
        self.group = Group()

    def picture(self) -> object:
        """Only input changes it."""
        return ()

    def panel_size(self) -> tuple[int, int]:
        n = len(self.options) + (1 if self.cancel else 0)
        return self.u(560), self.u(96 + (30 if self.subtitle else 0) + n * 56)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.group = Group()
        y = self.rect.top + self.u(70 + (30 if self.subtitle else 0))
        bw = self.rect.width - self.u(60)
        items = list(self.options) + ([self.cancel] if self.cancel else [])
        for i, (value, label) in enumerate(items):
            is_cancel = self.cancel is not None and i == len(self.options)
            text = label if is_cancel else f"{i + 1}. {label}"
            b = Button(text, partial(self.close, value), pygame.Rect(self.rect.left + self.u(30), y, bw, self.u(46)),
                       primary=(i == 0 and not is_cancel))
            b.app_sound = self.app.sound.play
            self.group.add(b)
            y += self.u(56)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in DIGITS and DIGITS[event.key] <= len(self.options):
                self.close(self.options[DIGITS[event.key] - 1][0])
                return
            if self.yes_no and event.key == pygame.K_y:
                self.close(self.options[0][0])
                return
            if self.yes_no and event.key == pygame.K_n and self.cancel is not None:
                self.close(self.cancel[0])
                return
            if event.key == pygame.K_ESCAPE:
                if self.cancel is not None:
                    self.close(self.cancel[0])
                return
        self.group.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        if self.subtitle:
            t = theme.fit_text(self.subtitle, self.u(16), self.rect.width - self.u(40), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + self.u(58))))
        self.group.draw(surf)


class MessageDialog(Dialog):
    """A title, a paragraph and a row of answers [(value, label)]: ``primary``'s button is
    Enter's, ``escape`` is Esc's answer (a lesson's closing words, a puzzle's result)."""

    def __init__(self, app: Any, title: str, text: str, answers: list[tuple[Any, str]], primary: Any,
                 escape: Any) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.answers = answers
        self.primary = primary
        self.escape = escape
        self.group = Group()
        self.lines: list[str] = []

    def panel_size(self) -> tuple[int, int]:
        width = self.u(610)
        f = theme.font(self.u(18))
        self.lines = theme.wrap(self.text, f, width - self.u(60))
        return width, self.u(180) + len(self.lines) * f.get_linesize()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.group = Group()
        gap, n = self.u(14), len(self.answers)
        bw = self.u(300) if n == 1 else (self.rect.width - self.u(60) - gap * (n - 1)) // n
        x = self.rect.centerx - bw // 2 if n == 1 else self.rect.left + self.u(30)
        for i, (value, label) in enumerate(self.answers):
            primary = value == self.primary
            b = Button(label, partial(self.close, value),
                       pygame.Rect(x + i * (bw + gap), self.rect.bottom - self.u(70), bw, self.u(48)),
                       primary=primary, hotkey=pygame.K_RETURN if primary else None)
            b.app_sound = self.app.sound.play
            self.group.add(b)

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(self.escape)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        f = theme.font(self.u(18))
        y = self.rect.top + self.u(72)
        for line in self.lines:
            surf.blit(f.render(line, True, theme.TEXT), (self.rect.left + self.u(30), y))
            y += f.get_linesize()
        self.group.draw(surf)


class ConfirmDialog(ChoiceDialog):
    """Yes/No with explanatory lines; returns True or False."""

    def __init__(self, app: Any, title: str, lines: list[str], yes: str, no: str) -> None:
        super().__init__(app, title, [(True, yes)], (False, no), yes_no=True)
        self.lines = lines

    def panel_size(self) -> tuple[int, int]:
        return self.u(580), self.u(200 + 28 * len(self.lines))

    def layout(self, w: int, h: int) -> None:
        Dialog.layout(self, w, h)
        self.group = Group()
        bw = (self.rect.width - self.u(90)) // 2
        y = self.rect.bottom - self.u(70)
        yes = Button(self.options[0][1], lambda: self.close(True), pygame.Rect(self.rect.left + self.u(30), y, bw, self.u(48)),
                     primary=True, hotkey=pygame.K_RETURN)
        no = Button(self.cancel[1] if self.cancel else "", lambda: self.close(False),
                    pygame.Rect(yes.rect.right + self.u(30), y, bw, self.u(48)))
        for b in (yes, no):
            b.app_sound = self.app.sound.play
            self.group.add(b)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.close(True)  # Space twice ends the turn, as the first Space asked
            return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.title)
        y = self.rect.top + self.u(70)
        for line in self.lines:
            t = theme.fit_text(line, self.u(18), self.rect.width - self.u(40), theme.TEXT)
            surf.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += self.u(28)
        self.group.draw(surf)


class Curtain(Scene):
    """Hotseat privacy: hides the table until the next player is ready."""

    def __init__(self, app: Any, name: str) -> None:
        super().__init__(app)
        self.name = name
        self.age = 0.0

    def picture(self) -> object:
        """Only input changes it."""
        return ()

    def handle(self, event: pygame.event.Event) -> None:
        if self.age < 0.25:
            return  # a click meant for the table must not lift the curtain at once
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.close(True)

    def update(self, dt: float) -> None:
        self.age += dt

    def _velvet(self, w: int, h: int) -> pygame.Surface:
        """Soft folds of a red curtain (shaded columns, a darker hem), made once per size."""
        cached: pygame.Surface | None = getattr(self, "_velvet_cache", None)
        if cached is not None and cached.get_size() == (w, h):
            return cached
        import math

        fold = max(24, w // 14)
        row = pygame.Surface((w, 1))
        for x in range(w):
            k = 0.35 + 0.65 * math.cos(math.pi * (x % fold) / fold - math.pi / 2) ** 2
            row.set_at((x, 0), (int(92 * k) + 10, int(20 * k) + 6, int(28 * k) + 8))
        out = pygame.transform.scale(row, (w, h))
        shade = pygame.Surface((w, max(1, h // 6)), pygame.SRCALPHA)
        for y in range(shade.get_height()):  # the top falls into shadow under the pelmet
            pygame.draw.line(shade, (0, 0, 0, int(150 * (1 - y / shade.get_height()))), (0, y), (w, y))
        out.blit(shade, (0, 0))
        if pygame.display.get_surface() is not None:
            out = out.convert()
        self._velvet_cache = out
        return out

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(self._velvet(w, h), (0, 0))
        box = pygame.Rect(0, 0, self.u(620), self.u(200))
        box.center = (w // 2, h // 2)
        theme.panel(surf, box, theme.PANEL, theme.ACCENT, self.u(16), width=max(2, self.u(3)))
        t = theme.fit_text(self.tr("curtain.pass_to", name=self.name), self.u(40), box.width - self.u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(center=(box.centerx, box.top + self.u(70))))
        c = theme.fit_text(self.tr("curtain.click"), self.u(18), box.width - self.u(40), theme.TEXT)
        surf.blit(c, c.get_rect(center=(box.centerx, box.top + self.u(140))))
