"""Resuming a LAN game from its autosave, in one process: with and without the seats file."""

from __future__ import annotations

import time
from pathlib import Path

from game.net import room
from game.net.client import RemoteClient, wait_any
from tests.net.net_helpers import Player, drive, replay, start_host


def test_a_stopped_host_resumes_and_its_clients_come_back_by_themselves(tmp_path: Path) -> None:
    first = start_host(tmp_path, ["remote", "remote"], seed=6)
    players = [Player(RemoteClient("127.0.0.1", first.port, f"P{i}", reconnect_window=30), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.n >= 20 for p in players), timeout=30)
        port = first.port
        first.stop(resumable=True)  # the operator stops the host: clients keep the seat
        drive(players, lambda: all(p.client.status == "reconnecting" for p in players), timeout=10)
        before = replay(tmp_path / "autosave.json")[0].actions
        second = start_host(tmp_path, [], port=port, resume=True)
        assert second.snapshot()["phase"] == "playing" and second.snapshot()["n"] == len(before)
        assert [s["name"] for s in second.snapshot()["seats"]] == ["P0", "P1"]
        drive(players, lambda: all(p.client.over for p in players), timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert rec.actions[:len(before)] == before and st.phase == "over"
        assert all(p.client.view() == st.view(p.client.seat) for p in players)
        second.stop()
    finally:
        for p in players:
            p.client.close()
        first.stop()


def test_without_the_seats_file_players_join_the_resumed_game_by_seat(tmp_path: Path) -> None:
    first = start_host(tmp_path, ["remote", "random"], seed=7)
    p = Player(RemoteClient("127.0.0.1", first.port, "Ana"))
    try:
        drive([p], lambda: p.client.n >= 10, timeout=30)
    finally:
        p.client.close()
        first.stop()
    room.sidecar_path(tmp_path / "autosave.json").unlink()
    second = start_host(tmp_path, ["remote", "random"], resume=True)
    late = RemoteClient("127.0.0.1", second.port, "Ana again")
    q = Player(late)
    try:
        drive([q], lambda: late.status == "ok", timeout=10)
        assert late.seat == 0 and late.n >= 10
        other = RemoteClient("127.0.0.1", second.port, "Nobody")
        end = time.monotonic() + 10
        while other.status != "closed" and time.monotonic() < end:
            wait_any([other], 0.02)
        assert other.refused_code == "game_started"
        drive([q], lambda: late.over, timeout=60)
        assert room.sidecar_path(tmp_path / "autosave.json").exists()  # written again with the new token
    finally:
        late.close()
        second.stop()
