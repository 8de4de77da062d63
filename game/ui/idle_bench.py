"""The ``idle`` bench section: what the table costs while nobody touches it.

The real frame loop (``App.loop``, paced by :mod:`game.ui.pace`) runs on the title
screen, then on each playable game's table waiting for the human to act (a new
two-seat game against an Easy AI), for a few seconds each once it has settled, and
the process's CPU time over that time is reported as a share of one core. For
comparison, the title is also measured lively (the pointer moving every frame, so
at full frame rate). Headless by default (the dummy video driver); with
``SDL_VIDEODRIVER`` set (x11 under Xvfb, say) it measures that driver.
"""

from __future__ import annotations

import time
from typing import Any

from game.ui.tablekit.bench import headless

WAIT_FOR_TURN_S = 60.0  # at most, for the AI's first moves before the human's turn


def _cpu_share(app: Any, seconds: float) -> dict[str, float]:
    """Run the app's loop for ``seconds``: CPU per cent of a core, pictures drawn and shown a second."""
    pace = app.pace
    drawn, flips = pace.drawn, pace.flips
    c0, w0 = time.process_time(), time.monotonic()
    app.loop(max_seconds=seconds)
    cpu, wall = time.process_time() - c0, time.monotonic() - w0
    return {"cpu_pct": round(100 * cpu / wall, 2), "drawn_per_s": round((pace.drawn - drawn) / wall, 1),
            "shown_per_s": round((pace.flips - flips) / wall, 1)}


def _settled(app: Any, seconds: float) -> dict[str, float]:
    """The loop's figures at rest: first the lively time after the last thing that happened."""
    from game.ui.pace import LIVELY_S

    app.loop(max_seconds=LIVELY_S + 0.5)
    return _cpu_share(app, seconds)


def _lively_title(app: Any, seconds: float) -> dict[str, float]:
    """The title with the pointer moving on every frame: the full frame rate's cost."""
    import pygame

    real_step = app.step
    x = [0]

    def moving(dt: float, events: Any = None, draw: bool = True) -> None:
        x[0] = (x[0] + 7) % 400
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(40 + x[0], 40), rel=(7, 0), buttons=(0, 0, 0)))
        real_step(dt, events, draw)

    app.step = moving
    try:
        return _cpu_share(app, seconds)
    finally:
        app.step = real_step


def _waiting_table(game: str, seconds: float) -> dict[str, Any]:
    import pygame

    from game import games
    from game.session.session import SeatConfig
    from game.ui.app import App
    from game.ui.scenes.common import open_table
    from game.ui.settings import Settings

    app = App(Settings(mute=True, anim_speed="fast"), size=(1280, 720), persist=False)
    try:
        rec = games.game(game).new_record(2, 11)
        seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")]
        if not open_table(app, rec, seats, autosave=False):
            return {"error": "the table did not open"}
        table: Any = app.top  # the table open_table pushed
        deadline = time.monotonic() + WAIT_FOR_TURN_S
        while not table.can_act and time.monotonic() < deadline:
            app.loop(max_frames=1)
        if not table.can_act:
            return {"error": f"the human's turn did not come in {WAIT_FOR_TURN_S:.0f} s"}
        return _settled(app, seconds)
    finally:
        app.close()
        pygame.quit()


def idle_section(quick: bool) -> dict[str, Any]:
    headless()
    import pygame

    from game import games
    from game.ui.app import App
    from game.ui.pace import LIVELY_S, REST_DRAW_S, REST_POLL_S
    from game.ui.settings import Settings

    seconds = 3.0 if quick else 10.0
    out: dict[str, Any] = {"measured_s": seconds, "size": "1280x720",
                           "pace": f"lively {LIVELY_S} s after input; at rest a look every {REST_POLL_S} s, "
                                   f"a picture when what the scenes show changes (every {REST_DRAW_S} s for one "
                                   f"that cannot say), shown if its pixels changed"}
    app = App(Settings(mute=True), size=(1280, 720), persist=False)
    try:
        out["driver"] = pygame.display.get_driver()
        app.push(app.new_screen("title"))
        for k, v in _lively_title(app, min(seconds, 3.0)).items():
            out[f"title_lively_{k}"] = v
        for k, v in _settled(app, seconds).items():
            out[f"title_idle_{k}"] = v
    finally:
        app.close()
        pygame.quit()
    for game in games.playable():
        figures = _waiting_table(game, seconds)
        for k, v in figures.items():
            out[f"table_{game}_idle_{k}"] = v
    return out
