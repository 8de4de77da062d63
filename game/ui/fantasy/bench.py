"""The Fantasy Realms table's frame time, for ``python -m game bench`` (section "ui_fantasy").

Six seats with the Cursed Items and the new suits at 1600x900 (dummy video
driver), normal animation speed: the human draws and discards, five AI seats
(thinking in worker processes) play their turns while the table animates them,
with the live score recomputed as the hand changes. The loop sleeps to a 60 FPS
pace like the real one; only the frame's own work is timed (wall-clock and this
process's CPU time per frame, which the machine's load does not inflate).
"""

from __future__ import annotations

import os
import time
from typing import Any


def ui_fantasy_section(quick: bool) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.fantasy.dialogs import PickDialog
    from game.ui.fantasy.setup import FantasySetup
    from game.ui.fantasy.table import FantasyTableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="normal", mute=True), size=(1600, 900), persist=False)
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("ai", f"Bot {i}", "medium") for i in range(1, 6)]
    rec = FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 3).record()
    client = games.start(rec, seats)
    table = FantasyTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
    app.push(table)
    frames = 300 if quick else 1200
    times: list[float] = []
    cpu: list[float] = []
    events_before = table.director.applied
    try:
        for _i in range(40):  # first renders of the faces, outside the sample
            app.step(1 / 60, [])
        t_end = time.perf_counter()
        for _i in range(frames):
            if table.can_act:
                legal = table.model.legal
                line = next((x for x in legal if x in ("draw deck", "draw two", "end", "pass")), None) or \
                    next((x for x in legal if x.startswith(("discard ", "keep "))), legal[0])
                table.submit(line)
            elif isinstance(app.top, PickDialog):  # the engine asks: the first answer
                q = app.top.q
                app.top.close((q.options or q.buttons)[0].value)
            t0, c0 = time.perf_counter(), time.process_time()
            app.step(1 / 60, [])
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            t_end += 1 / 60
            pause = t_end - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                t_end = time.perf_counter()
    finally:
        app.close()
        pygame.quit()
    times.sort()
    cpu.sort()

    def pct(p: float, xs: list[float] = times) -> float:
        return round(xs[min(len(xs) - 1, int(len(xs) * p))], 2)

    return {
        "table": "Fantasy Realms, 6 seats, Cursed Items + new suits, 1600x900, normal speed",
        "frames": len(times),
        "frame_ms_p50": pct(0.50),
        "frame_ms_p95": pct(0.95),
        "frame_ms_max": round(times[-1], 2),
        "frame_cpu_ms_p50": pct(0.50, cpu),
        "frame_cpu_ms_p95": pct(0.95, cpu),
        "events_animated": table.director.applied - events_before,
    }
