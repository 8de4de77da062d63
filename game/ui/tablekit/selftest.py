"""What every table's line of ``python -m game --selftest`` shares: a table opened
off-screen (dummy video and sound drivers) and played through by its AI seats,
frame by frame, until it has done what the check asks or its time is up."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any


def play_off_screen(open_table: Callable[[Any], Any], done: Callable[[Any], bool], limit_s: float) -> tuple[int, bool]:
    """Open a table on a fresh off-screen app (``open_table(app)`` makes it and pushes
    it), step frames until ``done(table)`` or ``limit_s`` seconds; the app and pygame are
    closed after. Returns the frames drawn and whether ``done`` was reached."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        table = open_table(app)
        frames = 0
        deadline = time.monotonic() + limit_s
        while not done(table) and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        return frames, done(table)
    finally:
        app.close()
        pygame.quit()
