"""The disputed rulings of a new Fantasy Realms game, chosen in a dialog of the New
game screen.

Public scorers disagree on a few readings (``terms.Rulings``; the sources are listed
in fantasy_realms_sources.md, "Disputed rulings"). Each is one toggle whose label
says what "on" means and, under it, one dim line says what "off" means; a row that
differs from the standard reading is tagged. The dialog
edits a copy: Done (Enter) returns every ruling by name, Standard puts the defaults
back, Cancel (Esc) returns None and changes nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.fantasy_realms.terms import Rulings
from game.ui import theme
from game.ui.i18n import Tr
from game.ui.scene import Dialog
from game.ui.widgets.basic import Button, Group, Toggle

NAMES = tuple(Rulings.field_names())  # in the order the dialog shows them
DEFAULTS = Rulings().to_dict()


def full(rulings: dict[str, bool] | None) -> dict[str, bool]:
    """Every ruling by name: the ones given (if valid), the defaults for the others."""
    try:
        return Rulings.from_dict(rulings or {}).to_dict()
    except ValueError:
        return dict(DEFAULTS)


def changed(rulings: dict[str, bool]) -> int:
    """How many rulings differ from the defaults."""
    return sum(1 for k, v in full(rulings).items() if v != DEFAULTS[k])


def summary(tr: Tr, rulings: dict[str, bool]) -> str:
    """The New game screen's button: "Rulings: standard" or "Rulings: 2 changed"."""
    n = changed(rulings)
    return tr("frnew.rulings_standard") if n == 0 else tr("frnew.rulings_changed", n=n)


class RulingsDialog(Dialog):
    menu = True  # Esc cancels; the widgets take the rest

    ROW = 60  # design pixels per ruling: the toggle and its "off" line

    def __init__(self, app: Any, rulings: dict[str, bool] | None) -> None:
        super().__init__(app)
        self.values = full(rulings)
        self.group = Group()

    def panel_size(self) -> tuple[int, int]:
        return min(self.u(760), self.app.size[0] - self.u(40)), self.u(190 + self.ROW * len(NAMES))

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        g = Group()
        left, width = self.rect.left + u(30), self.rect.width - u(60)
        y = self.rect.top + u(96)
        self.hints: list[tuple[str, pygame.Rect]] = []
        self.rows: list[tuple[str, pygame.Rect]] = []
        for name in NAMES:
            t = Toggle(self.tr(f"frnew.ruling_{name}"), self.values[name], partial(self._set, name),
                       pygame.Rect(left, y, width, u(36)))
            g.add(t)
            self.rows.append((name, t.rect))
            self.hints.append((self.tr(f"frnew.ruling_{name}_off"), pygame.Rect(left + u(46), y + u(38), width - u(46), u(18))))
            y += u(self.ROW)
        bw, bh = u(200), u(46)
        by = self.rect.bottom - u(70)
        buttons = [
            Button(self.tr("frnew.rulings_reset"), self._reset, pygame.Rect(left, by, bw, bh)),
            Button(self.tr("frnew.rulings_cancel"), lambda: self.close(None), pygame.Rect(self.rect.centerx - bw // 2, by, bw, bh)),
            Button(self.tr("frnew.rulings_done"), lambda: self.close(dict(self.values)),
                   pygame.Rect(self.rect.right - u(30) - bw, by, bw, bh), primary=True, hotkey=pygame.K_RETURN),
        ]
        for b in buttons:
            b.app_sound = self.app.sound.play
            g.add(b)
        self.group = g

    def _set(self, name: str, on: bool) -> None:
        self.values[name] = on

    def _reset(self) -> None:
        self.values = dict(DEFAULTS)
        self.layout(self.w, self.h)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.tr("frnew.rulings_title"))
        t = theme.fit_text(self.tr("frnew.rulings_intro"), self.u(15), self.rect.width - self.u(60), theme.TEXT_DIM)
        surf.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + self.u(60))))
        for text, r in self.hints:
            t = theme.fit_text(text, self.u(14), r.width, theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midleft=r.midleft))
        self.group.draw(surf)
        tag = self.tr("frnew.ruling_changed")
        for name, r in self.rows:  # which rows differ from the standard reading
            if self.values[name] != DEFAULTS[name]:
                t = theme.text(tag, self.u(14), theme.HILITE, "bold")
                surf.blit(t, t.get_rect(midright=(r.right - self.u(14), r.centery)))
