"""The kit's word on a LAN client's connection trouble, on the turn box's top line in
place of the turn's number (drawn at its right, it ran over the turn label)."""

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
    turn = pygame.Surface((400, 100))
    turn.fill((0, 0, 0))
    label = pygame.font.Font(None, 14).render("Turn 3", True, (200, 200, 200))
    turn.blit(label, (10, 3))  # what a table draws on that line before the connection's word
    draw_connection(turn, pygame.Rect(0, 0, 400, 60), SimpleNamespace(status="closed"), Tr("en"), lambda v: int(v))
    grey = pygame.mask.from_threshold(turn, (200, 200, 200), (8, 8, 8, 255))
    assert grey.count() == 0  # the turn's number is covered, not written over
    trouble = _drawn("reconnecting")
    lit = pygame.mask.from_threshold(trouble, (0, 0, 0), (1, 1, 1, 255))
    lit.invert()
    box = lit.get_bounding_rects()[0]
    assert box.top >= 2 and box.bottom <= 20 and box.right <= 396  # the box's top line, inside it
