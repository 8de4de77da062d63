"""Where a dialog's compact chips go, and the one text size they share.

A question with many answers (the Genie's or the Wishing Ring's whole deck, the card a
Chaos Realms offer asks for) shows them as chips rather than card faces. Plain chips
fill up to six columns; grouped ones (``Question.grouped``) take a row per suit, the
suit named at the head of its row, a suit of more cards than columns running on to
the next row. Every chip's words are drawn at one size, the largest at which the
longest fits (a name too long even at the smallest size loses its end to "…"), so the
list reads as one list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme

MAX_COLS = 6


@dataclass(frozen=True)
class ChipGrid:
    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]  # (row, column) of each option
    heads: tuple[tuple[int, int], ...]  # (row, index of the group's first option) of each group's heading


def groups(suits: Sequence[str | None], grouped: bool) -> list[list[int]]:
    """The options' indices in runs of one suit (grouped), else one run of all."""
    if not grouped:
        return [list(range(len(suits)))] if suits else []
    out: list[list[int]] = []
    for i, s in enumerate(suits):
        if out and suits[out[-1][0]] == s:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def grid(suits: Sequence[str | None], grouped: bool) -> ChipGrid:
    """Rows and columns for the options: a row per suit when grouped."""
    n = len(suits)
    if not n:
        return ChipGrid(1, 0, (), ())
    runs = groups(suits, grouped)
    if not grouped:
        cols = max(1, min(4 if n <= 24 else MAX_COLS, n))
    else:
        cols = max(1, min(MAX_COLS, max(len(g) for g in runs)))
    cells: list[tuple[int, int]] = [(0, 0)] * n
    heads: list[tuple[int, int]] = []
    row = 0
    for g in runs:
        heads.append((row, g[0]))
        for k, i in enumerate(g):
            cells[i] = (row + k // cols, k % cols)
        row += (len(g) + cols - 1) // cols
    return ChipGrid(cols, row, tuple(cells), tuple(heads) if grouped else ())


def shared_size(labels: Sequence[str], rooms: Sequence[int], largest: int, smallest: int) -> int:
    """The largest bold size, from ``largest`` down to ``smallest``, at which every label fits its room."""
    size = largest
    while size > smallest and any(theme.font(size, "bold").size(t)[0] > r for t, r in zip(labels, rooms)):
        size -= 1
    return size


def clipped(label: str, size: int, room: int, colour: theme.Color) -> pygame.Surface:
    """``label`` at ``size``, its end cut to "…" when it is too long for ``room``."""
    f = theme.font(size, "bold")
    while len(label) > 1 and f.size(label)[0] > room:
        label = label[:-2].rstrip() + "…"
    return theme.text(label, size, colour, "bold")


def room_of(chip_w: int, chip_h: int, badge: bool, caption_w: int, u: Callable[[float], int]) -> int:
    """The width a chip leaves for its words: less its padding, its suit badge and its caption."""
    w = chip_w - u(12)
    if badge:
        w -= chip_h - u(8) + u(6)
    if caption_w:
        w -= caption_w + u(6)
    return max(1, w)
