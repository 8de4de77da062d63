"""The kit's word on a LAN client's connection trouble, at the top right of the turn box."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.ui.app import App
from game.ui.i18n import Tr
from game.ui.tablekit.frame import draw_connection


def _drawn(status: str | None) -> pygame.Surface:
    surf = pygame.Surface((400, 100))
    surf.fill((0, 0, 0))
    client = SimpleNamespace() if status is None else SimpleNamespace(status=status)
    draw_connection(surf, pygame.Rect(0, 0, 400, 60), client, Tr("en"), lambda v: int(v))
    return surf


def test_connection_trouble_is_said_and_a_good_one_is_not(app: App) -> None:  # the app starts pygame's fonts
    assert pygame.mask.from_threshold(_drawn("ok"), (0, 0, 0), (1, 1, 1, 255)).count() == 400 * 100
    assert pygame.mask.from_threshold(_drawn(None), (0, 0, 0), (1, 1, 1, 255)).count() == 400 * 100
    trouble = _drawn("reconnecting")
    lit = pygame.mask.from_threshold(trouble, (0, 0, 0), (1, 1, 1, 255))
    lit.invert()
    box = lit.get_bounding_rects()[0]
    assert box.right <= 394 and box.top >= 3 and box.left > 100  # right-aligned in the box's top
