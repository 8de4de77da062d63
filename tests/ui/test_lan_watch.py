"""Watching a LAN game from the table: the Join screen's Watch button joins a host as a
spectator; its lobby lists it and offers no Ready; once the players start, the game's
table opens for no seat (no hand shown, no move offered) and follows the game to its end
screen, for every game."""

from __future__ import annotations

import time

import pytest

from game.ai.agent import make_agent
from game.net import api
from game.net.client import RemoteClient
from game.ui.app import App
from game.ui.scenes.lan import JoinScene, LobbyScene
from game.ui.scenes.title import TitleScene
from tests.ui.helpers import click_button, frames_until

CASES = [("hero_realms", {"format": "ffa"}), ("fantasy_realms", {"modules": ["promo"]}),
         ("herosdei", {"format": "standard", "modules": ["greeks", "vikings"]})]


@pytest.mark.parametrize(("game", "setup"), CASES, ids=[c[0] for c in CASES])
def test_a_spectator_watches_a_lan_game_through_the_table(app: App, tmp_path, game: str, setup: dict) -> None:  # type: ignore[no-untyped-def,type-arg]
    handle = api.host_in_background(api.HostConfig(
        game=game, seats=["remote", "random"], port=0, bind="127.0.0.1", discovery_port=None, seed=6,
        save=tmp_path / "lan.json", ai_inline=True, name="Watched", secret_pause=(0.0, 0.0), **setup))
    player = RemoteClient("127.0.0.1", handle.port, "Ana")
    try:
        app.reset(TitleScene(app))
        join = JoinScene(app)
        app.push(join)
        app.step(1 / 60, [])
        join._set_address(f"127.0.0.1:{handle.port}")
        click_button(app, join, "lan.watch")
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and lobby.client.watch
        frames_until(app, lambda: lobby.client.status == "lobby" and lobby.client.spectators != [])
        frames_until(app, lambda: [w for w in lobby.group.widgets if getattr(w, "text", "").startswith("Watching")] != [])
        assert not any(getattr(w, "label", "") == app.tr("lan.ready") for w in lobby.group.widgets)
        # the player's machine: ready, then an agent plays its seat
        sent = -1
        agent = make_agent("random", 1, game)
        end = time.monotonic() + 90
        table = None
        while True:
            assert time.monotonic() < end, "the watched game did not end"
            player.poll()
            if player.status == "lobby":
                player.set_ready(True)
            legal = player.view().get("legal") or []
            if player.status == "ok" and legal and sent != player.n:
                sent = player.n
                player.submit(player.seat or 0, agent.choose(player.view(), legal))
            app.step(1 / 60, [])
            time.sleep(0.002)
            top = app.top
            if table is None and top is not lobby and hasattr(top, "director"):
                table = top
                assert table.viewer is None and table.humans == []  # no seat at this screen
            if table is not None and (table.game_over() and table.synced and table.director.idle):
                break
        assert table is not None and not table.can_act
        assert not table.undo_btn.visible  # a spectator has nothing to take back
        assert len(handle.snapshot()["spectators"]) == 1
    finally:
        player.close()
        handle.stop()
