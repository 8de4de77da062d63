"""The Credits: who made the pictures, the fonts, the sounds and the games, under which
licences, and the licence files the table carries (found in ``assets/``). A scrolling
page like the rules (wheel, arrows, Page Up/Down); Esc or the button goes back.
Reached from the title and from the rules."""

from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.resources import asset_path
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Group

Block = tuple[str, str]  # ("h" heading | "p" paragraph | "li" list item, text)


def licence_files() -> list[str]:
    """The licence files under ``assets/`` (``art/LICENSE``, ``fonts/LICENSE-DejaVu.txt``...)."""
    root = asset_path()
    if not root.is_dir():
        return []
    return sorted(str(p.relative_to(root)).replace("\\", "/") for p in root.rglob("LICENSE*") if p.is_file())


def credit_blocks(tr: Any) -> list[Block]:
    """The page's headings, paragraphs and list items in the chosen language."""
    fonts = sorted(p.stem for p in asset_path("fonts").glob("*.ttf"))
    blocks: list[Block] = [
        ("h", tr("credits.art_head")), ("p", tr("credits.art")), ("p", tr("credits.art_licence")),
        ("h", tr("credits.fonts_head")), ("p", tr("credits.fonts", files=", ".join(fonts))),
        ("h", tr("credits.sounds_head")), ("p", tr("credits.sounds")), ("p", tr("credits.icon")),
        ("h", tr("credits.games_head")),
    ]
    blocks += [("li", tr(f"credits.game_{g}")) for g in games.names() if tr.has(f"credits.game_{g}")]
    blocks += [("p", tr("credits.unofficial")), ("h", tr("credits.files_head"))]
    blocks += [("li", f"assets/{name}") for name in licence_files()]
    return blocks


class CreditsScene(Scene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
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
        back = Button(self.tr("settings.back"), lambda: self.close(None),
                      pygame.Rect(self.panel.centerx - u(110), self.panel.bottom - u(64), u(220), u(46)), primary=True)
        back.app_sound = self.app.sound.play
        self.group = Group([back])
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _render_page(self, width: int) -> pygame.Surface:
        u = self.u
        body = theme.font(u(17))
        head = theme.font(u(22), "serif")
        rendered: list[tuple[pygame.Surface, int, int]] = []  # (surface, x, gap before)
        for kind, text in credit_blocks(self.tr):
            if kind == "h":
                rendered.append((head.render(text, True, theme.ACCENT), 0, u(18)))
                continue
            indent = u(26) if kind == "li" else 0
            for i, line in enumerate(theme.wrap(text, body, width - indent)):
                rendered.append((body.render(line, True, theme.TEXT), indent, (u(6) if kind == "li" else u(8)) if i == 0 else 0))
        page = pygame.Surface((width, sum(s.get_height() + gap for s, _, gap in rendered) + u(20)), pygame.SRCALPHA)
        y = 0
        dot = max(2, u(3))
        for surf, x, gap in rendered:
            y += gap
            if x and gap:
                pygame.draw.circle(page, theme.ACCENT, (u(10), y + surf.get_height() // 2), dot)
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
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(None)
            return
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = self.view.height - step
            self.scroll += {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}[event.key]
        else:
            self.group.handle(event)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))
        t = theme.fit_text(self.tr("credits.title"), self.u(30), self.panel.width - self.u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        if self.page is not None:
            surf.blit(self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.width, self.view.height))
            if self.max_scroll:
                track = pygame.Rect(self.view.right + self.u(10), self.view.top, self.u(6), self.view.height)
                pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=3)
                knob = pygame.Rect(track.left, track.top + int(track.height * self.scroll / self.page.get_height()),
                                   track.width, max(self.u(20), int(track.height * self.view.height / self.page.get_height())))
                pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)
        self.group.draw(surf)
