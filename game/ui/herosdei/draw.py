"""Draws the HerosDeï table: one function over the scene's state.

Split from the scene so the scene stays about flow and this module about pixels: the
felt, each side's bar (name, player-1 marker, hand, future, trackers, Gods, Places,
Black Magic), its Characters with their given cards fanned under them and their live
F/S/C/M badges (green when a bonus lifts a figure over the printed one, red when it
falls under), the piles, the stack of destinies and the prompt in the middle, the
viewer's hand and the sidebar. The moving things (flights, clashes, the drag, the
zoom) are drawn by :mod:`game.ui.herosdei.overlays`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.herosdei.faces import HdFaces, civ_color
from game.ui.herosdei.logtext import HEADINGS, card_name
from game.ui.herosdei.model import STATS, Character, card_defs
from game.ui.tablekit.felt import Felt
from game.ui.tablekit.frame import draw_turn_box
from game.ui.tablekit.log_panel import draw_log

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable

BONUS = (96, 210, 110)
MALUS = (230, 92, 80)
STAT_COLORS = {"F": (200, 80, 60), "S": (70, 150, 80), "C": (190, 120, 200), "M": (80, 130, 210)}
MAX_PROMPT_LINES = 3  # lines a text of the prompt may take before its words are made smaller

_faces: dict[str, HdFaces] = {}
FELT = Felt((26, 30, 44), (46, 52, 74), rings=14, tall=1.4)


def faces(lang: str) -> HdFaces:
    """The face cache of ``lang`` (one for the whole app)."""
    f = _faces.get(lang)
    if f is None:
        f = _faces[lang] = HdFaces(lang)
    return f


def card_face(cid: str, width: int, lang: str) -> pygame.Surface:
    return faces(lang).face(cid, max(8, width))


def card_back(width: int, lang: str = "en") -> pygame.Surface:
    return faces(lang).back(max(8, width))


def aspect(lang: str = "en") -> float:
    """A card's height over its width, as the faces draw them."""
    return faces(lang).height(200) / 200


def felt(w: int, h: int) -> pygame.Surface:
    """The table's night-blue cloth for a ``w`` x ``h`` window."""
    return FELT.surface(w, h)


def draw_table(sc: HdTable, surf: pygame.Surface) -> None:
    """The table under its overlays (the scene draws those over it)."""
    surf.blit(felt(*surf.get_size()), (0, 0))
    for seat in (0, 1):
        _bar(sc, surf, seat)
        _piles(sc, surf, seat)
        _row(sc, surf, seat)
    _middle(sc, surf)
    _hand(sc, surf)
    _sidebar(sc, surf)
    sc.group.draw(surf)


# ---- a side's bar ------------------------------------------------------------------------------------
def _bar(sc: HdTable, surf: pygame.Surface, seat: int) -> None:
    lay = sc.lay
    u = lay.u
    m = sc.model
    side = m.sides[seat]
    r = lay.bars[seat]
    acting = m.acting() == seat
    theme.panel(surf, r, theme.PANEL, theme.HILITE if acting else theme.PANEL_EDGE, u(8), alpha=215,
                width=max(1, u(2) if acting else 1))
    x = r.left + u(8)
    if m.phase != "start":  # each side's role this turn, as a badge (never to be read as a name)
        one = m.first == seat
        x = _pill(surf, sc.tr("hdtable.player_one" if one else "hdtable.player_two"), (x, r.centery), u(13),
                  theme.TEXT_DARK if one else theme.TEXT, theme.ACCENT if one else theme.PANEL_LIGHT, u) + u(8)
    name = sc.names[seat] if seat < len(sc.names) else "?"
    if seat < len(sc.kinds) and sc.kinds[seat] == "ai":
        name = f"{name} · {sc.tr('hdtable.ai')}"
    t = theme.fit_text(name, u(17), u(200), theme.SEAT_COLORS[seat % 6], "bold")
    surf.blit(t, t.get_rect(midleft=(x, r.centery)))
    x += t.get_width() + u(12)
    hand = theme.text(sc.tr("hdtable.hand", n=side.hand_count), u(14), theme.TEXT)
    surf.blit(hand, hand.get_rect(midleft=(x, r.centery)))
    x += hand.get_width() + u(14)
    goal = sc.tr("hdtable.vp_goal", n=side.vp) if m.variant == "tournament" else sc.tr("hdtable.vp", n=side.vp)
    x = _pill(surf, goal, (x, r.centery), u(14), theme.TEXT_DARK, theme.GOLD, u) + u(6)
    x = _pill(surf, sc.tr("hdtable.kills", n=side.kills), (x, r.centery), u(14), theme.TEXT, theme.COMBAT, u) + u(12)
    for cr, cid in sc.in_play_chips(seat):
        _chip(sc, surf, cr, cid)


def _pill(surf: pygame.Surface, text: str, at: tuple[int, int], size: int, ink: theme.Color, back: theme.Color,
          u: object) -> int:
    """A rounded label from ``at`` (its middle left); the x of its right edge."""
    t = theme.text(text, size, ink, "bold")
    r = t.get_rect(midleft=(at[0] + size // 2, at[1])).inflate(size, size // 3)
    r.left = at[0]
    pygame.draw.rect(surf, back, r, border_radius=r.height // 2)
    surf.blit(t, t.get_rect(center=r.center))
    return r.right


def chip_rects(sc: HdTable, seat: int) -> list[tuple[pygame.Rect, str]]:
    """The side's Gods, Places and Black Magic as chips at the right of its bar."""
    lay = sc.lay
    u = lay.u
    r = lay.bars[seat]
    side = sc.model.sides[seat]
    cards = [*side.gods, *side.places, *side.black_magic]
    room = r.width - u(560)  # what the name, the hand and the trackers leave on the bar's right
    w = max(u(36), min(u(120), room // max(1, len(cards)) - u(6)))
    out = []
    x = r.right - u(6) - len(cards) * (w + u(6)) + u(6)
    for cid in cards:
        out.append((pygame.Rect(x, r.top + u(5), w, r.height - u(10)), cid))
        x += w + u(6)
    return out


def _chip(sc: HdTable, surf: pygame.Surface, r: pygame.Rect, cid: str) -> None:
    u = sc.lay.u
    kind = sc.model.kind(cid)
    back = {"god": (120, 100, 40), "place": (50, 100, 80), "black_magic": (90, 40, 110)}.get(kind, theme.PANEL_LIGHT)
    pygame.draw.rect(surf, back, r, border_radius=r.height // 3)
    t = theme.fit_text(card_name(cid, sc.tr.lang), max(9, u(13)), r.width - u(10), theme.TEXT, "bold")
    surf.blit(t, t.get_rect(center=r.center))


# ---- piles ---------------------------------------------------------------------------------------------
def _piles(sc: HdTable, surf: pygame.Surface, seat: int) -> None:
    lay = sc.lay
    u = lay.u
    side = sc.model.sides[seat]
    lang = sc.tr.lang
    fut, mus = lay.futures[seat], lay.museums[seat]
    if side.future:
        surf.blit(card_back(fut.width, lang), fut)
    else:
        pygame.draw.rect(surf, theme.PANEL_EDGE, fut, 1, border_radius=u(6))
    if side.museum:
        surf.blit(card_face(side.museum[-1], mus.width, lang), mus)
    else:
        pygame.draw.rect(surf, theme.PANEL_EDGE, mus, 1, border_radius=u(6))
    for rect, label in ((fut, sc.tr("hdtable.future", n=side.future)), (mus, sc.tr("hdtable.museum", n=len(side.museum)))):
        t = theme.fit_text(label, max(9, u(12)), rect.width + lay.gap - u(4), theme.TEXT_DIM, "bold")
        surf.blit(t, t.get_rect(midbottom=(rect.centerx, rect.top - u(2))))


# ---- Characters ----------------------------------------------------------------------------------------
def _row(sc: HdTable, surf: pygame.Surface, seat: int) -> None:
    m = sc.model
    chars = m.sides[seat].chars
    hidden = sc.director.hidden
    placed = [(i, r) for i, r in enumerate(sc.char_rects(seat))
              if i < len(chars) and (hidden is None or m.ref(seat, i) != hidden)]
    # the fighters last, over their neighbours in a crowded row (the attacker lunges over them)
    placed.sort(key=lambda p: sc.fighting(seat, p[0]))
    for i, (card, strips) in placed:
        draw_character(sc, surf, chars[i], card, strips, sc.lit_char(seat, i))


def draw_character(sc: HdTable, surf: pygame.Surface, ch: Character, card: pygame.Rect,
                   strips: list[pygame.Rect], lit: str | None) -> None:
    """A Character with its given cards fanned under it and its live stats."""
    u = sc.lay.u
    lang = sc.tr.lang
    for g, r in zip(ch.given, strips):
        given_chip(surf, g, r, lang, u(13))
    face = card_face(ch.card, card.width, lang)
    if ch.attacked:
        face = face.copy()
        face.fill((60, 60, 60), special_flags=pygame.BLEND_RGB_SUB)
    surf.blit(face, card)
    if lit:
        col = {"act": theme.HILITE, "target": theme.OK, "picked": theme.ACCENT, "fight": theme.COMBAT}.get(lit, theme.HILITE)
        pygame.draw.rect(surf, col, card.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(7))
    badges(surf, sc, ch, card)


def given_chip(surf: pygame.Surface, cid: str, r: pygame.Rect, lang: str, size: int) -> None:
    """A card given to a Character, fanned under it: its name on its civilisation's colour
    (a strip as tall as the fan allows; the zoom shows the whole card)."""
    d = card_defs().get(cid)
    back = theme.shade(civ_color(d.civ if d is not None else "neutral"), 0.7)
    body = pygame.Rect(r.left, r.top, r.width, max(r.height, min(size + 6, r.height + 4)))
    pygame.draw.rect(surf, back, body, border_radius=max(2, r.height // 4))
    pygame.draw.rect(surf, (14, 14, 18), body, 1, border_radius=max(2, r.height // 4))
    fits = theme.fit_lines([max(8, min(size, r.height - 3))], body.height, ["bold"], 6)[0]  # a larger text size too
    t = theme.fit_text(card_name(cid, lang), fits, r.width - 8, theme.TEXT, "bold", 6)
    surf.blit(t, t.get_rect(midleft=(r.left + 4, r.top + min(r.height, body.height) // 2)))


def badges(surf: pygame.Surface, sc: HdTable, ch: Character, card: pygame.Rect) -> None:
    """F/S/C/M over the foot of a Character's card, coloured when a bonus is in force."""
    u = sc.lay.u
    size = max(12, min(u(24), card.width // 4 - 2))
    y = card.bottom - size // 2 - u(2)
    for k, stat in enumerate(STATS):
        value = ch.stats.get(stat, 0)
        printed = sc.model.printed(ch.card, stat)
        cx = card.left + card.width * (2 * k + 1) // 8
        r = pygame.Rect(0, 0, size, size)
        r.center = (cx, y)
        edge = BONUS if value > printed else MALUS if value < printed else (235, 230, 215)
        pygame.draw.ellipse(surf, STAT_COLORS[stat], r)
        if edge != (235, 230, 215):  # a bonus or a malus in force: a ring of its colour around the figure
            pygame.draw.ellipse(surf, edge, r.inflate(max(2, size // 6), max(2, size // 6)), max(2, size // 5))
        else:
            pygame.draw.ellipse(surf, edge, r, max(1, size // 8))
        t = theme.text(str(value), max(8, int(size * 0.62)), (255, 255, 255), "bold")
        surf.blit(t, t.get_rect(center=r.center))


# ---- the middle: the stack and the prompt -------------------------------------------------------------------
def _middle(sc: HdTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    u = lay.u
    m = sc.model
    theme.panel(surf, lay.stack_area, (20, 22, 30), theme.PANEL_EDGE, u(8), alpha=150)
    lab = theme.fit_text(sc.tr("hdtable.stack", n=len(m.stack)), max(9, u(12)), lay.stack_area.width - u(8), theme.TEXT_DIM, "bold")
    surf.blit(lab, lab.get_rect(midtop=(lay.stack_area.centerx, lay.stack_area.top + u(2))))
    for entry, r in zip(m.stack, sc.stack_rects()):
        surf.blit(card_face(str(entry["card"]), r.width, sc.tr.lang), r)
        pygame.draw.rect(surf, theme.SEAT_COLORS[int(entry.get("seat", 0)) % 6], r.inflate(u(4), u(4)), max(1, u(2)),
                         border_radius=u(5))
    _prompt(sc, surf)
    _combat_box(sc, surf)


def _prompt(sc: HdTable, surf: pygame.Surface) -> None:
    """The prompt, left of the stack (a lunging attacker stays in its row, clear of it)."""
    _block, rows = prompt_block(sc)
    for t, at in rows:
        surf.blit(t, at)


def prompt_block(sc: HdTable) -> tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]:
    """The prompt's lines, rendered and placed, and the rectangle they fill."""
    from game.ui.herosdei.words import prompt_lines

    lay = sc.lay
    u = lay.u
    texts = prompt_lines(sc)

    def wrapped(big: int, small: int, most: int | None = None) -> list[tuple[int, str, int, str, theme.Color]]:
        out = []
        for i, (text, col) in enumerate(texts):
            size, kind = (big, "bold") if i == 0 else (small, "regular")
            f = theme.font(size, kind)
            found = theme.wrap(text, f, lay.banner.width - u(10))
            if most is not None and len(found) > most:  # the last resort: its end gives way to a "…"
                found = found[:most - 1] + [theme.ellipsized(" ".join(found[most - 1:]), f, lay.banner.width - u(10))]
            out += [(i, ln, size, kind, col) for ln in found]
        return out

    def fits(lines: list[tuple[int, str, int, str, theme.Color]]) -> bool:
        high = sum(theme.font(size, kind).get_height() for _, _, size, kind, _ in lines) + u(4) * len(texts)
        longest = max((sum(1 for j, *_ in lines if j == i) for i in range(len(texts))), default=0)
        return high <= lay.banner.height - u(8) and longest <= MAX_PROMPT_LINES

    big, small = u(19), u(14)
    lines = wrapped(big, small)
    while not fits(lines) and small > 7:  # a larger text size: the prompt stays between the rows, whole
        big, small = big - 1, small - 1
        lines = wrapped(big, small)
    if not fits(lines):
        lines = wrapped(big, small, MAX_PROMPT_LINES)
    rows: list[tuple[pygame.Surface, tuple[int, int]]] = []
    y = lay.banner.top + u(8)
    last = 0
    for i, ln, size, kind, col in lines:
        if i != last:  # between the prompt's texts
            y += u(4)
        last = i
        t = theme.text(ln, size, col, kind)
        rows.append((t, (lay.banner.left + u(6), y)))
        y += t.get_height()
    y += u(4)
    if not rows:
        return pygame.Rect(lay.banner.left, lay.banner.top, 0, 0), rows
    width = max(t.get_width() for t, _ in rows) + u(12)
    return pygame.Rect(lay.banner.left, lay.banner.top + u(4), width, y - lay.banner.top - u(4)), rows


def _combat_box(sc: HdTable, surf: pygame.Surface) -> None:
    """The combat under way, in words, right of the stack."""
    c = sc.model.combat
    if c is None:
        return
    from game.ui.herosdei.logtext import ref_name

    lay = sc.lay
    u = lay.u
    r = pygame.Rect(lay.stack_area.right + u(10), lay.middle.top + u(6), lay.middle.right - lay.stack_area.right - u(10),
                    lay.middle.height - u(12))
    lang = sc.tr.lang
    step = str(c.get("step", ""))
    head = theme.fit_text(sc.tr("hdtable.combat", attacker=ref_name(str(c["attacker"]), lang),
                                defender=ref_name(str(c["defender"]), lang)), u(15), r.width, theme.COMBAT, "bold")
    surf.blit(head, r.topleft)
    if step and sc.tr.has(f"hdtable.step_{step}"):
        s = theme.fit_text(sc.tr(f"hdtable.step_{step}"), u(13), r.width, theme.TEXT_DIM)
        surf.blit(s, (r.left, r.top + head.get_height() + u(2)))


# ---- the hand ----------------------------------------------------------------------------------------------
def _hand(sc: HdTable, surf: pygame.Surface) -> None:
    if sc.viewer is None:
        return
    lay = sc.lay
    u = lay.u
    lang = sc.tr.lang
    d = sc.ctrl.drag
    side = sc.model.sides[sc.viewer]
    rects = sc.hand_rects()
    if sc.hand_hidden:
        for r in rects:
            surf.blit(card_back(r.width, lang), r)
        return
    for i, (cid, r) in enumerate(zip(side.hand, rects)):
        if d is not None and d.active and d.kind == "hand" and d.index == i:
            pygame.draw.rect(surf, theme.PANEL_EDGE, r, 1, border_radius=u(6))
            continue
        surf.blit(card_face(cid, r.width, lang), r)
        if sc.card_usable(cid):
            pygame.draw.rect(surf, theme.HILITE, r.inflate(u(4), u(4)), max(2, u(2)), border_radius=u(7))
        elif sc.can_act and sc.model.window_open():
            surf.blit(theme.translucent(r.size, (0, 0, 0), 110, u(6)), r)


# ---- sidebar --------------------------------------------------------------------------------------------------
def _sidebar(sc: HdTable, surf: pygame.Surface) -> None:
    m = sc.model
    who = m.acting()
    draw_turn_box(sc, surf, sc.lay.turn_box, sc.lay.u, turn=m.turn, mover=who, yours=who == sc.viewer, over=m.over, t=sc.t)
    entries = sc.log.entries
    draw_log(sc, surf, (len(entries),), HEADINGS, theme.ACCENT)
