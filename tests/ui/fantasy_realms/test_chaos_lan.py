"""Chaos Realms over the LAN: a headless host's game played at the table to its end
screen (an offer made by dragging travels to the host), and hosting it from New game."""

from __future__ import annotations

import pytest

from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.fantasy_realms.chaos_setup import ChaosSetup
from tests.ui.fantasy_realms.helpers import center
from tests.ui.helpers import click, click_button, drag, frames_until, join_lobby

api = pytest.importorskip("game.net.api")


def test_a_lan_chaos_game_finishes_at_the_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.fantasy_realms.chaos import ChaosState
    from game.ui.fantasy_realms.chaos_table import ChaosTableScene
    from game.ui.fantasy_realms.dialogs import PickDialog
    from game.ui.fantasy_realms.gameover import FantasyGameOverScene

    handle = api.host_in_background(api.HostConfig(game="fantasy_realms", format="chaos:2", seats=["remote", "easy", "easy"],
                                                   port=0, bind="127.0.0.1", discovery_port=None, seed=8,
                                                   save=tmp_path / "lan.json", ai_inline=True, name="Chaos table"))
    try:
        lobby = join_lobby(app, handle.port)
        assert lobby._setup_line() == "Fantasy Realms · Chaos Realms 0:02"
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, ChaosTableScene))
        table = app.top
        assert isinstance(table, ChaosTableScene) and table.viewer == 0 and table.model.trading
        assert len(table.model.hand) == 7 and table.left_ms() <= 2000
        card = table.model.sorted_hand()[0]
        drag(app, center(table.hand_rect(0)), center(table.lay.seats[-1]))  # onto "anyone"
        dialog = app.top
        assert isinstance(dialog, PickDialog)
        click(app, center(dialog.rects[0]))
        session = handle.host.session
        slug = table.model.slug(card)
        frames_until(app, lambda: any(a.startswith(f"0 offer any {slug} ") for a in session.record.actions))
        while not isinstance(app.top, FantasyGameOverScene):  # the host's clock runs out; our decisions in dialogs
            frames_until(app, lambda: isinstance(app.top, (FantasyGameOverScene, PickDialog)))
            top = app.top
            if isinstance(top, PickDialog):
                click(app, center(top.rects[0]) if top.rects else top.group.widgets[0].rect.center)
        st = session.state
        assert isinstance(st, ChaosState) and st.over and table.model.scores == [r.total for r in st.results or []]
    finally:
        handle.stop()


def test_hosting_chaos_realms_from_new_game(app: App) -> None:
    from game.ui.i18n import Tr
    from game.ui.lan_start import host_game
    from game.ui.scenes.lan import LobbyScene, setup_words

    setup = ChaosSetup([SeatConfig("human", "Ana"), SeatConfig("human", "Ben"), SeatConfig("ai", "Cy", "easy"),
                        SeatConfig("ai", "Di", "easy")], ["promo"], 4, limit_s=180)
    assert host_game(app, setup)  # two people: one screen each, on the LAN
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    try:
        frames_until(app, lambda: len(lobby._seats()) == 4)
        assert lobby._setup_line() == "Fantasy Realms · Chaos Realms 3:00, Promo cards"
        assert lobby.hosting.host.cfg.format == "chaos:180"
    finally:
        app.close()
    assert setup_words(Tr("fr"), "fantasy_realms", "chaos:300+base", ["base"]) == "Fantasy Realms · Les royaumes du chaos 5:00"
