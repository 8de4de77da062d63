"""The kit's off-screen table run for the self-test: frames until done, or the time limit."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.scene import Scene
from game.ui.tablekit.selftest import play_off_screen


class _Counting(Scene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.frames = 0

    def update(self, dt: float) -> None:
        self.frames += 1


def _opened(app: Any) -> _Counting:
    table = _Counting(app)
    app.push(table)
    return table


def test_frames_run_until_done_and_stop_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests of this process keep pygame
    assert play_off_screen(_opened, lambda t: t.frames >= 5, 30) == (5, True)
    frames, done = play_off_screen(_opened, lambda t: False, 0.05)
    assert not done and 0 < frames < 50
