"""A table's tooltip: words wrapped on a dark panel by what they explain, kept on the screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme

WRAP = 340  # design pixels: the widest line before the words wrap
INK = (16, 16, 20)


def draw_tip(surf: pygame.Surface, text: str, at: tuple[int, int], u: Callable[[float], int],
             edge: theme.Color = theme.ACCENT, width: int = 1, anchor: str = "topleft") -> None:
    """``text`` on a panel whose ``anchor`` ("topleft", "midtop" or "midbottom") is ``at``,
    edged with ``edge`` ``width`` pixels wide; ``u`` scales design pixels to the window's."""
    f = theme.font(max(10, u(14)))
    lines = theme.wrap(text, f, u(WRAP))
    r = pygame.Rect(0, 0, max(f.size(ln)[0] for ln in lines) + u(16), len(lines) * f.get_linesize() + u(10))
    setattr(r, anchor, at)
    r.clamp_ip(surf.get_rect())
    theme.panel(surf, r, INK, edge, u(6), alpha=235, width=width)
    y = r.top + u(5)
    for ln in lines:
        surf.blit(theme.text(ln, max(10, u(14)), theme.TEXT), (r.left + u(8), y))
        y += f.get_linesize()
