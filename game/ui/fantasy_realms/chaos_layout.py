"""Where everything sits on the Chaos Realms table, for any window and 3-7 seats.

Along the top, one panel per other seat and one for "anyone" (the drop targets of
a new offer); across the middle, the offers in three columns (made to the viewer,
open to anyone, the viewer's own), each a tile with its two cards and its buttons;
along the bottom, the viewer's hand. The sidebar is the other tables' (the phase in
the turn box, the menu, the log) with the clock where their end-turn button is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.fantasy_realms.chaos_events import ANYONE
from game.ui.fantasy_realms.faces import ASPECT
from game.ui.tablekit.frame import TableFrame, framed

Rect = pygame.Rect
COLUMNS = ("to_me", "open", "mine")  # the offer columns, left to right
MIN_TILE_H = 62  # design pixels: a tile's two cards stay recognisable
HAND_SLOTS = 9  # the hand is laid out for this many cards (a Necromancer or Genie may add one at the end)


@dataclass
class ChaosLayout(TableFrame):
    seats: dict[int, Rect] = field(default_factory=dict)  # other seats' panels, and ANYONE's
    columns: dict[str, Rect] = field(default_factory=dict)
    tile_h: int = 90  # the tallest a tile gets
    clock: Rect = field(default_factory=Rect)
    hand_zone: Rect = field(default_factory=Rect)
    header: Rect = field(default_factory=Rect)
    hand_w: int = 100
    lift: int = 12

    def hand_slot(self, i: int, count: int) -> Rect:
        """Card ``i`` of a hand of ``count``, centred along the bottom."""
        gap = self.u(8)
        w = self.hand_w
        total = count * w + (count - 1) * gap
        x0 = self.hand_zone.centerx - total // 2
        return Rect(x0 + i * (w + gap), self.hand_zone.bottom - int(w * ASPECT) - self.u(6), w, int(w * ASPECT))

    def tiles(self, column: str, count: int) -> list[Rect]:
        """The tiles of a column: as tall as three fill it, shorter when there are more
        (down to MIN_TILE_H); those that still do not fit are summed up under the rest."""
        col = self.columns[column]
        top = col.top + self.u(26)
        gap = self.u(6)
        room_h = col.bottom - top - self.u(18)  # the "+N more" line
        h = max(self.u(MIN_TILE_H), min(self.tile_h, (room_h + gap) // max(1, count) - gap))
        room = max(0, (col.bottom - top + gap) // (h + gap))
        shown = count if count <= room else max(0, (room_h + gap) // (h + gap))
        return [Rect(col.left, top + i * (h + gap), col.width, h) for i in range(shown)]


def compute(w: int, h: int, others: list[int]) -> ChaosLayout:
    """The layout for a window ``w``×``h`` with the other seats ``others`` (in order)."""
    lay = framed(ChaosLayout, w, h)
    u, play = lay.u, lay.play
    pad = u(10)
    sb = lay.sidebar
    lay.clock = lay.end_btn
    lay.undo_btn = Rect(lay.end_btn.left, lay.end_btn.top - pad, lay.end_btn.width, 0)
    lay.log = Rect(sb.left + pad, lay.turn_box.bottom + pad, sb.width - 2 * pad, lay.clock.top - lay.turn_box.bottom - 2 * pad)
    # seats along the top, then "anyone"
    targets = [*others, ANYONE]
    sw = (play.width - pad * (len(targets) + 1)) // len(targets)
    seat_h = u(92)
    for i, seat in enumerate(targets):
        lay.seats[seat] = Rect(play.left + pad + i * (sw + pad), pad, sw, seat_h)
    # the hand along the bottom: room for HAND_SLOTS cards, at most a readable size
    lay.hand_w = max(u(54), min(u(112), (play.width - 2 * pad - (HAND_SLOTS - 1) * u(8)) // HAND_SLOTS,
                                int((h * 0.3) / ASPECT)))
    lay.lift = u(12)
    hand_h = int(lay.hand_w * ASPECT) + u(6)
    lay.hand_zone = Rect(play.left + pad, h - pad - hand_h - lay.lift, play.width - 2 * pad, hand_h + lay.lift)
    lay.header = Rect(play.left + pad, lay.hand_zone.top - u(28), play.width - 2 * pad, u(26))
    # the offers between the two
    top = pad + seat_h + u(10)
    bottom = lay.header.top - u(6)
    cw = (play.width - 4 * pad) // 3
    for i, name in enumerate(COLUMNS):
        lay.columns[name] = Rect(play.left + pad + i * (cw + pad), top, cw, bottom - top)
    lay.tile_h = max(u(MIN_TILE_H), min(u(96), (bottom - top - u(26)) // 3 - u(6)))
    return lay
