"""Settings and saves live in the user's folders, written atomically; corrupt
files are reported and replaced by defaults, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core import userdirs
from game.core.errors import DataError
from game.hero_realms.record import Record
from game.session import local as games
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.hero_realms.setup import GameSetup
from game.ui.settings import Settings, load_settings, save_settings, settings_path
from tests.ui.helpers import click_button


def test_userdirs_follow_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path))
    assert userdirs.config_dir() == tmp_path / "config"
    assert userdirs.saves_dir() == tmp_path / "data" / "saves"


def test_userdirs_by_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("REALMS_TABLE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(userdirs.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert userdirs.config_dir() == tmp_path / "xdg" / "realms-table"
    monkeypatch.setattr(userdirs.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert userdirs.config_dir() == tmp_path / "roaming" / "realms-table"
    monkeypatch.setattr(userdirs.sys, "platform", "darwin")
    assert userdirs.data_dir() == tmp_path / "Library" / "Application Support" / "realms-table" / "data"


def test_settings_round_trip_and_defaults() -> None:
    st, warning = load_settings()
    assert warning is None and st == Settings()
    st.language, st.volume, st.anim_speed = "fr", 30, "instant"
    assert save_settings(st) is None
    again, warning = load_settings()
    assert warning is None and again == st
    assert not list(settings_path().parent.glob("*.tmp"))


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe".encode("latin-1").decode("latin-1")])
def test_corrupt_settings_give_defaults_and_a_warning(text: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    st, warning = load_settings()
    assert st == Settings() and warning


def test_bad_fields_are_reset_one_by_one() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "xx", "volume": 500, "mute": "yes", "anim_speed": "fast"}), encoding="utf-8")
    st, warning = load_settings()
    assert st.language == "en" and st.volume == 70 and st.mute is False and st.anim_speed == "fast"
    assert warning and "language" in warning and "volume" in warning


def test_the_title_screen_reports_a_corrupt_settings_file() -> None:
    from game.ui.scenes.title import TitleScene

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops", encoding="utf-8")
    st, warning = load_settings()
    app = App(st, (1280, 720), warning, persist=False)
    app.push(TitleScene(app))
    app.step(1 / 60, [])
    assert any("corrupt" in t for t, _ in app.toasts)
    app.close()


def test_save_and_load_a_game_with_its_seats() -> None:
    rec = GameSetup("ffa", [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "random")], 5).record()
    client = games.start(rec, games.seats_of(rec), inline_ai=True)
    try:
        client.submit(0, client.view(0)["legal"][0])
        path = games.new_save_path()
        games.save(client, path)
    finally:
        client.close()
    rec2, seats = games.load(path)
    assert rec2.actions == rec.actions and [s.kind for s in seats] == ["human", "ai"] and seats[0].name == "Ana"
    assert games.list_saves() == [path]


def test_corrupt_or_altered_saves_are_refused_with_a_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="not a save file"):
        games.load(bad)
    rec = Record.standard(2, seed=3)
    rec.add("end")
    good = tmp_path / "good.json"
    rec.save(good)
    doc = json.loads(good.read_text())
    doc["actions"] = ["end", "end"]
    good.write_text(json.dumps(doc))
    with pytest.raises(DataError):
        games.load(good)


def test_loading_a_corrupt_autosave_from_the_title_shows_a_message(app: App) -> None:
    from game.ui.scenes.title import TitleScene

    app.persist = True
    path = games.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("garbage", encoding="utf-8")
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.continue")
    assert app.top is title and any("autosave.json" in t for t, _ in app.toasts)


def test_continue_resumes_the_autosave(app: App) -> None:
    from game.ui.hero_realms.table import TableScene
    from game.ui.scenes.title import TitleScene

    app.persist = True
    rec = GameSetup("ffa", [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "random")], 5).record()  # Ana plays first
    client = games.start(rec, games.seats_of(rec), autosave=games.autosave_path(), inline_ai=True)
    line = next(ln for ln in client.view(0)["legal"] if ln.startswith("play")) if client.session.waiting_for() == [0] else None
    if line:
        client.submit(0, line)
    client.close()
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.continue")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.client.session.record.actions[: len(rec.actions)] == rec.actions
    assert table.names == ["Ana", "Bot"]
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
