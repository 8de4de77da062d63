"""HerosDeï card faces and backs, drawn by the program from the card data.

A face: a frame and header in the card's civilisation colour with its name (a star
for a legendary card) and its stable or unstable mark, the card's picture (its
``art``, painted by :mod:`game.ui.render.art`), a ribbon with its slot symbol, type,
slot and hands, its F/S/C/M (a Character's figures; a given card's bonuses, signed),
its keywords, its text in the player's language and a footer with its civilisation
and the victory points it gains. Narrow faces (a crowded table, the other side's
Characters) keep the name, picture, type, keywords and figures; the zoom shows the
text. Every face is rendered once per (card, width) and language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.herosdei.cards import CardDef, library
from game.herosdei.user_cards import all_cards
from game.ui import palette, theme
from game.ui.i18n import Tr
from game.ui.render import art
from game.ui.render.cards import ASPECT as ASPECT  # every game's proportions, kept importable from here
from game.ui.render.cards import back_blank, card_height, outline, stacked_name
from game.ui.render.face_cache import FaceCache, norm_width

Color = tuple[int, int, int]
RULES_STEM = "rules_herosdei"  # data/i18n/rules_herosdei_<lang>.md
COMPACT_W = 160  # narrower faces drop the text, too small to read there (the zoom shows it)
MIN_TEXT = 6  # the smallest text size; a text that does not fit at it is an overflow
STATS = ("F", "S", "C", "M")
STAT_COLORS: dict[str, Color] = {"F": (200, 80, 60), "S": (70, 150, 80), "C": (190, 120, 200), "M": (80, 130, 210)}
CIV_COLORS: dict[str, Color] = {
    "round_table": (46, 76, 152), "greeks": (30, 128, 140), "vikings": (96, 106, 120),
    "trojans": (164, 56, 46), "amazons": (62, 128, 58), "neutral": (128, 100, 64),
}
CIV_INK: dict[str, Color] = {c: (250, 246, 236) for c in CIV_COLORS}  # the header's words on its colour
# the colours in each palette (game/ui/palette.py): the red-green and blue-yellow ones keep every pair
# apart as those eyes see them (tests/ui/test_palettes.py measures it)
CIV_PALETTES = {
    "standard": dict(CIV_COLORS),
    "deutan": {
        "round_table": (46, 76, 152), "greeks": (38, 153, 175), "vikings": (93, 102, 113), "trojans": (125, 20, 9),
        "amazons": (78, 132, 19), "neutral": (127, 100, 65),
    },
    "tritan": {
        "round_table": (43, 75, 152), "greeks": (74, 162, 176), "vikings": (102, 107, 121), "trojans": (164, 56, 46),
        "amazons": (62, 128, 58), "neutral": (128, 100, 64),
    },
}
palette.register(palette.ColourSet("civilisations", CIV_COLORS, CIV_INK, CIV_PALETTES, dict(CIV_INK)))
BACK = (70, 34, 30)
BACK_EDGE = (206, 164, 84)
STABLE_MARK = "⚓"
UNSTABLE_MARK = "⚡"
KEYWORD_MARKS = {"flying": "✈", "insensible": "◈"}
#: the menus' fan: Arthur, the Holy Grail, Achilles, the Wooden Horse, Excalibur, Siegfried...
SHOWCASE = ["arthur", "saint_graal", "achille", "cheval_de_bois", "excalibur", "siegfried", "penthesilee",
            "hector", "ragnarok", "pegase"]


def civ_color(civ: str) -> Color:
    return CIV_COLORS.get(civ, CIV_COLORS["neutral"])


def bonus_figures(card: CardDef) -> list[tuple[str, int]]:
    """The figures a face shows: a Character's four, another card's non-zero bonuses."""
    if card.is_character:
        return [(s, card.stat(s)) for s in STATS]
    return [(s, card.stat(s)) for s in STATS if card.stat(s)]


def victory_points(card: CardDef) -> int:
    """The victory points the card's effects gain."""
    return sum(int(e.get("amount", 0)) for e in card.effects if e.verb == "gain_vp")


class HdFaces(FaceCache[tuple[str, int]]):
    """Renders and caches the HerosDeï faces and backs of one language."""

    def __init__(self, lang: str = "en", lib: Mapping[str, CardDef] | None = None,
                 max_bytes: int = 80 * 1024 * 1024) -> None:
        super().__init__(max_bytes)
        self.tr = Tr(lang)
        self.lang = self.tr.lang
        self.lib = dict(lib) if lib is not None else library()
        self.overflows: list[str] = []  # "card@width: what" for every text that did not fit (tests read it)

    def _render_queued(self, item: tuple[str, int]) -> None:
        self.face(*item)

    def warm(self, items: Sequence[tuple[str, int]]) -> None:
        """Faces to render ahead of need, a few per frame (:meth:`warm_step`)."""
        self._warm = list(items)

    # ---- public ------------------------------------------------------------------------
    def height(self, width: float) -> int:
        return card_height(norm_width(width))

    def face(self, card_id: str | None, width: float) -> pygame.Surface:
        """The face of ``card_id`` ``width`` pixels wide (a back for None, "?" or an unknown id)."""
        w = norm_width(width)
        card = self.lib.get(card_id or "")
        if card is None and card_id and card_id != "?":  # a card of the player's own, come since
            self.lib = all_cards()
            card = self.lib.get(card_id)
        if card is None:
            return self.back(w)
        key = (card.id, w, self.lang)
        surf = self._get(key)
        if surf is None:
            surf = self._put(key, self._card(card, w))
        return surf

    def back(self, width: float) -> pygame.Surface:
        w = norm_width(width)
        key = ("back", w)
        surf = self._get(key)
        if surf is None:
            surf = self._put(key, self._back(w))
        return surf

    def turned(self, card_id: str, width: float, angle: float) -> pygame.Surface:
        """A face at any angle (the menus' fan): cached per degree."""
        a = int(round(angle))
        if a == 0:
            return self.face(card_id, width)
        return self._turned((card_id, norm_width(width), self.lang), a, lambda: self.face(card_id, width))

    # ---- the back -------------------------------------------------------------------------
    def _back(self, w: int) -> pygame.Surface:
        h = card_height(w)
        s, inner = back_blank(w, BACK, BACK_EDGE)
        r = s.get_rect()
        emblem = slot_icon("shield", int(w * 0.46), BACK_EDGE)
        s.blit(emblem, emblem.get_rect(center=(r.centerx, r.centery - h // 14)))
        title = theme.card_fit_text("HerosDeï", max(7, w // 7), inner.width - 6, BACK_EDGE, "serif", 6)
        s.blit(title, title.get_rect(midbottom=(r.centerx, inner.bottom - max(2, h // 14))))
        outline(s, (20, 10, 8))
        return s

    # ---- a face ---------------------------------------------------------------------------
    def _card(self, c: CardDef, w: int) -> pygame.Surface:
        col = civ_color(c.civ)
        h = card_height(w)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, w // 14)
        pygame.draw.rect(s, theme.shade(col, 0.55), s.get_rect(), border_radius=rad)
        pad = max(2, w // 30)
        body = s.get_rect().inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(s, theme.PARCHMENT, body, border_radius=max(2, rad - 2))
        compact = w < COMPACT_W
        head = pygame.Rect(body.left, body.top, body.width, max(14, int(h * (0.2 if compact else 0.115))))
        self._header(s, c, head, col, compact)
        rest = pygame.Rect(body.left, head.bottom, body.width, body.bottom - head.bottom)
        if compact:
            self._compact_body(s, c, rest, col, w)
        else:
            self._full_body(s, c, rest, col, w)
        pygame.draw.rect(s, theme.shade(col, 0.3), s.get_rect(), max(1, w // 60), border_radius=rad)
        return s

    def _header(self, s: pygame.Surface, c: CardDef, head: pygame.Rect, col: Color, compact: bool) -> None:
        """The civilisation's band: the stable or unstable mark, the name, a star if legendary."""
        rad = max(2, head.width // 16)
        pygame.draw.rect(s, col, head, border_top_left_radius=rad, border_top_right_radius=rad)
        ink = CIV_INK.get(c.civ, CIV_INK["neutral"])
        d = int(min(head.height * (0.5 if compact else 0.78), head.width * 0.2))
        mark = pygame.Rect(0, 0, d, d)
        mark.topright = (head.right - max(1, d // 8), head.top + max(1, d // 8)) if compact else \
            (head.right - max(2, d // 5), head.centery - d // 2)
        pygame.draw.circle(s, theme.shade(col, 0.45), mark.center, d // 2)
        glyph = STABLE_MARK if c.stable else UNSTABLE_MARK
        gcol = (226, 226, 236) if c.stable else theme.GOLD
        g = theme.card_fit_text(glyph, int(d * 0.78), d, gcol, "bold", 6)
        s.blit(g, g.get_rect(center=mark.center))
        left = head.left + max(2, head.height // 6)
        if c.legendary:
            star = theme.card_fit_text("★", int(min(d, head.height) * 0.8), d, theme.GOLD, "bold", 6)
            s.blit(star, star.get_rect(midleft=(left, mark.centery if compact else head.centery)))
            left += star.get_width() + 1
        right = mark.left - max(2, head.height // 8) if not compact else head.right - max(2, head.height // 8)
        room = pygame.Rect(left, head.top, max(8, right - left), head.height)
        if compact:  # the mark takes the top-right corner: the name keeps clear of it, centred
            side = d + max(2, d // 4)
            room = pygame.Rect(head.left + side, head.top, head.width - 2 * side, head.height)
        label = name_label(c.name.get(self.lang, c.name.get("en", c.id)), room.height, room.width, ink,
                           two_lines=compact)
        s.blit(label, label.get_rect(center=room.center))

    def _full_body(self, s: pygame.Surface, c: CardDef, rest: pygame.Rect, col: Color, w: int) -> None:
        h = s.get_height()
        box = pygame.Rect(rest.left, rest.top, rest.width, int(rest.height * 0.36))
        _picture(s, c, box, col, w)
        ribbon = pygame.Rect(rest.left, box.bottom, rest.width, max(10, int(h * 0.06)))
        self._ribbon(s, c, ribbon, col, w)
        y = ribbon.bottom + max(1, w // 60)
        figures = bonus_figures(c)
        if figures:
            row = pygame.Rect(rest.left, y, rest.width, max(14, int(h * 0.085)))
            _stat_row(s, figures, row, signed=not c.is_character)
            y = row.bottom
        if c.keywords:
            kw = pygame.Rect(rest.left, y, rest.width, max(9, int(h * 0.05)))
            words = " · ".join(f"{KEYWORD_MARKS.get(k, '')} {self.tr(f'hdface.kw_{k}')}".strip() for k in c.keywords)
            t = self._fit_line(words, int(kw.height * 0.8), kw.width - 6, theme.shade(col, 0.7), "bold", c, w)
            s.blit(t, t.get_rect(center=kw.center))
            y = kw.bottom
        foot = pygame.Rect(rest.left, rest.bottom - max(9, int(h * 0.05)), rest.width, max(9, int(h * 0.05)))
        self._footer(s, c, foot, col, w)
        area = pygame.Rect(rest.left, y, rest.width, foot.top - y)
        text = _without_keywords((c.text or {}).get(self.lang) or (c.text or {}).get("en", ""),
                                 [str(self.tr(f"hdface.kw_{k}")) for k in c.keywords])
        if text and area.height > 6:
            inner = area.inflate(-max(6, w // 12), -max(2, w // 40))
            if not text_block(s, text, inner, max(MIN_TEXT + 1, int(w * 0.075)), theme.TEXT_DARK):
                self.overflows.append(f"{c.id}@{w}: text")

    def _ribbon(self, s: pygame.Surface, c: CardDef, rect: pygame.Rect, col: Color, w: int) -> None:
        """The slot symbol, then type · slot · hands."""
        pygame.draw.rect(s, theme.PARCHMENT_DARK, rect)
        x = rect.left + max(2, rect.height // 4)
        if c.slot:
            ic = slot_icon(c.slot, int(rect.height * 0.86), theme.shade(col, 0.7))
            s.blit(ic, ic.get_rect(midleft=(x, rect.centery)))
            x += ic.get_width() + max(2, rect.height // 5)
        kind = self.tr(f"hdface.type_{c.type}")
        slot = self.tr(f"hdface.slot_{c.slot}") if c.slot else ""
        hands = self.tr("hdface.hands", n=c.hands) if c.hands else ""
        # the whole line if it reads at a fair size, else without the slot's word (its symbol
        # stays), else the type alone
        size, room = int(rect.height * 0.72), rect.right - x - 3
        lines = [" · ".join(p for p in (kind, slot, hands) if p), " · ".join(p for p in (kind, hands) if p), kind]
        fair = max(MIN_TEXT + 1, int(size * 0.75))
        line = next((t for t in lines if theme.card_font(fair, "bold").size(t)[0] <= room), kind)
        t = self._fit_line(line, size, room, theme.shade(col, 0.7), "bold", c, w)
        s.blit(t, t.get_rect(midleft=(x, rect.centery)))

    def _footer(self, s: pygame.Surface, c: CardDef, rect: pygame.Rect, col: Color, w: int) -> None:
        """The civilisation (and "legendary") at the left, the victory points at the right."""
        size = int(rect.height * 0.78)
        vp = victory_points(c)
        right = rect.right - max(3, w // 30)
        if vp:
            chip = theme.card_fit_text(self.tr("hdface.vp", n=vp), size, rect.width // 2, theme.shade(theme.GOLD, 0.6), "bold", 6)
            s.blit(chip, chip.get_rect(midright=(right, rect.centery)))
            right -= chip.get_width() + 4
        civ = self.tr(f"hdface.civ_{c.civ}")
        if c.legendary:
            civ += " · " + self.tr("hdface.legendary")
        left = rect.left + max(3, w // 30)
        t = self._fit_line(civ, size, right - left, theme.shade(col, 0.8), "condensed", c, w)
        s.blit(t, t.get_rect(midleft=(left, rect.centery)))

    def _compact_body(self, s: pygame.Surface, c: CardDef, rest: pygame.Rect, col: Color, w: int) -> None:
        """The picture, the type (and slot symbol), the keywords' marks on the picture, the figures."""
        h = s.get_height()
        figures = bonus_figures(c)
        row_h = max(10, int(h * 0.14)) if figures else 0
        type_h = max(9, int(h * 0.085))
        stats = pygame.Rect(rest.left, rest.bottom - row_h, rest.width, row_h)
        ribbon = pygame.Rect(rest.left, stats.top - type_h, rest.width, type_h)
        box = pygame.Rect(rest.left, rest.top, rest.width, ribbon.top - rest.top)
        _picture(s, c, box, col, w)
        pygame.draw.rect(s, theme.PARCHMENT_DARK, ribbon)
        x = ribbon.left + 2
        if c.slot:
            ic = slot_icon(c.slot, int(type_h * 0.9), theme.shade(col, 0.7))
            s.blit(ic, ic.get_rect(midleft=(x, ribbon.centery)))
            x += ic.get_width() + 1
        t = self._fit_line(self.tr(f"hdface.type_{c.type}"), int(type_h * 0.82), ribbon.right - x - 2,
                           theme.shade(col, 0.7), "condensed", c, w)
        s.blit(t, t.get_rect(center=((x + ribbon.right) // 2, ribbon.centery)))
        chip = max(9, int(w * 0.16))
        for i, k in enumerate(c.keywords):
            centre = (box.left + chip // 2 + 2, box.bottom - chip // 2 - 2 - i * (chip + 2))
            pygame.draw.circle(s, theme.shade(col, 0.4), centre, chip // 2)
            g = theme.card_fit_text(KEYWORD_MARKS.get(k, k[:1].upper()), int(chip * 0.72), chip - 2, (250, 246, 236), "bold", 6)
            s.blit(g, g.get_rect(center=centre))
        if figures:
            _stat_row(s, figures, stats, signed=not c.is_character)

    def _fit_line(self, text: str, size: int, max_w: int, color: Color, kind: str, c: CardDef, w: int) -> pygame.Surface:
        """One line as large as ``max_w`` allows, squeezed (and noted) if it is wider even at the smallest size."""
        t = theme.card_fit_text(text, size, max(1, max_w), color, kind, MIN_TEXT)
        if t.get_width() > max_w:
            self.overflows.append(f"{c.id}@{w}: {text!r}")
            t = pygame.transform.smoothscale(t, (max(1, max_w), t.get_height()))
        return t


# ---- drawing helpers -------------------------------------------------------------------------
def _picture(s: pygame.Surface, c: CardDef, box: pygame.Rect, col: Color, w: int) -> None:
    """The card's picture filling ``box``; without one, the civilisation's colour and a faded shield."""
    if box.width < 8 or box.height < 8:
        return
    pic = art.painted(c.art, box.size, col) if c.art else None
    if pic is not None:
        s.blit(pic, box)
        return
    s.blit(art.background(box.size, col), box)
    mark = slot_icon("shield", int(min(box.size) * 0.6), art.lighter(col, 0.5))
    mark.set_alpha(120)
    s.blit(mark, mark.get_rect(center=box.center))


def _stat_row(s: pygame.Surface, figures: list[tuple[str, int]], row: pygame.Rect, signed: bool) -> None:
    """The figures as coloured badges side by side: the letter and the value (signed for a bonus)."""
    n = max(4, len(figures))
    gap = max(1, row.width // 60)
    bw = (row.width - gap * (n + 1)) // n
    x = row.left + (row.width - len(figures) * bw - (len(figures) - 1) * gap) // 2
    bh = row.height - 2 * gap
    for stat, value in figures:
        badge = pygame.Rect(x, row.top + gap, bw, bh)
        pygame.draw.rect(s, STAT_COLORS[stat], badge, border_radius=max(2, bh // 4))
        pygame.draw.rect(s, theme.shade(STAT_COLORS[stat], 0.55), badge, max(1, bh // 14), border_radius=max(2, bh // 4))
        number = f"{value:+d}" if signed else str(value)
        words = f"{stat} {number.replace('-', '−')}"
        t = theme.card_fit_text(words, int(bh * 0.74), bw - 2, (255, 255, 255), "condensed", MIN_TEXT)
        if t.get_width() > bw - 2:
            t = pygame.transform.smoothscale(t, (max(1, bw - 2), t.get_height()))
        s.blit(t, t.get_rect(center=badge.center))
        x += bw + gap


def name_label(name: str, height: int, max_w: int, ink: Color, two_lines: bool = False) -> pygame.Surface:
    """The name as large as one line allows in ``height``, else (or on a narrow face)
    on two lines, squeezed as a last resort."""
    if max_w < 8:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    words = name.split(" ")
    # a one-word name on a narrow face has the two lines' room for itself
    one = max(MIN_TEXT, int(height * (0.36 if two_lines and len(words) > 1 else 0.5 if two_lines else 0.6)))
    f = theme.card_font(one, "condensed")
    if (f.size(name)[0] <= max_w and not two_lines) or len(words) < 2:
        label = theme.card_fit_text(name, one, max_w, ink, "condensed", MIN_TEXT)
    else:
        split = min(range(1, len(words)), key=lambda i: max(f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0]))
        a, b = " ".join(words[:split]), " ".join(words[split:])
        size = max(MIN_TEXT, int(height * 0.42))
        while size > MIN_TEXT and max(theme.card_font(size, "condensed").size(x)[0] for x in (a, b)) > max_w:
            size -= 1
        single = one
        while single > MIN_TEXT and theme.card_font(single, "condensed").size(name)[0] > max_w:
            single -= 1
        if single >= size and not two_lines:
            label = theme.card_text(name, single, ink, "condensed")
        else:
            label = stacked_name(a, b, size, ink)
    if label.get_width() > max_w or label.get_height() > height:
        k = min(max_w / label.get_width(), height / label.get_height())
        label = pygame.transform.smoothscale(label, (max(1, int(label.get_width() * k)), max(1, int(label.get_height() * k))))
    return label


def _without_keywords(text: str, shown: list[str]) -> str:
    """The card's text less the keywords it opens with ("Vol. ..."), which the line above
    it already shows: the rest keeps a size that reads."""
    for word in shown:
        for lead in (f"{word}. ", f"{word}.", f"{word} : ", f"{word}: "):
            if text.startswith(lead):
                text = text[len(lead):].lstrip()
                break
    return text


def text_block(s: pygame.Surface, text: str, rect: pygame.Rect, size: int, color: Color) -> bool:
    """``text`` wrapped in ``rect``, centred, as large as it fits up to ``size``; False
    when it does not fit even at :data:`MIN_TEXT` (it is then drawn clipped)."""
    while True:
        f = theme.card_font(size, "regular")
        lines = theme.wrap(text, f, rect.width)
        lh = f.get_linesize()
        fits = len(lines) * lh <= rect.height and all(f.size(line)[0] <= rect.width for line in lines)
        if fits or size <= MIN_TEXT:
            break
        size -= 1
    y = rect.top + max(0, (rect.height - len(lines) * lh) // 2)
    clip = s.get_clip()
    s.set_clip(rect)
    for line in lines:
        t = theme.card_text(line, size, color)
        s.blit(t, t.get_rect(midtop=(rect.centerx, y)))
        y += lh
    s.set_clip(clip)
    return fits


def slot_icon(slot: str, size: int, color: Color) -> pygame.Surface:
    """A slot symbol drawn in ``color``, ``size`` pixels square: a helmet, an armour, a
    shield, a sword (hand weapon), a spear in flight (thrown weapon), a large or a small paw
    (animals)."""
    size = max(6, size)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 16
    lw = max(1, int(u * 1.4))

    def pts(*xy: tuple[float, float]) -> list[tuple[int, int]]:
        return [(int(x * u), int(y * u)) for x, y in xy]

    if slot == "helmet":
        pygame.draw.polygon(s, color, pts((3, 14), (3, 7), (5, 3), (8, 2), (11, 3), (13, 7), (13, 14), (10, 14),
                                          (10, 9), (6, 9), (6, 14)))
    elif slot == "armor":
        pygame.draw.polygon(s, color, pts((4, 2), (6, 2), (8, 4), (10, 2), (12, 2), (15, 5), (13, 8), (12, 7), (12, 15),
                                          (4, 15), (4, 7), (3, 8), (1, 5)))
    elif slot == "shield":
        pygame.draw.polygon(s, color, pts((2, 2), (8, 1), (14, 2), (14, 8), (12, 12), (8, 15), (4, 12), (2, 8)))
    elif slot == "hand_weapon":
        pygame.draw.line(s, color, pts((12, 2))[0], pts((5, 11))[0], max(2, int(u * 2)))
        pygame.draw.line(s, color, pts((2, 9))[0], pts((7, 14))[0], lw)
        pygame.draw.line(s, color, pts((4, 12))[0], pts((2, 14))[0], max(2, int(u * 1.8)))
    elif slot == "thrown_weapon":
        pygame.draw.line(s, color, pts((2, 14))[0], pts((12, 4))[0], lw)
        pygame.draw.polygon(s, color, pts((14, 2), (9, 4), (12, 7)))
        for d in (0, 3):  # speed lines
            pygame.draw.line(s, color, pts((1 + d, 9 - d))[0], pts((4 + d, 6 - d))[0], max(1, lw // 2))
    else:  # an animal: a paw, large or small
        k = 1.0 if slot == "big" else 0.7
        cx, cy = 8 * u, 9.5 * u
        pygame.draw.ellipse(s, color, pygame.Rect(int(cx - 3.5 * k * u), int(cy - 1 * k * u), int(7 * k * u), int(5.5 * k * u)))
        for ang in (-70, -25, 25, 70):
            a = math.radians(ang - 90)
            px, py = cx + math.cos(a) * 5.2 * k * u, cy + math.sin(a) * 4.6 * k * u
            r = max(1, int(1.5 * k * u))
            pygame.draw.circle(s, color, (int(px), int(py)), r)
    return s


# ---- the table door's card hooks -----------------------------------------------------------
def faces_of(app: Any, lang: str) -> HdFaces:
    """The app's HerosDeï faces of ``lang`` (made on first use: another game's session never pays for them)."""
    kept = getattr(app, "herosdei_faces", None)
    if not isinstance(kept, dict):
        kept = {}
        app.herosdei_faces = kept
    faces = kept.get(lang)
    if not isinstance(faces, HdFaces):
        faces = kept[lang] = HdFaces(lang)
    return faces


def rules_bullet(size: int) -> pygame.Surface:
    """The bullet of the rules page: a shield."""
    return slot_icon("shield", size, theme.ACCENT)


def fan_face(app: Any, card: str, width: int, lang: str, angle: float) -> pygame.Surface:
    """A HerosDeï face for the menus' fan, from the app's face cache, turned ``angle`` degrees."""
    return faces_of(app, lang).turned(card, width, angle)
