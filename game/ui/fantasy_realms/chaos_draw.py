"""Drawing the Chaos Realms table: seats, offers, the hand, the clock and the log.

Pure drawing from the scene (chaos_table.py) and its model; nothing here decides.
A new offer slides into its column; a card just received in a trade glows; while
a card is dragged, the seats and the offers that would take it light up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.fantasy_realms.chaos_events import ANYONE
from game.fantasy_realms.scoring import Table
from game.ui import theme
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.chaos_model import OfferView
from game.ui.fantasy_realms.draw import felt
from game.ui.fantasy_realms.faces import ASPECT, draw_zoom
from game.ui.tablekit.frame import draw_connection
from game.ui.tablekit.log_panel import draw_log

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import ChaosTable

SLIDE_S = 0.35  # a new offer's slide into its column, at normal speed
LOW_S = 30  # the clock turns red in the last seconds
HEADS = ("c:time_up", "c:started", "winner", "winners")


def draw_table(sc: ChaosTable, surf: pygame.Surface) -> None:
    surf.blit(felt(*surf.get_size()), (0, 0))
    for seat in sc.lay.seats:
        _seat(sc, surf, seat)
    _columns(sc, surf)
    _hand(sc, surf)
    _sidebar(sc, surf)
    sc.group.draw(surf)
    _dragged(sc, surf)
    _hover(sc, surf)


def _dropping(sc: ChaosTable) -> str | None:
    d = sc.ctrl.drag
    return d.card if d is not None and d.active else None


# ---- seats ------------------------------------------------------------------------------------
def _seat(sc: ChaosTable, surf: pygame.Surface, seat: int) -> None:
    u = sc.lay.u
    r = sc.lay.seats[seat]
    target = _dropping(sc) is not None or sc.ctrl.selected is not None
    over = target and sc.ctrl.hover == ("seat", seat)
    edge = theme.HILITE if over else (theme.ACCENT if target else theme.PANEL_EDGE)
    theme.panel(surf, r, theme.PANEL, edge, u(10), alpha=225, width=max(1, u(3) if target else u(1)))
    if seat == ANYONE:
        t = theme.fit_text(sc.tr("chaos.anyone"), u(18), r.width - u(16), theme.ACCENT, "bold")
        surf.blit(t, t.get_rect(midtop=(r.centerx, r.top + u(10))))
        hint = sc.tr("chaos.drop_here") if target else sc.tr("chaos.anyone_hint")
        top = max(r.top + u(38), r.top + u(12) + t.get_height())
        size, lines = theme.fit_wrap(hint, u(12), r.width - u(12), r.bottom - u(4) - top)
        for i, line in enumerate(lines):
            h = theme.text(line, size, theme.TEXT_DIM)
            surf.blit(h, h.get_rect(midtop=(r.centerx, top + i * h.get_height())))
        return
    name = sc.names[seat] + (f" · {sc.tr('fantasy.ai')}" if sc.kinds[seat] == "ai" else "")
    t = theme.fit_text(name, u(15), r.width - u(14), theme.SEAT_COLORS[seat % 6], "bold")
    surf.blit(t, (r.left + u(8), r.top + u(6)))
    n = sc.model.hand_sizes[seat] if seat < len(sc.model.hand_sizes) else 0
    bw = max(u(18), min(u(34), int((r.height - u(40)) / ASPECT)))
    cnt = theme.text(sc.tr("fantasy.cards", n=n), u(13), theme.TEXT, "bold")
    room = r.width - u(22) - cnt.get_width() - bw  # the backs stop short of the count
    shown = min(n, 10)
    step = max(0, min(u(9), room // max(1, shown - 1)))
    top = r.bottom - u(6) - int(bw * ASPECT)
    for i in range(shown):
        surf.blit(sc.art.face(None, bw, sc.tr.lang), (r.left + u(8) + i * step, top))
    surf.blit(cnt, cnt.get_rect(bottomright=(r.right - u(8), r.bottom - u(6))))
    if sc.model.scores and seat < len(sc.model.scores):
        s = theme.text(sc.tr("fantasy.points", n=sc.model.scores[seat]), u(13), theme.ACCENT, "bold")
        surf.blit(s, s.get_rect(topright=(r.right - u(8), r.top + u(26))))


# ---- offers -----------------------------------------------------------------------------------
def _columns(sc: ChaosTable, surf: pygame.Surface) -> None:
    u = sc.lay.u
    m = sc.model
    counts = {"to_me": len(m.to_me()), "open": len(m.open_offers()), "mine": len(m.mine())}
    for name, col in sc.lay.columns.items():
        head = sc.tr(f"chaos.col_{name}")
        t = theme.fit_text(head, u(15), col.width, theme.ACCENT, "bold")
        surf.blit(t, (col.left, col.top))
        tiles = sc.lay.tiles(name, counts[name])
        if counts[name] > len(tiles):
            more = theme.text(sc.tr("chaos.more", n=counts[name] - len(tiles)), u(12), theme.TEXT_DIM)
            y = tiles[-1].bottom + u(3) if tiles else col.top + u(26)
            surf.blit(more, (col.left, y))
        elif not counts[name] and m.trading:
            e = theme.fit_text(sc.tr(f"chaos.none_{name}"), u(12), col.width, theme.TEXT_DIM)
            surf.blit(e, (col.left, col.top + u(26)))
    hidden = len(m.between_others())
    if hidden:
        col = sc.lay.columns["open"]
        h = theme.fit_text(sc.tr("chaos.private", n=hidden), u(12), col.width, theme.TEXT_DIM)
        surf.blit(h, h.get_rect(topright=(col.right, col.top + u(3))))
    for r, o in sc.offer_tiles():
        _tile(sc, surf, r, o)


def _tile(sc: ChaosTable, surf: pygame.Surface, r: pygame.Rect, o: OfferView) -> None:
    u = sc.lay.u
    age = sc.t - sc.model.first_seen.get(o.id, sc.t)
    slide = SLIDE_S * sc.app.settings.speed
    if slide > 0 and age < slide:
        r = r.move(int((1 - age / slide) * u(60)), 0)
    dragged = _dropping(sc)
    takes = dragged is not None and dragged == o.want and sc.model.may("accept", o.id) is not None
    over = sc.ctrl.hover is not None and sc.ctrl.hover[0] in ("tile", "tile_card") and sc.ctrl.hover[1] == o.id
    edge = theme.HILITE if takes and over else (theme.OK if takes else theme.SEAT_COLORS[o.seat % 6])
    theme.panel(surf, r, theme.PANEL, edge, u(8), alpha=230, width=max(1, u(3) if takes else u(2)))
    cards = sc.tile_cards(r, o)
    for cr, cid in cards:
        surf.blit(sc.art.face(cid, cr.width, sc.tr.lang, True), cr)
    give, want = cards[0][0], cards[1][0]
    arrow = theme.text("⇄", u(20), theme.TEXT, "bold")
    surf.blit(arrow, arrow.get_rect(center=((give.right + want.left) // 2, give.centery)))
    x = want.right + u(10)
    buttons = sc.tile_buttons(r, o)
    room = r.right - x - u(6)
    who = sc.tr("chaos.from_to", name=_who(sc, o.seat), other=_who(sc, o.to))
    t = theme.fit_text(who, u(13), room, theme.SEAT_COLORS[o.seat % 6], "bold")
    surf.blit(t, (x, r.top + u(6)))
    if o.give is not None:  # the cards' names in words (their faces are small)
        words = sc.tr("chaos.gives_for", give=sc.card_name(o.give), want=sc.card_name(o.want))
        f = theme.font(u(11))
        y = r.top + u(7) + t.get_height()
        fit = max(1, (buttons[0][0].top - u(1) - y) // f.get_linesize())
        if y + f.get_ascent() > buttons[0][0].top:  # a larger text size: the words go beside the buttons, not under them
            room = min(room, min(b.left for b, _, _ in buttons) - x - u(4))
            fit = max(1, (r.bottom - u(4) - y) // f.get_linesize())
        lines = theme.wrap(words, f, room)
        if len(lines) > fit:  # the last line that fits says there is more
            lines = lines[:fit]
            lines[-1] += "…"
        for words_line in lines:
            lab = theme.fit_text(words_line, u(11), room, theme.TEXT)
            surf.blit(lab, (x, y))
            y += f.get_linesize()
    for br, verb, legal in buttons:
        hot = sc.ctrl.hover is not None and sc.ctrl.hover[0] == "button" and sc.ctrl.hover[2] == o.id and sc.ctrl.hover[1] == verb
        col = theme.PANEL_LIGHT if legal is None else (theme.shade(theme.ACCENT, 0.7) if verb == "accept" else theme.PANEL_LIGHT)
        pygame.draw.rect(surf, theme.shade(col, 1.25) if hot and legal else col, br, border_radius=u(6))
        lab = theme.fit_text(sc.tr(f"chaos.{verb}"), u(13), br.width - u(8), theme.TEXT if legal else theme.TEXT_DIM, "bold")
        surf.blit(lab, lab.get_rect(center=br.center))


def _who(sc: ChaosTable, seat: int) -> str:
    if seat == ANYONE:
        return str(sc.tr("chaos.anyone_obj"))
    return str(sc.tr("flog.you")) if seat == sc.viewer else sc.names[seat]


# ---- the hand ---------------------------------------------------------------------------------
def _hand(sc: ChaosTable, surf: pygame.Surface) -> None:
    lay, m = sc.lay, sc.model
    u = lay.u
    hand = m.sorted_hand()
    if sc.viewer is None:
        return
    table = Table(players=m.n, discard=(), items=(), modules=frozenset(m.modules), rulings=sc.rulings)
    total = scoring.score(hand, table).total if hand else 0
    head = sc.tr("chaos.hand", n=total)
    hint = _hint(sc)
    t = theme.text(head, u(17), theme.ACCENT, "bold")
    surf.blit(t, t.get_rect(midleft=(lay.header.left, lay.header.centery)))
    h = theme.fit_text(hint, u(14), lay.header.width - t.get_width() - u(20), theme.TEXT_DIM)
    surf.blit(h, h.get_rect(midright=(lay.header.right, lay.header.centery)))
    dragged = _dropping(sc)
    for i, cid in enumerate(hand):
        if cid == dragged:
            continue
        r = sc.hand_rect(i)
        surf.blit(sc.art.face(cid, r.width, sc.tr.lang, r.width < u(92)), r)
        glow = sc.director.glow.get(cid, 0.0)
        if glow > 0:
            pygame.draw.rect(surf, theme.HILITE, r.inflate(u(6), u(6)), max(2, int(u(4) * min(1.0, glow))), border_radius=u(8))
        if cid == sc.ctrl.selected:
            pygame.draw.rect(surf, theme.OK, r.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(8))


def _hint(sc: ChaosTable) -> str:
    m = sc.model
    if m.over:
        return str(sc.tr("gameover.title"))
    if sc.replaying:
        return ""  # a replay waits for nobody and offers nothing to do
    if not m.trading:
        lines = m.end_lines()
        if lines:
            return str(sc.tr("chaos.hint_decide"))
        who = sc.names[m.to_move] if 0 <= m.to_move < len(sc.names) else "?"
        return str(sc.tr("chaos.hint_waiting", name=who))
    if sc.ctrl.selected is not None:
        return str(sc.tr("chaos.hint_selected", card=sc.card_name(sc.ctrl.selected)))
    return str(sc.tr("chaos.hint_trade"))


def _dragged(sc: ChaosTable, surf: pygame.Surface) -> None:
    d = sc.ctrl.drag
    if d is None or not d.active:
        return
    w = sc.lay.hand_w
    img = sc.art.face(d.card, w, sc.tr.lang, w < sc.lay.u(92))
    surf.blit(img, img.get_rect(center=d.pos))


def _hover(sc: ChaosTable, surf: pygame.Surface) -> None:
    h = sc.ctrl.hover
    if h is None or sc.ctrl.hover_time < 0.25 or (sc.ctrl.drag is not None and sc.ctrl.drag.active) or not sc.on_top:
        return
    if h[0] == "hand" and h[1] < len(sc.model.hand):
        near, cid = sc.hand_rect(h[1]), sc.model.sorted_hand()[h[1]]
    elif h[0] == "tile_card":
        tile = next(((r, o) for r, o in sc.offer_tiles() if o.id == h[1]), None)
        if tile is None:
            return
        near, cid = next(cr for cr, c in sc.tile_cards(*tile) if c == h[2]), h[2]
    else:
        return
    draw_zoom(surf, sc.art, cid, near, sc.tr.lang, sc.app.scale, sc.lay.play)


# ---- sidebar ----------------------------------------------------------------------------------
def _sidebar(sc: ChaosTable, surf: pygame.Surface) -> None:
    lay, m, tr = sc.lay, sc.model, sc.tr
    u = lay.u
    box = lay.turn_box
    theme.panel(surf, box, theme.PANEL, theme.PANEL_EDGE, u(8))
    small, big = theme.fit_lines([max(9, u(13)), max(10, u(17))], box.height, ["regular", "bold"])
    title = theme.text(tr("chaos.title"), small, theme.TEXT_DIM)
    surf.blit(title, title.get_rect(topleft=(box.left + u(10), box.top + u(3))))
    phase = tr("gameover.title") if m.over else (tr("chaos.phase_trade") if m.trading else tr("chaos.phase_end"))
    t = theme.fit_text(phase, big, box.width - u(20), theme.HILITE, "bold")
    surf.blit(t, t.get_rect(bottomleft=(box.left + u(10), box.bottom - u(3))))
    draw_connection(surf, box, sc.client, tr, u)
    entries = sc.log.entries
    draw_log(sc, surf, (len(entries), entries[-1].params.get("n") if entries else None), HEADS, theme.ACCENT)
    _clock(sc, surf)


def clock_words(sc: ChaosTable) -> str:
    """The time left as the clock shows it ("4:05"), or that the time is up."""
    secs = (sc.left_ms() + 999) // 1000
    return f"{secs // 60}:{secs % 60:02d}" if sc.model.trading else str(sc.tr("chaos.time_over"))


def _clock(sc: ChaosTable, surf: pygame.Surface) -> None:
    u = sc.lay.u
    r = sc.lay.clock
    left = sc.left_ms()
    low = sc.model.trading and left <= LOW_S * 1000
    theme.panel(surf, r, theme.PANEL, theme.DANGER if low else theme.PANEL_EDGE, u(8), width=max(1, u(2)))
    text = clock_words(sc)
    if sc.paused and sc.model.trading:
        text += "  ‖"
    t = theme.fit_text(text, u(30), r.width - u(20), theme.DANGER if low else theme.TEXT, "serif")
    surf.blit(t, t.get_rect(center=(r.centerx, r.centery - u(4))))
    bar = pygame.Rect(r.left + u(10), r.bottom - u(9), r.width - u(20), u(4))
    pygame.draw.rect(surf, theme.PANEL_LIGHT, bar, border_radius=u(2))
    frac = left / max(1, sc.model.limit_ms)
    if frac > 0:
        pygame.draw.rect(surf, theme.DANGER if low else theme.ACCENT, (bar.left, bar.top, int(bar.width * frac), bar.height),
                         border_radius=u(2))
