"""The crash screen: the table stopped on a bug. It says so in words, names the error,
says where its report is (the crash report of ``game/applog.py``, in the log folder)
and whether the game in progress can be continued, and offers to open that folder
and to quit. The app shows it alone, after the other scenes are closed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui import theme
from game.ui.folders import open_folder
from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Group


class CrashScene(Scene):
    menu = True

    def __init__(self, app: Any, error: str, report: Path | None, autosaved: bool = False) -> None:
        super().__init__(app)
        self.error = error  # "RuntimeError: boom"
        self.report = report
        self.autosaved = autosaved
        self.group = Group()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        pw = min(w - u(40), u(820))
        ph = min(h - u(40), u(20) + self._title().get_height() + u(8) + self._words_height(pw - u(60)) + u(106))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw, bh, gap = u(240), u(46), u(20)
        y = self.panel.bottom - u(30) - bh
        self.group = Group()
        buttons = []
        if self.report is not None:
            buttons.append(Button(self.tr("crash.open_folder"), self.open_folder, pygame.Rect(0, y, bw, bh)))
        buttons.append(Button(self.tr("crash.quit"), lambda: self.app.quit(1), pygame.Rect(0, y, bw, bh), primary=True,
                              hotkey=pygame.K_RETURN))
        x = self.panel.centerx - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for b in buttons:
            b.rect.x = x
            x += bw + gap
            self.group.add(b)

    def open_folder(self) -> None:
        if self.report is not None:
            problem = open_folder(self.report.parent)
            if problem:
                self.app.toast(problem, 6)

    def on_escape(self) -> None:
        self.app.quit(1)

    def lines(self) -> list[tuple[str, int, theme.Color, str]]:
        """What the screen says, line by line: (words, design size, colour, font kind)."""
        tr = self.tr
        out = [(tr("crash.what"), 18, theme.TEXT, "regular"), (self.error, 15, theme.TEXT_DIM, "regular")]
        if self.report is not None:
            out += [(tr("crash.report_in"), 18, theme.TEXT, "regular"), (str(self.report), 16, theme.HILITE, "bold")]
        else:
            out.append((tr("crash.no_report"), 18, theme.DANGER, "regular"))
        if self.autosaved:
            out.append((tr("crash.autosaved"), 16, theme.TEXT, "regular"))
        out.append((tr("crash.please"), 15, theme.TEXT_DIM, "regular"))
        return out

    def _title(self) -> pygame.Surface:
        return theme.fit_text(self.tr("crash.title"), self.u(28), min(self.w - self.u(40), self.u(820)) - self.u(40),
                              theme.ACCENT, "serif")

    def _rendered(self, width: int) -> list[list[pygame.Surface]]:
        """Each of :meth:`lines`, wrapped to ``width`` and rendered."""
        out = []
        for words, size, colour, kind in self.lines():
            f = theme.font(self.u(size), kind)
            out.append([theme.fit_text(line, self.u(size), width, colour, kind) for line in theme.wrap(words, f, width)])
        return out

    def _words_height(self, width: int) -> int:
        return sum(sum(img.get_height() + self.u(2) for img in para) + self.u(10) for para in self._rendered(width))

    def draw(self, surf: pygame.Surface) -> None:
        u = self.u
        surf.fill(theme.BG)
        theme.panel(surf, self.panel, theme.PANEL, theme.DANGER, u(14), width=max(2, u(2)))
        t = self._title()
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + u(20))))
        y = self.panel.top + u(28) + t.get_height()
        for para in self._rendered(self.panel.width - u(60)):
            for img in para:
                surf.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
                y += img.get_height() + u(2)
            y += u(10)
        self.group.draw(surf)
