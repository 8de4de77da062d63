"""The felt a table is drawn on: a dark cloth lit softly from its middle.

A game names its cloth once (:class:`Felt`: its colours, how many rings of light
and how tall they reach); the surface is drawn once per window size and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import theme

Color = tuple[int, int, int]


@dataclass
class Felt:
    """A cloth: ``dark`` at its edges, ``light`` at the middle of what it lights (the
    window, or a table's play area), in ``rings`` ellipses shrinking by ``shrink`` of
    that area's size from ``wide`` times its width and ``tall`` times its height."""

    dark: Color
    light: Color
    rings: int
    tall: float
    wide: float = 1.5
    shrink: float = 1.0
    _cache: dict[tuple[int, ...], pygame.Surface] = field(default_factory=dict, repr=False, compare=False)

    def surface(self, w: int, h: int, lit: pygame.Rect | None = None) -> pygame.Surface:
        """The felt for a ``w`` x ``h`` window lit around ``lit`` (None: the whole window;
        the last one asked is kept)."""
        area = lit or pygame.Rect(0, 0, w, h)
        key = (w, h, *area)
        bg = self._cache.get(key)
        if bg is None:
            bg = pygame.Surface((w, h))
            bg.fill(self.dark)
            for i in range(self.rings):
                t = i / self.rings
                r = pygame.Rect(0, 0, int(area.width * (self.wide - self.shrink * t)),
                                int(area.height * (self.tall - self.shrink * t)))
                r.center = area.center
                pygame.draw.ellipse(bg, theme.lerp_color(self.dark, self.light, t), r)
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
            self._cache.clear()
            self._cache[key] = bg
        return bg
