"""What every table's frame-time bench shares: a headless display, paced frames, figures.

A game's bench section (``game/ui/<game>/bench.py``) sets up its busy table and
measures it with :func:`paced_frames` at a 60 FPS pace; only the frame's own work
(input, update, draw) is timed: wall-clock p50/p95/max in ms, and the process's CPU
time per frame (p50/p95), which the machine's load does not inflate (a shared
machine deschedules the process for whole milliseconds).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any


def headless() -> None:
    """No window and no sound: the bench runs on any machine (before pygame is imported)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bench_table(table_class: Any, rec: Any, seats: list[Any]) -> tuple[Any, Any]:
    """A table of ``table_class`` on ``rec`` with ``seats`` pushed on an app at 1600x900,
    normal speed, no sound, nothing saved (call :func:`headless` first): (app, table)."""
    from game.session import local as games
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="normal", mute=True), size=(1600, 900), persist=False)
    table = table_class(app, games.start(rec, seats), [s.name for s in seats], [s.kind for s in seats], rec=rec)
    app.push(table)
    return app, table


def paced_frames(app: Any, frames: int, before: Callable[[], None],
                 after: Callable[[], None] | None = None) -> tuple[list[float], list[float]]:
    """``frames`` frames at a 60 FPS pace, after 40 unmeasured ones (the first renders of
    every face); ``before`` acts for the human, ``after`` looks at each frame. Returns
    each frame's own wall-clock and CPU time in ms (sleeping to the pace is not counted)."""
    times: list[float] = []
    cpu: list[float] = []  # this process's CPU time: the frame's own cost, whatever the machine's load
    for _i in range(40):  # warm the caches outside the sample
        app.step(1 / 60, [])
    t_end = time.perf_counter()
    for _i in range(frames):
        before()
        t0, c0 = time.perf_counter(), time.process_time()
        app.step(1 / 60, [])
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        if after is not None:
            after()
        t_end += 1 / 60
        pause = t_end - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            t_end = time.perf_counter()
    return times, cpu


def frame_figures(times: list[float], cpu: list[float]) -> dict[str, Any]:
    """Frame count, wall-clock p50/p95/max and CPU p50/p95 in ms."""
    times = sorted(times)
    cpu = sorted(cpu)

    def pct(p: float, xs: list[float] = times) -> float:
        return round(xs[min(len(xs) - 1, int(len(xs) * p))], 2)

    return {
        "frames": len(times),
        "frame_ms_p50": pct(0.50),
        "frame_ms_p95": pct(0.95),
        "frame_ms_max": round(times[-1], 2),
        "frame_cpu_ms_p50": pct(0.50, cpu),
        "frame_cpu_ms_p95": pct(0.95, cpu),
    }


def measure_table(app: Any, table: Any, frames: int, before: Callable[[], None],
                  after: Callable[[], None] | None = None) -> dict[str, Any]:
    """Run ``table`` (already on ``app``) for :func:`paced_frames`, then close the app and
    pygame; its frame figures and how many events its director animated meanwhile."""
    import pygame

    events_before = table.director.applied
    try:
        times, cpu = paced_frames(app, frames, before, after)
    finally:
        app.close()
        pygame.quit()
    return {**frame_figures(times, cpu), "events_animated": table.director.applied - events_before}
