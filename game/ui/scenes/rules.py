"""The rules, summarised, in the chosen language, in a scrolling page: wheel,
arrows, Page Up/Down; Esc or the button goes back. Each game's table door names
its page (``data/i18n/<stem>_<lang>.md``) and its bullet; a switch turns to the
next game's rules (G on the keyboard), another opens the Credits."""

from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.resources import data_path
from game.ui.page import Block, PageScene, blocks_of
from game.ui.tablekit.entry import table_entry
from game.ui.widgets.basic import Button


def rules_games() -> list[str]:
    """The games whose rules the screen shows: those the table offers."""
    return games.playable()


def rules_text(lang: str, game: str = games.DEFAULT) -> str:
    stem = table_entry(game).rules_stem()
    for name in (f"{stem}_{lang}.md", f"{stem}_en.md"):
        try:
            return data_path("i18n", name).read_text(encoding="utf-8")
        except OSError:
            continue
    return "# ?\nThe rules file is missing."


class RulesScene(PageScene):
    def __init__(self, app: Any, game: str = games.DEFAULT) -> None:
        super().__init__(app)
        self.games = rules_games()
        self.game = game if game in self.games else self.games[0]

    def title(self) -> str:
        return f"{self.tr('rules.title')} — {games.title(self.game)}"

    def blocks(self) -> list[Block]:
        return blocks_of(rules_text(self.tr.lang, self.game))

    def bullet(self, size: int) -> pygame.Surface:
        found: pygame.Surface = table_entry(self.game).rules_bullet(size)
        return found

    def extra_buttons(self) -> list[Button]:
        u = self.u
        other = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        switch = Button(games.title(other), self.switch,
                        pygame.Rect(self.panel.left + u(30), self.panel.bottom - u(60), u(200), u(40)))
        switch.tooltip = self.tr("rules.other_game")
        credits = Button(self.tr("credits.button"), lambda: self.app.push(self.app.new_screen("credits")),
                         pygame.Rect(self.panel.right - u(230), self.panel.bottom - u(60), u(200), u(40)))
        return [switch, credits]

    def switch(self) -> None:
        """The other game's rules."""
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self.scroll = 0
        self.layout(self.w, self.h)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_g:
            self.switch()
            return True
        return False
