"""The tour's steps for a table (its screenshots, ``python -m game play --screenshot-dir``):
frames run until the table waits, a pointer rested on a place, the New game screen set for
the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.tablekit.options import GameOptions


def frames(app: Any, n: int, dt: float = 1 / 60, events: list[pygame.event.Event] | None = None) -> None:
    """``n`` frames of ``dt`` seconds (``events`` handed to the first)."""
    for i in range(n):
        app.step(dt, events if (events and i == 0) else [])


def new_game(app: Any, game: str, count: int | None = None,
             options: Callable[[GameOptions], object] | None = None) -> None:
    """New game over the title, on ``game``, for ``count`` players, its panel set by ``options``."""
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game(game)
    if options is not None:
        options(ng.options)
    if count is not None:
        ng._set_count(count)
    frames(app, 5)


def settle(app: Any, sc: Any, limit: int = 600) -> None:
    """Run frames until every event is shown and the table waits for its player or a dialog
    is over it (at most ``limit``), then half a second more for what still glows."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if sc.director.idle and sc.synced and not sc._pending() and (sc.can_act or not sc.on_top):
            break
    frames(app, 30)


def hover(app: Any, pos: tuple[int, int], rest: int = 30) -> None:
    """The pointer moved to ``pos`` and rested there ``rest`` frames."""
    frames(app, rest + 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def until_shown(app: Any, kind: type, limit: int = 600) -> None:
    """Run frames until a scene of ``kind`` (an end screen, say) is on top (at most
    ``limit``), then a third of a second more for it to settle."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if isinstance(app.top, kind):
            break
    frames(app, 20)
