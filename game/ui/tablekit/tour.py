"""The tour's steps for a table (its screenshots, ``python -m game play --screenshot-dir``):
frames run until the table waits, a pointer rested on a place."""

from __future__ import annotations

from typing import Any

import pygame


def settle(app: Any, sc: Any, limit: int = 600) -> None:
    """Run frames until every event is shown and the table waits for its player or a dialog
    is over it (at most ``limit``), then half a second more for what still glows."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if sc.director.idle and sc.synced and not sc._pending() and (sc.can_act or not sc.on_top):
            break
    for _ in range(30):
        app.step(1 / 60, [])


def hover(app: Any, pos: tuple[int, int], frames: int = 30) -> None:
    """The pointer moved to ``pos`` and rested there ``frames`` frames."""
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(frames):
        app.step(1 / 60, [])


def until_shown(app: Any, kind: type, limit: int = 600) -> None:
    """Run frames until a scene of ``kind`` (an end screen, say) is on top (at most
    ``limit``), then a third of a second more for it to settle."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if isinstance(app.top, kind):
            break
    for _ in range(20):
        app.step(1 / 60, [])
