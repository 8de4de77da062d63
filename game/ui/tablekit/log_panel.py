"""The game log in a table's sidebar, drawn the same way for every game.

The newest lines at the bottom, wrapped to the panel; headline lines (a new turn,
the winner...) in the seat's colour, the others with a dot; the mouse wheel
scrolls back (``sc.log_scroll``); while a hint is shown its panel takes the bottom
of the log and the lines end above it. The page is rendered only when the log, the
viewer, the language, the scroll, the size or the text size changed, and kept in ``sc.log_cache``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

import pygame

from game.ui import theme
from game.ui.i18n import Tr
from game.ui.tablekit.hint import HintKey
from game.ui.tablekit.protocols import GameLog, Layout


class LogReader(Protocol):
    """The table scene as the log panel reads it (and where it keeps its page)."""

    log_scroll: int  # lines scrolled back (the panel keeps it within the log)
    log_cache: tuple[tuple[object, ...], pygame.Surface] | None
    hints: HintKey  # its panel takes the bottom of the log while a hint is shown

    @property
    def lay(self) -> Layout: ...

    @property
    def log(self) -> GameLog: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def tr(self) -> Tr: ...


def draw_log(sc: LogReader, surf: pygame.Surface, key: tuple[object, ...], heads: Collection[str],
             unseated: theme.Color) -> None:
    """``sc.log`` in ``sc.lay.log``: ``key`` says when the game's log changed, ``heads``
    which kinds of line are headlines, ``unseated`` the colour of lines of no seat."""
    lay = sc.lay
    s = lay.scale
    rect = lay.log.copy()
    rect.height -= sc.hints.reserved(lay.log, s)  # the newest lines stay above the hint's panel
    key = (*key, sc.viewer, sc.tr.lang, sc.log_scroll, rect.size, theme.text_scale())
    if sc.log_cache is None or sc.log_cache[0] != key:
        page = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.panel(page, page.get_rect(), (14, 18, 22), theme.PANEL_EDGE, max(4, int(8 * s)), width=1)
        size = max(9, int(13.5 * s))
        f = theme.font(size)
        lh = f.get_linesize()
        lines: list[tuple[str, theme.Color, bool]] = []
        for seat, k, text in sc.log.lines(sc.tr, sc.viewer, 150):
            col = theme.SEAT_COLORS[seat % 6] if seat is not None and seat >= 0 else unseated
            head = k in heads
            for j, ln in enumerate(theme.wrap(text, f, rect.width - int(22 * s))):
                lines.append((ln, col if head else theme.TEXT, j == 0 and not head))
        visible = max(1, (rect.height - int(12 * s)) // lh)
        sc.log_scroll = min(sc.log_scroll, max(0, len(lines) - visible))
        end = len(lines) - sc.log_scroll
        shown = lines[max(0, end - visible):end]
        y = rect.height - int(6 * s) - len(shown) * lh
        for ln, col, dot in shown:
            if dot:
                pygame.draw.circle(page, theme.TEXT_DIM, (int(7 * s), y + lh // 2), max(2, int(2.5 * s)))
            page.blit(theme.text(ln, size, col), (int(14 * s), y))
            y += lh
        sc.log_cache = (key, page)
    surf.blit(sc.log_cache[1], rect)
