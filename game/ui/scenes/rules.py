"""The rules, summarised, in the chosen language, in a scrolling page: wheel,
arrows, Page Up/Down; Esc or the button goes back. Each game's table door names
its page (``data/i18n/<stem>_<lang>.md``) and its bullet; a switch turns to the
next game's rules (G on the keyboard), another opens the Credits."""

from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.resources import data_path
from game.ui import theme
from game.ui.scene import Scene
from game.ui.tablekit.entry import table_entry
from game.ui.widgets.basic import Button, Group


def rules_games() -> list[str]:
    """The games whose rules the screen shows: those the table offers."""
    return games.playable()


def rules_text(lang: str, game: str = games.DEFAULT) -> str:
    stem = table_entry(game).RULES_STEM
    for name in (f"{stem}_{lang}.md", f"{stem}_en.md"):
        try:
            return data_path("i18n", name).read_text(encoding="utf-8")
        except OSError:
            continue
    return "# ?\nThe rules file is missing."


class RulesScene(Scene):
    def __init__(self, app: Any, game: str = games.DEFAULT) -> None:
        super().__init__(app)
        self.games = rules_games()
        self.game = game if game in self.games else self.games[0]
        self.scroll = 0
        self.group = Group()
        self.page: pygame.Surface | None = None

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        pw = min(w - u(40), u(900))
        self.panel = pygame.Rect((w - pw) // 2, u(24), pw, h - u(48))
        self.view = pygame.Rect(self.panel.left + u(30), self.panel.top + u(70), pw - u(60), self.panel.height - u(150))
        self.page = self._render_page(self.view.width)
        b = Button(self.tr("settings.back"), lambda: self.close(None),
                   pygame.Rect(self.panel.centerx - u(110), self.panel.bottom - u(64), u(220), u(46)), primary=True)
        b.app_sound = self.app.sound.play
        other = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        switch = Button(games.entry(other).title, self.switch, pygame.Rect(self.panel.left + u(30), self.panel.bottom - u(60), u(200), u(40)))
        switch.app_sound = self.app.sound.play
        switch.tooltip = self.tr("rules.other_game")
        credits = Button(self.tr("credits.button"), lambda: self.app.push(self.app.new_screen("credits")),
                         pygame.Rect(self.panel.right - u(230), self.panel.bottom - u(60), u(200), u(40)))
        credits.app_sound = self.app.sound.play
        self.group = Group([b, switch, credits])
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def switch(self) -> None:
        """The other game's rules."""
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self.scroll = 0
        self.layout(self.w, self.h)

    def _render_page(self, width: int) -> pygame.Surface:
        u = self.u
        blocks: list[tuple[str, str]] = []
        for line in rules_text(self.tr.lang, self.game).splitlines():
            line = line.strip()
            if not line:
                continue
            if line.startswith("# "):
                blocks.append(("h", line[2:]))
            elif line.startswith("- "):
                blocks.append(("li", line[2:]))
            else:
                blocks.append(("p", line))
        body = theme.font(u(17))
        head = theme.font(u(22), "serif")
        rendered: list[tuple[pygame.Surface, int, int]] = []  # (surface, x, y gap before)
        for kind, text in blocks:
            if kind == "h":
                rendered.append((head.render(text, True, theme.ACCENT), 0, u(18)))
                continue
            indent = u(26) if kind == "li" else 0
            lines = theme.wrap(text, body, width - indent)
            for i, ln in enumerate(lines):
                rendered.append((body.render(ln, True, theme.TEXT), indent, u(8) if i == 0 else 0))
            if kind == "li":
                rendered[-len(lines)] = (rendered[-len(lines)][0], indent, u(6))
        total = sum(s.get_height() + gap for s, _, gap in rendered) + u(20)
        page = pygame.Surface((width, total), pygame.SRCALPHA)
        y = 0
        bullet: pygame.Surface = table_entry(self.game).rules_bullet(u(12))
        for surf, x, gap in rendered:
            y += gap
            if x and gap:
                page.blit(bullet, (u(6), y + (surf.get_height() - bullet.get_height()) // 2))
            page.blit(surf, (x, y))
            y += surf.get_height()
        return page

    @property
    def max_scroll(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.get_height() - self.view.height)

    def handle(self, event: pygame.event.Event) -> None:
        step = self.u(40)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close(None)
                return
            delta = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.view.height - step,
                     pygame.K_PAGEUP: -(self.view.height - step), pygame.K_HOME: -10**6, pygame.K_END: 10**6}.get(event.key)
            if delta is not None:
                self.scroll += delta
            elif event.key == pygame.K_g:
                self.switch()
            else:
                self.group.handle(event)
        else:
            self.group.handle(event)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))
        t = theme.fit_text(f"{self.tr('rules.title')} — {games.entry(self.game).title}", self.u(30), self.panel.width - self.u(40),
                           theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        if self.page is not None:
            surf.blit(self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.width, self.view.height))
            if self.max_scroll:
                track = pygame.Rect(self.view.right + self.u(10), self.view.top, self.u(6), self.view.height)
                pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
                frac = self.view.height / self.page.get_height()
                knob = pygame.Rect(track.left, track.top + int(track.height * self.scroll / self.page.get_height()),
                                   track.width, max(self.u(20), int(track.height * frac)))
                pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)
        self.group.draw(surf)
