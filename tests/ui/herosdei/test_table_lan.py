"""HerosDeï over the LAN screens: a host found by address shows its game in the lobby and
opens the HerosDeï table, where a whole game against the host's AI is played through the
table's gestures and dialogs, each seat seeing only its view, and no line chosen on a view
the host has already moved past."""

from __future__ import annotations

import random
import time

import pytest

from game.net.client import RemoteClient
from game.ui.app import App
from game.ui.herosdei.gameover import HdGameOverScene
from game.ui.herosdei.table import HdTableScene
from tests.ui.helpers import click_button, frames_until, join_lobby
from tests.ui.herosdei.helpers import act

api = pytest.importorskip("game.net.api")


def test_a_lan_game_of_herosdei_finishes_through_the_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    handle = api.host_in_background(api.HostConfig(game="herosdei", format="initiation", modules=["greeks", "vikings"],
                                                   seats=["remote", "easy"], port=0, bind="127.0.0.1",
                                                   discovery_port=None, seed=5, save=tmp_path / "lan.json",
                                                   ai_inline=True, name="HD table", secret_pause=(0.01, 0.02)))
    try:
        lobby = join_lobby(app, handle.port)
        assert lobby._game() == "herosdei"
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, HdTableScene))
        table = app.top
        assert isinstance(table, HdTableScene) and table.viewer == 0 and table.client.status == "ok"
        assert isinstance(table.client.view(0)["players"][1]["hand"], int)  # the other hand is a count
        client = table.client
        assert isinstance(client, RemoteClient)
        chosen_at: list[int] = []  # the client's action count each line was sent at
        send = client.submit

        def spy(seat: int, line: str) -> None:
            chosen_at.append(client.n)
            send(seat, line)

        client.submit = spy  # type: ignore[method-assign]
        rng = random.Random(2)
        end = time.monotonic() + 90
        while not isinstance(app.top, HdGameOverScene) and time.monotonic() < end:
            app.step(1 / 60, [])
            # a frame's pause, as the app's clock makes: a loop of frames with none kept the
            # host's thread (the same process here) from the interpreter for seconds at a time
            time.sleep(0.002)
            if (table.can_act and not table.asking) or app.top is not table:
                act(app, table, rng)
        assert isinstance(app.top, HdGameOverScene) and table.model.over
        # never two lines chosen on one view: the table waits for the host's answer to the first
        assert chosen_at and len(chosen_at) == len(set(chosen_at))
    finally:
        handle.stop()
