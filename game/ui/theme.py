"""Colours, faction styles and bundled fonts: the table's look in one place.

Faction colours are paired with a distinct shape (coin, crown, skull, paw) so the
faction reads without colour. Fonts are always the bundled DejaVu files (never a
system font), loaded once per size and kept.

Text is drawn at the player's text size (:func:`set_text_size`, the Settings' "Text size"):
:func:`font`, :func:`text` and :func:`fit_text` take sizes in the table's design and scale
them. A card's face is a picture drawn to fit its card, so the faces use the ``card_``
forms, which do not: a card's words grow with the card's zoom instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pygame

from game.core.resources import asset_path
from game.ui import palette

Color = tuple[int, int, int]

BG = (22, 30, 28)
FELT = (30, 58, 48)
FELT_DARK = (20, 40, 34)
FELT_LINE = (60, 96, 80)
PANEL = (28, 32, 40)
PANEL_LIGHT = (44, 50, 62)
PANEL_EDGE = (92, 100, 120)
TEXT = (236, 232, 220)
TEXT_DIM = (160, 160, 150)
TEXT_DARK = (30, 26, 22)
ACCENT = (232, 186, 72)
GOLD = (244, 196, 48)
COMBAT = (214, 64, 52)
HEALTH = (70, 176, 84)
DANGER = (210, 60, 50)
OK = (90, 190, 110)
HILITE = (255, 226, 120)
PARCHMENT = (238, 228, 204)
PARCHMENT_DARK = (214, 200, 170)
CARD_BACK = (86, 44, 38)
CARD_BACK_EDGE = (196, 150, 80)

FACTION_COLORS: dict[str, Color] = {
    "guild": (44, 110, 190),  # blue
    "imperial": (222, 190, 60),  # yellow
    "necros": (126, 72, 168),  # purple
    "wild": (58, 150, 70),  # green
    "none": (138, 128, 116),  # grey
}
FACTION_INK: dict[str, Color] = {  # text colour that reads on the faction colour
    "guild": (255, 255, 255),
    "imperial": (40, 30, 10),
    "necros": (255, 255, 255),
    "wild": (255, 255, 255),
    "none": (255, 255, 255),
}
# the colours in each palette (game/ui/palette.py): the red-green and blue-yellow ones keep every pair
# apart as those eyes see them (tests/ui/test_palettes.py measures it)
FACTION_PALETTES = {
    "standard": dict(FACTION_COLORS),
    "deutan": {
        "guild": (62, 149, 247), "imperial": (222, 190, 60), "necros": (126, 72, 168), "wild": (63, 150, 65),
        "none": (138, 128, 116),
    },
    "tritan": {
        "guild": (44, 110, 190), "imperial": (222, 190, 60), "necros": (127, 59, 156), "wild": (57, 175, 93),
        "none": (138, 128, 116),
    },
}
palette.register(palette.ColourSet("factions", FACTION_COLORS, FACTION_INK, FACTION_PALETTES, dict(FACTION_INK)))
# seat colours for portraits and the log (distinct in hue and brightness)
SEAT_COLORS: list[Color] = [
    (230, 120, 60), (90, 160, 230), (200, 90, 190), (110, 200, 120), (230, 210, 90), (160, 160, 220),
]

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}


_text_scale = 1.0


def set_text_size(percent: int) -> bool:
    """Draw text at ``percent`` of the design's sizes from now on; True when that changed
    what is drawn (the rendered text kept so far is forgotten)."""
    scale = max(50, min(300, int(percent))) / 100
    global _text_scale
    if scale == _text_scale:
        return False
    _text_scale = scale
    _text_cache.clear()
    return True


def text_scale() -> float:
    """The player's text size as a factor (1.0: the design's sizes)."""
    return _text_scale


def _px(size: float) -> int:
    return max(6, int(round(size * _text_scale)))


@cache
def _font(px: int, kind: str) -> pygame.font.Font:
    return pygame.font.Font(str(asset_path("fonts", FONT_FILES[kind])), px)


def font(size: float, kind: str = "regular") -> pygame.font.Font:
    """A bundled font at ``size`` design pixels, at the player's text size (cached until pygame quits)."""
    return _font(_px(size), kind)


def card_font(size: float, kind: str = "regular") -> pygame.font.Font:
    """A bundled font at exactly ``size`` pixels: for a card's face, drawn to its card's size."""
    return _font(max(6, int(size)), kind)


def reset_caches() -> None:
    """Forget fonts and rendered text: fonts die with ``pygame.quit()``, and an
    app started again in the same process (self-test, tests) must not reuse them."""
    _font.cache_clear()
    _text_cache.clear()


def lerp_color(a: Color, b: Color, t: float) -> Color:
    t = max(0.0, min(1.0, t))
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: Color, f: float) -> Color:
    """Darker (f < 1) or lighter (f > 1) version of ``c``."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    return lerp_color(c, (255, 255, 255), f - 1)


_text_cache: dict[tuple[str, int, str, Color], pygame.Surface] = {}


def _rendered(s: str, px: int, color: Color, kind: str) -> pygame.Surface:
    key = (s, px, kind, color)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = _font(px, kind).render(s, True, color)
        _text_cache[key] = surf
    return surf


def text(s: str, size: float, color: Color = TEXT, kind: str = "regular") -> pygame.Surface:
    """A rendered line of text at the player's text size (cached: labels are drawn every frame)."""
    return _rendered(s, _px(size), color, kind)


def card_text(s: str, size: float, color: Color = TEXT, kind: str = "regular") -> pygame.Surface:
    """A rendered line of a card's face, at exactly ``size`` pixels."""
    return _rendered(s, max(6, int(size)), color, kind)


def fit_text(s: str, size: int, max_w: int, color: Color = TEXT, kind: str = "regular", min_size: int = 7) -> pygame.Surface:
    """The largest rendering of ``s`` up to ``size`` (at the player's text size) that fits in
    ``max_w`` pixels; words too long even at ``min_size`` lose their end to a "…"."""
    while size > min_size and font(size, kind).size(s)[0] > max_w:
        size -= 1
    return text(ellipsized(s, font(size, kind), max_w), size, color, kind)


def ellipsized(s: str, f: pygame.font.Font, max_w: int) -> str:
    """``s`` as it stands in ``max_w`` pixels in ``f``: whole, or its end given way to a "…"."""
    if f.size(s)[0] <= max_w:
        return s
    while len(s) > 1 and f.size(s + "…")[0] > max_w:
        s = s[:-1]
    return s.rstrip() + "…"


def fit_lines(sizes: Sequence[int], max_h: int, kinds: Sequence[str] | None = None, min_size: int = 7) -> list[int]:
    """Sizes for lines stacked in a box ``max_h`` pixels tall: ``sizes`` as they are when
    their lines fit at the player's text size, else the largest made smaller, one step at a
    time, until they do."""
    out = list(sizes)
    kinds = list(kinds or ["regular"] * len(out))
    while sum(font(n, k).get_height() for n, k in zip(out, kinds)) > max_h:
        i = max(range(len(out)), key=lambda j: out[j])
        if out[i] <= min_size:
            break
        out[i] -= 1
    return out


def card_fit_text(s: str, size: int, max_w: int, color: Color = TEXT, kind: str = "regular",
                  min_size: int = 7) -> pygame.Surface:
    """:func:`fit_text` for a card's face (exact pixels)."""
    while size > min_size and card_font(size, kind).size(s)[0] > max_w:
        size -= 1
    return card_text(s, size, color, kind)


def fit_text_dots(s: str, dots: int, size: int, max_w: int, color: Color = TEXT, kind: str = "regular",
                  min_size: int = 7) -> pygame.Surface:
    """``s`` and an animated ellipsis of ``dots`` (1 to 3) dots, fitted as if all three
    were there: the words keep their size and place and the dots never fall off the
    end, whichever frame of the animation is drawn. Words too long even at
    ``min_size`` lose their end to a "…". No dots (0): :func:`fit_text`."""
    if dots <= 0:
        return fit_text(s, size, max_w, color, kind, min_size)
    full = s + " ..."
    while size > min_size and font(size, kind).size(full)[0] > max_w:
        size -= 1
    f = font(size, kind)
    while len(s) > 1 and f.size(s + " ...")[0] > max_w:
        s = s[:-2].rstrip() + "…"
    words = text(s, size, color, kind)
    out = pygame.Surface((max(1, f.size(s + " ...")[0]), words.get_height()), pygame.SRCALPHA)
    out.blit(words, (0, 0))
    out.blit(text("." * min(3, dots), size, color, kind), (f.size(s + " ")[0], 0))
    return out


def wrap(s: str, f: pygame.font.Font, max_w: int) -> list[str]:
    lines: list[str] = []
    for para in s.split("\n"):
        cur = ""
        for word in para.split(" "):
            trial = word if not cur else f"{cur} {word}"
            if f.size(trial)[0] <= max_w or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


def fit_wrap(s: str, size: int, max_w: int, max_h: int, kind: str = "regular", min_size: int = 7) -> tuple[int, list[str]]:
    """The largest size up to ``size`` at which ``s``, wrapped to ``max_w``, stands in
    ``max_h`` pixels (at the player's text size), and its lines; at ``min_size`` the lines
    that do not fit are left out."""
    while True:
        f = font(size, kind)
        lines = wrap(s, f, max_w)
        if len(lines) * f.get_linesize() <= max_h or size <= min_size:
            return size, lines[:max(1, max_h // max(1, f.get_linesize()))]
        size -= 1


_panels: dict[tuple[object, ...], pygame.Surface] = {}


def translucent(size: tuple[int, int], color: Color, alpha: int, radius: int, width: int = 0) -> pygame.Surface:
    """A rounded translucent rectangle (cached: panels and shades are drawn every frame)."""
    key = (size, color, alpha, radius, width)
    s = _panels.get(key)
    if s is None:
        if len(_panels) > 400:
            _panels.clear()
        s = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        pygame.draw.rect(s, (*color, alpha), s.get_rect(), width, border_radius=radius)
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        _panels[key] = s
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, edge: Color | None = PANEL_EDGE,
          radius: int = 10, alpha: int = 255, width: int = 2) -> None:
    if alpha < 255:
        surf.blit(translucent(rect.size, color, alpha, radius), rect.topleft)
    else:
        pygame.draw.rect(surf, color, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, rect, width=width, border_radius=radius)
