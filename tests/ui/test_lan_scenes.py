"""LAN screens over the network layer's API (skipped in builds without it):
join by address, lobby, hosting from New game, and the table on a RemoteClient."""

from __future__ import annotations

import pygame
import pytest

from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.hero_realms.setup import GameSetup
from tests.ui.helpers import click_button, frames_until, join_lobby, press

api = pytest.importorskip("game.net.api")


def test_join_by_address_lobby_then_the_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.hero_realms.table import TableScene
    from game.ui.scenes.title import TitleScene

    handle = api.host_in_background(api.HostConfig(seats=["remote", "random"], port=0, bind="127.0.0.1", discovery_port=None,
                                                   save=tmp_path / "lan.json", ai_inline=True, name="Test table"))
    try:
        lobby = join_lobby(app, handle.port)
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert table.viewer == 0 and table.client.status == "ok"
        frames_until(app, lambda: table.can_act or table.model.phase == "over")
        press(app, pygame.K_a)
        # the plays travel to the host and back: wait for them rather than for a quiet frame
        frames_until(app, lambda: bool(table.model.seats[0].in_play) or table.model.phase == "over")
        frames_until(app, lambda: table.synced and table.director.idle)
        press(app, pygame.K_ESCAPE)
        app.pop(app.top, "quit")
        assert isinstance(app.top, TitleScene)
    finally:
        handle.stop()


def test_hosting_from_new_game_then_starting_with_an_ai(app: App) -> None:
    from game.ui.hero_realms.table import TableScene
    from game.ui.lan_start import host_game
    from game.ui.scenes.lan import LobbyScene

    setup = GameSetup("ffa", [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")], 4)
    assert host_game(app, setup)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    try:
        frames_until(app, lambda: len(lobby._seats()) == 2 and lobby._seats()[0].get("status") == "connected")
        lobby.hosting.fill_with_ai("random")
        frames_until(app, lambda: bool(lobby.hosting.snapshot().get("can_start")))
        app.step(1 / 60, [])
        click_button(app, lobby, "newgame.start")
        frames_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert table.names[0] == "Ana"
    finally:
        app.close()
