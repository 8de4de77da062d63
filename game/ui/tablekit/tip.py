"""A table's tooltip: words wrapped on a dark panel by what they explain, kept on the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.tablekit.controller import Controller, Target

if TYPE_CHECKING:
    from game.ui.tablekit.parts import TableParts

WRAP = 340  # design pixels: the widest line before the words wrap
INK = (16, 16, 20)


def draw_tip(surf: pygame.Surface, text: str, at: tuple[int, int], u: Callable[[float], int],
             edge: theme.Color = theme.ACCENT, width: int = 1, anchor: str = "topleft",
             avoid: pygame.Rect | None = None) -> None:
    """``text`` on a panel whose ``anchor`` ("topleft", "midtop" or "midbottom") is ``at``,
    edged with ``edge`` ``width`` pixels wide; ``u`` scales design pixels to the window's.
    Kept inside the window, and off ``avoid`` (a zoomed card the words are about): above
    it, else beside it, when the window leaves no room where it was asked for."""
    f = theme.font(max(10, u(14)))
    lines = theme.wrap(text, f, u(WRAP))
    r = pygame.Rect(0, 0, max(f.size(ln)[0] for ln in lines) + u(16), len(lines) * f.get_linesize() + u(10))
    setattr(r, anchor, at)
    bounds = surf.get_rect()
    r.clamp_ip(bounds)
    if avoid is not None and r.colliderect(avoid):
        for place in ("bottom", "left", "right"):
            moved = r.copy()
            if place == "bottom":
                moved.bottom = avoid.top - u(4)
            elif place == "left":
                moved.left, moved.bottom = avoid.right + u(4), avoid.bottom
            else:
                moved.right, moved.bottom = avoid.left - u(4), avoid.bottom
            moved.clamp_ip(bounds)
            if not moved.colliderect(avoid):
                r = moved
                break
    theme.panel(surf, r, INK, edge, u(6), alpha=235, width=width)
    y = r.top + u(5)
    for ln in lines:
        surf.blit(theme.text(ln, max(10, u(14)), theme.TEXT), (r.left + u(8), y))
        y += f.get_linesize()


def resting_on(sc: TableParts[object, object, object, object, object], ctrl: Controller[Any, Any], surf: pygame.Surface,
               u: Callable[[float], int], rest: float, width: int = 1) -> Target | None:
    """What a table's hover shows, with no dialog over it: a button's tooltip by the pointer
    (drawn here: None), else what the pointer has rested on ``rest`` seconds, no drag under way."""
    if not sc.on_top:
        return None
    button = sc.group.hovered_tooltip()
    if button is not None:
        draw_tip(surf, button[0], (ctrl.mouse[0] + u(14), ctrl.mouse[1] + u(14)), u, width=width)
        return None
    if ctrl.hover is None or (ctrl.drag is not None and ctrl.drag.active) or ctrl.hover_time < rest:
        return None
    return ctrl.hover
