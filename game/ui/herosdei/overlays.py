"""What the HerosDeï table draws over its pieces: the card in flight, the numbers of a
comparison meeting between the fighters, a new turn's announcement, the card held by
a drag with what its drop would do (or why not), and the hover zoom with its footer
naming these cards for what they are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.herosdei.director import Clash
from game.ui.herosdei.draw import BONUS, MALUS, STAT_COLORS, card_back, card_face, given_chip
from game.ui.herosdei.words import hover_words, line_words
from game.ui.i18n import Tr
from game.ui.render.cards import beside, drop_shadow, zoom_width
from game.ui.tablekit.flight import draw_announcement
from game.ui.tablekit.tip import draw_tip, resting_on

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable


def draw(sc: HdTable, surf: pygame.Surface) -> None:
    _flyer(sc, surf)
    clash = sc.director.clash
    if clash is not None:
        _clash(sc, surf, clash)
    _announce(sc, surf)
    _drag(sc, surf)
    _hover(sc, surf)


def _flyer(sc: HdTable, surf: pygame.Surface) -> None:
    f = sc.director.flyer
    if f is None:
        return
    r = f.rect()
    lang = sc.tr.lang
    strip = max(6, int(sc.lay.strip * r.width / max(1, sc.lay.card_w)))
    for i, g in enumerate(f.given):  # the given cards go along, fanned under their Character
        given_chip(surf, g, pygame.Rect(r.left, r.bottom + i * strip, r.width, strip), lang, sc.lay.u(13))
    img = card_face(f.card, r.width, lang) if f.card else card_back(r.width, lang)
    surf.blit(theme.translucent((r.width + 8, r.height + 8), (0, 0, 0), 90, 8), r.move(4, 6))
    surf.blit(img, img.get_rect(center=r.center))


def _clash(sc: HdTable, surf: pygame.Surface, c: Clash) -> None:
    a, b = sc.fighter_rect(c.src), sc.fighter_rect(c.dst)
    if a is None or b is None:
        return
    u = sc.lay.u
    k = min(1.0, c.t / 0.6)
    k = k * k * (3 - 2 * k)
    mid = ((a.centerx + b.centerx) // 2, (a.centery + b.centery) // 2)
    gap = u(44)
    for (stat, value), home, side in ((c.left, a.center, -1), (c.right, b.center, 1)):
        goal = (mid[0] + side * gap, mid[1])
        x = home[0] + (goal[0] - home[0]) * k
        y = home[1] + (goal[1] - home[1]) * k
        r = pygame.Rect(0, 0, u(64), u(64))
        r.center = (int(x), int(y))
        r.clamp_ip(sc.lay.play)
        pygame.draw.ellipse(surf, STAT_COLORS[stat], r)
        pygame.draw.ellipse(surf, (250, 245, 230), r, max(2, u(3)))
        t = theme.text(f"{stat} {value}", u(22), (255, 255, 255), "bold")
        surf.blit(t, t.get_rect(center=r.center))
    if c.t >= 0.6:
        words = sc.tr(f"hdtable.{c.outcome}")
        good = c.outcome in ("strike_kill", "charm_control")
        t = theme.text(words, u(20), BONUS if good else theme.HILITE if c.outcome != "strike_hold" else MALUS, "bold")
        band = outcome_band(sc, c, t.get_size())
        if band is not None:
            surf.blit(theme.translucent(band.size, (0, 0, 0), 170, u(8)), band)
            surf.blit(t, t.get_rect(center=band.center))


def outcome_band(sc: HdTable, c: Clash, size: tuple[int, int]) -> pygame.Rect | None:
    """Where a comparison's outcome ("Killed!") is written: over the Character it befalls
    (the one struck, the attacker charmed), not between the two fighters."""
    b = sc.fighter_rect(c.dst)
    if b is None:
        return None
    band = pygame.Rect((0, 0), size).inflate(sc.lay.u(16), sc.lay.u(8))
    band.center = b.center
    band.clamp_ip(sc.lay.play)
    return band


def _announce(sc: HdTable, surf: pygame.Surface) -> None:
    ann = sc.director.announce
    if ann is None or sc.model.over:
        return
    _, turn, left, total = ann
    draw_announcement(surf, sc.tr("table.turn", turn=turn), theme.ACCENT, sc.lay.play, sc.lay.middle.centery,
                      left, total, sc.lay.scale)


def _drag(sc: HdTable, surf: pygame.Surface) -> None:
    d = sc.ctrl.drag
    if d is None or not d.active:
        return
    lay = sc.lay
    u = lay.u
    m = sc.model
    if d.kind == "hand" and sc.viewer is not None and d.index < len(m.sides[sc.viewer].hand):
        img = card_face(m.sides[sc.viewer].hand[d.index], lay.hand_w, sc.tr.lang)
    elif d.kind == "char" and sc.viewer is not None and d.index < len(m.sides[sc.viewer].chars):
        img = card_face(m.sides[sc.viewer].chars[d.index].card, max(u(50), lay.card_w * 3 // 4), sc.tr.lang)
    else:
        return
    r = img.get_rect(center=d.pos)
    surf.blit(theme.translucent((r.width + u(10), r.height + u(10)), (0, 0, 0), 90, u(10)), r.move(u(4), u(6)))
    surf.blit(img, r)
    v = sc.ctrl.verdict(d, sc.ctrl.hit(d.pos))
    if v is None:
        return
    if v.line is not None:
        text, col = line_words(sc, v.line), theme.OK
    elif v.choose:
        text, col = sc.tr("hdtable.drop_choose"), theme.HILITE
    else:
        text, col = v.reason, theme.DANGER
    tip(sc, surf, text, (d.pos[0], r.top - u(6)), col, above=True)


def _hover(sc: HdTable, surf: pygame.Surface) -> None:
    ctrl = sc.ctrl
    h = resting_on(sc, ctrl, surf, sc.lay.u, 0.3, max(1, sc.lay.u(2)))
    if h is None or sc.director.clash is not None:
        return
    card = sc.hovered_card(h)
    if card and not (h[0] == "hand" and sc.hand_hidden):
        near = sc.hovered_rect(h)
        zoomed = draw_zoom(surf, card, near, sc.tr.lang, sc.lay.scale, sc.tr, sc.lay.play)
        words = hover_words(sc, h)
        if words:
            tip(sc, surf, words, (zoomed.centerx, zoomed.bottom + sc.lay.u(4)), theme.ACCENT, centred=True, avoid=zoomed)
    elif h[0] == "future":
        tip(sc, surf, sc.tr("hdtable.future_tip", n=sc.model.sides[int(h[1])].future), ctrl.mouse, theme.ACCENT)


def draw_zoom(surf: pygame.Surface, cid: str, near: pygame.Rect, lang: str, scale: float, tr: Tr,
              bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A large face beside ``near`` (right of it, else left) inside ``bounds``, and under it
    the footer saying these are the house's original cards. The rect of face and footer."""
    bounds = bounds or surf.get_rect()
    foot_size = max(10, int(12 * scale))
    foot_lines = theme.wrap(tr("hdtable.original"), theme.font(foot_size), max(120, int(260 * scale)))
    foot_h = len(foot_lines) * theme.font(foot_size).get_linesize() + int(8 * scale)
    zw = zoom_width(280 * scale, bounds.height - foot_h, 0.86, 150)
    img = card_face(cid, zw, lang)
    whole = beside((max(img.get_width(), int(260 * scale)), img.get_height() + foot_h), near, bounds, scale)
    face = img.get_rect(midtop=whole.midtop)
    drop_shadow(surf, whole, scale, 120)
    surf.blit(img, face)
    foot = pygame.Rect(whole.left, face.bottom + int(2 * scale), whole.width, whole.bottom - face.bottom - int(2 * scale))
    theme.panel(surf, foot, (16, 16, 20), theme.PANEL_EDGE, int(6 * scale), alpha=235, width=1)
    y = face.bottom + int(5 * scale)
    for ln in foot_lines:
        t = theme.text(ln, foot_size, theme.TEXT_DIM)
        surf.blit(t, t.get_rect(midtop=(whole.centerx, y)))
        y += theme.font(foot_size).get_linesize()
    return whole


def tip(sc: HdTable, surf: pygame.Surface, text: str, at: tuple[int, int], edge: theme.Color,
        centred: bool = False, above: bool = False, avoid: pygame.Rect | None = None) -> None:
    """A tooltip: words on a dark panel (``at`` its top left, its middle top, or its middle
    bottom), off ``avoid``."""
    u = sc.lay.u
    draw_tip(surf, text, at, u, edge, max(1, u(2)), "midbottom" if above else "midtop" if centred else "topleft", avoid)
