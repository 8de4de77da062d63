"""Fantasy Realms suits: a colour AND a shape each, so a suit reads without colour.

Land a mountain, Flood waves, Weather a cloud, Flame a flame, Army a banner, Wizard a
star, Leader a crown, Beast a paw, Weapon a sword, Artifact a gem, Wild a burst,
Building a tower, Outsider a crescent, Undead a skull. Shapes are drawn in one
colour (white on a suit band, the suit colour on parchment) at 3x and smoothed,
and cached per (suit, size, colour).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.fantasy_realms.cards import SUIT_NAMES
from game.ui import palette

if TYPE_CHECKING:
    from game.ui.i18n import Tr

Color = tuple[int, int, int]

SUIT_COLORS: dict[str, Color] = {
    "land": (128, 92, 54),
    "flood": (36, 92, 190),
    "weather": (70, 160, 196),
    "flame": (218, 74, 34),
    "army": (150, 36, 52),
    "wizard": (120, 62, 172),
    "leader": (206, 164, 34),
    "beast": (58, 136, 62),
    "weapon": (98, 108, 124),
    "artifact": (200, 90, 160),
    "wild": (84, 84, 92),
    "building": (150, 120, 70),
    "outsider": (30, 142, 132),
    "undead": (74, 90, 56),
}
SUIT_INK: dict[str, Color] = {s: (255, 255, 255) for s in SUIT_COLORS} | {"leader": (40, 28, 6)}
ITEM_COLOR: Color = (70, 40, 84)  # Cursed Items: a purple-black of their own
# the colours in each palette (game/ui/palette.py): the red-green and blue-yellow ones keep every pair
# apart as those eyes see them (tests/ui/test_palettes.py measures it)
SUIT_PALETTES = {
    "standard": dict(SUIT_COLORS),
    "deutan": {
        "land": (127, 85, 30), "flood": (36, 92, 190), "weather": (70, 160, 196), "flame": (224, 77, 26),
        "army": (133, 0, 30), "wizard": (104, 43, 150), "leader": (206, 164, 34), "beast": (77, 166, 105),
        "weapon": (66, 90, 119), "artifact": (200, 90, 160), "wild": (84, 84, 92), "building": (150, 120, 70),
        "outsider": (49, 138, 120), "undead": (74, 90, 56),
    },
    "tritan": {
        "land": (128, 92, 54), "flood": (36, 92, 190), "weather": (70, 160, 196), "flame": (218, 74, 34),
        "army": (150, 36, 52), "wizard": (120, 62, 172), "leader": (206, 164, 34), "beast": (58, 136, 62),
        "weapon": (102, 115, 131), "artifact": (200, 90, 160), "wild": (84, 84, 92), "building": (157, 128, 78),
        "outsider": (105, 159, 145), "undead": (61, 94, 61),
    },
}
palette.register(palette.ColourSet("suits", SUIT_COLORS, SUIT_INK, SUIT_PALETTES, dict(SUIT_INK)))


def color(suit: str) -> Color:
    return SUIT_COLORS.get(suit, (120, 120, 120))


def ink(suit: str) -> Color:
    return SUIT_INK.get(suit, (255, 255, 255))


def name(suit: str, lang: str) -> str:
    names = SUIT_NAMES.get(suit)
    return names.get(lang, names["en"]) if names else suit


def with_article(suit: str, tr: Tr) -> str:
    """A suit as a sentence names it, with its article ("an Army", "une Armée": the
    article hangs on the word and, in French, on its gender, so the words say it)."""
    key = f"suit_a.{suit}"
    return str(tr(key)) if tr.has(key) else name(suit, tr.lang)


def _poly(s: pygame.Surface, c: Color, pts: list[tuple[float, float]], n: int) -> None:
    pygame.draw.polygon(s, c, [(x * n, y * n) for x, y in pts])


def _land(s: pygame.Surface, n: int, c: Color) -> None:
    _poly(s, c, [(0.02, 0.86), (0.36, 0.22), (0.52, 0.5), (0.66, 0.34), (0.98, 0.86)], n)


def _flood(s: pygame.Surface, n: int, c: Color) -> None:
    w = max(2, n // 9)
    for row in (0.3, 0.52, 0.74):
        pts = [(n * (0.06 + 0.88 * i / 24), n * (row + 0.07 * math.sin(i / 24 * math.pi * 4))) for i in range(25)]
        pygame.draw.lines(s, c, False, pts, w)


def _weather(s: pygame.Surface, n: int, c: Color) -> None:
    for x, y, r in ((0.34, 0.52, 0.2), (0.56, 0.42, 0.25), (0.76, 0.56, 0.17)):
        pygame.draw.circle(s, c, (int(x * n), int(y * n)), int(r * n))
    pygame.draw.rect(s, c, pygame.Rect(int(0.16 * n), int(0.52 * n), int(0.72 * n), int(0.2 * n)), border_radius=n // 10)


def _flame(s: pygame.Surface, n: int, c: Color) -> None:
    _poly(s, c, [(0.5, 0.02), (0.78, 0.4), (0.84, 0.68), (0.5, 0.98), (0.16, 0.68), (0.22, 0.4), (0.36, 0.52)], n)


def _army(s: pygame.Surface, n: int, c: Color) -> None:
    pygame.draw.rect(s, c, pygame.Rect(int(0.16 * n), int(0.06 * n), max(2, int(0.09 * n)), int(0.9 * n)))
    _poly(s, c, [(0.25, 0.08), (0.9, 0.2), (0.66, 0.34), (0.9, 0.5), (0.25, 0.5)], n)


def _wizard(s: pygame.Surface, n: int, c: Color) -> None:
    pts = []
    for i in range(10):
        r = 0.47 if i % 2 == 0 else 0.2
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.54 + r * math.sin(a)))
    _poly(s, c, pts, n)


def _leader(s: pygame.Surface, n: int, c: Color) -> None:
    _poly(s, c, [(0.06, 0.82), (0.06, 0.3), (0.3, 0.54), (0.5, 0.14), (0.7, 0.54), (0.94, 0.3), (0.94, 0.82)], n)


def _beast(s: pygame.Surface, n: int, c: Color) -> None:
    pygame.draw.ellipse(s, c, pygame.Rect(int(n * 0.25), int(n * 0.46), int(n * 0.5), int(n * 0.44)))
    for x, y in ((0.15, 0.4), (0.36, 0.17), (0.64, 0.17), (0.85, 0.4)):
        pygame.draw.circle(s, c, (int(n * x), int(n * y)), int(n * 0.12))


def _weapon(s: pygame.Surface, n: int, c: Color) -> None:
    _poly(s, c, [(0.5, 0.02), (0.6, 0.16), (0.6, 0.62), (0.4, 0.62), (0.4, 0.16)], n)
    pygame.draw.rect(s, c, pygame.Rect(int(0.2 * n), int(0.62 * n), int(0.6 * n), int(0.09 * n)))
    pygame.draw.rect(s, c, pygame.Rect(int(0.45 * n), int(0.7 * n), int(0.1 * n), int(0.18 * n)))
    pygame.draw.circle(s, c, (n // 2, int(0.92 * n)), int(0.07 * n))


def _artifact(s: pygame.Surface, n: int, c: Color) -> None:
    _poly(s, c, [(0.22, 0.1), (0.78, 0.1), (0.96, 0.36), (0.5, 0.94), (0.04, 0.36)], n)


def _wild(s: pygame.Surface, n: int, c: Color) -> None:
    pts = []
    for i in range(16):
        r = 0.48 if i % 2 == 0 else 0.26
        a = i * math.pi / 8
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    _poly(s, c, pts, n)


def _building(s: pygame.Surface, n: int, c: Color) -> None:
    body = pygame.Rect(int(0.22 * n), int(0.3 * n), int(0.56 * n), int(0.64 * n))
    pygame.draw.rect(s, c, body)
    for i in range(3):  # battlements
        x = 0.22 + i * 0.22
        pygame.draw.rect(s, c, pygame.Rect(int(x * n), int(0.12 * n), int(0.13 * n), int(0.2 * n)))


def _outsider(s: pygame.Surface, n: int, c: Color) -> None:
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.circle(big, c, (n // 2, n // 2), int(0.44 * n))
    pygame.draw.circle(big, (0, 0, 0, 0), (int(0.68 * n), int(0.4 * n)), int(0.38 * n))
    s.blit(big, (0, 0))


def _undead(s: pygame.Surface, n: int, c: Color) -> None:
    pygame.draw.circle(s, c, (n // 2, int(n * 0.42)), int(n * 0.36))
    pygame.draw.rect(s, c, pygame.Rect(int(n * 0.3), int(n * 0.55), int(n * 0.4), int(n * 0.35)), border_radius=n // 12)
    hole = (0, 0, 0, 0)
    for x in (0.36, 0.64):
        pygame.draw.circle(s, hole, (int(n * x), int(n * 0.45)), int(n * 0.1))
    for x in (0.42, 0.58):
        pygame.draw.line(s, hole, (int(n * x), int(n * 0.72)), (int(n * x), int(n * 0.9)), max(1, n // 14))


def _cursed(s: pygame.Surface, n: int, c: Color) -> None:
    """A Cursed Item: a sack with a knot."""
    pygame.draw.ellipse(s, c, pygame.Rect(int(0.14 * n), int(0.34 * n), int(0.72 * n), int(0.62 * n)))
    _poly(s, c, [(0.3, 0.08), (0.7, 0.08), (0.58, 0.36), (0.42, 0.36)], n)


SHAPES: dict[str, Callable[[pygame.Surface, int, Color], None]] = {
    "land": _land, "flood": _flood, "weather": _weather, "flame": _flame, "army": _army, "wizard": _wizard,
    "leader": _leader, "beast": _beast, "weapon": _weapon, "artifact": _artifact, "wild": _wild,
    "building": _building, "outsider": _outsider, "undead": _undead, "item": _cursed,
}

_cache: dict[tuple[str, int, Color], pygame.Surface] = {}
palette.on_change(_cache.clear)  # drawn in a palette's colours


def icon(suit: str, size: int, col: Color | None = None) -> pygame.Surface:
    """The suit's shape, ``size`` pixels square, in ``col`` (the suit's colour by default)."""
    size = max(6, int(size))
    c = col if col is not None else color(suit)
    key = (suit, size, c)
    surf = _cache.get(key)
    if surf is None:
        big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
        SHAPES.get(suit, _wild)(big, size * 3, c)
        surf = pygame.transform.smoothscale(big, (size, size))
        if len(_cache) > 2000:
            _cache.clear()
        _cache[key] = surf
    return surf


def badge(suit: str, size: int) -> pygame.Surface:
    """The shape in white on a disc of the suit's colour (chips, log, opponents' panels)."""
    key = (f"badge:{suit}", size, (0, 0, 0))
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, color(suit) if suit != "item" else ITEM_COLOR, (size // 2, size // 2), size // 2)
        inner = icon(suit, int(size * 0.62), ink(suit))
        surf.blit(inner, inner.get_rect(center=(size // 2, size // 2)))
        _cache[key] = surf
    return surf
