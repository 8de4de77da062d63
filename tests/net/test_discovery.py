"""Discovery answers are never an amplifier: no longer than the question, and rationed."""

from __future__ import annotations

import json
import socket
import time
from functools import partial
from pathlib import Path
from typing import Any

from game.net import api
from game.net.discovery import ESSENTIAL, MAX_QUESTION, QUESTION_SIZE, Responder, _parse, question
from game.net.protocol import PROTOCOL_VERSION
from tests.net.net_helpers import free_udp_port
from tests.schema_helpers import check_setup

SHORT = json.dumps({"type": "discover", "version": PROTOCOL_VERSION}).encode()  # a client from before the padding


def _reply(name: str = "Ana's table") -> dict[str, Any]:
    """A Fantasy Realms host's description (the longest kind: modules and rulings)."""
    from game.net import setups

    fields = setups.planned("fantasy_realms", None, ["promo", "cursed_items", "cursed_hoard_suits"], {}).fields()
    return {"type": "game", **fields, "id": "0123456789abcdef", "version": PROTOCOL_VERSION, "app": "9.9.9",
            "name": name, "port": 47380, "seats": 6, "seats_free": 5, "phase": "lobby"}


def test_the_question_is_padded_to_its_fixed_size_and_older_hosts_read_it_whole() -> None:
    for game in (None, "fantasy_realms"):
        q = question(game)
        assert len(q) == QUESTION_SIZE <= MAX_QUESTION
        msg = json.loads(q)
        assert msg["type"] == "discover" and msg["version"] == PROTOCOL_VERSION and msg.get("game") == game


def test_an_answer_is_never_longer_than_its_padded_question() -> None:
    responder = Responder()
    for name in ("T", "Ж" * 200):
        q = question()
        body = responder.answer(q, f"10.0.0.{len(name)}", partial(_reply, name), now=1.0)
        assert body is not None and len(body) <= len(q)
        got = json.loads(body)
        assert got["rulings"] and got["app"] == "9.9.9" and got["name"] == name[:64]


def test_a_short_question_gets_the_fields_to_list_and_join_the_game() -> None:
    body = Responder().answer(SHORT, "10.0.0.1", _reply, now=1.0)
    assert body is not None
    assert sorted(json.loads(body)) == sorted(ESSENTIAL)
    info = _parse(body, "10.0.0.1")
    assert info is not None and info.joinable and info.name == "Ana's table" and info.seats_free == 5


def test_questions_that_are_not_for_this_host_get_nothing() -> None:
    responder = Responder()
    for data in (b"", b"\xff", b"[]", b'{"type":"hello"}', json.dumps({"type": "discover", "game": "other"}).encode()):
        assert responder.answer(data, "10.0.0.1", _reply, now=1.0) is None


def test_one_address_is_answered_a_few_times_a_second() -> None:
    responder = Responder()
    q = question()
    burst = [responder.answer(q, "10.0.0.1", _reply, now=1.0) for _ in range(20)]
    assert sum(b is not None for b in burst) == 8
    assert responder.answer(q, "10.0.0.2", _reply, now=1.0) is not None  # another address has its own
    assert sum(responder.answer(q, "10.0.0.1", _reply, now=2.0) is not None for _ in range(20)) == 4


def test_every_address_together_is_answered_only_so_often() -> None:
    responder = Responder()
    q = question()
    answered = sum(responder.answer(q, f"10.0.{i // 250}.{i % 250}", _reply, now=1.0) is not None
                   for i in range(500))
    assert answered == 80
    short = sum(responder.answer(SHORT, f"10.9.{i // 250}.{i % 250}", _reply, now=100.0) is not None
                for i in range(500))
    assert short == 8  # longer than their question: a much smaller ration


def test_the_addresses_followed_stay_bounded() -> None:
    responder = Responder()
    q = question()
    for i in range(5000):
        assert responder.answer(q, f"10.{i // 62500}.{i // 250 % 250}.{i % 250}", _reply, now=i * 0.05) is not None
    assert len(responder._addresses) <= 1024


def test_a_host_answers_questions_old_and_new_and_not_a_flood(tmp_path: Path) -> None:
    udp = free_udp_port()
    host = api.host_in_background(api.HostConfig(seats=["remote", "remote"], port=0, discovery_port=udp,
                                                 bind="127.0.0.1", save=tmp_path / "s.json", name="Flooded",
                                                 ai_inline=True))
    asker = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        asker.settimeout(1.0)
        for data in (question(), SHORT):
            asker.sendto(data, ("127.0.0.1", udp))
            body = asker.recv(4096)
            assert len(body) <= len(data) or data is SHORT
            info = _parse(body, "127.0.0.1")
            assert info is not None and info.name == "Flooded" and info.port == host.port and info.joinable
            if data is not SHORT:  # the short answer leaves the rulings out
                check_setup(json.loads(body))  # its setup fields, as game/<game>/schema/setup.json says
        for _ in range(100):
            asker.sendto(question(), ("127.0.0.1", udp))
        time.sleep(0.3)
        asker.settimeout(0.05)
        answers = 0
        try:
            while True:
                asker.recv(4096)
                answers += 1
        except TimeoutError:
            pass
        assert answers <= 8  # the rest of this address's burst, at most
    finally:
        asker.close()
        host.stop()
