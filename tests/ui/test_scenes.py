"""Every scene enters, draws and leaves headless, in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.hero_realms.dialogs import AttackDialog, CardPickerDialog
from game.ui.hero_realms.gameover import GameOverScene
from game.ui.scenes.dialogs import ChoiceDialog, ConfirmDialog, Curtain
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from tests.ui.helpers import click_button, key, open_table, position, press

GOLD5 = ["gold"] * 5


def _players() -> list[dict]:
    return [{"hand": ["gold", "spark"], "deck": GOLD5}, {"hand": ["gold"], "deck": GOLD5}]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_scene_enters_draws_and_leaves(app: App, lang: str) -> None:
    app.settings.language = lang
    app.apply_settings()
    table = open_table(app, position(_players()))
    scenes = [
        TitleScene(app), NewGameScene(app), RulesScene(app), SettingsScene(app), PauseScene(app),
        GameOverScene(app, ["Ana", "Ben"], 0, [{"damage": 50, "bought": 3, "turns": 4}] * 2, [12, 0], 0),
        ChoiceDialog(app, "Pick", [(1, "one"), (2, "two")], (None, "cancel")),
        ConfirmDialog(app, "Sure?", ["because"], "Yes", "No"),
        AttackDialog(app, "Attack", 5, 3, "hint"),
        CardPickerDialog(app, "Cards", [("x", "spark", "hand"), ("y", "gold", "")], [(None, "Close")], closable=True),
        Curtain(app, "Ben"),
    ]
    for scene in scenes:
        results: list[object] = []
        app.push(scene, results.append)
        assert app.top is scene
        for _ in range(3):
            app.step(1 / 60, [])
        for size in ((1280, 720), (3840, 2160), (1000, 560)):  # layouts at 720p, 4K and a small window
            scene.layout(*size)
        scene.layout(*app.size)
        app.step(1 / 60, [])
        app.pop(scene, "done")
        assert results == ["done"]
        assert app.top is table
    app.step(1 / 60, [])


def test_title_buttons_open_scenes_and_escape_asks_before_quitting(app: App) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.rules")
    assert isinstance(app.top, RulesScene)
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_ESCAPE)
    assert app.top is title
    click_button(app, title, "title.settings")
    assert isinstance(app.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.running and isinstance(app.top, ConfirmDialog)  # a stray Esc does not close the window
    press(app, pygame.K_ESCAPE)
    assert app.running and app.top is title
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)
    assert not app.running


def test_new_game_scene_starts_a_table_with_the_chosen_seats(app: App) -> None:
    from game.ui.hero_realms.table import TableScene

    title = TitleScene(app)
    app.reset(title)
    ng = NewGameScene(app)
    app.push(ng)
    app.step(1 / 60, [])
    ng._set_count(3)
    ng._set_kind(1, "human")
    ng._set_name(1, "Ben")
    ng._set_seed("42")
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    table = app.top
    if isinstance(table, Curtain):  # hotseat games may open on the curtain
        app.pop(table, True)
        table = app.top
    assert isinstance(table, TableScene) or any(isinstance(s, TableScene) for s, _ in app.stack)
    t = next(s for s, _ in app.stack if isinstance(s, TableScene))
    assert t.names[1] == "Ben" and len(t.model.seats) == 3
    assert t.client.session.record.setup["seed"] == 42


def test_resizing_the_window_relays_out_the_table(app: App) -> None:
    table = open_table(app, position(_players()))
    for size in ((1600, 900), (1920, 1080), (900, 500)):
        app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        app.step(1 / 60, [])
        w, h = app.size
        assert (w, h) == (max(960, size[0]), max(540, size[1]))
        assert table.lay.w == w and table.lay.h == h
        hand = table.model.seats[0].hand
        assert all(0 <= sp.x <= w and 0 <= sp.y <= h + sp.w for sp in hand)


def test_an_unexpected_error_ends_with_one_line_a_report_and_the_crash_screen(app: App, capsys) -> None:  # type: ignore[no-untyped-def]
    from game.core.userdirs import log_dir
    from game.ui.scene import Scene
    from game.ui.scenes.crash import CrashScene

    class Broken(Scene):
        def update(self, dt: float) -> None:
            raise RuntimeError("boom")

    shown: list[Scene] = []

    app.reset(Broken(app))
    pygame.time.set_timer(pygame.QUIT, 400, loops=1)  # the player closes the window on the crash screen
    real_push = app.push

    def push(scene: Scene, on_result=None):  # type: ignore[no-untyped-def]
        shown.append(scene)
        return real_push(scene, on_result)

    app.push = push  # type: ignore[method-assign]
    assert app.run() == 1
    err = capsys.readouterr().err
    assert "boom" in err and len(err.strip().splitlines()) == 1
    assert app.crashed is not None
    report = app.crashed[1]
    assert report is not None and report.parent == log_dir() and f"the report is in {report}" in err
    assert "RuntimeError: boom" in report.read_text()
    crash = next(s for s in shown if isinstance(s, CrashScene))
    assert str(report) in [words for words, *_ in crash.lines()]
