"""A refused action reaches the LAN player as the engine's refusal, a key with its
parameters (the table words it), and its English sentence for a client that reads no key."""

from __future__ import annotations

import time
from pathlib import Path

from game.core.errors import IllegalActionError
from game.core.refusal import Refusal
from game.net.client import RemoteClient, refusal_of, wait_any
from tests.net.net_helpers import Player, drive, start_host


def test_the_host_sends_the_engines_refusal_as_a_value(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=2)
    a, b = RemoteClient("127.0.0.1", handle.port, "A"), RemoteClient("127.0.0.1", handle.port, "B")
    try:
        drive([Player(a, play=False), Player(b, play=False)], lambda: a.status == "ok" and b.status == "ok",
              timeout=20)
        mover = a if a.view()["legal"] else b
        line = "play no_such_card"
        session = handle.host.session
        assert session is not None
        try:
            session.state.clone().apply(line)
        except IllegalActionError as exc:
            local = exc.refusal
        else:
            raise AssertionError(f"{line!r} was legal")
        mover.submit(mover.seat or 0, line)
        end = time.monotonic() + 5
        got: list[Refusal] = []
        while not got and time.monotonic() < end:
            wait_any([a, b], 0.01)
            got = mover.refused()
        assert got == [local]  # the same key, parameters and sentence as the engine's here
        assert mover.errors() == []  # said once, as a refusal
    finally:
        a.close()
        b.close()
        handle.stop()


def test_a_malformed_refusal_from_a_host_keeps_its_sentence() -> None:
    assert refusal_of({"key": "not_in_hand", "params": {"card": "dagger", "k": 2}}, "no dagger#2 in your hand") == \
        Refusal("not_in_hand", "no dagger#2 in your hand", {"card": "dagger", "k": 2})
    for bad in (None, "x", {"key": 3}, {"key": "k", "params": []}, {"key": "k", "params": {"a": [1]}},
                {"key": "k", "params": {"a": None}}):
        assert refusal_of(bad, "the reason") == Refusal("other", "the reason")
