"""A LAN table waits for the host's answer to the line it sent (tablekit/base.py): until
the game moves on, the line is refused or it is lost, the view it holds is the one the
line was chosen on, and its lines are not offered a second time."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui.app import App
from game.ui.hero_realms.table import TableScene
from tests.ui.helpers import open_table, position

PLAYERS = [{"hand": ["gold", "gold", "spark", "dagger", "ruby"], "deck": ["gold", "gold", "gold", "gold", "gold"]},
           {"hand": ["gold"], "deck": ["gold", "gold", "gold", "gold", "gold"]}]


class SlowHost:
    """The table's local client made to look like a LAN client whose host has not answered
    yet: lines are held until ``answer()``; ``n`` and ``rejected`` as a RemoteClient has them."""

    def __init__(self, table: TableScene) -> None:
        self.client: Any = table.client
        self.held: list[tuple[int, str]] = []
        self.send = self.client.submit
        self.client.seat_status = {}  # what makes a client a LAN one for the table
        self.client.n = len(self.client.session.record.actions)
        self.client.rejected = None
        self.client.submit = lambda seat, line: self.held.append((seat, line))

    def answer(self) -> None:
        for seat, line in self.held:
            self.send(seat, line)
        self.held.clear()
        self.client.n = len(self.client.session.record.actions)


def frames(app: App, n: int = 30) -> None:
    for _ in range(n):
        app.step(1 / 60, [])


@pytest.fixture
def table(app: App) -> TableScene:
    return open_table(app, position(PLAYERS))


def test_the_table_offers_nothing_until_the_host_answers(app: App, table: TableScene) -> None:
    host = SlowHost(table)
    line = "play spark"
    assert table.submit(line)
    frames(app)
    assert not table.can_act and not table.model.legal  # the old view's lines are not offered again
    host.answer()
    frames(app)
    assert table.can_act and line not in table.model.legal  # the card was played, once


def test_a_line_the_host_refuses_or_loses_gives_the_view_back(app: App, table: TableScene) -> None:
    host = SlowHost(table)
    line = next(x for x in table.model.legal if x.startswith("play"))
    table.submit(line)
    frames(app)
    assert not table.can_act
    table.client.rejected = (table.client.n, "lost", "the host did not answer the action")
    frames(app)
    assert table.can_act and line in table.model.legal  # choose again from the same view
    table.submit(line)
    frames(app)
    assert not table.can_act
    table.client._errors.append("the game moved on before your action arrived")
    frames(app)
    assert table.can_act
    assert host.held == [(0, line), (0, line)]
