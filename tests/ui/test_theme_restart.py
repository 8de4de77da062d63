"""A second App in the same process must not reuse fonts from before pygame.quit()
(the packaged self-test opens both tables one after the other)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui import theme
from game.ui.app import App


def test_fonts_survive_a_pygame_restart() -> None:
    App(size=(960, 540), persist=False)
    theme.fit_text("Dragon", 20, 200)
    pygame.quit()
    App(size=(960, 540), persist=False)
    assert theme.fit_text("Dragon", 20, 200).get_width() > 0
    assert theme.text("Fire Gem", 14).get_width() > 0
    pygame.quit()
