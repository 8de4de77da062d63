"""Fantasy Realms' table line of ``python -m game --selftest``: a whole game drawn off-screen."""

from __future__ import annotations

import time


def check_table() -> str:
    """The Fantasy Realms table off-screen: three AI seats play a whole game through it."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.fantasy_realms.table import FantasyTableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        seats = [SeatConfig("ai", n, "easy") for n in ("A", "B", "C")]
        rec = FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 7).record()
        client = games.start(rec, seats, ai_pace=0.0)
        table = FantasyTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        frames = 0
        deadline = time.monotonic() + 90
        while not table.over_shown and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        if not table.over_shown:
            raise RuntimeError(f"the game was not over after 90 s ({len(rec.actions)} actions)")
        return f"Fantasy Realms table drawn for {frames} frames, a whole game of {len(rec.actions)} actions"
    finally:
        app.close()
        pygame.quit()
