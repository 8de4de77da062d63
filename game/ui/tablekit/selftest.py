"""Every table's line of ``python -m game --selftest``: a table opened off-screen (dummy
video and sound drivers) and played through by its AI seats, frame by frame, until it
has done what the check asks or its time is up (:func:`table_line`)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from game import games
from game.core.game import GameState
from game.core.record import SaveRecord
from game.session.session import SeatConfig


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


def table_line(scene: str, rec: SaveRecord[GameState], seats: list[SeatConfig], limit_s: float,
               actions: int | None = None) -> str:
    """A game's table line: the table (``scene``, "module:Class") opened on a local game of
    ``rec`` whose AI seats play with no pause, until ``actions`` actions are played or, given
    None, until the end screen shows; a RuntimeError when ``limit_s`` seconds were not enough."""
    from game.session import local
    from game.session.ai_seats import NO_PAUSE

    title = games.title(games.game_of(rec).name)

    def open_table(app: Any) -> Any:
        client = local.start(rec, seats, ai_pace=0.0, secret_pause=NO_PAUSE)
        table = games.hook(scene)(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        return table

    def done(table: Any) -> bool:
        return len(rec.actions) >= actions if actions is not None else bool(table.over_shown)

    frames, finished = play_off_screen(open_table, done, limit_s)
    if not finished:
        goal = f"{actions} actions" if actions is not None else "the end of the game"
        raise RuntimeError(f"the {title} table did not reach {goal} in {limit_s:g} s ({len(rec.actions)} actions)")
    played = f"{len(rec.actions)} actions by its AI seats" if actions is not None else f"a whole game of {len(rec.actions)} actions"
    return f"{title} table drawn for {frames} frames, {played}"
