"""The LAN clients of the tests check what they receive against the published schemas
(tests/net/conftest.py): a host that sends a view with a field renamed, a patch that
breaks the view for one update only, or a welcome without its setup fields fails the
test at the message, even when the next message mends the view."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from game.hero_realms.setup import new_game
from game.net.client import RemoteClient
from game.net.protocol import diff, encode, view_hash
from game.net.setups import Setup


class FakeHost:
    """A listening socket that takes one client and sends it scripted messages."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.server.settimeout(5)
        self.conn: socket.socket | None = None
        self.seq = 0

    def accept(self, client: RemoteClient) -> None:
        while self.conn is None:
            client.pump(0.01)
            try:
                self.server.settimeout(0.05)
                self.conn, _ = self.server.accept()
            except TimeoutError:
                continue
        self.conn.settimeout(5)
        assert json.loads(self.conn.makefile("rb").readline())["type"] == "hello"

    def send(self, *messages: dict[str, Any]) -> None:
        """All ``messages`` in one write: the client reads them in one pump."""
        data = b""
        for msg in messages:
            self.seq += 1
            data += encode({"seq": self.seq, **msg})
        assert self.conn is not None
        self.conn.sendall(data)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.server.close()


def welcome(**fields: Any) -> dict[str, Any]:
    return {"type": "welcome", "seat": 0, "token": "t" * 32, "name": "Ana", "phase": "playing", "host": "Fake",
            "heartbeat": 30, "timeout": 60, **Setup("hero_realms", "ffa").fields(), **fields}


def view_message(view: dict[str, Any], n: int = 0) -> dict[str, Any]:
    return {"type": "view", "reason": "start", "n": n, "view": view, "view_hash": view_hash(view), "events": []}


def update(old: dict[str, Any], new: dict[str, Any], n: int) -> dict[str, Any]:
    return {"type": "update", "n": n, "patch": diff(old, new), "view_hash": view_hash(new), "events": []}


@pytest.fixture
def fake() -> Iterator[tuple[FakeHost, RemoteClient]]:
    host = FakeHost()
    client = RemoteClient("127.0.0.1", host.port, "Ana", reconnect_window=0)
    try:
        host.accept(client)
        yield host, client
    finally:
        client.close()
        host.close()


def pump_until_it_fails(client: RemoteClient) -> str:
    for _ in range(200):
        try:
            client.pump(0.02)
        except AssertionError as exc:
            return str(exc)
    raise AssertionError("the client took what it received")


def good_view() -> dict[str, Any]:
    return new_game(2, seed=1).view(0)


def test_a_view_with_a_field_renamed_fails_the_test(fake: tuple[FakeHost, RemoteClient],
                                                    clients_check_what_they_receive: list[str]) -> None:
    host, client = fake
    view = good_view()
    view["turns"] = view.pop("turn")
    host.send(welcome(), view_message(view))
    assert "breaks view.json" in pump_until_it_fails(client)
    assert len(clients_check_what_they_receive) == 1
    clients_check_what_they_receive.clear()  # seen: the test ends well


def test_every_patched_view_is_checked_not_only_the_one_held_after_a_poll(
        fake: tuple[FakeHost, RemoteClient], clients_check_what_they_receive: list[str]) -> None:
    host, client = fake
    first = good_view()
    broken = {**first, "players": [{**first["players"][0], "gold": "lots"}, first["players"][1]]}
    host.send(welcome(), view_message(first), update(first, broken, 1), update(broken, first, 2))
    assert "players/0/gold" in pump_until_it_fails(client)
    clients_check_what_they_receive.clear()


def test_a_good_stream_passes_and_a_welcome_without_its_setup_fails(
        fake: tuple[FakeHost, RemoteClient], clients_check_what_they_receive: list[str]) -> None:
    host, client = fake
    first = good_view()
    second = {**first, "turn": first["turn"] + 1}
    host.send(welcome(), view_message(first), update(first, second, 1))
    while client.n < 1:
        client.pump(0.02)
    assert client.view() == second and clients_check_what_they_receive == []
    host.send(welcome(format="chaos"))
    assert "breaks setup.json" in pump_until_it_fails(client)
    clients_check_what_they_receive.clear()
