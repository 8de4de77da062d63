"""Card pictures for any game's faces: an SVG of ``assets/art`` painted as a small illustration.

A card's data names its picture (``art = "dragon-head"``, a one-colour Game Icons SVG).
:func:`illustration` rasterises it at the size a face needs and paints it in the colours
the game gives (its faction or suit): a soft radial glow over a vignette as the
background, the figure filled with a light-to-deep gradient, outlined and lifted by a
blurred shadow, so the face reads as a picture rather than a glyph. Faces are rendered
once per size and kept by their :class:`~game.ui.render.face_cache.FaceCache`; the
rasterised figures are kept here too (a few hundred small masks), so the sizes a table
reuses cost one SVG parse each.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from game.core.resources import asset_path

Color = tuple[int, int, int]
log = logging.getLogger(__name__)
_GLOW = 40  # the side of the small radial gradient scaled up into a background


def _mix(a: Color, b: Color, t: float) -> Color:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def lighter(c: Color, t: float) -> Color:
    """``c`` moved a fraction ``t`` towards white."""
    return _mix(c, (255, 255, 255), t)


def darker(c: Color, t: float) -> Color:
    """``c`` moved a fraction ``t`` towards black."""
    return _mix(c, (0, 0, 0), t)


def exists(name: str) -> bool:
    """Whether ``assets/art/<name>.svg`` is there (custom card files may name none, or a missing one)."""
    return bool(name) and asset_path("art", f"{name}.svg").is_file()


@lru_cache(maxsize=512)
def mask(name: str, size: int) -> pygame.Surface | None:
    """The picture's figure, black on transparent, ``size`` pixels square (None when it
    cannot be read: the face then keeps its plain background)."""
    if not exists(name) or size < 4:
        return None
    path = str(asset_path("art", f"{name}.svg"))
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            surf = pygame.image.load_sized_svg(path, (size, size))
        else:  # pygame-ce before 2.4: the SVG's own size, scaled
            surf = pygame.transform.smoothscale(pygame.image.load(path), (size, size))
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("card picture %s unreadable: %s", name, exc)
        return None
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _recolor(figure: pygame.Surface, top: Color, bottom: Color) -> pygame.Surface:
    """The figure's shape filled with a vertical gradient from ``top`` to ``bottom``."""
    w, h = figure.get_size()
    ramp = pygame.Surface((1, 2))
    ramp.set_at((0, 0), top)
    ramp.set_at((0, 1), bottom)
    fill = pygame.transform.smoothscale(ramp, (w, h)) if h > 2 else pygame.transform.scale(ramp, (w, h))
    out = figure.copy()
    out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_ADD)  # white, the figure's alpha kept
    out.blit(fill, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


@lru_cache(maxsize=64)
def _glow(inner: Color, outer: Color) -> pygame.Surface:
    """A small radial gradient, ``inner`` at the centre to ``outer`` at the corners."""
    s = pygame.Surface((_GLOW, _GLOW))
    c = (_GLOW - 1) / 2
    far = (2 * c * c) ** 0.5
    for y in range(_GLOW):
        for x in range(_GLOW):
            d = min(1.0, (((x - c) ** 2 + (y - c) ** 2) ** 0.5 / far) ** 1.4)
            s.set_at((x, y), _mix(inner, outer, d))
    return s


def background(size: tuple[int, int], back: Color) -> pygame.Surface:
    """A soft light in the middle of ``back`` fading to a dark vignette at the edges."""
    return pygame.transform.smoothscale(_glow(lighter(back, 0.45), darker(back, 0.45)), size)


def figure(name: str, size: int, ink: Color, shadow: bool = True) -> pygame.Surface | None:
    """The picture alone (transparent around it): ``ink`` lightened at the top and
    deepened at the bottom, a dark outline, and a soft shadow under it."""
    shape = mask(name, size)
    if shape is None:
        return None
    pad = max(2, size // 16)
    out = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    if shadow:
        soft = shape.copy()
        soft.fill((0, 0, 0, 150), special_flags=pygame.BLEND_RGBA_MULT)
        holder = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        holder.blit(soft, (pad + max(1, size // 40), pad + max(1, size // 28)))
        out.blit(pygame.transform.gaussian_blur(holder, max(1, size // 40)), (0, 0))
    edge = _recolor(shape, darker(ink, 0.72), darker(ink, 0.8))
    step = max(1, size // 90)
    for dx, dy in ((-step, 0), (step, 0), (0, -step), (0, step)):
        out.blit(edge, (pad + dx, pad + dy))
    out.blit(_recolor(shape, lighter(ink, 0.35), darker(ink, 0.25)), (pad, pad))
    return out


def illustration(name: str, size: tuple[int, int], back: Color, ink: Color, fill: float = 0.86) -> pygame.Surface | None:
    """The picture ``name`` as an opaque illustration of ``size``: the figure in ``ink``
    over a glow of ``back``, as large as ``fill`` of the shorter side. None when the
    picture is missing (the caller keeps its plain face)."""
    w, h = size
    side = int(min(w, h) * fill)
    art = figure(name, side, ink)
    if art is None or w < 4 or h < 4:
        return None
    out = background(size, back)
    out.blit(art, art.get_rect(center=(w // 2, h // 2)))
    return out


def painted(name: str, size: tuple[int, int], color: Color) -> pygame.Surface | None:
    """:func:`illustration` in one colour (a faction's, a suit's): a pale figure lit from
    the middle of ``color``, deepened first when ``color`` is light so the figure stands out."""
    lum = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    back = darker(color, 0.3) if lum > 150 else color
    return illustration(name, size, back, lighter(color, 0.85))

