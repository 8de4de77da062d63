"""Fantasy Realms over the LAN screens: a host found by address shows its game in
the lobby and opens the Fantasy Realms table; hosting from New game works too."""

from __future__ import annotations

import pygame
import pytest

from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.fantasy_realms.setup import FantasySetup
from tests.ui.helpers import click_button, frames_until, join_lobby, press

api = pytest.importorskip("game.net.api")


def test_join_a_fantasy_realms_host_lobby_then_its_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.fantasy_realms.table import FantasyTableScene
    from game.ui.scenes.title import TitleScene

    handle = api.host_in_background(api.HostConfig(game="fantasy_realms", modules=["cursed_items"], seats=["remote", "easy", "easy"],
                                                   port=0, bind="127.0.0.1", discovery_port=None, seed=3,
                                                   save=tmp_path / "lan.json", ai_inline=True, name="FR table"))
    try:
        lobby = join_lobby(app, handle.port)
        assert lobby._game() == "fantasy_realms" and lobby._setup_line() == "Fantasy Realms · Cursed Items"
        assert "hard" in lobby.agents
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, FantasyTableScene))
        table = app.top
        assert table.viewer == 0 and table.client.status == "ok" and table.model.items_on
        frames_until(app, lambda: table.can_act or table.model.over)
        if table.ctrl.drawing():
            press(app, pygame.K_d)
            # the draw travels to the host and back: wait for the hand to grow
            frames_until(app, lambda: len(table.model.hand) == 8 or table.model.over)
        frames_until(app, lambda: table.synced and table.director.idle)
        press(app, pygame.K_ESCAPE)
        app.pop(app.top, "quit")
        assert isinstance(app.top, TitleScene)
    finally:
        handle.stop()


def test_hosting_fantasy_realms_from_new_game(app: App) -> None:
    from game.ui.fantasy_realms.table import FantasyTableScene
    from game.ui.lan_start import host_game, hostable_games
    from game.ui.scenes.lan import LobbyScene

    assert "fantasy_realms" in hostable_games()
    setup = FantasySetup([SeatConfig("human", "Ana"), SeatConfig("human", "Ben"), SeatConfig("ai", "Cy", "easy")],
                         ["promo", "cursed_hoard_suits"], 4, {"gem_multiple_runs": False})
    assert host_game(app, setup)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    try:
        frames_until(app, lambda: len(lobby._seats()) == 3 and lobby._seats()[0].get("status") == "connected")
        assert lobby._setup_line() == "Fantasy Realms · Promo cards, New suits · Rulings: 1 changed"
        lobby.hosting.fill_with_ai("easy")
        frames_until(app, lambda: bool(lobby.hosting.snapshot().get("can_start")))
        app.step(1 / 60, [])
        click_button(app, lobby, "newgame.start")
        frames_until(app, lambda: isinstance(app.top, FantasyTableScene))
        table = app.top
        assert table.names[0] == "Ana" and table.model.hand_size == 8
        from game.fantasy_realms.terms import Rulings  # the rulings chosen reach the hosted game and the table

        assert lobby.hosting.host.session.state.rulings == Rulings(gem_multiple_runs=False)
        assert table.rulings == Rulings(gem_multiple_runs=False)
    finally:
        app.close()


def test_the_join_list_says_which_game() -> None:
    from game.ui.i18n import Tr
    from game.ui.scenes.lan import setup_words

    assert setup_words(Tr("en"), "hero_realms", "ffa") == "Hero Realms · Free for all"
    assert setup_words(Tr("fr"), "fantasy_realms", "base", ["base"]) == "Fantasy Realms · jeu de base"
    assert setup_words(Tr("fr"), "fantasy_realms", "x", ["cursed_items", "promo"]) == "Fantasy Realms · Cartes promo, Objets maudits"
