"""A table asks its client for each seat's view once per change of the game: the model,
the hotseat curtain, the face-down hand, the hint key and HerosDeï's forced passes share
it (tablekit/base.py ``view_of``); a table that waits for its player asks for none."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game import games
from game.session import local
from game.session.ai_seats import NO_PAUSE
from game.session.clients import LocalClient
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.scenes.dialogs import Curtain
from game.ui.tablekit.base import TableSceneBase
from game.ui.tablekit.entry import table_entry
from tests.ui.herosdei.helpers import act, open_hd


def _counted(client: LocalClient) -> Counter[tuple[int, int | None]]:
    """Every view the client makes from now on, by (the game's change count, seat)."""
    asked: Counter[tuple[int, int | None]] = Counter()
    made = client.view

    def view(seat: int | None) -> Any:
        asked[(client.session.changes, seat)] += 1
        return made(seat)

    client.view = view  # type: ignore[method-assign]
    return asked


def test_a_hotseat_game_asks_each_view_once_per_change(app: App) -> None:
    sc = open_hd(app, kinds=("human", "human"), seed=11)
    assert isinstance(sc.client, LocalClient)
    asked = _counted(sc.client)
    rng = random.Random(3)
    start = sc.client.session.changes
    for _ in range(300):
        if isinstance(app.top, Curtain):
            app.top.close(None)  # the next player sat down
        elif not act(app, sc, rng):
            app.step(1 / 60, [])
    assert sc.client.session.changes - start >= 20  # the game went on, forced passes and curtains included
    again = {k: n for k, n in asked.items() if n > 1}
    assert not again, f"views asked again with nothing changed: {again}"


@pytest.mark.parametrize("game", games.playable())
def test_a_table_waiting_for_its_player_asks_for_no_view(app: App, game: str) -> None:
    rec = games.game(game).new_record(2, 5)
    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "random")]
    client = local.start(rec, seats, inline_ai=True, ai_pace=0.0, secret_pause=NO_PAUSE)
    sc = table_entry(game).open_local(app, client, rec, seats)
    assert isinstance(sc, TableSceneBase)
    app.reset(sc)
    def waiting() -> bool:  # the player's move, or a question's dialog the table asked them
        return sc.director.idle and sc.synced and (sc.can_act or app.top is not sc)

    for _ in range(600):
        app.step(1 / 60, [])
        if waiting():
            break
    assert waiting()
    asked = _counted(client)
    for _ in range(120):  # two seconds of the player thinking
        app.step(1 / 60, [])
    assert sum(asked.values()) == 0
