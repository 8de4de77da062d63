"""The kit's felt: dark at the edges, lit in the middle, drawn once per window size."""

from __future__ import annotations

import pygame

from game.ui.tablekit.felt import Felt


def test_felt_is_lit_in_the_middle_and_kept_per_size() -> None:
    cloth = Felt((10, 10, 10), (90, 90, 90), rings=8, tall=1.5)
    s = cloth.surface(320, 180)
    assert s.get_at((0, 0))[:3] == (10, 10, 10)
    assert s.get_at((160, 90))[0] > s.get_at((20, 90))[0] > 10
    assert cloth.surface(320, 180) is s
    assert cloth.surface(200, 100).get_size() == (200, 100) and cloth.surface(320, 180) is not s


def test_felt_lit_around_a_play_area_is_brightest_there() -> None:
    cloth = Felt((10, 10, 10), (90, 90, 90), rings=12, tall=1.35, wide=1.35, shrink=0.5)
    play = (0, 0, 240, 180)
    s = cloth.surface(320, 180, pygame.Rect(play))
    assert s.get_at((120, 90))[0] > s.get_at((300, 90))[0]  # the light follows the play area, not the window
    assert cloth.surface(320, 180, pygame.Rect(play)) is s
    assert cloth.surface(320, 180) is not s
