"""Where everything sits on the table, for any window size and 2 to 6 seats.

The viewer's seat is always at the bottom (in hotseat the table turns to whoever
is playing); the other seats follow clockwise in panels along the top; the market
row runs across the middle; the log and the turn buttons live in a sidebar on the
right. Every size is derived from the window, so the same code serves 1280×720
and 4K. :func:`place` turns the layout into targets for the model's sprites.

An opponent's panel takes one of three shapes: one opponent gets the whole width
(counters in a column, large cards); two share it (a column and a body); three to
five stack their counters in a header over a body as wide as the panel. In every
body the champions come first and are fitted (:mod:`game.ui.hero_realms.fit`) so that
none covers another; the cards in play take the room the champions leave.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.hero_realms.fit import Fit, centres, fit
from game.ui.hero_realms.model import HeroModel, Sprite
from game.ui.render.cards import ASPECT
from game.ui.tablekit.frame import TableFrame, fit_log, framed

Rect = pygame.Rect
MARKET_SLOTS = 5
CHAMPION_SHARE = 0.6  # of a body, the most the champions may take (beside the cards in play)
STACKED_SHARE = 0.68  # the same, above the cards in play
FAN_DROOP = 0.16  # of a card's width: how much lower a five-card fan's outer corners reach than its middle card


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
    # champions and cards in play share the body: champions take what they need
    # (up to ``champions``), cards in play the rest (at least ``in_play``)
    body: Rect = field(default_factory=Rect)
    side_by_side: bool = False  # champions left of the cards in play, else above them


@dataclass
class TableLayout(TableFrame):
    seats: dict[int, SeatLayout] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # seats, viewer first then clockwise
    market: Rect = field(default_factory=Rect)
    gems: Rect = field(default_factory=Rect)
    slots: list[Rect] = field(default_factory=list)
    market_deck: Rect = field(default_factory=Rect)
    sacrificed: Rect = field(default_factory=Rect)
    market_w: int = 80
    banner: Rect = field(default_factory=Rect)
    play_all_btn: Rect = field(default_factory=Rect)
    tracker_btn: Rect = field(default_factory=Rect)  # opens the deck tracker


def card_rect(cx: float, cy: float, w: float, rotated: bool = False) -> Rect:
    h = w * ASPECT
    if rotated:
        w, h = h, w
    return Rect(int(cx - w / 2), int(cy - h / 2), int(w), int(h))


def compute(w: int, h: int, n: int, viewer: int | None) -> TableLayout:
    lay = framed(TableLayout, w, h)
    u, play = lay.u, lay.play
    base = viewer if viewer is not None else 0
    lay.order = [(base + i) % n for i in range(n)]
    # ---- sidebar ----------------------------------------------------------------------
    sb = lay.sidebar
    pad = u(10)
    bh = u(42)
    half = (sb.width - 3 * pad) // 2
    lay.undo_btn = Rect(sb.left + pad, lay.end_btn.top - pad - bh, half, bh)
    lay.play_all_btn = Rect(lay.undo_btn.right + pad, lay.undo_btn.top, half, bh)
    fit_log(lay)
    # ---- bands: more opponents get a taller band (the viewer's band has room to spare) -------
    k = max(1, n - 1)
    opp_h = int(h * (0.30 if k <= 2 else 0.34))
    market_h = int(h * (0.25 if k <= 2 else 0.24))
    opp_band = Rect(0, 0, play.width, opp_h)
    lay.market = Rect(0, opp_h, play.width, market_h)
    me_band = Rect(0, opp_h + market_h, play.width, h - opp_h - market_h)
    # ---- market --------------------------------------------------------------------------------
    m = lay.market
    gap = u(10)
    mw = int(min(m.height * 0.8 / ASPECT, (m.width - 2 * u(16) - 9 * gap) / 8.4))
    lay.market_w = mw
    mh = int(mw * ASPECT)
    total = mw * 8 + gap * 7 + u(14) * 2
    x = m.centerx - total // 2
    cy = m.centery + u(6)  # the labels above the piles need a little room
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
    # prompts: across the market row, which no prompt asks about (champions, opponents
    # and the hand stay clear); the market is dimmed under it
    lay.banner = Rect(play.left + u(40), m.centery - u(22), play.width - u(80), u(44))
    # ---- seats --------------------------------------------------------------------------------
    if viewer is not None:
        lay.seats[viewer] = _me(viewer, me_band, u)
    else:
        lay.seats[lay.order[0]] = _me(lay.order[0], me_band, u, spectator=True)
    me = lay.seats[lay.order[0]]
    lay.tracker_btn = Rect(me.gold.left, me.gold.bottom + u(8), me.portrait.width, min(u(30), me.deck.top - me.gold.bottom - u(16)))
    others = lay.order[1:]
    pw = opp_band.width // k
    for i, seat in enumerate(others):
        panel = Rect(opp_band.left + i * pw, opp_band.top, pw, opp_band.height).inflate(-u(8), -u(8))
        lay.seats[seat] = _opponent(seat, panel, u, int(mw * 1.15) if k == 1 else int(mw * 0.85))
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
    deck = Rect(col.left, col.bottom - pile_h - u(8), pile_w, pile_h)
    discard = Rect(col.right - pile_w, deck.top, pile_w, pile_h)
    area = Rect(col.right + u(12), band.top, band.right - col.right - u(20), band.height)
    row_h = min(int(band.height * 0.42), u(136))
    card_w = int(row_h * 0.92 / ASPECT)
    body = Rect(area.left, area.top + u(6), area.width, row_h)
    champs = Rect(body.left, body.top, int(body.width * 0.5), row_h)
    in_play = Rect(champs.right + u(10), champs.top, body.right - champs.right - u(10), row_h)
    # the hand: whole, between the cards in play (and the number keys over the hand) and
    # the window's bottom; the fan's droop and tilt take about a tenth of a card more
    hand_top = body.bottom + u(18)
    hand = Rect(area.left, hand_top, area.width, band.bottom - u(6) - hand_top)
    hand_w = int(min(band.height * 0.56 / ASPECT, area.width / 7.5, hand.height / (ASPECT + FAN_DROOP)))
    portrait = Rect(col.left, header.top, col.width, gold.bottom - header.top)
    return SeatLayout(seat, not spectator, band, header, portrait, health, gold, combat, hand, hand_w,
                      champs, in_play, card_w, deck, discard, pile_w, body=body, side_by_side=True)


def _opponent(seat: int, panel: Rect, u: Callable[[float], int], max_card_w: int) -> SeatLayout:
    """One opponent's panel: counters and piles, then a body for champions and
    cards in play (see the module docstring for the three shapes)."""
    side_by_side = False
    if panel.width >= u(560):  # the only opponent: a column of counters, cards as large as the market's
        col_w = u(196)
        header = Rect(panel.left + u(8), panel.top + u(6), col_w, u(26))
        health = Rect(header.left, header.bottom + u(4), u(96), u(56))
        gold = Rect(health.right + u(8), health.top + u(2), header.right - health.right - u(8), u(26))
        combat = Rect(gold.left, gold.bottom + u(2), gold.width, u(26))
        pile_w = u(44)
        pile_h = int(pile_w * ASPECT)
        deck = Rect(header.left, min(health.bottom + u(10), panel.bottom - pile_h - u(10)), pile_w, pile_h)
        discard = Rect(deck.right + u(8), deck.top, pile_w, pile_h)
        hand = Rect(discard.right + u(10), deck.top, header.right - discard.right - u(10), pile_h)
        hand_w = min(u(34), int(hand.height / ASPECT))
        body = Rect(header.right + u(14), panel.top + u(8), panel.right - header.right - u(22), panel.height - u(16))
        side_by_side = True
    elif panel.width >= u(420):  # two opponents: the name across, counters in a column beside the cards
        header = Rect(panel.left + u(6), panel.top + u(4), panel.width - u(12), u(22))
        col = Rect(header.left, header.bottom + u(4), u(104), panel.bottom - header.bottom - u(10))
        health = Rect(col.left, col.top, u(60), u(42))
        gold = Rect(health.right + u(4), health.top, col.right - health.right - u(4), health.height // 2)
        combat = Rect(gold.left, gold.bottom, gold.width, health.height // 2)
        hand = Rect(col.left, health.bottom + u(6), col.width, u(30))
        hand_w = min(u(26), int(hand.height / ASPECT))
        pile_w = u(30)
        pile_h = int(pile_w * ASPECT)
        deck = Rect(col.left, hand.bottom + u(8), pile_w, pile_h)
        discard = Rect(deck.right + u(8), deck.top, pile_w, pile_h)
        body = Rect(col.right + u(10), header.bottom + u(4), panel.right - col.right - u(16), panel.bottom - header.bottom - u(10))
    else:  # three to five opponents: a header of counters over a body as wide as the panel
        header = Rect(panel.left + u(6), panel.top + u(4), panel.width - u(12), u(20))
        row = Rect(header.left, header.bottom + u(2), header.width, u(40))
        health = Rect(row.left, row.top, u(50), row.height)
        gold = Rect(health.right + u(4), row.top, u(40), row.height // 2)
        combat = Rect(gold.left, gold.bottom, gold.width, row.height // 2)
        pile_w = min(u(28), int(row.height / ASPECT))
        pile_h = int(pile_w * ASPECT)
        discard = Rect(row.right - pile_w, row.top, pile_w, pile_h)
        deck = Rect(discard.left - u(4) - pile_w, row.top, pile_w, pile_h)
        hand = Rect(gold.right + u(6), row.top, max(pile_w, deck.left - gold.right - u(12)), row.height)
        hand_w = min(u(26), int(hand.height / ASPECT), hand.width)
        body = Rect(panel.left + u(6), row.bottom + u(10), panel.width - u(12), panel.bottom - row.bottom - u(14))
    if side_by_side:
        champs = Rect(body.left, body.top, int(body.width * CHAMPION_SHARE), body.height)
        in_play = Rect(champs.right + u(8), body.top, body.right - champs.right - u(8), body.height)
    else:
        champs = Rect(body.left, body.top, body.width, int(body.height * CHAMPION_SHARE))
        in_play = Rect(body.left, champs.bottom + u(4), body.width, body.bottom - champs.bottom - u(4))
    card_w = min(max_card_w, int(champs.height / ASPECT))
    portrait = Rect(panel)
    return SeatLayout(seat, False, panel, header, portrait, health, gold, combat, hand, hand_w,
                      champs, in_play, card_w, deck, discard, pile_w, body=body, side_by_side=side_by_side)


# ---- counters and the numbers that float off them -----------------------------------------------
FLOAT_RISE = 40  # design pixels a floating number drifts while it fades


def health_tiles(r: Rect, s: float) -> Rect:
    """The part of a seat's health rect its two tracker cards (tens, ones) fill."""
    cw = min(r.width // 2 - int(3 * s), int(r.height / 1.25))
    return Rect(r.left, r.top, min(r.width, 2 * cw + int(4 * s)), r.height)


def pool_extent(r: Rect) -> Rect:
    """The part of a gold or combat rect its icon and a two-digit number fill."""
    return Rect(r.left, r.top, min(r.width, int(r.height * 2.6)), r.height)


def float_path(lay: TableLayout, seat: int, kind: str, size: tuple[int, int],
               champion: Rect | None = None) -> tuple[Rect, Rect]:
    """Where a floating +N/−N starts and ends (a text of ``size`` at its largest).

    Off a counter (``kind``: health, gold, combat) it starts beside the counter, on
    the first side (above, below, right, left) where its whole drift stays in the
    play area and clear of the seat's name and counters; off a champion it rises
    from the card. Either way it never leaves the play area."""
    sl = lay.seats[seat]
    bounds = lay.play
    rise = lay.u(FLOAT_RISE)
    gap = lay.u(4)
    start = Rect((0, 0), size)
    if kind == "champion" or champion is not None:
        start.center = (champion or sl.champions).center
        start.clamp_ip(bounds)
        end = start.move(0, -rise).clamp(bounds)
        return start, end
    clear = [sl.header, health_tiles(sl.health, lay.scale), pool_extent(sl.gold), pool_extent(sl.combat)]
    anchor = {"health": clear[1], "gold": clear[2], "combat": clear[3]}.get(kind, clear[1])
    candidates: list[tuple[Rect, Rect]] = []
    up = Rect(start)
    up.midbottom = (anchor.centerx, anchor.top - gap)
    candidates.append((up, up.move(0, -rise)))
    down = Rect(start)
    down.midtop = (anchor.centerx, anchor.bottom + gap)
    candidates.append((down, down.move(0, rise)))
    for side in ("right", "left"):  # beside the counter it fades where it appeared, under the name line
        beside = Rect(start)
        if side == "right":
            beside.midleft = (anchor.right + gap, anchor.centery)
        else:
            beside.midright = (anchor.left - gap, anchor.centery)
        beside.top = max(beside.top, sl.header.bottom + 1)
        candidates.append((beside, beside))
    for a, b in candidates:
        path = a.union(b)
        if bounds.contains(path) and path.collidelist(clear) < 0:
            return a, b
    a, b = candidates[0]
    return a.clamp(bounds), b.clamp(bounds)


# ---- sprite targets ----------------------------------------------------------------------------
def arrange(sl: SeatLayout, champions: list[Sprite], in_play: list[Sprite]) -> tuple[Fit, Fit]:
    """Fit a seat's champions into its body (none covering another), then its cards
    in play into the room they leave. Returns both fits (the tests read them)."""
    body = sl.body
    units = [ASPECT if sp.expended else 1.0 for sp in champions]
    gap = max(2, sl.card_w // 12)
    if sl.side_by_side:
        area = Rect(body.left, body.top, int(body.width * CHAMPION_SHARE), body.height)
        rows = 1 if sl.viewer else 2
    else:
        area = Rect(body.left, body.top, body.width, int(body.height * STACKED_SHARE))
        rows = 3
    champ_fit = fit(units, area.width, area.height, sl.card_w, max(16, sl.card_w * (0.7 if sl.viewer else 0.42)), rows)
    for sp, (cx, cy) in zip(champions, centres(units, champ_fit, area.left, area.top)):
        sp.tx, sp.ty, sp.tw = cx, cy, champ_fit.cw
        sp.tangle = 90.0 if sp.expended else 0.0
        sp.hidden = False
    if sl.side_by_side:
        used = champ_fit.width(units)
        left = body.left + (used + gap * 2 if champions else 0)
        rest = Rect(int(left), body.top, max(1, body.right - int(left)), body.height)
    else:
        used = champ_fit.height()
        top = body.top + (used + gap if champions else 0)
        rest = Rect(body.left, int(top), body.width, max(1, body.bottom - int(top)))
    plain = [1.0] * len(in_play)
    # an opponent's champions matter more than what they play: never smaller than those
    top_w = sl.card_w if sl.viewer or not champions else min(sl.card_w, champ_fit.cw)
    play_fit = fit(plain, rest.width, rest.height, top_w, top_w * (0.75 if sl.viewer else 0.6), 1)
    for sp, (cx, cy) in zip(in_play, centres(plain, play_fit, rest.left, rest.top)):
        sp.tx, sp.ty, sp.tw, sp.tangle = cx, cy, play_fit.cw, 0.0
        sp.hidden = False
    return champ_fit, play_fit


def _fan(sprites: list[Sprite], area: Rect, card_w: int, lift: int | None, spread: float = 1.0, contain: bool = False,
         rest_on: int | None = None) -> None:
    """Cards side by side in a gentle arc across ``area``. ``rest_on``: the fan sits
    with its lowest corner on that line (the viewer's hand: whole above the window's
    bottom, however many cards droop and tilt); a lifted card may rise above it."""
    n = len(sprites)
    if not n:
        return
    room = (area.width - card_w) / max(1, n - 1)
    # the viewer's hand may spill past its area rather than hide its cards; an
    # opponent's backs stay inside theirs (``contain``: their piles stand next to it)
    low = 0.0 if contain else card_w * 0.12
    step = max(low, min(card_w * 1.02, room)) if n > 1 else 0
    total = step * (n - 1)
    x0 = area.centerx - total / 2
    for i, sp in enumerate(sprites):
        off = (i - (n - 1) / 2)
        sp.tx = x0 + i * step
        sp.ty = area.centery + abs(off) ** 1.6 * card_w * 0.035 * spread
        sp.tangle = off * 2.5 * spread if n > 1 else 0.0
        sp.tw = card_w
        sp.hidden = False
    if rest_on is not None:
        lowest = max(fan_bottom(sp) for sp in sprites)
        for sp in sprites:
            sp.ty += rest_on - lowest
    for i, sp in enumerate(sprites):
        if lift is not None and i == lift:
            sp.ty -= card_w * 0.35
            sp.tangle = 0.0
            sp.z = max(sp.z, 5.0)


def fan_bottom(sp: Sprite) -> float:
    """The lowest point of a card at its target: its centre, half its height and the
    corner its tilt brings down."""
    a = math.radians(sp.tangle)
    return sp.ty + sp.tw * ASPECT / 2 * abs(math.cos(a)) + sp.tw / 2 * abs(math.sin(a))


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


def place(model: HeroModel, lay: TableLayout, lift: int | None = None, skip: Sprite | None = None) -> None:
    """Set every sprite's target from the layout (``skip``: the sprite being dragged)."""
    for s in model.seats:
        sl = lay.seats.get(s.seat)
        if sl is None:
            continue
        if sl.viewer:
            _fan(s.hand, sl.hand, sl.hand_w, lift, rest_on=sl.hand.bottom)
        else:
            _fan(s.hand, sl.hand, sl.hand_w, None, 0.3, contain=True)
        arrange(sl, s.champions, s.in_play)
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
