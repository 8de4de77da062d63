"""Fantasy Realms over the LAN screens: a host found by address shows its game in
the lobby and opens the Fantasy Realms table; hosting from New game works too."""

from __future__ import annotations

import time

import pygame
import pytest

from game.session import SeatConfig
from game.ui.app import App
from game.ui.fantasy.setup import FantasySetup
from tests.ui.helpers import click, press

api = pytest.importorskip("game.net.api")


def _frames_until(app: App, cond, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60, [])
        time.sleep(0.005)


def test_join_a_fantasy_realms_host_lobby_then_its_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.fantasy.table import FantasyTableScene
    from game.ui.scenes.lan import JoinScene, LobbyScene
    from game.ui.scenes.title import TitleScene

    handle = api.host_in_background(api.HostConfig(game="fantasy_realms", modules=["cursed_items"], seats=["remote", "easy", "easy"],
                                                   port=0, bind="127.0.0.1", discovery_port=None, seed=3,
                                                   save=tmp_path / "lan.json", ai_inline=True, name="FR table"))
    try:
        app.reset(TitleScene(app))
        join = JoinScene(app)
        app.push(join)
        app.step(1 / 60, [])
        join._set_address(f"127.0.0.1:{handle.port}")
        join.join_typed()
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        _frames_until(app, lambda: lobby.client.status == "lobby")
        app.step(1 / 60, [])
        assert lobby._game() == "fantasy_realms" and lobby._setup_line() == "Fantasy Realms · Cursed Items"
        assert "hard" in lobby.agents
        ready = next(b for b in lobby.group.widgets if getattr(b, "label", "") == app.tr("lan.ready"))
        click(app, ready.rect.center)
        _frames_until(app, lambda: isinstance(app.top, FantasyTableScene))
        table = app.top
        assert table.viewer == 0 and table.client.status == "ok" and table.model.items_on
        _frames_until(app, lambda: table.can_act or table.model.over)
        if table.ctrl.drawing():
            press(app, pygame.K_d)
            # the draw travels to the host and back: wait for the hand to grow
            _frames_until(app, lambda: len(table.model.hand) == 8 or table.model.over)
        _frames_until(app, lambda: table.synced and table.director.idle)
        press(app, pygame.K_ESCAPE)
        app.pop(app.top, "quit")
        assert isinstance(app.top, TitleScene)
    finally:
        handle.stop()


def test_hosting_fantasy_realms_from_new_game(app: App) -> None:
    from game.ui.fantasy.table import FantasyTableScene
    from game.ui.scenes.lan import LobbyScene, host_game
    from game.ui.scenes.newgame import hostable_games

    assert "fantasy_realms" in hostable_games()
    setup = FantasySetup([SeatConfig("human", "Ana"), SeatConfig("human", "Ben"), SeatConfig("ai", "Cy", "easy")],
                         ["promo", "cursed_hoard_suits"], 4)
    assert host_game(app, setup)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    try:
        _frames_until(app, lambda: len(lobby._seats()) == 3 and lobby._seats()[0].get("status") == "connected")
        assert lobby._setup_line() == "Fantasy Realms · Promo cards, New suits"
        lobby.hosting.fill_with_ai("easy")
        _frames_until(app, lambda: bool(lobby.hosting.snapshot().get("can_start")))
        app.step(1 / 60, [])
        start = next(b for b in lobby.group.widgets if getattr(b, "label", "") == app.tr("newgame.start"))
        click(app, start.rect.center)
        _frames_until(app, lambda: isinstance(app.top, FantasyTableScene))
        table = app.top
        assert table.names[0] == "Ana" and table.model.hand_size == 8
    finally:
        app.close()


def test_the_join_list_says_which_game() -> None:
    from game.ui.i18n import Tr
    from game.ui.scenes.lan import setup_words

    assert setup_words(Tr("en"), "hero_realms", "ffa") == "Hero Realms · Free for all"
    assert setup_words(Tr("fr"), "fantasy_realms", "base", ["base"]) == "Fantasy Realms · jeu de base"
    assert setup_words(Tr("fr"), "fantasy_realms", "x", ["cursed_items", "promo"]) == "Fantasy Realms · Cartes promo, Objets maudits"
