"""Where everything sits on the Fantasy Realms table, for any window and 2-6 seats.

Opponents in panels along the top (hand size, Cursed Items, the cards they took
from the discard area); the deck and the discard area across the middle, the
discard area spread out in rows so that every card shows (cards shrink to fit
the number that ends the game, and are drawn compact when small); the viewer's
Cursed Items at the right of the middle band; the viewer's hand along the bottom,
one card beside the other, with a score strip under each card; the log, the turn
and the buttons in a sidebar on the right, as on the Hero Realms table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui.fantasy_realms.faces import ASPECT
from game.ui.tablekit.frame import TableFrame, fit_log, framed

Rect = pygame.Rect
DISCARD_COMPACT_W = 132  # discard-area faces narrower than this drop their texts (hover shows them)
HAND_COMPACT_W = 92


@dataclass
class OppLayout:
    seat: int
    panel: Rect
    name: Rect
    hand: Rect
    item: Rect
    taken: Rect


@dataclass
class FantasyLayout(TableFrame):
    opps: dict[int, OppLayout] = field(default_factory=dict)
    centre: Rect = field(default_factory=Rect)
    deck: Rect = field(default_factory=Rect)
    discard_zone: Rect = field(default_factory=Rect)
    discard_slots: list[Rect] = field(default_factory=list)
    discard_w: int = 80
    mine: Rect = field(default_factory=Rect)  # the viewer's Cursed Items
    my_item: Rect = field(default_factory=Rect)
    use_btn: Rect = field(default_factory=Rect)
    swap_btn: Rect = field(default_factory=Rect)
    my_down: Rect = field(default_factory=Rect)
    hand_zone: Rect = field(default_factory=Rect)
    header: Rect = field(default_factory=Rect)
    hand_slots: list[Rect] = field(default_factory=list)
    hand_w: int = 100
    strip_h: int = 40
    lift: int = 12

    def discard_slot(self, i: int) -> Rect:
        """Slot ``i`` of the discard area (past the last laid-out slot: beside it)."""
        if not self.discard_slots:
            return Rect(self.discard_zone.center, (self.discard_w, int(self.discard_w * ASPECT)))
        if i < len(self.discard_slots):
            return self.discard_slots[i]
        last = self.discard_slots[-1]
        return last.move(self.u(8) * (i - len(self.discard_slots) + 1), 0)

    @property
    def discard_compact(self) -> bool:
        return self.discard_w < self.u(DISCARD_COMPACT_W)

    @property
    def hand_compact(self) -> bool:
        return self.hand_w < self.u(HAND_COMPACT_W)


def compute(w: int, h: int, n: int, viewer: int | None, hand_count: int, hand_size: int, discards: int,
            end_at: int, items: bool) -> FantasyLayout:
    lay = framed(FantasyLayout, w, h)
    u, play = lay.u, lay.play
    # ---- sidebar (as the Hero Realms table) -------------------------------------------------
    sb = lay.sidebar
    pad = u(10)
    lay.undo_btn = Rect(sb.left + pad, lay.end_btn.top - pad - u(42), sb.width - 2 * pad, u(42))
    fit_log(lay)
    # ---- opponents along the top ----------------------------------------------------------
    others = [(viewer + i) % n for i in range(1, n)] if viewer is not None else list(range(n))
    opp_h = int(h * 0.165)
    gap = u(8)
    k = max(1, len(others))
    pw = (play.width - gap * (k + 1)) // k
    for i, seat in enumerate(others):
        panel = Rect(gap + i * (pw + gap), gap, pw, opp_h - gap)
        inner = panel.inflate(-u(12), -u(10))
        name = Rect(inner.left, inner.top, inner.width, u(22))
        body = Rect(inner.left, name.bottom + u(4), inner.width, inner.bottom - name.bottom - u(4))
        wide = inner.width >= u(300)  # room to fan the hand and name what they took
        back_w = int(min(u(44), body.height * 0.8 / ASPECT))
        item_w = int(min(u(58) if wide else u(46), body.height / ASPECT)) if items else 0
        hand = Rect(body.left, body.top, u(140) if wide else back_w + u(8), body.height)
        item = Rect(hand.right + u(6), body.top, item_w + u(6) if items else 0, body.height)
        taken = Rect(item.right + u(6), body.top, body.right - item.right - u(6), body.height)
        lay.opps[seat] = OppLayout(seat, panel, name, hand, item, taken)
    # ---- the viewer's hand along the bottom -------------------------------------------------
    margin = u(16)
    k_size = max(hand_count, hand_size + 1, 1)
    hgap = u(8)
    hw = min(u(140), (play.width - 2 * margin - (k_size - 1) * hgap) // k_size)
    header_h, strip_h = u(30), u(44)
    most_h = int(h * 0.4) - header_h - strip_h - u(24)
    hw = max(u(40), min(hw, int(most_h / ASPECT)))
    ch = int(hw * ASPECT)
    lay.hand_w, lay.strip_h, lay.lift = hw, strip_h, u(14)
    zone_top = h - u(10) - strip_h - ch - header_h - u(14)
    lay.hand_zone = Rect(0, zone_top, play.width, h - zone_top)
    lay.header = Rect(margin, zone_top + u(4), play.width - 2 * margin, header_h)
    count = max(1, hand_count)
    total = count * hw + (count - 1) * hgap
    x0 = play.centerx - total // 2
    top = lay.header.bottom + u(10)
    lay.hand_slots = [Rect(x0 + i * (hw + hgap), top, hw, ch) for i in range(hand_count)]
    # ---- the middle: deck, discard area, the viewer's items -------------------------------------
    lay.centre = Rect(0, opp_h, play.width, zone_top - opp_h)
    c = lay.centre
    label_h = u(22)
    mine_w = u(150) if items else 0
    lay.mine = Rect(c.right - mine_w - gap, c.top + gap, mine_w, c.height - 2 * gap) if items else Rect(c.right, c.top, 0, 0)
    room_h = c.height - label_h - 2 * gap
    deck_w = max(u(40), min(u(104), int(room_h * 0.72 / ASPECT)))
    lay.deck = Rect(c.left + u(20), c.top + label_h + gap + (room_h - int(deck_w * ASPECT)) // 2, deck_w, int(deck_w * ASPECT))
    zone = Rect(lay.deck.right + u(24), c.top + gap, (lay.mine.left if items else c.right) - lay.deck.right - u(24) - gap,
                c.height - 2 * gap)
    lay.discard_zone = zone
    _discard_slots(lay, zone.inflate(-u(12), 0), label_h, max(end_at, discards + 1), discards)
    if items:
        m = lay.mine
        iw = min(int((m.height - label_h - u(40) - u(36)) / ASPECT), m.width - u(30))
        lay.my_item = Rect(m.centerx - iw // 2, m.top + label_h, iw, int(iw * ASPECT))
        bw = (m.width - u(18)) // 2
        lay.use_btn = Rect(m.left + u(6), lay.my_item.bottom + u(6), bw, u(30))
        lay.swap_btn = Rect(lay.use_btn.right + u(6), lay.use_btn.top, bw, u(30))
        lay.my_down = Rect(m.left + u(6), lay.use_btn.bottom + u(6), m.width - u(12), m.bottom - lay.use_btn.bottom - u(8))
    return lay


def _discard_slots(lay: FantasyLayout, zone: Rect, label_h: int, room_for: int, count: int) -> None:
    """Rows of cards, as large as the zone allows for ``room_for`` cards."""
    area = Rect(zone.left, zone.top + label_h, zone.width, zone.height - label_h)
    gap = max(2, int(8 * lay.scale))
    best = (0, 1, room_for)
    for rows in range(1, 5):
        cols = math.ceil(room_for / rows)
        cw = min((area.width - (cols - 1) * gap) / cols, ((area.height - (rows - 1) * gap) / rows) / ASPECT)
        if cw > best[0]:
            best = (int(cw), rows, cols)
    cw, rows, cols = best
    lay.discard_w = max(16, cw)
    ch = int(lay.discard_w * ASPECT)
    used_h = rows * ch + (rows - 1) * gap
    top = area.top + (area.height - used_h) // 2
    row_w = cols * lay.discard_w + (cols - 1) * gap
    left = area.left + (area.width - row_w) // 2
    lay.discard_slots = [Rect(left + (i % cols) * (lay.discard_w + gap), top + (i // cols) * (ch + gap), lay.discard_w, ch)
                         for i in range(max(room_for, count))]
