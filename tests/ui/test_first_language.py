"""The first start speaks the system's language (French or English) until the player
picks one in Settings. The locale is the process's own environment, read by SDL
(``pygame.system.get_pref_locales``) as on a player's desktop."""

from __future__ import annotations

import argparse
import json

import pytest

from game.ui.app import App, open_app
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import settings_path, system_language
from game.ui.widgets.basic import Button, Cycle

ARGS = argparse.Namespace(size="1280x720", windowed=True, screenshot_dir=None, frames=None)


def _locale(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)


def _start(first: bool = True) -> App:
    app = open_app(ARGS)
    assert isinstance(app, App)
    app.push(app.new_screen("title", first_start=first))
    app.step(1 / 60, [])
    return app


def _labels(app: App) -> list[str]:
    return [w.label for scene, _ in app.stack for w in scene.group.widgets if isinstance(w, Button)]


def test_a_french_system_starts_in_french_until_the_player_picks_english(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "fr_FR.UTF-8")
    app = _start()
    try:
        assert app.tr.lang == "fr"
        offer = app.top
        assert isinstance(offer, ConfirmDialog) and offer.title == "Nouveau venu ?"  # the first start's question
        assert "Nouvelle partie" in _labels(app)
        app.pop()  # no lesson
        settings = SettingsScene(app)
        app.push(settings)
        language = next(w for w in settings.group.widgets if isinstance(w, Cycle) and w.value in ("en", "fr"))
        language.step(-1)  # Français -> English
        assert app.settings.language == "en"
    finally:
        app.close()
    saved = json.loads(settings_path().read_text())
    assert saved["language"] == "en" and saved["language_chosen"] is True
    again = _start(first=False)  # still a French system: the player's choice stands
    try:
        assert again.tr.lang == "en" and "New game" in _labels(again)
    finally:
        again.close()


def test_the_system_language_is_followed_at_each_start_until_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "fr_BE.UTF-8")
    first = _start()
    first.close()
    assert json.loads(settings_path().read_text())["language_chosen"] is False  # written by the first start's question
    _locale(monkeypatch, "en_GB.UTF-8")
    second = _start(first=False)
    try:
        assert second.tr.lang == "en"
    finally:
        second.close()


def test_the_preferred_languages_in_order() -> None:
    de_fr = [{"language": "de", "country": "DE"}, {"language": "fr", "country": "CH"}]
    assert system_language(de_fr, {}, "win32") == "fr"  # the first one the table speaks
    assert system_language([{"language": "ja", "country": None}], {}, "darwin") == "en"
    assert system_language([{"language": "en", "country": "US"}], {"LC_ALL": "fr_FR.UTF-8"}, "linux") == "fr"
    assert system_language([{"language": "fr", "country": "FR"}], {"LC_ALL": "C.UTF-8"}, "linux") == "fr"
    assert system_language([], {"LC_MESSAGES": "fr_FR"}, "win32") == "en"  # not a Windows setting
