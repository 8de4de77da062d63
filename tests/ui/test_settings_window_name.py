"""Settings: the window's size (applied at once, said when it cannot be) and the
player's name (the first human seat's default name in New game, the LAN name)."""

from __future__ import annotations

import json

import pygame

from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings, load_settings, settings_path
from game.ui.widgets.basic import Cycle, TextField
from tests.ui.helpers import click, click_button


def _size_cycle(scene: SettingsScene) -> Cycle:
    return next(w for w in scene.group.widgets if isinstance(w, Cycle) and any(v == "fit" for v, _ in w.options))


def _choose(app: App, scene: SettingsScene, value: str) -> None:
    for _ in range(10):
        cyc = _size_cycle(app.top)  # type: ignore[arg-type]
        if cyc.value == value:
            return
        click(app, (cyc.rect.right - 5, cyc.rect.centery))
    raise AssertionError(f"no {value} in the size cycle")


def test_the_window_size_applies_at_once_and_says_when_it_does_not_fit(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    _choose(app, scene, "1024x600")
    assert app.size == (1024, 600) and app.screen.get_size() == (1024, 600) and app.settings.window_size == "1024x600"
    app.toasts.clear()
    _choose(app, scene, "1920x1080")  # the headless screen is 1024x768
    assert app.size[0] <= 1024 and app.size[1] <= 768
    assert any("does not fit" in t for t, _ in app.toasts)
    _choose(app, scene, "fit")
    assert app.size[0] == 1024 and 540 <= app.size[1] <= 768


def test_in_fullscreen_the_size_waits_for_the_window_and_says_so(app: App) -> None:
    app.settings.fullscreen = True
    before = app.size
    app.settings.window_size = "1024x600"
    assert app.apply_window_size() == app.tr("settings.size_when_windowed")
    assert app.size == before


def test_the_window_opens_at_the_chosen_size() -> None:
    a = App(Settings(window_size="1024x600"), persist=False)
    try:
        assert a.screen.get_size() == (1024, 600)
    finally:
        a.close()


def test_a_bad_size_or_name_in_the_file_is_reset_with_a_warning() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"window_size": "huge", "player_name": "x" * 40, "volume": 20}), encoding="utf-8")
    st, warning = load_settings()
    assert st.window_size == "auto" and st.player_name == "" and st.volume == 20
    assert warning and "window_size" in warning and "player_name" in warning


def test_the_player_name_is_typed_in_settings_and_names_the_first_seat_and_the_lan_player(app: App) -> None:
    from game.ui.scenes.lan import JoinScene
    from game.ui.scenes.newgame import NewGameScene

    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    field = next(w for w in scene.group.widgets if isinstance(w, TextField))
    click(app, field.rect.center)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Zoé ")])
    click_button(app, scene, "settings.back")
    assert app.settings.player_name == "Zoé"
    ng = NewGameScene(app)
    app.push(ng)
    app.step(1 / 60, [])
    assert ng.setup().seats[0].name == "Zoé"
    app.pop(ng)
    assert JoinScene(app).name == "Zoé"
