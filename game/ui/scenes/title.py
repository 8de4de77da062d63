"""The title screen: new game, continue the autosave, load, rules, settings, credits, the
lessons, the puzzles, quit. On the very first start (no settings file yet) it offers a lesson once."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.errors import RealmsError
from game.session import local as games
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop, open_table, title_text
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.settings import save_settings
from game.ui.widgets.basic import Button, Group


class TitleScene(Scene):
    menu = True

    def __init__(self, app: Any, first_start: bool = False) -> None:
        super().__init__(app)
        self.first_start = first_start  # offer a lesson when the title opens (once)
        self.backdrop = Backdrop()
        self.group = Group()
        self.title_bottom: int | None = None  # under the title's words (the toasts go there)

    def enter(self) -> None:
        super().enter()
        if self.app.settings_warning:
            self.app.toast(self.tr("settings.corrupt", reason=self.app.settings_warning), 8)
            self.app.settings_warning = None
        if self.first_start:
            self.first_start = False
            self.offer_tutorial()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.group = Group()
        has_auto = self.app.persist and games.autosave_path().exists()
        # Continue keeps its row with nothing to continue (greyed): the buttons stay where they are
        items: list[tuple[Any, Any, bool]] = [("title.new_game", self.new_game, True),
                                              ("title.continue", self.continue_game, False)]
        from game.ui.lan_start import lan_api

        if lan_api() is not None:
            items.append(("title.join", self.join, False))
        # saved and finished games side by side; the rows stay as few as before so the fan shows
        items += [(("title.load", "replay.button"), (self.load_game, self.replays), False),
                  (("stats.button", "title.rules"), (self.statistics, self.rules), False),
                  (("title.settings", "credits.button"), (self.settings, self.credits), False),
                  (("tutorial.button", "puzzles.button"), (self.tutorial, self.puzzles), False),
                  ("title.quit", lambda: self.app.quit(0), False)]
        bw, bh = self.u(300), self.u(46)
        y = int(h * 0.30)
        # the rows fit the window and leave the fan a tenth of it
        gap = min(self.u(12), max(self.u(4), (h - h // 10 - y) // len(items) - bh))
        for key, fn, primary in items:
            row = list(zip(key, fn)) if isinstance(key, tuple) else [(key, fn)]  # a row of one or two buttons
            cell = (bw - self.u(12) * (len(row) - 1)) // len(row)
            for i, (k, f) in enumerate(row):
                b = Button(self.tr(k), f, pygame.Rect((w - bw) // 2 + i * (cell + self.u(12)), y, cell, bh),
                           primary=primary, hotkey=pygame.K_RETURN if primary else None)
                b.app_sound = self.app.sound.play
                if k == "title.continue":
                    b.enabled = has_auto
                self.group.add(b)
            y += bh + gap
        self.backdrop.fan_top = y  # the cards stay under the last button (Quit)

    def new_game(self) -> None:
        self.app.push(self.app.new_screen("new_game"))

    def continue_game(self) -> None:
        self._load(games.autosave_path())

    def _load(self, path: Any) -> None:
        try:
            rec, seats = games.load(path)
        except (RealmsError, OSError) as exc:
            self.app.toast(self.tr("title.load_failed", file=path.name, reason=str(exc)), 8)
            return
        open_table(self.app, rec, seats)

    def load_game(self) -> None:
        saves = games.list_saves() if self.app.persist else []
        if not saves:
            self.app.toast(self.tr("title.no_saves"))
            return
        self.app.push(self.app.new_screen("load"), lambda p: self._load(p) if p is not None else None)

    def join(self) -> None:
        self.app.push(self.app.new_screen("join"))

    def rules(self) -> None:
        self.app.push(self.app.new_screen("rules"))

    def settings(self) -> None:
        self.app.push(self.app.new_screen("settings"))

    def credits(self) -> None:
        self.app.push(self.app.new_screen("credits"))

    def replays(self) -> None:
        self.app.push(self.app.new_screen("replays"))

    def statistics(self) -> None:
        self.app.push(self.app.new_screen("stats"))

    def tutorial(self) -> None:
        self.app.push(self.app.new_screen("tutorial"))

    def puzzles(self) -> None:
        self.app.push(self.app.new_screen("puzzles"))

    def offer_tutorial(self) -> None:
        """The first start's question: a guided first game now? The settings file is written
        at once, so that the question comes only once."""
        if self.app.persist:
            save_settings(self.app.settings)
        self.app.push(ConfirmDialog(self.app, self.tr("tutorial.offer_title"), [self.tr("tutorial.offer_text")],
                                    self.tr("tutorial.offer_yes"), self.tr("tutorial.offer_no")),
                      lambda yes: self.tutorial() if yes else None)

    def on_escape(self) -> None:
        """Esc asks first: a stray Esc must not close the window (the Quit button quits at once)."""
        self.app.push(ConfirmDialog(self.app, self.tr("title.quit_confirm"), [self.tr("title.quit_question")],
                                    self.tr("title.quit"), self.tr("newgame.back")),
                      lambda yes: self.app.quit(0) if yes else None)

    def toast_top(self) -> int:
        """Toasts go under the title's words, not over them."""
        return self.title_bottom if self.title_bottom is not None else super().toast_top()

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        self.title_bottom = title_text(surf, self.app, int(self.h * 0.07))
        self.group.draw(surf)
        v = theme.text("v" + __import__("game").__version__, self.u(12), theme.TEXT_DIM)
        surf.blit(v, v.get_rect(bottomright=(self.w - self.u(8), self.h - self.u(6))))
