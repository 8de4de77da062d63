"""Joining: any token text is checked (no host failure), and no player passes for another seat."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from game.net.host import HostConfig, NetHost
from tests.schema_helpers import check_setup


def _host(tmp_path: Path, seats: list[str], lines: list[str]) -> NetHost:
    return NetHost(HostConfig(seats=seats, port=0, bind="127.0.0.1", discovery_port=None, autostart=False,
                              save=tmp_path / "s.json", ai_inline=True, log=lines.append))


def _hello(host: NetHost, raw: bytes) -> tuple[socket.socket, dict[str, Any]]:
    """Send one raw hello line on a new connection; the connection and the host's first answer."""
    s = socket.create_connection(("127.0.0.1", host.port))
    s.sendall(raw + b"\n")
    s.settimeout(0.02)
    got = b""
    end = time.monotonic() + 3
    while b"\n" not in got and time.monotonic() < end:
        host.step(0.01)
        try:
            got += s.recv(65536)
        except TimeoutError:
            pass
    answer = json.loads(got.split(b"\n")[0])
    if answer["type"] == "welcome":
        check_setup(answer)  # its setup fields, as game/<game>/schema/setup.json says
    return s, answer


@pytest.mark.parametrize("token", ["jeton-é", "秘密", "\ud800", "0123456789abcdef0123456789abcde\u00ff"])
def test_a_token_of_any_text_is_refused_as_bad_token_without_a_host_problem(tmp_path: Path, token: str) -> None:
    lines: list[str] = []
    host = _host(tmp_path, ["remote", "remote"], lines)
    try:
        _first, welcome = _hello(host, b'{"type":"hello","seq":1,"version":2,"name":"Ana"}')
        assert welcome["type"] == "welcome"
        raw = json.dumps({"type": "hello", "seq": 1, "version": 2, "name": "Eve", "token": token}).encode()
        s, answer = _hello(host, raw)
        s.close()
        _first.close()
        assert (answer["type"], answer["code"]) == ("refused", "bad_token")
        assert host.problems == [] and not any("problem" in line for line in lines)
    finally:
        host.close()


def test_a_player_cannot_take_an_ai_seats_name_in_any_case(tmp_path: Path) -> None:
    lines: list[str] = []
    host = _host(tmp_path, ["remote", "hard", "remote", "remote"], lines)
    conns = []
    try:
        ai = host.seats[1].name
        assert ai == "Hard AI 2"
        names = []
        for name in (ai, ai.lower(), "ANA"):
            s, welcome = _hello(host, json.dumps({"type": "hello", "seq": 1, "version": 2, "name": name}).encode())
            conns.append(s)
            names.append(welcome["name"])
        assert names == ["Hard AI 2 (2)", "hard ai 2 (3)", "ANA"]
        assert len({n.casefold() for n in [s.name for s in host.seats]}) == 4
    finally:
        for s in conns:
            s.close()
        host.close()


def test_a_seat_made_an_ai_in_the_lobby_does_not_take_a_players_name(tmp_path: Path) -> None:
    lines: list[str] = []
    host = _host(tmp_path, ["remote", "remote", "remote"], lines)
    try:
        s, welcome = _hello(host, b'{"type":"hello","seq":1,"version":2,"name":"Easy AI 3"}')
        assert welcome["name"] == "Easy AI 3" and welcome["seat"] == 0
        host.set_seat(2, "easy")
        assert host.seats[2].name == "Easy AI 3 (2)"
        s.close()
    finally:
        host.close()
