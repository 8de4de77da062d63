"""Small things a new player met: the animation speed is a scale (it does not jump
from Slow to Instant) and the window says why it will not get smaller. (The window's
class, as the X server reports it: test_window_class_x11.py.)"""

from __future__ import annotations

import argparse

import pygame
import pytest

from game.ui.app import MIN_SIZE, App, run_app
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import ANIM_SPEEDS
from game.ui.widgets.basic import Cycle


def test_the_animation_speed_runs_from_instant_to_slow_without_wrapping(app: App) -> None:
    app.settings.anim_speed = "normal"
    scene = SettingsScene(app)
    app.push(scene)
    speed = next(w for w in scene.group.widgets if isinstance(w, Cycle) and w.value in ANIM_SPEEDS)
    assert [v for v, _ in speed.options] == ["instant", "fast", "normal", "slow"]
    seen = []
    for delta in (1, 1, -1, -1, -1, -1):
        speed.step(delta)
        seen.append(app.settings.anim_speed)
    assert seen == ["slow", "slow", "normal", "fast", "instant", "instant"]
    app.step(1 / 60, [])


def test_a_window_dragged_below_the_minimum_says_so_once(app: App) -> None:
    small = [pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500)) for _ in range(3)]
    app.step(1 / 60, small)
    assert app.size == MIN_SIZE
    words = app.tr("app.min_size", w=MIN_SIZE[0], h=MIN_SIZE[1])
    assert [t for t, _ in app.toasts] == [words]


def test_a_size_below_the_minimum_on_the_command_line_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(size="800x500", frames=1, screenshot_dir=None, windowed=True)
    assert run_app(args) == 0
    err = capsys.readouterr().err
    assert "--size 800x500 is below the minimum 960x540: the window opens at 960x540" in err
