"""The table never waits in silence for a line sent as its host died (issue 49.1): a real
host process is killed (kill -9) while the table's player must act, the heartbeat touches
the dead socket, the player plays a line at the table, the host comes back with
``--resume``; the table then offers the resumed view's lines again, for every game."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.tablekit.base import TableSceneBase
from tests.net.net_helpers import free_port, host_port, kill_all, resume_args, spawn
from tests.ui.helpers import click_button, frames_until, join_lobby

SEATS = {
    "hero_realms": ["--seats", "remote,random"],
    "fantasy_realms": ["--seats", "remote,random"],
    "herosdei": ["--seats", "remote,easy", "--format", "initiation"],
}


def offers_lines(table: TableSceneBase) -> bool:
    """The table asks its player for a line (at the table or in its question's dialog)."""
    return table.synced and table.sent_at is None and table.director.idle and bool(table.model.legal)


@pytest.mark.parametrize("game", list(SEATS))
def test_the_table_asks_again_for_a_line_sent_as_the_host_died(game: str, app: App, tmp_path: Path) -> None:
    save, port = tmp_path / "lan.json", free_port()
    host = spawn("host", "--game", game, *SEATS[game], "--seed", "3", "--save", str(save), "--no-takeover",
                 *resume_args(port))
    procs = [host]
    try:
        host_port(host)
        lobby = join_lobby(app, port)
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, TableSceneBase))
        table = app.top
        assert isinstance(table, TableSceneBase)
        frames_until(app, lambda: offers_lines(table))
        client = table.client
        host.send_signal(signal.SIGKILL)
        host.wait()
        time.sleep(0.2)
        client._send({"type": "ping", "t": time.monotonic()})  # type: ignore[attr-defined]  # the heartbeat's message
        time.sleep(0.2)
        assert table.submit(table.model.legal[0])  # the player's line meets the dead socket
        assert not offers_lines(table)
        again = spawn("host", "--resume", str(save), "--no-takeover", *resume_args(port))
        procs.append(again)
        host_port(again)
        frames_until(app, lambda: offers_lines(table) and client.status == "ok", timeout=20)
        assert client.rejected is not None and client.rejected[1] == "lost"  # type: ignore[attr-defined]
    finally:
        kill_all(*procs)
