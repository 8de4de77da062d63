"""The frame every game's table is laid out in, for any window size.

The play area on the left; on the right a sidebar a fifth of the window wide
(within bounds) with the turn box and the menu button at the top, the end-turn
button at the bottom, the undo button above it and the log between them. Hero
Realms (game/ui/hero_realms/layout.py) and Fantasy Realms (game/ui/fantasy_realms/layout.py)
lay out their play areas and what else sits in their sidebars; a player finds
the sidebar's pieces at the same places in both games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.ui import theme
from game.ui.i18n import Tr

if TYPE_CHECKING:
    from game.ui.tablekit.parts import TableParts

Rect = pygame.Rect


@dataclass
class TableFrame:
    w: int
    h: int
    scale: float
    play: Rect
    sidebar: Rect
    turn_box: Rect = field(default_factory=Rect)
    menu_btn: Rect = field(default_factory=Rect)
    log: Rect = field(default_factory=Rect)
    undo_btn: Rect = field(default_factory=Rect)
    end_btn: Rect = field(default_factory=Rect)

    def u(self, v: float) -> int:
        """``v`` design pixels (at 1280×720) at this layout's scale."""
        return max(1, int(round(v * self.scale)))


F = TypeVar("F", bound=TableFrame)


def framed(cls: type[F], w: int, h: int) -> F:
    """A layout of class ``cls`` for a ``w``×``h`` window: its play area and sidebar,
    the sidebar's turn box, menu and end-turn buttons placed."""
    s = min(w / 1280, h / 720)

    def u(v: float) -> int:
        return max(1, int(round(v * s)))

    sb_w = max(u(250), min(int(w * 0.2), u(330)))
    play = Rect(0, 0, w - sb_w, h)
    lay = cls(w, h, s, play, Rect(play.right, 0, sb_w, h))
    sb = lay.sidebar
    pad = u(10)
    lay.menu_btn = Rect(sb.right - pad - u(40), pad, u(40), u(40))
    lay.turn_box = Rect(sb.left + pad, pad, sb.width - 3 * pad - u(40), u(40))
    lay.end_btn = Rect(sb.left + pad, h - pad - u(56), sb.width - 2 * pad, u(56))
    return lay


def fit_log(lay: TableFrame) -> None:
    """The log fills the sidebar between the turn box and the undo button (placed first)."""
    sb = lay.sidebar
    pad = lay.u(10)
    lay.log = Rect(sb.left + pad, lay.turn_box.bottom + pad, sb.width - 2 * pad, lay.undo_btn.top - lay.turn_box.bottom - 2 * pad)


def play_area(w: int, h: int) -> Rect:
    """The play area of a table in a ``w``×``h`` window (a dialog over the table that
    must leave the sidebar's log in view stays inside it)."""
    return framed(TableFrame, w, h).play


def draw_connection(surf: pygame.Surface, box: Rect, client: object, tr: Tr, u: Callable[[float], int]) -> None:
    """The connection's trouble (a LAN client's ``status`` other than "ok") on the turn
    ``box``'s top line, in place of the turn's number (it was drawn over it); ``u``
    scales design pixels."""
    status = getattr(client, "status", "ok")
    if status == "ok":
        return
    key = f"table.connection_{status}"
    words = tr(key) if tr.has(key) else tr("table.connection", status=status)
    line = Rect(box.left + u(4), box.top + u(2), box.width - u(8), u(17))
    pygame.draw.rect(surf, theme.PANEL, line)
    st = theme.fit_text(words, max(9, u(13)), line.width - u(6), theme.DANGER, "bold")
    surf.blit(st, st.get_rect(midleft=(line.left + u(6), line.centery)))


def draw_turn_box(sc: TableParts[object, object, object, object, object], surf: pygame.Surface, box: Rect, u: Callable[[float], int], *,
                  turn: int, mover: int | None, yours: bool, over: bool, t: float, room: int = 0) -> None:
    """The sidebar's turn box: the turn's number above whose turn it is (the viewer's, or
    ``mover``'s with dots that move while an AI plays), the connection's trouble over the
    number; ``room`` is taken off the right for a button that sits in the box."""
    tr = sc.tr
    theme.panel(surf, box, theme.PANEL, theme.PANEL_EDGE, u(8))
    dots = 0  # an AI's turn: animated dots after the words, in room kept for three
    if over:
        label, col = tr("gameover.title"), theme.ACCENT
    elif yours:
        label, col = tr("table.your_turn"), theme.HILITE
    else:
        dots = 1 + int(t * 2.5) % 3 if mover not in sc.humans and not sc.replaying else 0  # a replay waits for nobody
        name = sc.names[mover] if mover is not None and 0 <= mover < len(sc.names) else "?"
        label, col = tr("table.their_turn", name=name), theme.SEAT_COLORS[(mover or 0) % 6]
    small, big = theme.fit_lines([max(9, u(13)), max(10, u(17))], box.height, ["regular", "bold"])
    number = theme.text(tr("table.turn", turn=turn), small, theme.TEXT_DIM)
    surf.blit(number, number.get_rect(topleft=(box.left + u(10), box.top + u(3))))
    words = theme.fit_text_dots(label, dots, big, box.width - u(20) - room, col, "bold")
    surf.blit(words, words.get_rect(bottomleft=(box.left + u(10), box.bottom - u(3))))
    draw_connection(surf, box, sc.client, tr, u)
