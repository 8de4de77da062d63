"""Where everything sits on the table, for any window size and 2 to 6 seats.

The viewer's seat is always at the bottom (in hotseat the table turns to whoever
is playing); the other seats follow clockwise in panels along the top; the market
row runs across the middle; the log and the turn buttons live in a sidebar on the
right. Every size is derived from the window, so the same code serves 1280×720
and 4K. :func:`place` turns the layout into targets for the model's sprites.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.render.cards import ASPECT
from game.ui.table.model import Sprite, TableModel

Rect = pygame.Rect
MARKET_SLOTS = 5


@dataclass
class SeatLayout:
    seat: int
    viewer: bool
    panel: Rect
    header: Rect
    portrait: Rect  # the clickable/droppable target for attacks
    health: Rect
    gold: Rect
    combat: Rect
    hand: Rect
    hand_w: int
    champions: Rect
    in_play: Rect
    card_w: int
    deck: Rect
    discard: Rect
    pile_w: int


@dataclass
class TableLayout:
    w: int
    h: int
    scale: float
    play: Rect
    sidebar: Rect
    seats: dict[int, SeatLayout] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # seats, viewer first then clockwise
    market: Rect = field(default_factory=Rect)
    gems: Rect = field(default_factory=Rect)
    slots: list[Rect] = field(default_factory=list)
    market_deck: Rect = field(default_factory=Rect)
    sacrificed: Rect = field(default_factory=Rect)
    market_w: int = 80
    banner: Rect = field(default_factory=Rect)
    turn_box: Rect = field(default_factory=Rect)
    log: Rect = field(default_factory=Rect)
    menu_btn: Rect = field(default_factory=Rect)
    undo_btn: Rect = field(default_factory=Rect)
    play_all_btn: Rect = field(default_factory=Rect)
    end_btn: Rect = field(default_factory=Rect)


def card_rect(cx: float, cy: float, w: float, rotated: bool = False) -> Rect:
    h = w * ASPECT
    if rotated:
        w, h = h, w
    return Rect(int(cx - w / 2), int(cy - h / 2), int(w), int(h))


def compute(w: int, h: int, n: int, viewer: int | None) -> TableLayout:
    s = min(w / 1280, h / 720)
    def u(v: float) -> int:
        return max(1, int(round(v * s)))

    sb_w = max(u(250), min(int(w * 0.2), u(330)))
    play = Rect(0, 0, w - sb_w, h)
    lay = TableLayout(w, h, s, play, Rect(play.right, 0, sb_w, h))
    base = viewer if viewer is not None else 0
    lay.order = [(base + i) % n for i in range(n)]
    # ---- sidebar ----------------------------------------------------------------------
    sb = lay.sidebar
    pad = u(10)
    bh = u(42)
    lay.menu_btn = Rect(sb.right - pad - u(40), pad, u(40), u(40))
    lay.turn_box = Rect(sb.left + pad, pad, sb.width - 3 * pad - u(40), u(40))
    lay.end_btn = Rect(sb.left + pad, h - pad - u(56), sb.width - 2 * pad, u(56))
    half = (sb.width - 3 * pad) // 2
    lay.undo_btn = Rect(sb.left + pad, lay.end_btn.top - pad - bh, half, bh)
    lay.play_all_btn = Rect(lay.undo_btn.right + pad, lay.undo_btn.top, half, bh)
    lay.log = Rect(sb.left + pad, lay.turn_box.bottom + pad, sb.width - 2 * pad, lay.undo_btn.top - lay.turn_box.bottom - 2 * pad)
    # ---- bands ------------------------------------------------------------------------------
    opp_h = int(h * 0.30)
    market_h = int(h * 0.25)
    opp_band = Rect(0, 0, play.width, opp_h)
    lay.market = Rect(0, opp_h, play.width, market_h)
    me_band = Rect(0, opp_h + market_h, play.width, h - opp_h - market_h)
    # ---- market --------------------------------------------------------------------------------
    m = lay.market
    gap = u(10)
    mw = int(min(m.height * 0.84 / ASPECT, (m.width - 2 * u(16) - 9 * gap) / 8.4))
    lay.market_w = mw
    mh = int(mw * ASPECT)
    total = mw * 8 + gap * 7 + u(14) * 2
    x = m.centerx - total // 2
    cy = m.centery
    lay.gems = Rect(x, cy - mh // 2, mw, mh)
    x += mw + gap + u(14)
    lay.slots = []
    for _ in range(MARKET_SLOTS):
        lay.slots.append(Rect(x, cy - mh // 2, mw, mh))
        x += mw + gap
    x += u(14) - gap + gap
    lay.market_deck = Rect(x, cy - mh // 2, mw, mh)
    x += mw + gap
    lay.sacrificed = Rect(x, cy - mh // 2, mw, mh)
    # prompts sit between the opponents and the market: never over the cards to click
    lay.banner = Rect(play.left + u(40), m.top - u(22), play.width - u(80), u(40))
    # ---- seats --------------------------------------------------------------------------------
    if viewer is not None:
        lay.seats[viewer] = _me(viewer, me_band, u)
        others = lay.order[1:]
    else:
        others = lay.order
        lay.seats[lay.order[0]] = _me(lay.order[0], me_band, u, spectator=True)
        others = lay.order[1:]
    k = max(1, len(others))
    pw = opp_band.width // k
    for i, seat in enumerate(others):
        panel = Rect(opp_band.left + i * pw, opp_band.top, pw, opp_band.height).inflate(-u(8), -u(8))
        lay.seats[seat] = _opponent(seat, panel, u, int(mw * 0.85))
    return lay


def _me(seat: int, band: Rect, u: Callable[[float], int], spectator: bool = False) -> SeatLayout:
    left_w = u(176)
    col = Rect(band.left + u(8), band.top + u(6), left_w, band.height - u(12))
    header = Rect(col.left, col.top, col.width, u(34))
    health = Rect(col.left, header.bottom + u(4), col.width, u(64))
    pool_h = u(34)
    gold = Rect(col.left, health.bottom + u(6), col.width // 2 - u(3), pool_h)
    combat = Rect(gold.right + u(6), gold.top, col.width // 2 - u(3), pool_h)
    pile_w = min(u(62), (col.width - u(10)) // 2)
    pile_h = int(pile_w * ASPECT)
    deck = Rect(col.left, col.bottom - pile_h, pile_w, pile_h)
    discard = Rect(col.right - pile_w, deck.top, pile_w, pile_h)
    area = Rect(col.right + u(12), band.top, band.right - col.right - u(20), band.height)
    row_h = int(band.height * 0.42)
    card_w = int(row_h * 0.92 / ASPECT)
    champs = Rect(area.left, area.top + u(4), int(area.width * 0.5), row_h)
    in_play = Rect(champs.right + u(10), champs.top, area.right - champs.right - u(10), row_h)
    hand_w = int(min(band.height * 0.56 / ASPECT, area.width / 7.5))
    hand_h = int(hand_w * ASPECT)
    hand = Rect(area.left, band.bottom - int(hand_h * 0.88), area.width, hand_h)
    portrait = Rect(col.left, header.top, col.width, gold.bottom - header.top)
    return SeatLayout(seat, not spectator, band, header, portrait, health, gold, combat, hand, hand_w,
                      champs, in_play, card_w, deck, discard, pile_w)


def _opponent(seat: int, panel: Rect, u: Callable[[float], int], max_card_w: int) -> SeatLayout:
    """A wide panel puts the player's counters in a left column and gives the cards
    the full height; a narrow one (many seats) stacks a header over the cards."""
    if panel.width >= u(300):
        col_w = u(116)
        col = Rect(panel.left + u(6), panel.top + u(4), col_w, panel.height - u(8))
        header = Rect(col.left, col.top, col.width, u(22))
        health = Rect(col.left, header.bottom + u(2), u(64), u(44))
        gold = Rect(health.right + u(4), health.top, col.right - health.right - u(4), health.height // 2)
        combat = Rect(gold.left, gold.bottom, gold.width, health.height // 2)
        pile_w = min(u(30), (col.width - u(8)) // 3)
        pile_h = int(pile_w * ASPECT)
        deck = Rect(col.left, col.bottom - pile_h - u(6), pile_w, pile_h)
        discard = Rect(deck.right + u(6), deck.top, pile_w, pile_h)
        hand = Rect(col.left, health.bottom + u(6), col.width, max(u(16), deck.top - health.bottom - u(14)))
        body = Rect(col.right + u(8), panel.top + u(6), panel.right - col.right - u(14), panel.height - u(12))
    else:
        head_h = u(58)
        header = Rect(panel.left, panel.top, panel.width, head_h)
        body = Rect(panel.left + u(6), header.bottom + u(4), panel.width - u(12), panel.bottom - header.bottom - u(8))
        health = Rect(header.left + u(6), header.top + u(22), u(64), head_h - u(26))
        gold = Rect(health.right + u(6), health.top, u(54), health.height // 2)
        combat = Rect(gold.left, gold.bottom, gold.width, health.height // 2)
        pile_w = max(u(18), min(u(30), int((head_h - u(10)) / ASPECT)))
        pile_h = int(pile_w * ASPECT)
        # a narrow panel: the piles stand in a column at the right of the cards, the hand in the header
        deck = Rect(panel.right - u(6) - pile_w, body.top, pile_w, pile_h)
        discard = Rect(deck.left, deck.bottom + u(16), pile_w, pile_h)
        body.width -= pile_w + u(8)
        hand = Rect(combat.right + u(8), header.top + u(22), max(u(20), header.right - combat.right - u(14)), head_h - u(24))
    if body.width > body.height * 2.4:
        row_h = body.height
        card_w = min(max_card_w, int(row_h / ASPECT))
        champs = Rect(body.left, body.top, int(body.width * 0.55) - u(4), row_h)
        in_play = Rect(champs.right + u(8), body.top, body.right - champs.right - u(8), row_h)
    else:
        row_h = (body.height - u(6)) // 2
        card_w = min(max_card_w, int(row_h / ASPECT))
        champs = Rect(body.left, body.top, body.width, row_h)
        in_play = Rect(body.left, champs.bottom + u(6), body.width, row_h)
    portrait = Rect(panel)
    hand_w = max(8, min(u(26), int(hand.height / ASPECT)))
    return SeatLayout(seat, False, panel, header, portrait, health, gold, combat, hand, hand_w,
                      champs, in_play, card_w, deck, discard, pile_w)


# ---- sprite targets ----------------------------------------------------------------------------
def _row(sprites: list[Sprite], area: Rect, card_w: int, champions: bool = False) -> None:
    """Lay cards left to right in ``area`` (overlapping when they do not fit)."""
    if not sprites:
        return
    gap = max(2, card_w // 10)
    widths = [(card_w * ASPECT if (champions and sp.expended) else card_w) for sp in sprites]
    total = sum(widths) + gap * (len(sprites) - 1)
    squeeze = 1.0
    if total > area.width and len(sprites) > 1:
        squeeze = (area.width - widths[-1]) / max(1.0, total - widths[-1])
    x = float(area.left)
    cy = area.top + card_w * ASPECT / 2 if not champions else area.top + card_w * ASPECT / 2
    for sp, wd in zip(sprites, widths):
        sp.tx, sp.ty = x + wd / 2, cy
        sp.tw = card_w
        sp.tangle = 90.0 if (champions and sp.expended) else 0.0
        sp.hidden = False
        x += (wd + gap) * squeeze


def _fan(sprites: list[Sprite], area: Rect, card_w: int, lift: int | None, spread: float = 1.0) -> None:
    n = len(sprites)
    if not n:
        return
    step = max(card_w * 0.12, min(card_w * 1.02, (area.width - card_w) / max(1, n - 1))) if n > 1 else 0
    total = step * (n - 1)
    x0 = area.centerx - total / 2
    for i, sp in enumerate(sprites):
        off = (i - (n - 1) / 2)
        sp.tx = x0 + i * step
        sp.ty = area.centery + abs(off) ** 1.6 * card_w * 0.035 * spread
        sp.tangle = off * 2.5 * spread if n > 1 else 0.0
        sp.tw = card_w
        sp.hidden = False
        if lift is not None and i == lift:
            sp.ty -= card_w * 0.35
            sp.tangle = 0.0
            sp.z = max(sp.z, 5.0)


def _pile(sprites: list[Sprite], rect: Rect) -> None:
    for i, sp in enumerate(sprites):
        sp.tx, sp.ty = rect.centerx, rect.centery
        sp.tw = rect.width
        sp.tangle = 0.0
        sp.hidden = i < len(sprites) - 2 and not sp.moving


def origin_rect(lay: TableLayout, origin: tuple[str, int | None]) -> Rect | None:
    kind, seat = origin
    if kind == "deck" and seat in lay.seats:
        return lay.seats[seat].deck
    if kind == "gems":
        return lay.gems
    if kind == "market_deck":
        return lay.market_deck
    if kind == "gone" and seat in lay.seats:
        c = lay.seats[seat].panel.center if not lay.seats[seat].viewer else lay.seats[seat].portrait.center
        return Rect(c[0] - 6, c[1] - 8, 12, 17)
    return None


def place(model: TableModel, lay: TableLayout, lift: int | None = None, skip: Sprite | None = None) -> None:
    """Set every sprite's target from the layout (``skip``: the sprite being dragged)."""
    for s in model.seats:
        sl = lay.seats.get(s.seat)
        if sl is None:
            continue
        if sl.viewer:
            _fan(s.hand, sl.hand, sl.hand_w, lift)
        else:
            _fan(s.hand, sl.hand, sl.hand_w, None, 0.3)
        _row(s.champions, sl.champions, sl.card_w, champions=True)
        _row(s.in_play, sl.in_play, sl.card_w)
        _pile(s.discard, sl.discard)
    for i, sp in enumerate(model.row):
        if sp is not None and i < len(lay.slots):
            r = lay.slots[i]
            sp.tx, sp.ty, sp.tw, sp.tangle, sp.hidden = r.centerx, r.centery, r.width, 0.0, False
    _pile(model.sacrificed, lay.sacrificed)
    for sp, kind, seat in model.transients:
        dest = origin_rect(lay, (kind, seat))
        if dest is not None:
            sp.tx, sp.ty, sp.tw, sp.tangle = dest.centerx, dest.centery, dest.width, 0.0
    for sp in model.all_sprites() + [t[0] for t in model.transients]:
        if not sp.placed and sp.origin is not None:
            start = origin_rect(lay, sp.origin)
            if start is not None:
                sp.x, sp.y, sp.w, sp.angle = start.centerx, start.centery, start.width, 0.0
                sp.placed = True
            sp.origin = None
    if skip is not None:
        skip.tx, skip.ty = skip.x, skip.y
