"""Fitting a row of cards into an area: how wide the cards can be and on how many
rows, so that no card covers another.

A seat's champions must each stay readable and clickable, however many there
are and however small the opponent's panel is (six seats at 1280×720), and an
expended champion lies on its side, so it takes more width than an upright one.
:func:`fit` finds the largest card width that keeps every card clear of the
others (wrapping to more rows when that gives larger cards); only when even the
smallest allowed width does not fit do cards overlap along their row.
Widths come from a short ladder so that the faces cached at one size serve many
layouts (rendering a face costs a millisecond or two).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.render.cards import ASPECT

GAP = 0.08  # space between two cards, in card widths
_LADDER = sorted({int(round(16 * 1.06 ** i)) for i in range(80)})


def ladder(w: float) -> int:
    """The largest ladder width not above ``w`` (at least 16)."""
    best = _LADDER[0]
    for v in _LADDER:
        if v > w:
            break
        best = v
    return best


@dataclass
class Fit:
    cw: int  # card width
    rows: list[list[int]]  # item indices on each row, top to bottom
    squeeze: list[float]  # per row: 1.0, or less when its cards must overlap

    @property
    def row_h(self) -> float:
        return self.cw * ASPECT

    def height(self) -> float:
        """The height the rows take (0 without cards)."""
        n = len([r for r in self.rows if r])
        return n * self.row_h + max(0, n - 1) * self.gap

    def width(self, units: list[float]) -> float:
        """The width of the widest row, as laid out (after any squeeze)."""
        out = 0.0
        for row, k in zip(self.rows, self.squeeze):
            if row:
                out = max(out, _row_units(units, row, k) * self.cw)
        return out

    @property
    def gap(self) -> float:
        return self.cw * GAP


def _row_units(units: list[float], row: list[int], squeeze: float = 1.0) -> float:
    """Width of a row in card widths: every card but the last advances by (its width + gap) × squeeze."""
    if not row:
        return 0.0
    steps = sum(units[i] + GAP for i in row[:-1]) * squeeze
    return steps + units[row[-1]]


def _partition(units: list[float], rows: int) -> list[list[int]]:
    """Split the cards, in order, into ``rows`` runs with the narrowest widest run."""
    n = len(units)
    rows = max(1, min(rows, n))
    best: tuple[float, list[list[int]]] | None = None

    def rec(start: int, left: int, acc: list[list[int]]) -> None:
        nonlocal best
        if left == 1:
            parts = acc + [list(range(start, n))]
            worst = max(_row_units(units, p) for p in parts)
            if best is None or worst < best[0] - 1e-9:
                best = (worst, parts)
            return
        for end in range(start + 1, n - left + 2):
            rec(end, left - 1, acc + [list(range(start, end))])

    if n:
        rec(0, rows, [])
    return best[1] if best else []


def fit(units: list[float], w: float, h: float, max_w: float, min_w: float, max_rows: int = 3) -> Fit:
    """The largest card width (at most ``max_w``) at which cards of the given
    widths (in card widths) fit in ``w``×``h`` without overlapping, on up to
    ``max_rows`` rows. Below ``min_w`` the cards keep ``min_w`` (or what the
    height allows) and overlap along their rows instead."""
    n = len(units)
    if n == 0:
        return Fit(ladder(max(16.0, min(max_w, h / ASPECT))), [], [])
    best: tuple[float, list[list[int]]] | None = None
    for r in range(1, min(max_rows, n) + 1):
        parts = _partition(units, r)
        by_h = h / (ASPECT * r + GAP * (r - 1))
        by_w = min(w / _row_units(units, p) for p in parts)
        cw = min(max_w, by_h, by_w)
        if best is None or cw > best[0] * 1.02:  # a second row only when it really gives larger cards
            best = (cw, parts)
    assert best is not None
    cw, parts = best
    if cw >= min_w:
        return Fit(ladder(cw), parts, [1.0] * len(parts))
    # too many cards: the smallest width the height allows, on as many rows as fit, overlapping
    cw = min(min_w, h / ASPECT)
    rows = max(1, min(max_rows, n, int((h + GAP * cw) / (cw * (ASPECT + GAP)))))
    parts = _partition(units, rows)
    cw_i = ladder(cw)
    squeeze = []
    for p in parts:
        need = _row_units(units, p) * cw_i
        if need <= w or len(p) < 2:
            squeeze.append(1.0)
        else:
            steps = sum(units[i] + GAP for i in p[:-1]) * cw_i
            squeeze.append(max(0.05, (w - units[p[-1]] * cw_i) / steps))
    return Fit(cw_i, parts, squeeze)


def centres(units: list[float], f: Fit, left: float, top: float) -> list[tuple[float, float]]:
    """Centre of each card, rows from ``top``, each row from ``left``."""
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(units)
    y = top
    for row, k in zip(f.rows, f.squeeze):
        x = left
        for i in row:
            wd = units[i] * f.cw
            out[i] = (x + wd / 2, y + f.row_h / 2)
            x += (wd + f.gap) * k
        y += f.row_h + f.gap
    return out
