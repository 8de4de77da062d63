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
    """A cloth: ``dark`` at its edges, ``light`` at its middle, in ``rings`` ellipses
    shrinking from 1.5 times the width and ``tall`` times the height."""

    dark: Color
    light: Color
    rings: int
    tall: float
    _cache: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict, repr=False, compare=False)

    def surface(self, w: int, h: int) -> pygame.Surface:
        """The felt for a ``w`` x ``h`` window (the last size asked is kept)."""
        bg = self._cache.get((w, h))
        if bg is None:
            bg = pygame.Surface((w, h))
            bg.fill(self.dark)
            for i in range(self.rings):
                t = i / self.rings
                r = pygame.Rect(0, 0, int(w * (1.5 - t)), int(h * (self.tall - t)))
                r.center = (w // 2, h // 2)
                pygame.draw.ellipse(bg, theme.lerp_color(self.dark, self.light, t), r)
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
            self._cache.clear()
            self._cache[(w, h)] = bg
        return bg
