"""LAN games in the history: the host keeps the full record; a client keeps what its
seat saw (a seen record a replay steps through), or, when the host runs in the same
process (the host's own player), marks the host's record as its own. Nothing new
travels on the wire: the seen record is built from the views and patches received."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.net.client import RemoteClient
from game.session import history, replay
from tests.net.net_helpers import Player, drive, start_host


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _game(tmp_path: Path, host_keeps: bool) -> tuple[Player, object]:
    handle = start_host(tmp_path, ["remote", "random"], seed=6, game="fantasy_realms", keep_history=host_keeps)
    client = RemoteClient("127.0.0.1", handle.port, "Ana")
    client.keep_history = True  # as the table sets it
    player = Player(client, seed=1)
    try:
        drive([player], lambda: client.over and client.history_path is not None, timeout=30)
    finally:
        client.close()
        handle.stop()
    return player, handle


def test_a_client_of_another_computer_keeps_what_it_saw(tmp_path: Path) -> None:
    player, _handle = _game(tmp_path, host_keeps=False)
    client = player.client
    files = history.history_files()
    assert files == [client.history_path]
    doc = json.loads(files[0].read_text())
    assert doc["kind"] == history.SEEN_KIND and doc["setup"]["seat"] == client.seat
    meta = doc["meta"]["history"]
    assert meta["mode"] == "lan-client" and meta["you"] == [client.seat] and meta["seat"] == client.seat
    assert meta["players"][1] == {"name": meta["players"][1]["name"], "kind": "ai", "agent": "random"}
    assert meta["winner"] == history.winners(client.winner)
    rp = replay.load(files[0])
    stepper = replay.ReplayClient(rp, client.seat)
    while stepper.forward():
        pass
    final = stepper.view()
    final.pop("legal")
    got = dict(client.view())
    got.pop("legal")
    assert final == got  # the last view it received, rebuilt from the patches
    seen_events = [e for _seat, batch in player.batches for e in batch]
    assert [e for step in rp.steps for e in step["events"]] == seen_events  # every event it was sent, in order


def test_the_host_keeps_the_record_and_its_own_player_claims_it(tmp_path: Path) -> None:
    player, handle = _game(tmp_path, host_keeps=True)
    files = history.history_files()
    assert files == [player.client.history_path]  # one file: the host's record, not a seen one as well
    doc = json.loads(files[0].read_text())
    assert doc["kind"] == "realms-table-save"
    meta = doc["meta"]["history"]
    assert meta["mode"] == "lan-host" and meta["you"] == [player.client.seat] and meta["tag"] == player.client.host_id
    rp = replay.load(files[0])
    assert rp.state_at(rp.length).state_hash() == doc["state_hash"]
