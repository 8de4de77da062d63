"""The table says at once when the game's autosave fails, and when it works again
(a local game's session; a LAN client hears the same from its host's ``save_status``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.hero_realms.record import Record, load
from game.session import session as session_module
from game.ui.app import App
from tests.ui.fantasy_realms import helpers as fr_helpers
from tests.ui.helpers import click_button, frames_until, join_lobby, open_table, settle


def _toasts(app: App) -> list[str]:
    return [text for text, _until in app.toasts]


def _broken_save(tmp_path: Path) -> tuple[Path, Path]:
    spot = tmp_path / "saves"
    spot.write_text("a file where the folder should be")
    return spot, spot / "autosave.json"


def test_the_hero_realms_table_toasts_a_failing_autosave_and_its_recovery(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(app, Record.standard(2, seed=1, first=0))
    spot, save = _broken_save(tmp_path)
    table.client.session.autosave = save
    assert table.submit("end")
    settle(app, table)
    failed = app.tr("table.save_failed", reason="File exists")
    assert _toasts(app).count(failed) == 1, _toasts(app)  # once, however many moves the AI made since
    spot.unlink()
    monkeypatch.setattr(session_module, "SAVE_RETRY_S", 0.0)
    app.step(1 / 60, [])  # nobody acts: the client retries by itself
    assert app.tr("table.save_ok") in _toasts(app) and save.is_file()
    assert load(save)[0].actions == table.client.session.record.actions


def test_the_fantasy_realms_table_toasts_a_failing_autosave(app: App, tmp_path: Path) -> None:
    rec, st = fr_helpers.state(seats=2)
    sc = fr_helpers.open_fr(app, rec, st)
    _spot, save = _broken_save(tmp_path)
    sc.client.session.autosave = save
    assert sc.submit(sc.client.view(0)["legal"][0])
    fr_helpers.settle(app, sc)
    assert app.tr("table.save_failed", reason="File exists") in _toasts(app)


def test_a_lan_table_toasts_its_hosts_failing_autosave_and_its_recovery(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.net import api
    from game.ui.hero_realms.table import TableScene

    monkeypatch.setattr(session_module, "SAVE_RETRY_S", 0.1)
    folder = tmp_path / "saves"
    handle = api.host_in_background(api.HostConfig(seats=["remote", "random"], port=0, bind="127.0.0.1",
                                                   discovery_port=None, save=folder / "lan.json", ai_inline=True))
    try:
        lobby = join_lobby(app, handle.port)
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert isinstance(table, TableScene)
        frames_until(app, lambda: table.can_act)
        handle.host.call(lambda: (folder.rename(tmp_path / "away"), folder.write_text("x")))
        assert table.submit("end")  # our move, then the AI's: none of them can be saved
        failed = app.tr("table.save_failed", reason="File exists")
        frames_until(app, lambda: failed in _toasts(app))
        handle.host.call(lambda: (folder.unlink(), (tmp_path / "away").rename(folder)))
        frames_until(app, lambda: app.tr("table.save_ok") in _toasts(app))  # nobody had to act for it
        assert _toasts(app).count(failed) == 1
    finally:
        handle.stop()
