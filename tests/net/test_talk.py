"""Table talk over the LAN: a seat's emote or line is told to every seat and spectator,
as the published schema (game/net/schema/talk.json) says; a bad one (too long, too fast,
not text, an unknown emote, both or neither, from a spectator) gets an error reply and
is told to nobody."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import game.net
from game.net.client import RemoteClient
from tests.net.net_helpers import Player, Proxy, drive, start_host

SCHEMA = json.loads((Path(game.net.__file__).parent / "schema" / "talk.json").read_text(encoding="utf-8"))


def _table(tmp_path: Path) -> tuple[Any, Proxy, list[RemoteClient], list[Player]]:
    handle = start_host(tmp_path, ["remote", "remote"], seed=2, autostart=False)  # talk in the lobby, which stays
    proxy = Proxy(handle.port)
    ana = RemoteClient("127.0.0.1", proxy.port, "Ana", seat=0)  # what a seat is sent, recorded
    ben = RemoteClient("127.0.0.1", handle.port, "Ben", seat=1)
    eve = RemoteClient("127.0.0.1", handle.port, "Eve", watch=True)
    clients = [ana, ben, eve]
    players = [Player(c, play=False) for c in clients]
    drive(players, lambda: all(c.status == "lobby" for c in clients), timeout=10)
    return handle, proxy, clients, players


def _heard(players: list[Player], clients: list[RemoteClient], n: int, seconds: float = 5) -> list[list[dict[str, Any]]]:
    heard: list[list[dict[str, Any]]] = [[] for _ in clients]

    def enough() -> bool:
        for i, c in enumerate(clients):
            heard[i] += c.talk()
        return all(len(h) >= n for h in heard)

    drive(players, enough, timeout=seconds)
    return heard


def test_what_a_seat_says_is_told_to_every_seat_and_spectator(tmp_path: Path) -> None:
    handle, proxy, clients, players = _table(tmp_path)
    ana, ben, eve = clients
    try:
        ana.say(emote="good_game")
        ben.say(text="  Nice one, Ana!\x07  ")
        heard = _heard(players, clients, 2)
        for h in heard:
            assert {"seat": 0, "name": "Ana", "emote": "good_game"} in h
            assert {"seat": 1, "name": "Ben", "text": "Nice one, Ana!"} in h  # printable, trimmed
        validator = Draft202012Validator(SCHEMA)
        said = [json.loads(line) for line in bytes(proxy.to_client).split(b"\n")[:-1]]
        said = [m for m in said if m["type"] == "said"]
        assert len(said) == 2 and all(not list(validator.iter_errors(m)) for m in said)
    finally:
        for c in clients:
            c.close()
        proxy.close()
        handle.stop()


@pytest.mark.parametrize("bad", [
    {"text": "x" * 121},  # too long
    {"text": 12},  # not text
    {"text": "   \x00  "},  # nothing printable
    {"emote": "rude_gesture"},  # not a preset
    {"emote": "oops", "text": "and this"},  # both
    {},  # neither
])
def test_a_bad_line_gets_an_error_and_is_told_to_nobody(tmp_path: Path, bad: dict[str, Any]) -> None:
    handle, proxy, clients, players = _table(tmp_path)
    ana, ben, _eve = clients
    try:
        ana._send({"type": "say", **bad})
        drive(players, lambda: bool(players[0].errors), timeout=5)
        assert any("say" in e for e in players[0].errors), players[0].errors
        ben.say(emote="hello")  # the next good line is the first anyone hears
        heard = _heard(players, clients, 1)
        assert all(h == [{"seat": 1, "name": "Ben", "emote": "hello"}] for h in heard), heard
    finally:
        for c in clients:
            c.close()
        proxy.close()
        handle.stop()


def test_talk_too_fast_or_from_a_spectator_is_refused(tmp_path: Path) -> None:
    handle, proxy, clients, players = _table(tmp_path)
    ana, _ben, eve = clients
    try:
        for _ in range(6):
            ana.say(emote="thinking")
        eve._send({"type": "say", "emote": "oops"})
        time.sleep(0.3)
        heard = _heard(players, clients, 3)
        assert all(len(h) == 3 for h in heard), heard  # the burst of 3, no more: the others were refused
        assert sum("talk" in e for e in players[0].errors) == 3, players[0].errors
        assert any("spectator" in e for e in players[2].errors), players[2].errors
    finally:
        for c in clients:
            c.close()
        proxy.close()
        handle.stop()
