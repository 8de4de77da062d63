"""Joining, the lobby, hosting from the UI thread, refusals, and LAN discovery."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from game.core.errors import RealmsError
from game.net import api
from game.net.client import RemoteClient, wait_any
from game.net.discovery import Discovery
from tests.net.net_helpers import Player, drive, free_udp_port, start_host


def _wait(clients: list[RemoteClient], until: object, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not until():  # type: ignore[operator]
        assert time.monotonic() < end, [c.status for c in clients]
        wait_any(clients, 0.01)


def test_lobby_seats_names_ready_and_autostart(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random", "remote"])
    a = RemoteClient("127.0.0.1", handle.port, "Ana")
    b = RemoteClient("127.0.0.1", handle.port, "Ana")  # same name: made unique
    try:
        _wait([a, b], lambda: a.lobby is not None and b.lobby is not None and b.seat is not None)
        assert (a.seat, b.seat) == (0, 2) and a.token and b.token and a.token != b.token
        assert b.name == "Ana (2)"
        _wait([a, b], lambda: [s["name"] for s in a.lobby["seats"]] == ["Ana", "Random AI 2", "Ana (2)"])
        seats = a.lobby["seats"]
        assert [s["status"] for s in seats] == ["connected", "ai", "connected"]
        assert not a.lobby["can_start"] and a.status == "lobby"
        a.set_ready(True)
        _wait([a, b], lambda: a.lobby["seats"][0]["ready"])
        assert a.phase == "lobby"
        b.set_ready(True)
        _wait([a, b], lambda: a.phase == "playing" and b.phase == "playing")
        assert a.status == "ok" and a.view()["seat"] == 0 and b.view()["seat"] == 2
        assert a.seats == [0]
        with pytest.raises(RealmsError):
            a.submit(1, "end")  # not this client's seat: refused locally, like LocalClient
    finally:
        a.close()
        b.close()
        handle.stop()


def test_full_game_refuses_more_players_and_a_bad_token(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"])
    a = RemoteClient("127.0.0.1", handle.port, "A")
    try:
        _wait([a], lambda: a.status == "lobby")
        late = RemoteClient("127.0.0.1", handle.port, "Late")
        forger = RemoteClient("127.0.0.1", handle.port, "F", token="0" * 32, reconnect_window=1)
        _wait([late, forger], lambda: late.status == "closed" and forger.status == "closed")
        assert late.refused_code == "full" and "no free seat" in (late.closed_reason or "")
        assert forger.refused_code == "bad_token"
        assert a.status == "lobby"
    finally:
        a.close()
        handle.stop()


def test_idle_sockets_cannot_lock_players_out(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], max_connections=3)
    idle = [socket.create_connection(("127.0.0.1", handle.port)) for _ in range(6)]
    a = RemoteClient("127.0.0.1", handle.port, "A")
    try:
        _wait([a], lambda: a.status == "lobby")
        twin = RemoteClient("127.0.0.1", handle.port, "A again", token=a.token)  # the same seat, elsewhere
        _wait([a, twin], lambda: a.status == "closed" and twin.status == "lobby")
        assert "another connection" in (a.closed_reason or "") and twin.seat == 0
        twin.close()
    finally:
        a.close()
        for s in idle:
            s.close()
        handle.stop()


def test_leaving_the_lobby_frees_the_seat(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"])
    a = RemoteClient("127.0.0.1", handle.port, "A", seat=1)
    try:
        _wait([a], lambda: a.status == "lobby")
        assert a.seat == 1
        b = RemoteClient("127.0.0.1", handle.port, "B", seat=1)
        _wait([b], lambda: b.status == "closed")
        assert b.refused_code == "seat_taken"
        a.close()
        end = time.monotonic() + 5
        while handle.snapshot()["seats"][1]["status"] != "open":
            assert time.monotonic() < end
            time.sleep(0.01)
    finally:
        a.close()
        handle.stop()


def test_hosting_from_the_ui_thread(tmp_path: Path) -> None:
    handle = api.host_in_background(api.HostConfig(
        seats=["remote", "remote", "remote"], port=0, bind="127.0.0.1", discovery_port=None,
        save=tmp_path / "ui.json", autostart=False, ai_inline=True, name="Ana's table"))
    me = Player(api.join("127.0.0.1", handle.port, "Ana", seat=0))
    try:
        drive([me], lambda: me.client.lobby is not None and me.client.lobby["seats"][0]["ready"], timeout=10)
        with pytest.raises(RealmsError, match="connected and ready"):
            handle.start_game()
        handle.set_seat(1, "random")
        handle.fill_with_ai("random")
        with pytest.raises(ValueError):
            handle.set_seat(1, "no-such-agent")
        snap = handle.snapshot()
        assert [s["status"] for s in snap["seats"]] == ["connected", "ai", "ai"] and snap["can_start"]
        assert snap["name"] == "Ana's table" and snap["port"] == handle.port
        handle.start_game()
        drive([me], lambda: me.client.over, timeout=60)
        assert handle.snapshot()["phase"] == "over"
        assert (tmp_path / "ui.json").exists() and (tmp_path / "ui.json.lan.json").exists()
    finally:
        me.client.close()
        handle.stop()
    assert not handle.running


def test_the_host_closing_the_game_closes_the_client(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"])
    p = Player(RemoteClient("127.0.0.1", handle.port, "A"), play=False)
    try:
        drive([p], lambda: p.client.status == "ok", timeout=10)
        handle.stop()
        drive([p], lambda: p.client.status == "closed", timeout=10)
        assert "closed the game" in (p.client.closed_reason or "")
    finally:
        p.client.close()


def test_discovery_lists_the_games_on_loopback(tmp_path: Path) -> None:
    udp = free_udp_port()
    h1 = api.host_in_background(api.HostConfig(seats=["remote", "remote"], port=0, discovery_port=udp,
                                               save=tmp_path / "1.json", name="First", ai_inline=True))
    h2 = api.host_in_background(api.HostConfig(seats=["remote", "random"], port=0, discovery_port=udp,
                                               save=tmp_path / "2.json", name="Second", ai_inline=True))
    try:
        with Discovery(udp) as finder:
            end = time.monotonic() + 5
            games = []
            while len(games) < 2 and time.monotonic() < end:
                finder.send()
                time.sleep(0.1)
                games = finder.poll()
        # two hosts share the discovery port; the loopback broadcast reaches both
        by_name = {g.name: g for g in games}
        assert sorted(by_name) == ["First", "Second"], (games, finder.problems)
        assert by_name["First"].port == h1.port and by_name["First"].seats_free == 2
        assert by_name["Second"].port == h2.port and by_name["Second"].seats_free == 1
        assert all(g.joinable for g in games)
    finally:
        h1.stop()
        h2.stop()


def test_parse_address() -> None:
    assert api.parse_address("10.0.0.2:5000") == ("10.0.0.2", 5000)
    assert api.parse_address("somehost") == ("somehost", 47380)
    assert api.parse_address("[::1]:6000") == ("::1", 6000)
    assert api.parse_address("fe80::1") == ("fe80::1", 47380)
    for bad in ("", "host:", "host:99999", "host:x", "[::1", "[::1]x", ":80"):
        with pytest.raises(ValueError):
            api.parse_address(bad)
