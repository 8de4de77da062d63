"""HerosDeï's table line of ``python -m game --selftest``: a whole game drawn off-screen."""

from __future__ import annotations

import time

LIMIT_S = 90  # a whole game between two Easy seats takes a few seconds; a stuck table fails here


def check_table() -> str:
    """The HerosDeï table off-screen: two AI seats play a whole game through it."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.herosdei.options import HdSetup
    from game.ui.herosdei.table import HdTableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        seats = [SeatConfig("ai", "A", "easy"), SeatConfig("ai", "B", "easy")]
        rec = HdSetup("standard", ("vikings", "amazons"), seats, 7).record()
        client = games.start(rec, seats, ai_pace=0.0)
        table = HdTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        frames = 0
        deadline = time.monotonic() + LIMIT_S
        while not table.over_shown and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        if not table.over_shown:
            raise RuntimeError(f"the game was not over after {LIMIT_S} s ({len(rec.actions)} actions)")
        return f"HerosDeï table drawn for {frames} frames, a whole game of {len(rec.actions)} actions"
    finally:
        app.close()
        pygame.quit()
