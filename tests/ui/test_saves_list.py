"""Saves have a name; the Load list shows name, game, players, turn and date, newest
first, read without replaying; a malformed file is listed as unreadable and can be
deleted (after a confirmation); quitting an unsaved local game asks first."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.core.errors import DataError
from game.core.record import SaveRecord
from game.core.userdirs import saves_dir
from game.hero_realms import record as hr_record
from game.session import local as games
from game.session.session import SeatConfig
from game.ui import save_names
from game.ui.app import App
from game.ui.hero_realms.setup import GameSetup
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.scenes.saves import LoadScene, SaveRow
from game.ui.scenes.title import TitleScene
from tests.ui.helpers import click, click_button, open_table, position, press, settle

OLD_SAVE = Path(__file__).resolve().parents[1] / "saves" / "hero_realms_v1.json"
DECK = ["gold"] * 7 + ["dagger", "shortsword", "ruby"]


def _saved(name: str | None, mtime: float, seats: tuple[str, str] = ("Ana", "Bot")) -> Path:
    """A Hero Realms game with one move played, saved under ``name`` with the given file time."""
    rec = GameSetup("ffa", [SeatConfig("human", seats[0]), SeatConfig("human", seats[1])], 5).record()
    client = games.start(rec, games.seats_of(rec), inline_ai=True)
    seat = client.session.waiting_for()[0]
    client.submit(seat, client.view(seat)["legal"][0])
    path = saves_dir() / f"game-{int(mtime)}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    games.save(client, path, name)
    client.close()
    os.utime(path, (mtime, mtime))
    return path


def _rows(scene: LoadScene) -> list[SaveRow]:
    return [w for w in scene.group.widgets if isinstance(w, SaveRow)]


def _load_list(app: App) -> LoadScene:
    app.persist = True
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.load")
    assert isinstance(app.top, LoadScene)
    return app.top


def test_the_load_list_shows_each_save_newest_first_with_game_players_turn_and_date(app: App) -> None:
    _saved("Old one", 1_700_000_000)
    _saved(None, 1_800_000_000, ("Zoé", "Max"))
    old = saves_dir() / "from_an_earlier_build.json"
    shutil.copy(OLD_SAVE, old)  # no meta: written before saves had names
    os.utime(old, (1_600_000_000, 1_600_000_000))
    scene = _load_list(app)
    rows = _rows(scene)
    assert [r.title for r in rows] == ["game-1800000000", "Old one", "from_an_earlier_build"]
    assert rows[0].details.startswith("Hero Realms · Zoé, Max · turn 1 · ")
    assert "turn" not in rows[2].details and rows[2].details.startswith("Hero Realms · ")
    assert all(r.enabled for r in rows)
    click(app, rows[2].rect.center)  # an old save still loads
    assert any(type(s).__name__ == "TableScene" for s, _ in app.stack)


def test_the_load_list_reads_headers_without_replaying(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _saved("Quick", 1_700_000_000)

    def refuse(*_: object) -> None:
        raise AssertionError("the Load list replayed a save")

    monkeypatch.setattr(SaveRecord, "replay", refuse)
    assert [r.title for r in _rows(_load_list(app))] == ["Quick"]


def test_a_malformed_save_is_listed_as_unreadable_and_can_be_deleted_after_a_confirmation(app: App) -> None:
    good = _saved("Good", 1_700_000_000)
    bad = saves_dir() / "broken.json"
    bad.write_text("{oops", encoding="utf-8")
    odd = saves_dir() / "odd.json"
    doc = json.loads(good.read_text(encoding="utf-8"))
    doc["meta"] = {"name": 12}
    odd.write_text(json.dumps(doc), encoding="utf-8")
    scene = _load_list(app)
    rows = {r.title: r for r in _rows(scene)}
    assert not rows["broken"].enabled and "Unreadable" in rows["broken"].details
    assert not rows["odd"].enabled and "meta name" in rows["odd"].details
    click(app, rows["broken"].rect.center)
    assert app.top is scene  # nothing to load
    delete = [w for w in scene.group.widgets if getattr(w, "label", "") == app.tr("saves.delete")]
    index = _rows(scene).index(rows["broken"])
    click(app, delete[index].rect.center)
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_n)  # No keeps it
    assert bad.exists() and app.top is scene
    click(app, delete[index].rect.center)
    press(app, pygame.K_y)
    assert not bad.exists() and good.exists()
    assert [r.title for r in _rows(scene)] == ["odd", "Good"]


def test_meta_of_the_wrong_type_is_refused_in_one_line_and_a_save_without_it_loads(tmp_path: Path) -> None:
    doc = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    for meta in ([1], {"turn": "3"}, {"saved_at": 5}, {"turn": True}):
        with pytest.raises(DataError, match="meta"):
            hr_record.loads(json.dumps({**doc, "meta": meta}))
    rec, st = hr_record.loads(json.dumps({**doc, "meta": {"name": "x", "turn": 3, "saved_at": "2026-11-27T21:04"}}))
    assert st.state_hash() == doc["state_hash"]


def test_the_default_save_name_says_game_format_turn_and_date_in_the_player_s_words(app: App) -> None:
    from game import games as registry
    from game.ui.i18n import Tr

    rec = GameSetup("ffa", [SeatConfig("human", "A"), SeatConfig("ai", "B", "random")], 1).record()
    assert save_names.default_save_name(rec, 12, app.tr, "2026-11-27T21:04") == "Hero Realms, Free for all, turn 12, 27 Nov 21:04"
    assert save_names.default_save_name(rec, 12, Tr("fr"), "2026-11-27T21:04") == "Hero Realms, Chacun pour soi, tour 12, 27 nov. 21:04"
    hd = registry.game("herosdei").new_record(2, 1, "initiation", ("greeks", "vikings"))
    assert save_names.default_save_name(hd, 3, app.tr, "2026-11-27T21:04") == "HerosDeï, Greeks vs Vikings, learning mode, turn 3, 27 Nov 21:04"
    fr = registry.game("fantasy_realms").new_record(3, 1, None, ("promo",))
    assert save_names.default_save_name(fr, None, app.tr, "2026-11-27T21:04") == "Fantasy Realms, Promo cards, 27 Nov 21:04"
    for r in (rec, hd, fr):  # the words, never the setup's codes
        name = save_names.default_save_name(r, 1, app.tr)
        assert not any(code in name.split(", ") for code in ("ffa", "base", "promo", "initiation", "standard"))


def test_the_autosave_carries_its_turn_and_time(app: App) -> None:
    rec = GameSetup("ffa", [SeatConfig("human", "A"), SeatConfig("human", "B")], 5).record()
    client = games.start(rec, games.seats_of(rec), autosave=games.autosave_path(), inline_ai=True)
    seat = client.session.waiting_for()[0]
    client.submit(seat, client.view(seat)["legal"][0])
    client.close()
    info = games.save_info(games.autosave_path())
    assert info.error is None and info.name == "" and info.turn == 1 and info.players == ["A", "B"]


def test_quitting_an_unsaved_local_game_asks_first(app: App) -> None:
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.saves import SaveNameDialog

    t = open_table(app, position([{"hand": ["gold"], "deck": list(DECK)}, {"hand": ["gold"] * 3, "deck": list(DECK)}]))
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "pause.quit")
    assert isinstance(app.top, TitleScene)  # nothing played: nothing to lose

    t = open_table(app, position([{"hand": ["gold"], "deck": list(DECK)}, {"hand": ["gold"] * 3, "deck": list(DECK)}]))
    press(app, pygame.K_1)
    settle(app, t)
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "pause.quit")
    assert isinstance(app.top, ConfirmDialog) and app.top.title == app.tr("pause.quit_unsaved")
    click_button(app, app.top, "pause.stay")
    assert isinstance(app.top, PauseScene)
    click_button(app, app.top, "pause.save")
    assert isinstance(app.top, SaveNameDialog)
    press(app, pygame.K_RETURN)
    assert app.stack[-1][0] is t  # saved: back at the table
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "pause.quit")
    assert isinstance(app.top, TitleScene)  # saved: quits at once


def test_a_long_load_list_scrolls_with_the_wheel_within_its_rows(app: App) -> None:
    first = _saved("Save 0", 1_700_000_000)
    doc = json.loads(first.read_text(encoding="utf-8"))
    for i in range(1, 12):  # copies of one save under other names: more than a 720-pixel panel shows
        doc["meta"]["name"] = f"Save {i}"
        path = saves_dir() / f"game-{i}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    scene = _load_list(app)
    assert scene.shown < 12 and scene.first == 0
    top = _rows(scene)[0].title
    surf = pygame.Surface(app.screen.get_size())
    scene.draw(surf)
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert scene.first == 3 and _rows(scene)[0].title != top
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100))
    assert scene.first == 12 - scene.shown  # never past the last row
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100))
    assert scene.first == 0
    click_button(app, scene, "newgame.back")
    assert isinstance(app.top, TitleScene)
