"""The end of a Hero Realms game, over the play area (the log in the sidebar stays
readable): who won, and each player's figures (damage dealt, cards bought, turns, final
health), on the kit's end screen."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import theme
from game.ui.render import icons
from game.ui.tablekit.end_screen import TableEndScreen, end_buttons

COLUMNS = [("gameover.player", 0.30), ("gameover.health", 0.16), ("gameover.damage", 0.18), ("gameover.bought", 0.18),
           ("gameover.turns", 0.18)]


class GameOverScene(TableEndScreen[None]):
    """The figures are handed over (the tour shows a made-up ending): the screen reads no table."""

    dim_below = 170

    def __init__(self, app: Any, names: list[str], winner: Any, stats: list[dict[str, int]], health: list[int],
                 viewer: int | None, conceded: int | None = None, can_rematch: bool = True,
                 area: Callable[[int, int], pygame.Rect] | None = None) -> None:
        super().__init__(app, None, conceded)
        # where the panel may go for a window size (over a table, its play area); None: the whole window
        self.area = area
        self.names = names
        self.winner = winner
        self.stats = stats
        self.health = health
        self.viewer = viewer
        self.can_rematch = can_rematch
        self.t = 0.0

    def headline(self) -> str:
        w = self.winner
        if isinstance(w, list):
            if self.viewer in w:
                return self.tr("gameover.you_win")
            return self.tr("gameover.winners", names=", ".join(self.names[s] for s in w))
        if w is None:
            return self.tr("gameover.draw")
        if w == self.viewer:
            return self.tr("gameover.you_win")
        return self.tr("gameover.winner", name=self.names[w])

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        room = self.area(w, h) if self.area is not None else pygame.Rect(0, 0, w, h)
        pw = min(room.width - u(40), u(820))
        ph = min(room.height - u(60), u(250) + u(40) * len(self.names))
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = room.center
        bw = (pw - u(120)) // 3
        self.group = end_buttons(self, self.panel.left + u(30), self.panel.bottom - u(70), bw, u(48), self.can_rematch)

    def update(self, dt: float) -> None:
        self.t += self.app.ambient_dt  # the crown bobs: still while the app rests

    def draw(self, surf: pygame.Surface) -> None:
        u = self.u
        p = self.panel
        theme.panel(surf, p, theme.PANEL, theme.ACCENT, u(16), width=max(2, u(3)))
        # a crown that bobs over the headline
        crown = icons.icon("imperial", u(56))
        surf.blit(crown, crown.get_rect(center=(p.centerx, p.top + u(6) + int(math.sin(self.t * 2.5) * u(4)))))
        t = theme.fit_text(self.headline(), u(40), p.width - u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(p.centerx, p.top + u(40))))
        y = p.top + u(40) + t.get_height() + u(6)
        if self.conceded is not None:
            c = theme.text(self.tr("gameover.conceded", name=self.names[self.conceded]), u(16), theme.TEXT_DIM)
            surf.blit(c, c.get_rect(midtop=(p.centerx, y)))
            y += c.get_height() + u(4)
        cols = COLUMNS
        x0 = p.left + u(30)
        width = p.width - u(60)
        y += u(10)
        x = x0
        for key, frac in cols:
            h = theme.fit_text(self.tr(key), u(15), int(width * frac) - u(8), theme.TEXT_DIM, "bold")
            surf.blit(h, (x, y))
            x += int(width * frac)
        y += u(28)
        for seat, name in enumerate(self.names):
            won = seat == self.winner or (isinstance(self.winner, list) and seat in self.winner)
            row = pygame.Rect(x0 - u(8), y - u(4), width + u(16), u(34))
            if won:
                theme.panel(surf, row, theme.shade(theme.ACCENT, 0.45), None, u(6))
            st = self.stats[seat] if seat < len(self.stats) else {}
            vals = [name, str(max(0, self.health[seat]) if seat < len(self.health) else "?"), str(st.get("damage", 0)),
                    str(st.get("bought", 0)), str(st.get("turns", 0))]
            x = x0
            for (key, frac), v in zip(cols, vals):
                color = theme.SEAT_COLORS[seat % 6] if key == "gameover.player" else theme.TEXT
                tv = theme.fit_text(v, u(18), int(width * frac) - u(8), color, "bold" if key == "gameover.player" else "regular")
                surf.blit(tv, (x, y))
                x += int(width * frac)
            y += u(40)
        self.group.draw(surf)
