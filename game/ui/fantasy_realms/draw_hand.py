"""The viewer's hand and its live score.

Above the hand: what the hand scores if the game ended now, and the choices the
scorer made for wild cards, the Book of Changes and the Island. Under each card:
its points, with its bonus in green and its penalty in red; a BLANKED card is
greyed with the reason written on it; a copying card says what it copies. While
a card is hovered the header previews the score without it (choosing a discard)
or with it (a discard-area card, choosing a draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.fantasy_realms.scoring import CardScore, Score
from game.ui import theme
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.faces import ASPECT, BONUS_INK, PENALTY_INK

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable

BONUS_GREEN = (96, 200, 110)
PENALTY_RED = (236, 96, 80)
CLEARED_BLUE = (120, 180, 240)


def live(sc: FantasyTable) -> Score | None:
    if sc.viewer is None or not sc.model.hand:
        return None
    return scoring.score(sc.model.hand, scoring.table_of(sc.model.view, sc.viewer, sc.rulings))


def _everyone(sc: FantasyTable, surf: pygame.Surface) -> bool:
    """Every hand face up, a row each, where a player's hand goes: a spectator's view in
    which the hands are known (a replay's view of everyone). False when they are not."""
    m = sc.model
    if not all(p.hand and len(p.hand) == p.hand_size for p in m.players):
        return False
    lay = sc.lay
    u = lay.u
    zone = lay.hand_zone.inflate(-u(16), -u(8))
    row_h = zone.height // max(1, m.n)
    name_w = u(90)
    for seat, p in enumerate(m.players):
        top = zone.top + seat * row_h
        t = theme.fit_text(sc.names[seat], u(15), name_w - u(8), theme.SEAT_COLORS[seat % 6], "bold")
        surf.blit(t, t.get_rect(midleft=(zone.left, top + row_h // 2)))
        card_h = row_h - u(6)
        card_w = int(card_h / ASPECT)
        room = zone.width - name_w - card_w
        step = min(card_w + u(4), room // max(1, len(p.hand) - 1))
        for i, cid in enumerate(m.sorted_ids(p.hand)):
            surf.blit(sc.art.face(cid, card_w, sc.tr.lang), (zone.left + name_w + i * step, top + u(3)))
    return True


def draw_hand(sc: FantasyTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    u = lay.u
    m = sc.model
    if sc.viewer is None and _everyone(sc, surf):
        return
    if sc.viewer is None or sc.hand_hidden:  # hotseat: the hand waits for its owner to be passed the screen
        words = sc.tr("fantasy.watching") if sc.viewer is None else sc.tr("table.hand_hidden", name=sc.names[sc.viewer])
        t = theme.text(words, u(18), theme.TEXT_DIM, "bold")
        surf.blit(t, t.get_rect(center=lay.hand_zone.center))
        return
    sc_ = live(sc)
    by_id: dict[str, CardScore] = {c.id: c for c in sc_.cards} if sc_ is not None else {}
    _header(sc, surf, sc_)
    hand = sc.hand_cards()
    ctrl = sc.ctrl
    discarding = ctrl.discarding()
    dragging = ctrl.drag is not None and ctrl.drag.active
    if dragging and ctrl.drag is not None and ctrl.drag.kind in ("deck", "discard"):
        theme.panel(surf, lay.hand_zone.inflate(-u(8), -u(8)), theme.HILITE, None, u(12), alpha=40)
    for i, cid in enumerate(hand):
        r = sc.hand_rect(i)
        if dragging and ctrl.drag is not None and ctrl.drag.kind == "hand" and ctrl.drag.index == i:
            pygame.draw.rect(surf, theme.FELT_LINE, r, max(1, u(2)), border_radius=u(6))
            continue
        surf.blit(sc.art.face(cid, r.width, sc.tr.lang, lay.hand_compact), r)
        cs = by_id.get(cid)
        if cs is not None and cs.blanked:
            _blanked(sc, surf, r, cs)
        elif cs is not None and cs.copy:
            _ribbon(sc, surf, r, _copy_words(sc, cs))
        elif cs is not None and cs.suit != m.suit(cid):  # the Book of Changes gave it another suit
            from game.ui.fantasy_realms import suits

            _ribbon(sc, surf, r, sc.tr("fantasy.now_suit", a_suit=suits.with_article(cs.suit, sc.tr)))
        if m.forbid == cid:
            _ribbon(sc, surf, r, sc.tr("fantasy.kept"), top=True)
        if ctrl.selected == i:
            pygame.draw.rect(surf, theme.HILITE, r.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(8))
            hint = theme.text(sc.tr("fantasy.click_again"), u(12), theme.HILITE, "bold")
            surf.blit(hint, hint.get_rect(midbottom=(r.centerx, r.top - u(14))))
        if discarding and sc.can_act and i < 9 and ctrl.discard_line(cid) is not None:
            digit(surf, i + 1, (r.centerx, r.top - u(4)), lay.scale)
        _strip(sc, surf, pygame.Rect(lay.hand_slots[i].left if i < len(lay.hand_slots) else r.left,
                                     (lay.hand_slots[i].bottom if i < len(lay.hand_slots) else r.bottom) + u(4),
                                     r.width, lay.strip_h - u(6)), cs)


def _header(sc: FantasyTable, surf: pygame.Surface, sc_: Score | None) -> None:
    lay = sc.lay
    u = lay.u
    r = lay.header
    me = sc.names[sc.viewer] if sc.viewer is not None else ""
    total = sc_.total if sc_ is not None else 0
    head = theme.text(sc.tr("fantasy.hand_of", name=me), u(16), theme.SEAT_COLORS[(sc.viewer or 0) % 6], "bold")
    surf.blit(head, head.get_rect(midleft=(r.left, r.centery)))
    x = r.left + head.get_width() + u(12)
    pts = theme.text(sc.tr("fantasy.points", n=total), u(22), theme.ACCENT, "serif")
    surf.blit(pts, pts.get_rect(midleft=(x, r.centery)))
    x += pts.get_width() + u(8)
    note = theme.text(sc.tr("fantasy.if_now"), u(12), theme.TEXT_DIM)
    surf.blit(note, note.get_rect(midleft=(x, r.centery + u(2))))
    x += note.get_width() + u(16)
    words = scoring.choices(sc_, sc.tr) if sc_ is not None else []
    if words:
        t = theme.fit_text(" · ".join(words), u(14), r.right - x, theme.HILITE, "bold")
        surf.blit(t, t.get_rect(midleft=(x, r.centery)))


def phase_hint(sc: FantasyTable) -> str:
    """What the player is to do now (shown in the discard area's title line)."""
    if not sc.can_act:
        return ""
    ctrl = sc.ctrl
    if ctrl.drawing():
        return sc.tr("fantasy.hint_draw_two" if ctrl.draw_deck_line() == "draw two" else "fantasy.hint_draw")
    if ctrl.discarding():
        return sc.tr("fantasy.hint_discard")
    if "end" in sc.model.legal:
        return sc.tr("fantasy.hint_end")
    return ""


def _copy_words(sc: FantasyTable, cs: CardScore) -> str:
    if cs.copy in sc.art.lib.cards:
        return sc.tr("fantasy.as_card", card=scoring.card_name(cs.copy, sc.tr.lang))
    from game.ui.fantasy_realms import suits

    return sc.tr("fantasy.as_suit", a_suit=suits.with_article(cs.copy, sc.tr))


def _blanked(sc: FantasyTable, surf: pygame.Surface, r: pygame.Rect, cs: CardScore) -> None:
    u = sc.lay.u
    surf.blit(theme.translucent(r.size, (34, 34, 38), 215, u(8)), r)
    word = theme.fit_text(sc.tr("fantasy.blanked").upper(), u(15), r.width - u(8), (235, 235, 235), "bold")
    f = theme.font(max(9, u(12)), "bold")
    lines = theme.wrap(scoring.reason(cs.reason, sc.tr), f, r.width - u(10))
    h = word.get_height() + len(lines) * f.get_linesize()
    y = r.centery - h // 2
    surf.blit(word, word.get_rect(midtop=(r.centerx, y)))
    y += word.get_height()
    for ln in lines:
        t = theme.text(ln, max(9, u(12)), (220, 220, 220), "bold")
        surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
        y += f.get_linesize()


def _ribbon(sc: FantasyTable, surf: pygame.Surface, r: pygame.Rect, text: str, top: bool = False) -> None:
    u = sc.lay.u
    band = pygame.Rect(r.left + u(2), (r.top + u(2)) if top else (r.bottom - u(22)), r.width - u(4), u(20))
    surf.blit(theme.translucent(band.size, (20, 20, 60), 215, u(4)), band)
    t = theme.fit_text(text, u(13), band.width - u(6), theme.HILITE, "bold")
    surf.blit(t, t.get_rect(center=band.center))


def _strip(sc: FantasyTable, surf: pygame.Surface, r: pygame.Rect, cs: CardScore | None) -> None:
    u = sc.lay.u
    theme.panel(surf, r, (14, 18, 22), theme.PANEL_EDGE, u(6), alpha=210, width=1)
    if cs is None:
        return
    if cs.blanked:
        t = theme.text("0", u(18), theme.TEXT_DIM, "bold")
        surf.blit(t, t.get_rect(midleft=(r.left + u(6), r.centery)))
        b = theme.fit_text(sc.tr("fantasy.blanked"), u(12), r.width - t.get_width() - u(14), theme.TEXT_DIM, "bold")
        surf.blit(b, b.get_rect(midleft=(r.left + t.get_width() + u(10), r.centery)))
        return
    big = theme.text(str(cs.points), u(20), theme.TEXT, "bold")
    surf.blit(big, big.get_rect(midleft=(r.left + u(6), r.centery)))
    parts: list[tuple[str, theme.Color]] = [(str(cs.base), theme.TEXT_DIM)] if cs.bonus or cs.penalty else []
    if cs.bonus:
        parts.append((f"+{cs.bonus}", BONUS_GREEN))
    if cs.penalty:
        parts.append((f"−{-cs.penalty}" if cs.penalty < 0 else f"+{cs.penalty}", PENALTY_RED))
    if cs.cleared or cs.army_cleared:
        parts.append((sc.tr("fantasy.cleared"), CLEARED_BLUE))
    x = r.left + big.get_width() + u(10)
    room = r.right - u(4) - x
    size = u(13)
    while size > 8 and sum(theme.font(size, "bold").size(p[0])[0] + u(4) for p in parts) > room:
        size -= 1
    for text, col in parts:
        t = theme.text(text, size, col, "bold")
        if x + t.get_width() > r.right - u(2):
            break
        surf.blit(t, t.get_rect(midleft=(x, r.centery)))
        x += t.get_width() + u(4)


def digit(surf: pygame.Surface, n: int, at: tuple[int, int], s: float) -> None:
    """The number key that picks this card."""
    t = theme.text(str(n), max(9, int(13 * s)), theme.TEXT, "bold")
    r = t.get_rect(center=at).inflate(int(8 * s), int(2 * s))
    r.width = max(r.width, r.height)
    r.center = at
    pygame.draw.rect(surf, (20, 20, 24), r, border_radius=r.height // 2)
    surf.blit(t, t.get_rect(center=r.center))


def preview_text(sc: FantasyTable, h: tuple[Any, ...]) -> str:
    """Under a zoomed card: its points in this hand, or the score without/with it."""
    if sc.viewer is None or sc.hand_hidden or not sc.model.hand:
        return ""
    table = scoring.table_of(sc.model.view, sc.viewer, sc.rulings)
    lang = sc.tr.lang
    if h[0] == "hand":
        cid = h[2]
        sc_ = scoring.score(sc.model.hand, table)
        cs = next((c for c in sc_.cards if c.id == cid), None)
        parts = []
        if cs is not None:
            if cs.blanked:
                parts.append(scoring.reason(cs.reason, sc.tr))
            else:
                parts.append(sc.tr("fantasy.card_points", base=cs.base, bonus=cs.bonus, penalty=cs.penalty, points=cs.points))
        if sc.ctrl.discarding() and cid in sc.model.hand:
            parts.append(sc.tr("fantasy.without", card=scoring.card_name(cid, lang), n=scoring.without(sc.model.hand, cid, table)))
        return "\n".join(parts)
    if h[0] == "discard" and sc.ctrl.drawing() and sc.ctrl.take_line(h[2]) is not None:
        limit = sc.model.players[sc.viewer].hand_limit or sc.model.hand_size
        n = scoring.with_card(sc.model.hand, h[2], table, limit)
        return sc.tr("fantasy.with", card=scoring.card_name(h[2], lang), n=n)
    return ""


__all__ = ["draw_hand", "preview_text", "digit", "BONUS_INK", "PENALTY_INK"]
