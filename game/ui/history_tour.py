"""The screenshot tour's Replays and Statistics screens, over a history made for it.

A few short games of each playable game (random moves, the player against AI levels
of every kind) are played to their end in a scratch folder, so that the list, a replay
on its table and the charts have something to show; the player's own history is
neither shown nor touched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import games as registry
from game.ai.agent import make_agent
from game.core.userdirs import scratch_home
from game.session import history
from game.session.session import SeatConfig, Session

LEVELS = ("easy", "medium", "hard", "easy", "medium", "random")


def play_history(games_each: int = len(LEVELS)) -> None:
    """Finished games of every playable game in the current history folder."""
    for name in registry.playable():
        rules = registry.game(name)
        for i in range(games_each):
            seed = 100 + i
            rec = rules.new_record(2, seed)
            level = LEVELS[i % len(LEVELS)]
            session = Session(rec, [SeatConfig("human", "Ana"), SeatConfig("ai", f"AI {level}", level)],
                              keep_history={})
            agents = [make_agent("random", seed * 2 + k, name) for k in range(2)]
            while not session.over:
                seat = session.waiting_for()[0]
                view = session.view(seat)
                session.submit(seat, agents[seat].choose(view, view["legal"]))


def tour(app: Any, shot: Callable[[str], None], frames: Callable[..., None]) -> None:
    """Shots of the Replays list, a replay part way through, and the Statistics screen."""
    with scratch_home():
        play_history()
        folder = history.history_dir()
        replays = app.new_screen("replays", folder)
        app.push(replays)
        frames(app, 5)
        shot("04c_replays")
        newest = history.history_files(folder)[-1]
        viewer = app.new_screen("replay", newest)
        app.push(viewer)
        viewer.seek(viewer.replay.length * 2 // 3)
        viewer.step_forward()
        frames(app, 30)
        shot("04d_replay")
        app.pop()
        app.pop()
        app.push(app.new_screen("stats", folder))
        frames(app, 5)
        shot("04e_statistics")
        app.pop()
