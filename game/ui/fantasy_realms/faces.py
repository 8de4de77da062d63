"""Fantasy Realms card faces and Cursed Items, drawn by the program (no official art).

A card: a frame and header in its suit's colour, the base strength in a disc, the
name, the suit's *shape* in the header and in the suit ribbon (colour-blind
players read the shape), the card's picture (its ``art``, painted in the suit's
colour by :mod:`game.ui.render.art`), then the bonus (green) and penalty (red) texts
in the chosen language. Small faces (opponents' chips, a crowded discard area) keep
the strength, the name on two lines, the picture and a +/- mark for a bonus or a
penalty; the hover zoom shows the full text. A Cursed Item: its value, name, its
picture, timing and effect. Every face is rendered once per (card, width, language).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.fantasy_realms.cards import CardDef, CardLibrary, ItemDef, library
from game.ui import theme
from game.ui.fantasy_realms import suits
from game.ui.render import art
from game.ui.render.cards import ASPECT as ASPECT  # every game's proportions, kept importable from here
from game.ui.render.cards import back_blank, beside, card_height, drop_shadow, outline, stacked_name, zoom_width
from game.ui.render.face_cache import FaceCache, norm_width

COMPACT_W = 100  # narrower faces drop the texts (the zoom shows them)
ART_SHARE = 0.3  # of a full face's body under the header: the picture's box (zoom)
ART_SHARE_SMALL = 0.22  # on faces narrower than ART_WIDE (a hand), where the texts need the room
ART_WIDE = 160
ITEM_ART: suits.Color = (118, 72, 140)  # Cursed Items' pictures: a lighter purple than their frame
BONUS_TINT = (222, 238, 208)
PENALTY_TINT = (246, 216, 206)
BONUS_INK = (36, 110, 40)
PENALTY_INK = (170, 40, 30)
BACK = (30, 40, 78)
BACK_EDGE = (200, 164, 84)
TIMING_WORDS = {
    "any_time": {"en": "Any time in your turn", "fr": "À tout moment de votre tour"},
    "replace_turn": {"en": "Instead of your turn", "fr": "À la place de votre tour"},
    "after_turn": {"en": "After your turn", "fr": "Après votre tour"},
    "copy": {"en": "Copies a used item", "fr": "Copie un objet utilisé"},
}


class FantasyArt(FaceCache[tuple[str | None, int, str, bool | None]]):
    """Renders and caches Fantasy Realms faces, item faces and backs."""

    def __init__(self, lib: CardLibrary | None = None, max_bytes: int = 120 * 1024 * 1024) -> None:
        super().__init__(max_bytes)
        self.lib = lib or library()

    def warm(self, items: Sequence[tuple[str | None, int, str, bool | None]]) -> None:
        """Faces to render ahead of need, a few per frame (:meth:`warm_step`)."""
        self._warm = list(items)

    def _render_queued(self, item: tuple[str | None, int, str, bool | None]) -> None:
        cid, w, lang, compact = item
        self.face(cid, w, lang, compact)

    # ---- public ------------------------------------------------------------------------
    def face(self, cid: str | None, w: float, lang: str = "en", compact: bool | None = None) -> pygame.Surface:
        """A card (or an item, by its id) face up at width ``w``; None: a card back.
        ``compact`` (default: when narrow) drops the texts for a large name."""
        w = norm_width(w)
        compact = w < COMPACT_W if compact is None else compact
        key = (cid, w, lang) if compact == (w < COMPACT_W) else (cid, w, lang, compact)
        surf = self._get(key)
        if surf is not None:
            return surf
        if cid is None or cid == "?":
            surf = self._back(w)
        elif cid == "item?":
            surf = self._item_back(w)
        elif cid in self.lib.cards:
            surf = self._card(self.lib.cards[cid], w, lang, compact)
        elif cid in self.lib.items:
            surf = self._item(self.lib.items[cid], w, lang)
        else:
            surf = self._back(w)
        return self._put(key, surf)

    def scaled(self, cid: str | None, base_w: float, w: float, lang: str) -> pygame.Surface:
        """A face in flight between sizes: the settled face scaled, not re-rendered."""
        base = self.face(cid, base_w, lang)
        w = max(8, int(w) // 3 * 3)
        key = (cid, norm_width(base_w), lang, "fly", w)
        surf = self._get(key)
        if surf is None:
            k = w / max(1, base.get_width())
            surf = self._put(key, pygame.transform.smoothscale(base, (w, max(4, int(base.get_height() * k)))))
        return surf

    def turned(self, cid: str | None, w: float, lang: str, angle: float) -> pygame.Surface:
        """A face at any angle (the menus' fan): cached per degree."""
        a = int(round(angle))
        if a == 0:
            return self.face(cid, w, lang)
        return self._turned((cid, norm_width(w), lang), a, lambda: self.face(cid, w, lang))

    # ---- backs ---------------------------------------------------------------------------
    def _back(self, w: int) -> pygame.Surface:
        s, _inner = back_blank(w, BACK, BACK_EDGE)
        r = s.get_rect()
        star = suits.icon("wild", int(w * 0.6), BACK_EDGE)
        s.blit(star, star.get_rect(center=r.center))
        core = suits.icon("wizard", int(w * 0.3), BACK)
        s.blit(core, core.get_rect(center=r.center))
        outline(s, (10, 14, 30))
        return s

    def _item_back(self, w: int) -> pygame.Surface:
        s, _inner = back_blank(w, theme.shade(suits.ITEM_COLOR, 0.7), (150, 110, 170))
        r = s.get_rect()
        sack = suits.icon("item", int(w * 0.55), (150, 110, 170))
        s.blit(sack, sack.get_rect(center=r.center))
        return s

    # ---- cards -------------------------------------------------------------------------------
    def _frame(self, w: int, col: suits.Color) -> tuple[pygame.Surface, pygame.Rect, int]:
        h = card_height(w)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect()
        rad = max(3, w // 14)
        pygame.draw.rect(s, theme.shade(col, 0.5), r, border_radius=rad)
        pad = max(2, w // 30)
        body = r.inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(s, theme.PARCHMENT, body, border_radius=max(2, rad - 2))
        return s, body, pad

    def _header(self, s: pygame.Surface, body: pygame.Rect, head_h: int, col: suits.Color, value: str,
                name: str, ink: suits.Color, shape: str, disc: suits.Color = (250, 248, 240),
                disc_ink: suits.Color = theme.TEXT_DARK) -> pygame.Rect:
        rad = max(2, body.width // 16)
        head = pygame.Rect(body.left, body.top, body.width, head_h)
        pygame.draw.rect(s, col, head, border_top_left_radius=rad, border_top_right_radius=rad)
        d = int(head_h * 0.84)
        centre = (head.left + d // 2 + max(1, head_h // 12), head.centery)
        pygame.draw.circle(s, theme.shade(col, 0.45), centre, d // 2 + max(1, d // 14))
        pygame.draw.circle(s, disc, centre, d // 2)
        num = theme.card_fit_text(value, int(d * 0.62), int(d * 0.9), disc_ink, "bold")
        s.blit(num, num.get_rect(center=centre))
        ic = int(head_h * 0.6)
        icon = suits.icon(shape, ic, ink)
        s.blit(icon, icon.get_rect(midright=(head.right - max(2, head_h // 8), head.centery)))
        left = centre[0] + d // 2 + max(2, head_h // 10)
        room = pygame.Rect(left, head.top, head.right - ic - max(4, head_h // 5) - left, head.height)
        if name:
            label = _name_label(name, head_h, room.width, ink)
            s.blit(label, label.get_rect(center=room.center))
        return head

    def _card(self, c: CardDef, w: int, lang: str, compact: bool) -> pygame.Surface:
        col = suits.color(c.suit)
        ink = suits.ink(c.suit)
        s, body, pad = self._frame(w, col)
        h = s.get_height()
        head_h = max(16, int(h * (0.2 if compact else 0.155)))
        name = c.name.get(lang, c.name["en"])
        head = self._header(s, body, head_h, col, str(c.strength), "" if compact else name, ink, c.suit)
        rest = pygame.Rect(body.left, head.bottom, body.width, body.bottom - head.bottom)
        if compact:
            self._compact_body(s, c, rest, lang, w, name)
        else:
            self._full_body(s, c, rest, lang, w)
        pygame.draw.rect(s, theme.shade(col, 0.3), s.get_rect(), max(1, w // 60), border_radius=max(3, w // 14))
        return s

    def _suit_ribbon(self, s: pygame.Surface, c: CardDef, rect: pygame.Rect, lang: str) -> None:
        pygame.draw.rect(s, theme.PARCHMENT_DARK, rect)
        ic = max(8, int(rect.height * 0.8))
        parts = [(x, suits.name(x, lang)) for x in c.suits]
        label = " · ".join(p[1] for p in parts)
        x = rect.left + max(2, rect.height // 4)
        for suit, _ in parts:
            s.blit(suits.icon(suit, ic), (x, rect.centery - ic // 2))
            x += ic + 1
        t = theme.card_fit_text(label, int(rect.height * 0.72), rect.right - x - 4, theme.shade(suits.color(c.suit), 0.75), "bold", 6)
        s.blit(t, t.get_rect(midleft=(x + 2, rect.centery)))

    def _full_body(self, s: pygame.Surface, c: CardDef, rest: pygame.Rect, lang: str, w: int) -> None:
        box = pygame.Rect(rest.left, rest.top, rest.width, int(rest.height * (ART_SHARE if w >= ART_WIDE else ART_SHARE_SMALL)))
        ribbon = pygame.Rect(rest.left, box.bottom, rest.width, max(10, int(rest.height * 0.1)))
        if not _picture(s, c.art, box, suits.color(c.suit)):
            ribbon.top = rest.top  # a custom card without a picture: the suit's shape, faded, behind the texts
            mark = suits.icon(c.suit, int(min(rest.width, rest.height) * 0.7)).copy()
            mark.set_alpha(34)
            s.blit(mark, mark.get_rect(center=rest.center))
        self._suit_ribbon(s, c, ribbon, lang)
        area = pygame.Rect(rest.left, ribbon.bottom, rest.width, rest.bottom - ribbon.bottom)
        blocks = [(t.get(lang, t["en"]), tint, k) for t, tint, k in ((c.bonus, BONUS_TINT, "bonus"), (c.penalty, PENALTY_TINT, "penalty")) if t]
        gap = max(2, w // 40)
        inner = area.inflate(-2 * gap, -2 * gap)
        weights = [max(40, len(t)) for t, _, _ in blocks]
        y = inner.top
        total = sum(weights)
        avail = inner.height - gap * (len(blocks) - 1)
        for (text, tint, kind), wt in zip(blocks, weights):
            bh = int(avail * wt / total)
            rect = pygame.Rect(inner.left, y, inner.width, bh)
            block = theme.translucent(rect.size, tint, 220, max(2, w // 30))
            s.blit(block, rect)
            bar = BONUS_INK if kind == "bonus" else PENALTY_INK
            pygame.draw.rect(s, bar, pygame.Rect(rect.left, rect.top + 2, max(2, w // 45), rect.height - 4))
            _text_block(s, text, rect.inflate(-max(4, w // 20), -2), w)
            y += bh + gap

    def _compact_body(self, s: pygame.Surface, c: CardDef, rest: pygame.Rect, lang: str, w: int, name: str) -> None:
        """The name large (two lines), the suit's shape, the suit, and +/- marks."""
        pad = max(2, w // 24)
        label = _name_label(name, int(rest.height * 0.36), rest.width - 2 * pad, theme.TEXT_DARK)
        s.blit(label, label.get_rect(midtop=(rest.centerx, rest.top + pad)))
        foot = theme.card_fit_text(suits.name(c.suit, lang), max(7, int(w * 0.13)), rest.width - 4,
                              theme.shade(suits.color(c.suit), 0.7), "bold", 6)
        top = rest.top + pad + label.get_height()
        bottom = rest.bottom - pad - foot.get_height()
        box = pygame.Rect(rest.left, top + pad // 2, rest.width, bottom - top - pad)
        if not _picture(s, c.art, box, suits.color(c.suit)):  # no picture: the suit's shape, large
            size = max(8, min(int(rest.width * 0.5), bottom - top - pad))
            ic = suits.icon(c.suit, size)
            s.blit(ic, ic.get_rect(center=(rest.centerx, (top + bottom) // 2)))
        s.blit(foot, foot.get_rect(midbottom=(rest.centerx, rest.bottom - pad)))
        chip = max(8, int(w * 0.15))
        marks = [m for m in (("+", BONUS_INK) if c.bonus else None, ("−", PENALTY_INK) if c.penalty else None) if m]
        y = (top + bottom) // 2 - (len(marks) * (chip + 2)) // 2
        for m in marks:
            r = pygame.Rect(rest.left + pad, y, chip, chip)
            pygame.draw.circle(s, m[1], r.center, chip // 2)
            t = theme.card_text(m[0], int(chip * 0.9), (255, 255, 255), "bold")
            s.blit(t, t.get_rect(center=(r.centerx, r.centery - 1)))
            y += chip + 2

    # ---- Cursed Items -----------------------------------------------------------------------
    def _item(self, it: ItemDef, w: int, lang: str) -> pygame.Surface:
        col = suits.ITEM_COLOR
        s, body, _pad = self._frame(w, col)
        h = s.get_height()
        compact = w < COMPACT_W
        head_h = max(16, int(h * (0.22 if compact else 0.155)))
        value = f"{it.value:+d}".replace("-", "−")
        disc = (236, 200, 200) if it.value < 0 else (206, 236, 200)
        head = self._header(s, body, head_h, col, value, it.name.get(lang, it.name["en"]), (255, 255, 255), "item",
                            disc=disc, disc_ink=PENALTY_INK if it.value < 0 else BONUS_INK)
        rest = pygame.Rect(body.left, head.bottom, body.width, body.bottom - head.bottom)
        share = ART_SHARE if w >= ART_WIDE else ART_SHARE_SMALL
        box = pygame.Rect(rest.left, rest.top, rest.width, rest.height if compact else int(rest.height * share))
        if _picture(s, it.art, box, ITEM_ART):
            rest = pygame.Rect(rest.left, box.bottom, rest.width, rest.bottom - box.bottom) if not compact else rest
        else:  # no picture: the item's sack, faded
            mark = suits.icon("item", int(min(rest.width, rest.height) * 0.7), col).copy()
            mark.set_alpha(30)
            s.blit(mark, mark.get_rect(center=rest.center))
        words = TIMING_WORDS.get(it.timing, TIMING_WORDS["any_time"])
        ribbon = pygame.Rect(rest.left, rest.top, rest.width, max(10, int(rest.height * (0.16 if compact else 0.1))))
        pygame.draw.rect(s, (220, 206, 226), ribbon)
        t = theme.card_fit_text(words.get(lang, words["en"]), int(ribbon.height * 0.7), ribbon.width - 6, theme.shade(col, 0.9), "bold", 6)
        s.blit(t, t.get_rect(center=ribbon.center))
        if not compact:
            text = it.effect.get(lang, it.effect["en"])
            area = pygame.Rect(rest.left, ribbon.bottom, rest.width, rest.bottom - ribbon.bottom)
            foot = ""
            if it.value_two_players is not None:
                foot = ("2 joueurs : {v}" if lang == "fr" else "2 players: {v}").format(v=f"{it.value_two_players:+d}".replace("-", "−"))
            if foot:
                ft = theme.card_fit_text(foot, max(7, int(w * 0.075)), area.width - 6, PENALTY_INK, "bold", 6)
                s.blit(ft, ft.get_rect(midbottom=(area.centerx, area.bottom - 2)))
                area.height -= ft.get_height() + 2
            _text_block(s, text, area.inflate(-max(6, w // 14), -max(4, w // 24)), w)
        pygame.draw.rect(s, theme.shade(col, 0.3), s.get_rect(), max(1, w // 60), border_radius=max(3, w // 14))
        return s


def _picture(s: pygame.Surface, name: str, box: pygame.Rect, color: suits.Color) -> bool:
    """The card's picture painted in ``color`` filling ``box``; False when it has none."""
    if box.width < 8 or box.height < 8:
        return False
    pic = art.painted(name, box.size, color)
    if pic is None:
        return False
    s.blit(pic, box)
    return True


def _name_label(name: str, head_h: int, max_w: int, ink: suits.Color) -> pygame.Surface:
    """The name as large as one line allows, else on two lines, squeezed as a last resort."""
    if max_w < 8:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    size = max(6, int(head_h * 0.5))
    f = theme.card_font(size, "condensed")
    words = name.split(" ")
    if f.size(name)[0] <= max_w or len(words) < 2:
        label = theme.card_fit_text(name, size, max_w, ink, "condensed", 6)
    else:
        best = min((max(f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0]), i) for i in range(1, len(words)))
        a, b = " ".join(words[: best[1]]), " ".join(words[best[1]:])
        two = max(6, min(size, int(head_h * 0.42)))
        while two > 6 and max(theme.card_font(two, "condensed").size(a)[0], theme.card_font(two, "condensed").size(b)[0]) > max_w:
            two -= 1
        one = size
        while one > 6 and f.size(name)[0] > max_w:
            one -= 1
            f = theme.card_font(one, "condensed")
        if one >= two:
            label = theme.card_text(name, one, ink, "condensed")
        else:
            label = stacked_name(a, b, two, ink)
    if label.get_width() > max_w:
        k = max_w / label.get_width()
        label = pygame.transform.smoothscale(label, (max_w, max(1, int(label.get_height() * k))))
    return label


def _text_block(s: pygame.Surface, text: str, rect: pygame.Rect, w: int) -> None:
    """Card text, as large as the block allows (centred lines)."""
    size = max(7, int(w * 0.095))
    while True:
        f = theme.card_font(size, "regular")
        lines = theme.wrap(text, f, rect.width)
        lh = f.get_linesize() - max(0, size // 10)
        if len(lines) * lh <= rect.height or size <= 6:
            break
        size -= 1
    y = rect.top + max(0, (rect.height - len(lines) * lh) // 2)
    for line in lines:
        t = theme.card_text(line, size, theme.TEXT_DARK)
        s.blit(t, t.get_rect(midtop=(rect.centerx, y)))
        y += lh


def art_of(app: Any) -> FantasyArt:
    """The app's Fantasy Realms face cache (made on first use: a Hero Realms session never pays for it)."""
    art = getattr(app, "fantasy_art", None)
    if not isinstance(art, FantasyArt):
        art = FantasyArt()
        app.fantasy_art = art
    return art


def draw_zoom(surf: pygame.Surface, art: FantasyArt, cid: str, near: pygame.Rect, lang: str, scale: float,
              bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A large face beside ``near`` (right of it, else left), kept inside ``bounds``."""
    bounds = bounds or surf.get_rect()
    zw = zoom_width(300 * scale, bounds.height, 0.62, 160)
    img = art.face(cid, zw, lang)
    r = beside(img.get_size(), near, bounds, scale)
    drop_shadow(surf, r, scale, 110)
    surf.blit(img, r)
    return r


# ---- the table door's card hooks -----------------------------------------------------------
RULES_STEM = "rules_fantasy_realms"  # data/i18n/rules_fantasy_realms_<lang>.md
#: the menus' fan: Dragon, Wildfire, Unicorn, King, Warlock Lord, the Dark Queen...
SHOWCASE = ["FR39", "FR16", "FR36", "FR31", "FR29", "CH11", "FR40", "FR43", "FR55", "CH06"]


def rules_bullet(size: int) -> pygame.Surface:
    """The bullet of the rules page: the Wizard suit's star."""
    return suits.icon("wizard", size, theme.ACCENT)


def fan_face(app: Any, card: str, width: int, lang: str, angle: float) -> pygame.Surface:
    """A Fantasy Realms face for the menus' fan, from this game's face cache, turned."""
    return art_of(app).turned(card, width, lang, angle)
