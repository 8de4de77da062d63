"""The pause menu over the table: resume, save, rules, settings, concede, quit.

It returns what the player chose ("save", "concede", "quit" or None to resume);
the table carries it out. Rules and settings open on top of the pause menu.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.scene import Dialog
from game.ui.widgets.basic import Button, Group


class PauseScene(Dialog):
    menu = True

    def __init__(self, app: Any, can_save: bool = True, can_concede: bool = True, game: str = "hero_realms") -> None:
        super().__init__(app)
        self.game = game  # whose rules the Rules button opens
        self.can_save = can_save
        self.can_concede = can_concede
        self.group = Group()

    def panel_size(self) -> tuple[int, int]:
        return self.u(420), self.u(90 + 6 * 58)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        g = Group()
        u = self.u
        items = [("pause.resume", lambda: self.close(None), True, True), ("pause.save", lambda: self.close("save"), False, self.can_save),
                 ("pause.rules", self._rules, False, True), ("pause.settings", self._settings, False, True),
                 ("pause.concede", lambda: self.close("concede"), False, self.can_concede), ("pause.quit", lambda: self.close("quit"), False, True)]
        y = self.rect.top + u(76)
        for key, fn, primary, enabled in items:
            b = Button(self.tr(key), fn, pygame.Rect(self.rect.left + u(40), y, self.rect.width - u(80), u(46)), primary=primary,
                       danger=key == "pause.concede")
            b.enabled = enabled
            b.app_sound = self.app.sound.play
            g.add(b)
            y += u(58)
        self.group = g

    def _rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game))

    def _settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.tr("pause.title"))
        self.group.draw(surf)
