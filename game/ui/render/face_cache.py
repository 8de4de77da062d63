"""The cache every game's card art keeps its rendered faces in, and the warm-up queue.

Rendering a face (text above all) is slow, so each game's art (Hero Realms'
:class:`~game.ui.hero_realms.faces.CardArt`, Fantasy Realms'
:class:`~game.ui.fantasy_realms.faces.FantasyArt`) renders a face once per key and keeps
it here: least recently used first out once the pixels pass a memory bound (4K
faces are big: the bound is memory, not count). Faces a table will need can be
queued and rendered a few per frame (:meth:`FaceCache.warm_step`), so a card seen
for the first time costs no frame.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

from game.ui import palette

W = TypeVar("W")  # what a queued face is (the arguments its art renders it from)


def norm_width(w: float) -> int:
    """The width a face is rendered at: in-between sizes while flying are rounded to
    even pixels (close enough, far fewer renders)."""
    n = max(16, int(w))
    return n - n % 2 if n > 60 else n


class FaceCache(ABC, Generic[W]):
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._warm: list[W] = []
        self._palette = palette.generation  # the palette its faces are drawn in

    def _get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        if self._palette != palette.generation:  # drawn in the colours of another palette
            self._cache.clear()
            self.bytes = 0
            self._palette = palette.generation
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
        return surf

    def _put(self, key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # the display's pixel format blits several times faster
        self._cache[key] = surf
        self.bytes += surf.get_width() * surf.get_height() * 4
        while self.bytes > self.max_bytes and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * 4
        return surf

    def _turned(self, key: tuple[object, ...], angle: int, face: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface ``face()`` turned ``angle`` degrees clockwise (the menus' fan, a
        champion turning), cached per degree under ``key``."""
        key = (*key, "turn", angle)
        surf = self._get(key)
        if surf is None:
            surf = self._put(key, pygame.transform.rotozoom(face(), -angle, 1.0))
        return surf

    @abstractmethod
    def _render_queued(self, item: W) -> None:
        ...  # each game provides it

    def warm_step(self, budget_s: float = 0.003) -> int:
        """Render queued faces for up to ``budget_s`` seconds; returns how many."""
        start = time.perf_counter()
        done = 0
        while self._warm and time.perf_counter() - start < budget_s:
            self._render_queued(self._warm.pop())
            done += 1
        return done
