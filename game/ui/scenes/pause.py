"""The menu over the table: resume, save, rules, settings, concede, quit.

It returns what the player chose ("save", "concede", "quit" or None to resume);
the table carries it out. Rules and settings open on top of the menu.

A local game pauses under it ("Paused"); quitting one with moves played since it
was last saved asks first. A LAN game goes on (``lan`` is "host" or
"guest"): the menu is called "Menu", only the host can save (a guest's greyed Save
says so), and quitting asks first, saying what becomes of the game: a guest's seat
is kept for when they join again, a host's leaving ends the game for everyone.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.ui import theme
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.widgets.basic import Button, Group


class PauseScene(Dialog):
    menu = True

    def __init__(self, app: Any, can_save: bool = True, can_concede: bool = True, game: str = games.DEFAULT,
                 lan: str | None = None, unsaved: bool = False, can_talk: bool = False) -> None:
        super().__init__(app)
        self.game = game  # whose rules the Rules button opens
        self.can_save = can_save
        self.can_concede = can_concede
        self.lan = lan  # None: a local game; "host" or "guest" of a LAN game in progress
        self.unsaved = unsaved  # a local game with moves since it was saved: quitting asks first
        self.can_talk = can_talk  # a LAN seat may say something to the table ("talk")
        self.group = Group()

    def panel_size(self) -> tuple[int, int]:
        return self.u(420), self.u(90 + (7 if self.can_talk else 6) * 58)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        g = Group()
        u = self.u
        save_key = "pause.save_host_only" if self.lan == "guest" else "pause.save"
        items = [("pause.resume", lambda: self.close(None), True, True), (save_key, lambda: self.close("save"), False, self.can_save),
                 ("pause.rules", self._rules, False, True), ("pause.settings", self._settings, False, True),
                 ("pause.concede", lambda: self.close("concede"), False, self.can_concede), ("pause.quit", self._quit, False, True)]
        if self.can_talk:
            items.insert(1, ("pause.talk", lambda: self.close("talk"), False, True))
        y = self.rect.top + u(76)
        for key, fn, primary, enabled in items:
            b = Button(self.tr(key), fn, pygame.Rect(self.rect.left + u(40), y, self.rect.width - u(80), u(46)), primary=primary,
                       danger=key == "pause.concede")
            b.enabled = enabled
            b.app_sound = self.app.sound.play
            if key == "pause.save_host_only":
                b.tooltip = self.tr("pause.tip_save_host_only")
            g.add(b)
            y += u(58)
        self.group = g

    def _quit(self) -> None:
        """Quit to the title; in a LAN game, or a local one not saved, only once the
        player has read what it means."""
        if self.lan is None and not self.unsaved:
            self.close("quit")
            return
        role = "unsaved" if self.lan is None else ("lan_host" if self.lan == "host" else "lan_guest")
        lines = [self.tr(f"pause.quit_{role}_{i}") for i in range(1, 5) if self.tr.has(f"pause.quit_{role}_{i}")]
        self.app.push(ConfirmDialog(self.app, self.tr(f"pause.quit_{role}"), lines, self.tr("pause.quit"),
                                    self.tr("pause.stay")), self._quit_answer)

    def _quit_answer(self, yes: Any) -> None:
        if yes is True:
            self.close("quit")

    def _rules(self) -> None:
        self.app.push(self.app.new_screen("rules", self.game))

    def _settings(self) -> None:
        self.app.push(self.app.new_screen("settings"))

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.tr("pause.title_lan" if self.lan is not None else "pause.title"))
        self.group.draw(surf)
        tip = self.group.hovered_tooltip()
        if tip is not None:
            self._tooltip(surf, *tip)

    def _tooltip(self, surf: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        """Why a greyed button is greyed, just under it (wrapped to the button's width)."""
        size, pad = self.u(15), self.u(8)
        lines = theme.wrap(text, theme.font(size), rect.width - 2 * pad)
        lh = theme.font(size).get_linesize()
        box = pygame.Rect(rect.left, rect.bottom + self.u(4), rect.width, len(lines) * lh + 2 * pad)
        theme.panel(surf, box, theme.PANEL, theme.ACCENT, self.u(6))
        for i, line in enumerate(lines):
            t = theme.text(line, size, theme.TEXT)
            surf.blit(t, t.get_rect(midtop=(box.centerx, box.top + pad + i * lh)))
