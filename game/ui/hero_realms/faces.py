"""Hero Realms' card faces drawn by the program, and the cache that keeps the table fast.

A face shows: the faction colour band with the faction's shape icon, the name, the
cost coin, each ability (primary, expend, ally, sacrifice) with its kind icon and
either resource icons (gold/combat/health/draw with their numbers) or its text,
the type line and the defense shield (black for guards), and the card's picture
(its ``art``, painted in the faction's colours by :mod:`game.ui.render.art`) in the
art box under the name. Large faces (hover zoom) show the picture larger and add the
full ability text under the icons, in the chosen language.

Rendering text is slow, so every face is rendered once per (card, width,
language) and kept; rotated (expended) copies and in-between sizes used while a
card flies are cached too (widths are rounded to a few pixels).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.hero_realms.cards import Ability, CardDef, library
from game.ui import theme
from game.ui.render import art, icons
from game.ui.render.cards import ASPECT, back_blank, card_height, outline, stacked_name
from game.ui.render.face_cache import FaceCache, norm_width

SIMPLE = ("gold", "combat", "health", "draw")
KIND_ORDER = ("primary", "expend", "ally", "sacrifice")
COMPACT_W = 90  # faces narrower than this are drawn for legibility, not completeness
TYPE_WORDS = {
    "en": {"action": "Action", "item": "Item", "champion": "Champion"},
    "fr": {"action": "Action", "item": "Objet", "champion": "Champion"},
}


def type_line(c: CardDef, lang: str, with_subtypes: bool = True) -> str:
    """"Champion — Human Mage" in the chosen language (subtypes from data/i18n)."""
    from game.ui.i18n import strings

    words = TYPE_WORDS.get(lang, TYPE_WORDS["en"])[c.type]
    if c.subtypes and with_subtypes:
        table = strings(lang)
        words += " — " + " ".join(table.get(f"subtype.{t}", t) for t in c.subtypes)
    return words


def summary(ab: Ability) -> list[tuple[str, int]] | None:
    """Resource icons for an ability made only of plain gains, else None."""
    out = []
    for e in ab.effects:
        if e.verb not in SIMPLE or e.optional:
            return None
        out.append((e.verb, e.amount))
    return out


class CardArt(FaceCache[tuple[str | None, int, str]]):
    """Renders and caches card faces and backs."""

    def __init__(self, max_bytes: int = 160 * 1024 * 1024) -> None:
        super().__init__(max_bytes)
        self.lib = library()

    def has(self, card: str | None, w: int, lang: str) -> bool:
        return (card, norm_width(w), lang, False) in self._cache

    def warm(self, items: list[tuple[str | None, int, str]]) -> None:
        """Faces to render ahead of need, a few per frame (see :meth:`warm_step`)."""
        self._warm = [it for it in items if not self.has(*it)]

    def _render_queued(self, item: tuple[str | None, int, str]) -> None:
        card, w, lang = item
        self.surface(card, w, lang)

    def moving(self, card: str | None, base_w: int, w: int, lang: str, angle: float) -> pygame.Surface:
        """A card in flight between two sizes: its settled face scaled, not re-rendered
        (rendering every in-between width would cost a full face per frame)."""
        a = int(round(angle / 5.0)) * 5
        base = self.turned(card, base_w, lang, a)
        w = max(8, int(w) // 3 * 3)
        key = (card, base_w, lang, "fly", a, w)
        surf = self._get(key)
        if surf is None:
            k = w / max(1, base_w)
            size = (max(4, int(base.get_width() * k)), max(4, int(base.get_height() * k)))
            surf = self._put(key, pygame.transform.smoothscale(base, size))
        return surf

    def surface(self, card: str | None, w: int, lang: str = "en", rotated: bool = False) -> pygame.Surface:
        """The face of ``card`` (None: a card back) at width ``w``, maybe turned 90°."""
        w = norm_width(w)
        key = (card, w, lang, rotated)
        surf = self._get(key)
        if surf is not None:
            return surf
        if rotated:
            if w < COMPACT_W and card is not None and card in self.lib:
                return self._put(key, self._render_turned_compact(self.lib[card], w, lang))
            base = self.surface(card, w, lang, False)
            return self._put(key, pygame.transform.rotate(base, -90))
        surf = self._render_back(w) if card is None or card not in self.lib else self._render_face(self.lib[card], w, lang)
        return self._put(key, surf)

    def turned(self, card: str | None, w: int, lang: str, angle: float) -> pygame.Surface:
        """The face at any angle (fanned hands, a champion turning): cached per degree."""
        a = int(round(angle))
        if a == 0:
            return self.surface(card, w, lang)
        if a == 90:
            return self.surface(card, w, lang, rotated=True)
        w = norm_width(w)
        return self._turned((card, w, lang), a, lambda: self.surface(card, w, lang))

    # ---- backs ------------------------------------------------------------------
    def _render_back(self, w: int) -> pygame.Surface:
        s, inner = back_blank(w, theme.CARD_BACK, theme.CARD_BACK_EDGE)
        r = s.get_rect()
        step = max(6, w // 6)
        col = theme.shade(theme.CARD_BACK, 1.25)
        for y in range(inner.top, inner.bottom, step):
            for x in range(inner.left + (step // 2 if (y // step) % 2 else 0), inner.right, step):
                pygame.draw.polygon(s, col, [(x, y - step // 4), (x + step // 4, y), (x, y + step // 4), (x - step // 4, y)])
        d = max(8, int(w * 0.5))
        cx, cy = r.center
        pygame.draw.polygon(s, theme.CARD_BACK_EDGE, [(cx, cy - d // 2), (cx + d // 2, cy), (cx, cy + d // 2), (cx - d // 2, cy)])
        pygame.draw.polygon(s, theme.CARD_BACK, [(cx, cy - d // 3), (cx + d // 3, cy), (cx, cy + d // 3), (cx - d // 3, cy)])
        if w >= 48:
            mono = theme.card_text("RT", max(7, w // 7), theme.CARD_BACK_EDGE, "serif")
            s.blit(mono, mono.get_rect(center=r.center))
        outline(s, (30, 14, 12))
        return s

    # ---- faces --------------------------------------------------------------------
    def _render_turned_compact(self, c: CardDef, w: int, lang: str) -> pygame.Surface:
        """A small expended champion: the card on its side, its name written across
        the top so it still reads without turning one's head."""
        surf = pygame.transform.rotate(self._render_face(c, w, lang, named=False), -90)
        W, H = surf.get_size()
        pad = max(2, w // 28)
        head_h = max(14, int(w * ASPECT * 0.21))  # the upright header, now a band on the right
        band = pygame.Rect(pad, pad, W - 2 * pad - head_h, max(12, int(H * 0.34)))
        fcol = theme.FACTION_COLORS.get(c.faction, theme.FACTION_COLORS["none"])
        pygame.draw.rect(surf, fcol, band, border_top_left_radius=max(2, w // 14 - 2))
        label = self._compact_name(c.name.get(lang, c.name["en"]), band.height, band.width - pad, theme.FACTION_INK.get(c.faction, (255, 255, 255)))
        surf.blit(label, label.get_rect(center=band.center))
        return surf

    def _render_face(self, c: CardDef, w: int, lang: str, named: bool = True) -> pygame.Surface:
        h = card_height(w)
        big = w >= 200
        # small faces (opponents' panels, piles, small windows) trade the art band, the
        # faction icon and the type line for a name on two lines and a larger shield
        compact = w < COMPACT_W
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect()
        rad = max(3, w // 14)
        fcol = theme.FACTION_COLORS.get(c.faction, theme.FACTION_COLORS["none"])
        ink = theme.FACTION_INK.get(c.faction, (255, 255, 255))
        pygame.draw.rect(s, theme.shade(fcol, 0.45), r, border_radius=rad)
        pad = max(2, w // 28)
        body = r.inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(s, theme.PARCHMENT, body, border_radius=max(2, rad - 2))
        # header band: faction icon, name, cost
        head_h = max(14 if compact else 12, int(h * (0.21 if compact else 0.15)))
        head = pygame.Rect(body.left, body.top, body.width, head_h)
        pygame.draw.rect(s, fcol, head, border_top_left_radius=max(2, rad - 2), border_top_right_radius=max(2, rad - 2))
        ic = max(8, int(head_h * (0.5 if compact else 0.8)))
        if not compact:
            s.blit(icons.icon(c.faction, ic), (head.left + pad // 2 + 1, head.centery - ic // 2))
        cost_w = 0
        if c.cost > 0 or c.deck != "starting":
            cost_w = ic
            s.blit(icons.with_number("gold", ic, c.cost), (head.right - ic - pad // 2, head.top + 1 if compact else head.centery - ic // 2))
        name = c.name.get(lang, c.name["en"])
        if not named:
            pass
        elif compact:
            name_w = head.width - 2 * cost_w - pad
            label = self._compact_name(name, head_h, name_w, ink)
            s.blit(label, label.get_rect(center=head.center))
        else:
            name_w = head.width - ic - cost_w - pad * 2
            nsize = max(7, int(head_h * (0.5 if big else 0.56)))
            label = self._fit_name(name, nsize, name_w, ink)
            s.blit(label, label.get_rect(center=(head.left + ic + pad + name_w // 2, head.centery)))
        # the card's picture in the art box (large on the zoom); compact faces have no
        # box, so the picture stands faded behind their few icons, where the faction
        # watermark was
        art_box = pygame.Rect(body.left, head.bottom, body.width, 0 if compact else int(h * (0.27 if big else 0.24)))
        if compact:
            self._faded_picture(s, c, pygame.Rect(body.left, head.bottom, body.width, body.bottom - head.bottom), fcol)
        else:
            self._picture(s, c, art_box, fcol)
        shield_w = 0
        if c.is_champion:
            shield_w = max(14, int(w * (0.32 if compact else 0.24)))
        # type line at the bottom
        type_h = 0 if compact else max(9, int(h * 0.085))
        type_rect = pygame.Rect(body.left, body.bottom - type_h, body.width, type_h)
        if type_h:
            pygame.draw.rect(s, theme.PARCHMENT_DARK, type_rect, border_bottom_left_radius=max(2, rad - 2),
                             border_bottom_right_radius=max(2, rad - 2))
            words = type_line(c, lang, with_subtypes=w >= 90)
            tl = theme.card_fit_text(words, max(7, int(type_h * 0.7)), type_rect.width - shield_w - pad * 2, theme.TEXT_DARK, "regular", 6)
            s.blit(tl, tl.get_rect(midleft=(type_rect.left + pad, type_rect.centery)))
        # abilities
        top = head.bottom + art_box.height + (pad if compact else 0)
        area = pygame.Rect(body.left + pad, top, body.width - 2 * pad, type_rect.top - top - pad)
        if c.is_champion:  # keep the defense shield clear of the last ability
            area.height -= shield_w // 2 if not compact else int(shield_w * 0.8)
        self._abilities(s, c, area, w, lang, big)
        if c.is_champion:
            kind = "guard" if c.guard else "shield"
            col = (255, 255, 255) if c.guard else (20, 20, 20)
            sh = icons.with_number(kind, shield_w, c.defense, col)
            s.blit(sh, (body.right - shield_w - pad // 2, body.bottom - shield_w - pad // 2))
        pygame.draw.rect(s, theme.shade(fcol, 0.3), r, max(1, w // 60), border_radius=rad)
        return s

    def _picture(self, s: pygame.Surface, c: CardDef, box: pygame.Rect, fcol: theme.Color) -> None:
        """The card's picture filling the art box: pale, lit from the middle of the faction colour."""
        pic = art.painted(c.art, box.size, fcol)
        if pic is None:  # a custom card without a picture: the faction's shape, faded
            mark = icons.icon(c.faction, int(min(box.height, box.width) * 0.9)).copy()
            mark.set_alpha(46)
            s.blit(mark, mark.get_rect(center=box.center))
            return
        s.blit(pic, box)
        pygame.draw.line(s, art.darker(fcol, 0.5), box.bottomleft, (box.right - 1, box.bottom), max(1, box.width // 90))

    def _faded_picture(self, s: pygame.Surface, c: CardDef, area: pygame.Rect, fcol: theme.Color) -> None:
        """A compact face's picture: the figure in the faction colour, faded behind the icons."""
        side = int(min(area.height, area.width) * 0.92)
        pic = art.figure(c.art, side, art.darker(fcol, 0.1), shadow=False)
        if pic is None:
            pic = icons.icon(c.faction, side).copy()
        else:
            pic = pic.copy()
        pic.set_alpha(110)
        s.blit(pic, pic.get_rect(center=area.center))

    def _compact_name(self, name: str, head_h: int, max_w: int, ink: theme.Color) -> pygame.Surface:
        """A name as large as two lines of the header allow (one line when it fits as
        large); squeezed to the width as a last resort rather than cut."""
        if max_w < 10:  # a pile's top card the size of a stamp: colour and shape say enough
            return pygame.Surface((1, 1), pygame.SRCALPHA)
        label = self._compact_name_lines(name, head_h, max_w, ink)
        if label.get_width() > max_w:
            k = max_w / label.get_width()
            label = pygame.transform.smoothscale(label, (max_w, max(1, int(label.get_height() * k))))
        return label

    def _compact_name_lines(self, name: str, head_h: int, max_w: int, ink: theme.Color) -> pygame.Surface:
        size = max(6, int(head_h * 0.62))
        one = size
        while one > 6 and theme.card_font(one, "condensed").size(name)[0] > max_w:
            one -= 1
        words = name.split(" ")
        fits = theme.card_font(one, "condensed").size(name)[0] <= max_w
        if len(words) < 2 or (fits and one >= int(head_h * 0.46)):
            return theme.card_text(name, one, ink, "condensed")
        best = None
        for i in range(1, len(words)):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            width = max(theme.card_font(size, "condensed").size(a)[0], theme.card_font(size, "condensed").size(b)[0])
            if best is None or width < best[0]:
                best = (width, a, b)
        assert best is not None
        two = max(6, min(int(head_h * 0.5), size))
        _, first, second = best

        def too_big(sz: int) -> bool:
            f = theme.card_font(sz, "condensed")
            return max(f.size(first)[0], f.size(second)[0]) > max_w or f.get_ascent() + f.get_height() > head_h

        while two > 6 and too_big(two):
            two -= 1
        if two <= one and fits:
            return theme.card_text(name, one, ink, "condensed")
        return stacked_name(first, second, two, ink)

    def _fit_name(self, name: str, size: int, max_w: int, ink: theme.Color) -> pygame.Surface:
        f = theme.card_font(size, "condensed")
        if f.size(name)[0] <= max_w or size <= 9:
            return theme.card_fit_text(name, size, max_w, ink, "condensed", 6)
        # long names: two lines before shrinking further
        words = name.split(" ")
        best = None
        for i in range(1, len(words)):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            width = max(f.size(a)[0], f.size(b)[0])
            if best is None or width < best[0]:
                best = (width, a, b)
        if best is None:
            return theme.card_fit_text(name, size, max_w, ink, "condensed", 6)
        sz = size
        while sz > 6 and max(theme.card_font(sz, "condensed").size(best[1])[0], theme.card_font(sz, "condensed").size(best[2])[0]) > max_w:
            sz -= 1
        sz = max(6, int(sz * 0.92))
        l1 = theme.card_text(best[1], sz, ink, "condensed")
        l2 = theme.card_text(best[2], sz, ink, "condensed")
        out = pygame.Surface((max(l1.get_width(), l2.get_width()), l1.get_height() + l2.get_height() - sz // 4), pygame.SRCALPHA)
        out.blit(l1, l1.get_rect(midtop=(out.get_width() // 2, 0)))
        out.blit(l2, l2.get_rect(midbottom=(out.get_width() // 2, out.get_height())))
        return out

    def _abilities(self, s: pygame.Surface, c: CardDef, area: pygame.Rect, w: int, lang: str, big: bool) -> None:
        abilities = [c.abilities[k] for k in KIND_ORDER if k in c.abilities]
        if not abilities:
            return
        gap = max(1, w // 40)
        block_h = (area.height - gap * (len(abilities) - 1)) // len(abilities)
        y = area.top
        for ab in abilities:
            rect = pygame.Rect(area.left, y, area.width, block_h)
            self._ability(s, c, ab, rect, w, lang, big)
            y += block_h + gap

    def _ability(self, s: pygame.Surface, c: CardDef, ab: Ability, rect: pygame.Rect, w: int, lang: str, big: bool) -> None:
        summ = summary(ab)
        # a small face's picture shows faded behind its icons, never behind words: an
        # ability told in words stands on its own ground there
        worded = w < COMPACT_W and not summ
        if ab.kind != "primary":
            tint = {"expend": (222, 214, 196), "ally": theme.shade(theme.FACTION_COLORS.get(c.faction, (150, 150, 150)), 1.7),
                    "sacrifice": (236, 206, 190)}[ab.kind]
            if w < COMPACT_W and not worded:  # see-through, so the picture faded behind a small face still shows
                s.blit(theme.translucent(rect.size, tint, 150, max(2, w // 30)), rect)
            else:
                pygame.draw.rect(s, tint, rect, border_radius=max(2, w // 30))
        elif worded:
            pygame.draw.rect(s, theme.PARCHMENT, rect, border_radius=max(2, w // 30))
        kind_w = 0
        if ab.kind != "primary":
            kind_w = max(9, min(rect.height - 2, int(w * 0.16)))
            kind_icon = c.faction if ab.kind == "ally" else ab.kind
            s.blit(icons.icon(kind_icon, kind_w), (rect.left + 1, rect.top + (rect.height - kind_w) // 2 if not big else rect.top + 2))
            kind_w += 3
        inner = pygame.Rect(rect.left + kind_w + 1, rect.top + 1, rect.width - kind_w - 2, rect.height - 2)
        text = ab.text.get(lang, ab.text["en"])
        if summ and not big:
            self._icons_row(s, summ, inner, w)
            return
        if summ and big:
            row = pygame.Rect(inner.left, inner.top, inner.width, min(inner.height // 2, int(w * 0.16)))
            self._icons_row(s, summ, row, w)
            inner = pygame.Rect(inner.left, row.bottom, inner.width, inner.bottom - row.bottom)
        self._text_block(s, text, inner, w, big)

    def _icons_row(self, s: pygame.Surface, summ: list[tuple[str, int]], rect: pygame.Rect, w: int) -> None:
        size = max(10, min(rect.height - 2, int(w * 0.22)))
        n = len(summ)
        num_size = int(size * 0.9)
        widths = []
        for _kind, amount in summ:
            lab = theme.card_text(str(amount), num_size, theme.TEXT_DARK, "bold")
            widths.append(size + lab.get_width() + 2)
        total = sum(widths) + (n - 1) * size // 3
        if total > rect.width and size > 10:
            size = max(9, int(size * rect.width / total))
            num_size = int(size * 0.9)
            widths = [size + theme.card_text(str(a), num_size, theme.TEXT_DARK, "bold").get_width() + 2 for _, a in summ]
            total = sum(widths) + (n - 1) * size // 3
        x = rect.centerx - total // 2
        for (kind, amount), wd in zip(summ, widths):
            lab = theme.card_text(str(amount), num_size, theme.TEXT_DARK, "bold")
            s.blit(lab, lab.get_rect(midleft=(x, rect.centery)))
            s.blit(icons.icon(kind, size), (x + lab.get_width() + 2, rect.centery - size // 2))
            x += wd + size // 3

    def _text_block(self, s: pygame.Surface, text: str, rect: pygame.Rect, w: int, big: bool) -> None:
        size = max(7, int(w * (0.075 if big else 0.1)))
        while True:
            f = theme.card_font(size, "regular")
            lines = theme.wrap(text, f, rect.width - 2)
            lh = f.get_linesize()
            if len(lines) * lh <= rect.height or size <= 6:
                break
            size -= 1
        y = rect.top + max(0, (rect.height - len(lines) * lh) // 2)
        for line in lines:
            if y + lh > rect.bottom + lh // 2:
                break
            surf = theme.card_text(line, size, theme.TEXT_DARK)
            s.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
            y += lh


# ---- the table door's card hooks -----------------------------------------------------------
RULES_STEM = "rules"  # data/i18n/rules_<lang>.md
#: the menus' fan: a champion of each faction first, then more of the market.
SHOWCASE = ["arkus_imperial_dragon", "dire_wolf", "krythos_master_vampire", "rake_master_assassin", "fire_gem",
            "borg_ogre_mercenary", "tithe_priest", "torgen_rocksplitter", "spark", "life_drain"]


def rules_bullet(size: int) -> pygame.Surface:
    """The bullet of the rules page: the Imperial faction's mark."""
    return icons.icon("imperial", size)


def fan_face(app: Any, card: str, width: int, lang: str, angle: float) -> pygame.Surface:
    """A Hero Realms face for the menus' fan, from the app's card art."""
    face: pygame.Surface = app.art.turned(card, width, lang, angle)
    return face
