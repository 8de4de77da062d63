"""The table's frame time, for ``python -m game bench`` (section "ui").

A busy four-player table (champions, cards in play, a full market) at 1600×900
with the dummy video driver: the human ends the turn and the three AI seats,
thinking in worker processes, play theirs while the table animates every event
at normal speed. The loop sleeps to a 60 FPS pace like the real one; only the
frame's own work (input, update, draw) is timed: wall-clock p50/p95/max in ms,
and the process's CPU time per frame (p50/p95), which the machine's load does not
inflate (a shared machine deschedules the process for whole milliseconds).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any


def _strongest() -> str:
    from game.ai.agent import agent_names

    names = agent_names()
    for n in ("hard", "medium", "easy"):
        if n in names:
            return n
    return names[0]


def headless() -> None:
    """No window and no sound: the bench runs on any machine (before pygame is imported)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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


def ui_section(quick: bool) -> dict[str, Any]:
    headless()
    import pygame

    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.capture import busy_position
    from game.ui.hero_realms.table import TableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="normal", mute=True), size=(1600, 900), persist=False)
    agent = _strongest()
    rec = busy_position(4, seed=3)
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("ai", f"Bot {i}", agent) for i in range(1, 4)]
    client = games.start(rec, seats)
    table = TableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
    app.push(table)
    events_before = table.director.applied
    ai_busy_frames = 0

    def act() -> None:
        if table.can_act:
            line = "end" if "end" in table.model.legal else table.model.legal[0]
            table.submit(line)

    def look() -> None:
        nonlocal ai_busy_frames
        if client.ai.thinking():
            ai_busy_frames += 1

    try:
        times, cpu = paced_frames(app, 300 if quick else 1200, act, look)
    finally:
        app.close()
        pygame.quit()
    return {
        "table": "4 seats, busy position, 1600x900, normal speed",
        "agent": agent,
        **frame_figures(times, cpu),
        "events_animated": table.director.applied - events_before,
        "frames_with_ai_thinking": ai_busy_frames,
    }
