"""Vector icons drawn with pygame primitives, at any size.

Every resource and faction has its own *shape* as well as its colour, so the
table reads for colour-blind players: gold is a coin, combat a sword, health a
heart; Guild a diamond, Imperial a crown, Necros a skull, Wild a paw. Icons are
cached per (kind, size) because the table draws many every frame.
"""

from __future__ import annotations

import math

import pygame

from game.ui import palette, theme

_cache: dict[tuple[str, int], pygame.Surface] = {}
palette.on_change(_cache.clear)  # drawn in a palette's colours


def icon(kind: str, size: int) -> pygame.Surface:
    """A ``size``×``size`` transparent surface with the icon ``kind`` drawn on it."""
    size = max(6, int(size))
    key = (kind, size)
    surf = _cache.get(key)
    if surf is None:
        # drawn at 3x then smooth-scaled down: primitives have no anti-aliasing
        big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
        DRAW.get(kind, _unknown)(big, size * 3)
        surf = pygame.transform.smoothscale(big, (size, size))
        _cache[key] = surf
    return surf


def tinted(kind: str, size: int, color: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
    """The icon's shape in one colour (a faction's icon on a button of the faction's colour)."""
    size = max(6, int(size))
    key = (f"{kind}#{color}", size)
    surf = _cache.get(key)
    if surf is None:
        surf = icon(kind, size).copy()
        surf.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf.fill((*color, 0), special_flags=pygame.BLEND_RGBA_ADD)
        _cache[key] = surf
    return surf


def _coin(s: pygame.Surface, n: int) -> None:
    c = n // 2
    pygame.draw.circle(s, (140, 96, 10), (c, c), int(n * 0.48))
    pygame.draw.circle(s, theme.GOLD, (c, c), int(n * 0.42))
    pygame.draw.circle(s, (200, 150, 20), (c, c), int(n * 0.30), max(1, n // 18))
    pygame.draw.circle(s, (255, 236, 150), (int(c - n * 0.14), int(c - n * 0.14)), int(n * 0.07))


def _sword(s: pygame.Surface, n: int) -> None:
    c = n // 2
    pygame.draw.circle(s, (120, 26, 20), (c, c), int(n * 0.48))
    pygame.draw.circle(s, theme.COMBAT, (c, c), int(n * 0.43))
    # blade along the diagonal, tip at the top right
    def rot(x: float, y: float) -> tuple[float, float]:
        a = math.radians(45)
        return (c + x * math.cos(a) - y * math.sin(a), c + x * math.sin(a) + y * math.cos(a))
    w = n * 0.07
    blade = [rot(-w, n * 0.10), rot(-w, -n * 0.28), rot(0, -n * 0.38), rot(w, -n * 0.28), rot(w, n * 0.10)]
    pygame.draw.polygon(s, (240, 240, 245), blade)
    guard = [rot(-n * 0.18, n * 0.10), rot(n * 0.18, n * 0.10), rot(n * 0.18, n * 0.16), rot(-n * 0.18, n * 0.16)]
    pygame.draw.polygon(s, (250, 210, 90), guard)
    hilt = [rot(-w * 0.8, n * 0.16), rot(w * 0.8, n * 0.16), rot(w * 0.8, n * 0.32), rot(-w * 0.8, n * 0.32)]
    pygame.draw.polygon(s, (110, 70, 40), hilt)


def _heart_shape(s: pygame.Surface, n: int, color: tuple[int, int, int], inset: float) -> None:
    c = n / 2
    r = n * (0.23 - inset / 2)
    pygame.draw.circle(s, color, (int(c - r * 0.95), int(n * 0.38)), int(r))
    pygame.draw.circle(s, color, (int(c + r * 0.95), int(n * 0.38)), int(r))
    pygame.draw.polygon(s, color, [(c - r * 1.95, n * 0.42), (c + r * 1.95, n * 0.42), (c, n * (0.88 - inset))])


def _heart(s: pygame.Surface, n: int) -> None:
    _heart_shape(s, n, (26, 90, 40), 0.0)
    _heart_shape(s, n, theme.HEALTH, 0.07)
    pygame.draw.circle(s, (190, 240, 190), (int(n * 0.33), int(n * 0.34)), max(1, int(n * 0.05)))


def _draw_icon(s: pygame.Surface, n: int) -> None:
    """"Draw a card": two stacked card outlines."""
    for i, col in enumerate(((70, 90, 140), (120, 150, 210))):
        off = i * n * 0.14
        r = pygame.Rect(int(n * 0.2 + off), int(n * 0.12 + off), int(n * 0.46), int(n * 0.62))
        pygame.draw.rect(s, col, r, border_radius=max(1, n // 14))
        pygame.draw.rect(s, (240, 240, 250), r, max(1, n // 20), border_radius=max(1, n // 14))


def _diamond(s: pygame.Surface, n: int) -> None:  # Guild
    c = n / 2
    pts = [(c, n * 0.06), (n * 0.94, c), (c, n * 0.94), (n * 0.06, c)]
    pygame.draw.polygon(s, theme.FACTION_COLORS["guild"], pts)
    pygame.draw.polygon(s, (255, 255, 255), pts, max(1, n // 14))
    inner = [(c, n * 0.3), (n * 0.7, c), (c, n * 0.7), (n * 0.3, c)]
    pygame.draw.polygon(s, (200, 225, 255), inner)


def _crown(s: pygame.Surface, n: int) -> None:  # Imperial
    pts = [(n * 0.08, n * 0.8), (n * 0.08, n * 0.28), (n * 0.3, n * 0.52), (n * 0.5, n * 0.12),
           (n * 0.7, n * 0.52), (n * 0.92, n * 0.28), (n * 0.92, n * 0.8)]
    pygame.draw.polygon(s, theme.FACTION_COLORS["imperial"], pts)
    pygame.draw.polygon(s, (90, 60, 10), pts, max(1, n // 14))
    for x in (0.08, 0.5, 0.92):
        pygame.draw.circle(s, (255, 240, 180), (int(n * x), int(n * (0.28 if x != 0.5 else 0.12))), max(2, n // 12))


def _skull(s: pygame.Surface, n: int) -> None:  # Necros
    col = theme.FACTION_COLORS["necros"]
    pygame.draw.circle(s, col, (n // 2, int(n * 0.42)), int(n * 0.36))
    pygame.draw.rect(s, col, pygame.Rect(int(n * 0.3), int(n * 0.55), int(n * 0.4), int(n * 0.33)), border_radius=n // 12)
    for x in (0.36, 0.64):
        pygame.draw.circle(s, (250, 245, 255), (int(n * x), int(n * 0.45)), int(n * 0.1))
    for x in (0.4, 0.5, 0.6):
        pygame.draw.line(s, (250, 245, 255), (int(n * x), int(n * 0.7)), (int(n * x), int(n * 0.86)), max(1, n // 16))


def _paw(s: pygame.Surface, n: int) -> None:  # Wild
    col = theme.FACTION_COLORS["wild"]
    pygame.draw.ellipse(s, col, pygame.Rect(int(n * 0.25), int(n * 0.45), int(n * 0.5), int(n * 0.45)))
    for x, y in ((0.16, 0.38), (0.36, 0.16), (0.64, 0.16), (0.84, 0.38)):
        pygame.draw.circle(s, col, (int(n * x), int(n * y)), int(n * 0.12))


def _plain(s: pygame.Surface, n: int) -> None:  # no faction: a grey ring
    pygame.draw.circle(s, theme.FACTION_COLORS["none"], (n // 2, n // 2), int(n * 0.4), max(2, n // 8))


def _expend(s: pygame.Surface, n: int) -> None:
    """A card turning sideways: an arc with an arrowhead."""
    r = pygame.Rect(int(n * 0.14), int(n * 0.14), int(n * 0.72), int(n * 0.72))
    pygame.draw.arc(s, (40, 40, 40), r, math.radians(-30), math.radians(200), max(2, n // 8))
    tip = (n * 0.82, n * 0.68)
    pygame.draw.polygon(s, (40, 40, 40), [(tip[0] - n * 0.2, tip[1] - n * 0.02), (tip[0] + n * 0.12, tip[1] - n * 0.14), (tip[0] + n * 0.04, tip[1] + n * 0.2)])


def _flame(s: pygame.Surface, n: int) -> None:
    """Sacrifice: a flame."""
    outer = [(n * 0.5, n * 0.04), (n * 0.8, n * 0.45), (n * 0.82, n * 0.7), (n * 0.5, n * 0.96),
             (n * 0.18, n * 0.7), (n * 0.22, n * 0.42), (n * 0.36, n * 0.5)]
    pygame.draw.polygon(s, (200, 60, 30), outer)
    inner = [(n * 0.52, n * 0.34), (n * 0.68, n * 0.62), (n * 0.5, n * 0.88), (n * 0.32, n * 0.66)]
    pygame.draw.polygon(s, (255, 200, 70), inner)


def _shield(s: pygame.Surface, n: int, fill: tuple[int, int, int], edge: tuple[int, int, int]) -> None:
    pts = [(n * 0.1, n * 0.08), (n * 0.9, n * 0.08), (n * 0.9, n * 0.5), (n * 0.5, n * 0.96), (n * 0.1, n * 0.5)]
    pygame.draw.polygon(s, fill, pts)
    pygame.draw.polygon(s, edge, pts, max(2, n // 12))


def _shield_guard(s: pygame.Surface, n: int) -> None:
    _shield(s, n, (20, 20, 24), (200, 200, 210))


def _shield_plain(s: pygame.Surface, n: int) -> None:
    _shield(s, n, (246, 246, 240), (60, 60, 60))


def _unknown(s: pygame.Surface, n: int) -> None:
    pygame.draw.circle(s, (150, 150, 150), (n // 2, n // 2), n // 3)


DRAW = {
    "gold": _coin, "combat": _sword, "health": _heart, "draw": _draw_icon,
    "guild": _diamond, "imperial": _crown, "necros": _skull, "wild": _paw, "none": _plain,
    "expend": _expend, "sacrifice": _flame, "guard": _shield_guard, "shield": _shield_plain,
}


def with_number(kind: str, size: int, number: int | str, color: tuple[int, int, int] = (20, 20, 20)) -> pygame.Surface:
    """An icon with a number centred on it (cost coins, defense shields)."""
    key = (f"{kind}#{number}#{color}", size)
    surf = _cache.get(key)
    if surf is None:
        surf = icon(kind, size).copy()
        label = theme.card_fit_text(str(number), int(size * 0.62), int(size * 0.8), color, "bold")
        dy = -size // 14 if kind in ("guard", "shield") else 0
        surf.blit(label, label.get_rect(center=(size // 2, size // 2 + dy)))
        _cache[key] = surf
    return surf
