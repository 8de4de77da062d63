"""Where the HerosDeï table's pieces go, for any window size.

The play area is split in bands, the other player's at the top and the viewer's at
the bottom: each side's bar (name, player-1 marker, hand, trackers, Gods, Places and
Black Magic), its row of Characters with the cards given to them fanned under each,
its future and museum piles at the row's right end; the stack of destinies and the
prompt in the middle band; the viewer's hand along the bottom. The sidebar is the
kit's frame. Pure geometry: the scene places each Character in its row
(:func:`row_slots`), since their number changes event by event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.tablekit.frame import TableFrame, fit_log, framed

Rect = pygame.Rect
ASPECT = 1.4  # a card's height over its width when the faces do not say


@dataclass
class HdLayout(TableFrame):
    aspect: float = ASPECT
    card_w: int = 0  # a Character's width at most (narrower when the row is crowded)
    strip: int = 0  # how much of each given card shows under its Character
    hand_w: int = 0
    pile_w: int = 0
    gap: int = 0
    bottom_seat: int = 0
    bars: dict[int, Rect] = field(default_factory=dict)
    rows: dict[int, Rect] = field(default_factory=dict)
    futures: dict[int, Rect] = field(default_factory=dict)
    museums: dict[int, Rect] = field(default_factory=dict)
    middle: Rect = field(default_factory=Rect)
    stack_area: Rect = field(default_factory=Rect)
    banner: Rect = field(default_factory=Rect)
    hand_zone: Rect = field(default_factory=Rect)

    def height_of(self, w: int) -> int:
        return int(w * self.aspect)


def compute(w: int, h: int, viewer: int | None, aspect: float = ASPECT) -> HdLayout:
    lay = framed(HdLayout, w, h)
    u = lay.u
    lay.aspect = aspect
    lay.undo_btn = Rect(lay.end_btn.left, lay.end_btn.top - u(10) - u(40), lay.end_btn.width, u(40))
    fit_log(lay)
    play = lay.play
    pad = u(8)
    lay.gap = u(10)
    bar_h = u(34)
    lay.hand_w = u(78)
    hand_h = lay.height_of(lay.hand_w)
    mid_h = u(96)
    lay.hand_zone = Rect(play.left + pad, play.bottom - pad - hand_h - u(6), play.width - 2 * pad, hand_h + u(6))
    room = lay.hand_zone.top - play.top - 2 * bar_h - mid_h - 4 * pad
    row_h = max(u(90), room // 2)
    lay.strip = max(10, u(20))
    fan = 3 * lay.strip  # three given cards show in full under a Character; more squeeze
    lay.card_w = max(u(40), min(u(104), int((row_h - fan - u(4)) / aspect)))
    lay.pile_w = max(u(40), min(u(70), int(lay.card_w * 0.72)))
    lay.bottom_seat = viewer if viewer is not None else 0
    top, bottom = 1 - lay.bottom_seat, lay.bottom_seat
    y = play.top + pad
    lay.bars[top] = Rect(play.left + pad, y, play.width - 2 * pad, bar_h)
    y += bar_h + pad // 2
    lay.rows[top] = Rect(play.left + pad, y, play.width - 2 * pad, row_h)
    y += row_h + pad
    lay.middle = Rect(play.left + pad, y, play.width - 2 * pad, mid_h)
    y += mid_h + pad
    lay.rows[bottom] = Rect(play.left + pad, y, play.width - 2 * pad, row_h)
    y += row_h + pad // 2
    lay.bars[bottom] = Rect(play.left + pad, y, play.width - 2 * pad, bar_h)
    pile_h = lay.height_of(lay.pile_w)
    for seat, row in lay.rows.items():
        museum = Rect(row.right - lay.pile_w, row.top + u(16), lay.pile_w, pile_h)
        lay.museums[seat] = museum
        lay.futures[seat] = Rect(museum.left - lay.gap - lay.pile_w, museum.top, lay.pile_w, pile_h)
    m = lay.middle
    lay.stack_area = Rect(m.centerx - m.width // 6, m.top, m.width // 3, m.height)
    lay.banner = Rect(m.left, m.top, lay.stack_area.left - m.left - pad, m.height)
    return lay


def row_slots(lay: HdLayout, seat: int, n: int) -> list[Rect]:
    """The rectangles of ``n`` Characters in ``seat``'s row, left to right (narrower
    when they would not fit beside the piles)."""
    row = lay.rows[seat]
    room = lay.futures[seat].left - lay.gap - row.left
    w = lay.card_w
    if n > 0:
        w = max(lay.u(36), min(w, (room - (n - 1) * lay.gap) // n))
    # side by side when they fit; else overlapping, each showing its left part (the zoom shows it whole)
    step = w + lay.gap if n * w + (n - 1) * lay.gap <= room else max(1, (room - w) // max(1, n - 1))
    return [Rect(row.left + i * step, row.top, w, lay.height_of(w)) for i in range(n)]


def given_slots(lay: HdLayout, card: Rect, n: int, bottom: int) -> list[Rect]:
    """The strips of ``n`` cards given to the Character at ``card``, fanned under it
    down to ``bottom`` at most (a long fan squeezes)."""
    if n <= 0:
        return []
    step = min(lay.strip, max(4, (bottom - card.bottom) // n))
    return [Rect(card.left, card.bottom + i * step, card.width, step) for i in range(n)]


def hand_slots(lay: HdLayout, n: int) -> list[Rect]:
    """The viewer's hand along the bottom, overlapping when it is long."""
    z = lay.hand_zone
    w = lay.hand_w
    h = lay.height_of(w)
    if n <= 0:
        return []
    step = min(w + lay.u(6), (z.width - w) // max(1, n - 1)) if n > 1 else 0
    total = w + step * (n - 1)
    x0 = z.centerx - total // 2
    return [Rect(x0 + i * step, z.bottom - h, w, h) for i in range(n)]


def stack_slots(lay: HdLayout, n: int) -> list[Rect]:
    """The destinies on the stack, the first played on the left, the top on the right."""
    a = lay.stack_area
    w = max(lay.u(30), min(lay.u(58), int((a.height - lay.u(20)) / lay.aspect)))
    h = lay.height_of(w)
    if n <= 0:
        return []
    step = min(w + lay.u(6), (a.width - w) // max(1, n - 1)) if n > 1 else 0
    total = w + step * (n - 1)
    x0 = a.centerx - total // 2
    return [Rect(x0 + i * step, a.top + lay.u(18), w, h) for i in range(n)]
