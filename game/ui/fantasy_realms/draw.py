"""Draws the Fantasy Realms table: one function over the scene's state.

Split from the scene so the scene stays about flow and this module about pixels:
the felt, the opponents' panels, the deck and the spread-out discard area, the
viewer's Cursed Items, the sidebar (turn, log, buttons), the card in flight, the
announcement of a new turn, the dragged card and the hover zoom. The hand and its
score live in ``draw_hand``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.fantasy_realms import suits
from game.ui.fantasy_realms.draw_hand import digit, draw_hand, phase_hint, preview_text
from game.ui.fantasy_realms.faces import ASPECT, draw_zoom
from game.ui.fantasy_realms.score import card_name
from game.ui.tablekit.felt import Felt
from game.ui.tablekit.flight import draw_announcement
from game.ui.tablekit.frame import draw_turn_box
from game.ui.tablekit.log_panel import draw_log
from game.ui.tablekit.tip import draw_tip, resting_on

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable

FELT = Felt(theme.FELT_DARK, theme.FELT, rings=16, tall=1.5)


def felt(w: int, h: int) -> pygame.Surface:
    """The table's green cloth for a ``w`` x ``h`` window."""
    return FELT.surface(w, h)


def draw_table(sc: FantasyTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    surf.blit(felt(*surf.get_size()), (0, 0))
    for seat in lay.opps:
        _opponent(sc, surf, seat)
    _centre(sc, surf)
    if sc.model.items_on and sc.viewer is not None:
        _my_items(sc, surf)
    draw_hand(sc, surf)
    _sidebar(sc, surf)
    sc.group.draw(surf)
    f = sc.director.flyer
    if f is not None:
        r = f.rect()
        img = sc.art.scaled(f.card, max(f.src.width, f.dst.width), r.width, sc.tr.lang)
        surf.blit(img, img.get_rect(center=r.center))
    _announce(sc, surf)
    _drag(sc, surf)
    _hover(sc, surf)


# ---- opponents ----------------------------------------------------------------------------------
def _opponent(sc: FantasyTable, surf: pygame.Surface, seat: int) -> None:
    lay = sc.lay
    u = lay.u
    ol = lay.opps[seat]
    m = sc.model
    p = m.players[seat]
    active = not m.over and m.to_move == seat
    theme.panel(surf, ol.panel, theme.PANEL, theme.HILITE if active else theme.PANEL_EDGE, u(10), alpha=225,
                width=max(1, u(3) if active else u(1)))
    col = theme.SEAT_COLORS[seat % 6]
    name = sc.names[seat]
    if sc.kinds[seat] == "ai":
        name = f"{name} · {sc.tr('fantasy.ai')}"
    t = theme.fit_text(name, u(17), ol.name.width - u(70), col, "bold")
    surf.blit(t, t.get_rect(midleft=(ol.name.left, ol.name.centery)))
    if active:
        dots = "." * (1 + int(sc.t * 2.5) % 3) if seat not in sc.humans and not sc.replaying else ""
        turn = theme.text(sc.tr("fantasy.playing") + dots, u(13), theme.HILITE, "bold")
        surf.blit(turn, turn.get_rect(midright=(ol.name.right, ol.name.centery)))
    # the hand: backs (fanned when there is room) and the count
    back = sc.opp_hand_rect(seat)
    n = p.hand_size
    wide = ol.hand.width > back.width + u(20)
    shown = min(n, 9) if wide else min(n, 1)
    label = theme.text(str(n), u(15), theme.TEXT, "bold")
    cnt = theme.text(sc.tr("fantasy.cards", n=n), u(14), theme.TEXT, "bold")
    step = max(2, min(u(9), (ol.hand.width - back.width - cnt.get_width() - u(10)) // max(1, shown - 1))) if shown > 1 else 0
    for i in range(shown):
        surf.blit(sc.art.face(None, back.width, sc.tr.lang), (back.left + i * step, back.top))
    if not n:
        pygame.draw.rect(surf, theme.PANEL_LIGHT, back, max(1, u(1)), border_radius=u(4))
    if wide:
        cr = cnt.get_rect(midleft=(back.left + max(0, shown - 1) * step + back.width + u(6), back.centery))
        surf.blit(cnt, cr)
    else:
        cr = label.get_rect(center=back.center).inflate(u(10), u(4))
        cr.width = max(cr.width, cr.height)
        cr.center = back.center
        pygame.draw.rect(surf, (16, 16, 20), cr, border_radius=cr.height // 2)
        surf.blit(label, label.get_rect(center=cr.center))
    if m.two_player and p.hand_limit == 0 and not m.over:
        d = theme.text(sc.tr("fantasy.drafting"), u(11), theme.TEXT_DIM)
        surf.blit(d, d.get_rect(midtop=(cr.centerx, cr.bottom + u(2))))
    # Cursed Items: the face-up one, the count face down on its corner
    if m.items_on and ol.item.width:
        r = sc.opp_item_rect(seat)
        if p.item:
            surf.blit(sc.art.face(p.item, r.width, sc.tr.lang), r)
        else:
            pygame.draw.rect(surf, theme.PANEL_LIGHT, r, max(1, u(1)), border_radius=u(4))
        if p.items_face_down:
            b = suits.badge("item", u(20))
            br = b.get_rect(center=(r.right - u(4), r.bottom - u(6)))
            surf.blit(b, br)
            x = theme.text(str(p.items_face_down), u(11), theme.TEXT, "bold")
            surf.blit(x, x.get_rect(center=br.center))
    # what they took from the discard area (public, and telling)
    chips = sc.taken_chips(seat)
    narrow = ol.taken.width < u(130)
    if not narrow:
        lab = theme.fit_text(sc.tr("fantasy.took") if p.taken else sc.tr("fantasy.took_none"), u(12), ol.taken.width, theme.TEXT_DIM)
        surf.blit(lab, (ol.taken.left, ol.taken.top))
    for r, cid in chips:
        if narrow:
            surf.blit(suits.badge(sc.model.suit(cid), r.width), r)
        else:
            _chip(sc, surf, r, cid)


def _chip(sc: FantasyTable, surf: pygame.Surface, r: pygame.Rect, cid: str) -> None:
    u = sc.lay.u
    pygame.draw.rect(surf, theme.PANEL_LIGHT, r, border_radius=r.height // 3)
    b = suits.badge(sc.model.suit(cid), r.height - u(4))
    surf.blit(b, b.get_rect(midleft=(r.left + u(2), r.centery)))
    strength = sc.model.cards.get(cid, {}).get("strength", "")
    t = theme.fit_text(f"{card_name(cid, sc.tr.lang)} {strength}", int(r.height * 0.6), r.width - b.get_width() - u(8), theme.TEXT)
    surf.blit(t, t.get_rect(midleft=(r.left + b.get_width() + u(5), r.centery)))


# ---- the middle: deck and discard area ------------------------------------------------------------
def deck_label_rects(sc: FantasyTable) -> tuple[pygame.Rect, pygame.Rect]:
    """The deck's label and its count, side by side over the stack (above the backs
    piled up and to the right, and the outline drawn when it may be drawn from): the
    count is never under a card."""
    lay, u = sc.lay, sc.lay.u
    lab = theme.text(sc.tr("fantasy.deck"), u(14), theme.TEXT_DIM, "bold").get_rect()
    cnt = theme.text(str(sc.model.deck), u(16), theme.TEXT, "bold").get_rect().inflate(u(10), u(4))
    total = lab.width + u(6) + cnt.width
    bottom = lay.deck.top - u(2) * 3 - u(4) - 2  # over the highest back of the stack and the outline
    middle = bottom - max(lab.height, cnt.height) // 2
    lab.midleft = (lay.deck.centerx - total // 2, middle)
    cnt.midleft = (lab.right + u(6), middle)
    return lab, cnt


def _centre(sc: FantasyTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    u = lay.u
    m = sc.model
    lang = sc.tr.lang
    ctrl = sc.ctrl
    drawing = ctrl.drawing()
    # deck
    if m.deck:
        for i in range(min(3, m.deck // 8 + 1), 0, -1):
            surf.blit(sc.art.face(None, lay.deck.width, lang), lay.deck.move(u(2) * i, -u(2) * i))
        surf.blit(sc.art.face(None, lay.deck.width, lang), lay.deck)
    else:
        pygame.draw.rect(surf, theme.FELT_LINE, lay.deck, max(1, u(2)), border_radius=u(6))
    if drawing and ctrl.draw_deck_line() is not None:
        _outline(surf, lay.deck, theme.HILITE, u, pulse=sc.t)
        hint = sc.tr("fantasy.draw_two") if ctrl.draw_deck_line() == "draw two" else sc.tr("fantasy.draw_hint")
        h = theme.fit_text(hint, u(12), min(lay.deck.width + u(30), 2 * lay.deck.centerx - u(8)), theme.HILITE, "bold")
        surf.blit(h, h.get_rect(midtop=(lay.deck.centerx, lay.deck.bottom + u(6))))
    lab, cr = deck_label_rects(sc)
    surf.blit(theme.text(sc.tr("fantasy.deck"), u(14), theme.TEXT_DIM, "bold"), lab)
    cnt = theme.text(str(m.deck), u(16), theme.TEXT, "bold")
    pygame.draw.rect(surf, (16, 16, 20), cr, border_radius=cr.height // 2)
    surf.blit(cnt, cnt.get_rect(center=cr.center))
    # discard area
    z = lay.discard_zone
    dropping = ctrl.drag is not None and ctrl.drag.active and ctrl.drag.kind == "hand"
    theme.panel(surf, z, (14, 30, 24), theme.HILITE if dropping and z.collidepoint(ctrl.mouse) else theme.FELT_LINE,
                u(10), alpha=150, width=max(1, u(2)))
    title = sc.tr("fantasy.discard_area", n=len(m.discard), end=m.end_at)
    t = theme.fit_text(title, u(15), z.width - u(20), theme.TEXT, "bold")
    surf.blit(t, (z.left + u(10), z.top + u(4)))
    hint = phase_hint(sc)
    if hint:  # what to do now, where it is done
        room = z.width - t.get_width() - u(40)
        h = theme.fit_text(hint, u(13), room, theme.HILITE, "bold")
        surf.blit(h, h.get_rect(topright=(z.right - u(10), z.top + u(6))))
    takeable = set(ctrl.takeable()) if drawing else set()
    for i in range(max(m.end_at, len(m.discard))):
        r = lay.discard_slot(i)
        if i >= len(m.discard):
            if i < len(lay.discard_slots):
                pygame.draw.rect(surf, theme.shade(theme.FELT_LINE, 0.8), r, max(1, u(1)), border_radius=u(6))
            continue
        cid = m.discard[i]
        if ctrl.drag is not None and ctrl.drag.active and ctrl.drag.kind == "discard" and ctrl.drag.index == i:
            pygame.draw.rect(surf, theme.FELT_LINE, r, max(1, u(2)), border_radius=u(6))
            continue
        surf.blit(_slot_face(sc, cid, r.width), r)
        sealed = m.sealed.get(cid)
        if sealed is not None:
            _seal(sc, surf, r, int(sealed))
        if i in takeable:
            _outline(surf, r, theme.HILITE, u)
            k = sorted(takeable).index(i) + 1
            if k <= 9:
                digit(surf, k, (r.left + u(4), r.bottom - u(4)), lay.scale)
    if drawing and not m.discard and m.phase == "draw":
        e = theme.fit_text(empty_area_hint(sc), u(14), z.width - u(20), theme.TEXT_DIM)
        surf.blit(e, e.get_rect(center=z.center))


def empty_area_hint(sc: FantasyTable) -> str:
    """What an empty discard area means for the player about to draw: the game's first
    turn, a two-player draft turn, or an area emptied mid-game (cards were taken)."""
    if sc.model.turn <= 1:
        return str(sc.tr("fantasy.discard_empty"))
    if sc.ctrl.draw_deck_line() == "draw two":
        return str(sc.tr("fantasy.discard_empty_draw_two"))
    return str(sc.tr("fantasy.discard_empty_later"))


def _slot_face(sc: FantasyTable, cid: str, w: int) -> pygame.Surface:
    return sc.art.face(cid, w, sc.tr.lang, sc.lay.discard_compact)


def _seal(sc: FantasyTable, surf: pygame.Surface, r: pygame.Rect, seat: int) -> None:
    u = sc.lay.u
    band = pygame.Rect(r.left, r.bottom - u(18), r.width, u(18))
    surf.blit(theme.translucent(band.size, (0, 0, 0), 170, u(4)), band)
    t = theme.fit_text(sc.tr("fantasy.sealed", name=sc.names[seat]), u(11), band.width - u(4), theme.SEAT_COLORS[seat % 6], "bold")
    surf.blit(t, t.get_rect(center=band.center))


def _outline(surf: pygame.Surface, r: pygame.Rect, col: theme.Color, u: object, pulse: float | None = None) -> None:
    import math

    k = 0.5 + 0.5 * math.sin(pulse * 4) if pulse is not None else 1.0
    width = max(2, int(3 * (0.6 + 0.4 * k)))
    pygame.draw.rect(surf, col, r.inflate(4, 4), width, border_radius=8)


# ---- the viewer's Cursed Items --------------------------------------------------------------------
def _my_items(sc: FantasyTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    u = lay.u
    m = sc.model
    me = m.players[sc.viewer] if sc.viewer is not None else None
    if me is None:
        return
    theme.panel(surf, lay.mine, (14, 30, 24), theme.FELT_LINE, u(10), alpha=150, width=max(1, u(1)))
    lab = theme.fit_text(sc.tr("fantasy.your_item"), u(13), lay.mine.width - u(8), theme.TEXT_DIM, "bold")
    surf.blit(lab, lab.get_rect(midtop=(lay.mine.centerx, lay.mine.top + u(4))))
    if me.item:
        surf.blit(sc.art.face(me.item, lay.my_item.width, sc.tr.lang), lay.my_item)
    else:
        pygame.draw.rect(surf, theme.FELT_LINE, lay.my_item, max(1, u(2)), border_radius=u(6))
        n = theme.fit_text(sc.tr("fantasy.no_item"), u(12), lay.my_item.width - u(6), theme.TEXT_DIM)
        surf.blit(n, n.get_rect(center=lay.my_item.center))
    rects = sc.down_rects()
    if me.items_used:
        lib = sc.art.lib
        pts = sum(v for _i, v in _item_values(me.items_used, m.n, lib))
        shown = f"{pts:+d}".replace("-", "−")
        d = theme.fit_text(sc.tr("fantasy.used_items", n=len(me.items_used), points=shown), u(11), lay.my_down.width, theme.TEXT_DIM)
        surf.blit(d, (lay.my_down.left, lay.my_down.top))
    for r, iid in zip(rects, me.items_used):
        surf.blit(sc.art.face(iid, r.width, sc.tr.lang), r)


def _item_values(ids: list[str], players: int, lib: object) -> list[tuple[str, int]]:
    from game.fantasy_realms.scoring import item_points

    return item_points([lib.items[i] for i in ids], players)  # type: ignore[attr-defined]


# ---- sidebar ------------------------------------------------------------------------------------------
def _sidebar(sc: FantasyTable, surf: pygame.Surface) -> None:
    m = sc.model
    draw_turn_box(sc, surf, sc.lay.turn_box, sc.lay.u, turn=m.turn, mover=m.to_move, yours=m.to_move == sc.viewer, over=m.over, t=sc.t)
    _log(sc, surf)


def _log(sc: FantasyTable, surf: pygame.Surface) -> None:
    entries = sc.log.entries
    key = (len(entries), entries[-1].params.get("n") if entries else None)
    draw_log(sc, surf, key, ("turn", "winner", "winners", "ending"), theme.ACCENT)


# ---- overlays -------------------------------------------------------------------------------------------
def _announce(sc: FantasyTable, surf: pygame.Surface) -> None:
    ann = sc.director.announce
    if ann is None or sc.model.over:
        return
    kind, seat, left, total = ann
    if kind == "turn":
        text = sc.tr("table.your_turn") if seat == sc.viewer else sc.tr("table.their_turn", name=sc.names[seat])
        col = theme.HILITE if seat == sc.viewer else theme.SEAT_COLORS[seat % 6]
    else:
        text, col = sc.tr("fantasy.game_ending"), theme.ACCENT
    draw_announcement(surf, text, col, sc.lay.play, sc.lay.discard_zone.centery, left, total, sc.lay.scale)


def _drag(sc: FantasyTable, surf: pygame.Surface) -> None:
    d = sc.ctrl.drag
    if d is None or not d.active:
        return
    lay = sc.lay
    w = lay.hand_w if d.kind == "hand" else lay.discard_w if d.kind == "discard" else lay.deck.width
    img = sc.art.face(d.card, w, sc.tr.lang)
    r = img.get_rect(center=d.pos)
    surf.blit(theme.translucent((r.width + lay.u(10), r.height + lay.u(10)), (0, 0, 0), 90, lay.u(10)), r.move(lay.u(4), lay.u(6)))
    surf.blit(img, r)
    key = "fantasy.drop_discard" if d.kind == "hand" else "fantasy.drop_hand"
    target = lay.discard_zone if d.kind == "hand" else lay.hand_zone
    hint = theme.text(sc.tr(key), max(10, lay.u(15)), theme.HILITE, "bold")
    surf.blit(hint, hint.get_rect(midbottom=(d.pos[0], r.top - lay.u(6))))
    _outline(surf, target, theme.HILITE, lay.u, pulse=sc.t)


def _hover(sc: FantasyTable, surf: pygame.Surface) -> None:
    ctrl = sc.ctrl
    h = resting_on(sc, ctrl, surf, sc.lay.u, 0.3)
    if h is None:
        return
    lay = sc.lay
    zoomed = None
    if h[0] in ("hand", "discard", "item", "down", "taken") and h[-1]:
        near = _hover_rect(sc, h)
        room = pygame.Rect(lay.play.left, lay.play.top, lay.play.width, lay.play.height - lay.u(48))  # the explanation goes under it
        zoomed = draw_zoom(surf, sc.art, h[-1], near, sc.tr.lang, lay.scale, room)
    text = preview_text(sc, h)
    if text and zoomed is not None:
        _tooltip(sc, surf, text, (zoomed.centerx, zoomed.bottom + lay.u(4)), centred=True)
    elif h[0] == "deck":
        _tooltip(sc, surf, sc.tr("fantasy.deck_tip", n=sc.model.deck), ctrl.mouse)


def _hover_rect(sc: FantasyTable, h: tuple[object, ...]) -> pygame.Rect:
    lay = sc.lay
    kind = h[0]
    if kind == "hand":
        return sc.hand_rect(int(h[1]))  # type: ignore[call-overload]
    if kind == "discard":
        return lay.discard_slot(int(h[1]))  # type: ignore[call-overload]
    if kind == "item":
        return lay.my_item if h[1] == sc.viewer else sc.opp_item_rect(int(h[1]))  # type: ignore[call-overload]
    if kind == "down":
        return sc.down_rects()[int(h[1])]  # type: ignore[call-overload]
    if kind == "taken":
        for r, cid in sc.taken_chips(int(h[1])):  # type: ignore[call-overload]
            if cid == h[2]:
                return r
    return pygame.Rect(sc.ctrl.mouse, (1, 1))


def _tooltip(sc: FantasyTable, surf: pygame.Surface, text: str, at: tuple[int, int], centred: bool = False) -> None:
    """A tooltip by the pointer (``at``), or centred under ``at``."""
    u = sc.lay.u
    draw_tip(surf, text, at if centred else (at[0] + u(14), at[1] + u(14)), u, anchor="midtop" if centred else "topleft")


__all__ = ["draw_table", "felt", "ASPECT"]
