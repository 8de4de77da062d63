"""Hero Realms' table line of ``python -m game --selftest``: the table drawn off-screen."""

from __future__ import annotations

import time


def check_table() -> str:
    """Open the table off-screen and let two AI seats play a few turns through it."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.hero_realms.record import Record
    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.hero_realms.table import TableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        seats = [SeatConfig("ai", "A", "random"), SeatConfig("ai", "B", "random")]
        rec = Record.standard(2, seed=7)
        client = games.start(rec, seats, ai_pace=0.0)
        table = TableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        frames = 0
        deadline = time.monotonic() + 60
        while len(rec.actions) < 40 and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        if len(rec.actions) < 40:
            raise RuntimeError(f"the table advanced only {len(rec.actions)} actions in 60 s")
        return f"table drawn off-screen for {frames} frames while AI seats played {len(rec.actions)} actions"
    finally:
        app.close()
        pygame.quit()
