"""The stored LAN seat tokens (game/net/seat_tokens.py), and the host side of a player
who leaves on purpose and comes back: the host hears the goodbye at once, says who it
is (its id in ``welcome``), and gives the seat back for the token."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest

from game.net import seat_tokens
from game.net.client import RemoteClient, wait_any
from game.net.seat_tokens import SeatToken
from tests.net.net_helpers import start_host


def entry(host_id: str = "h1", game: str = "hero_realms", token: str = "t1", address: str = "10.0.0.2",
          port: int = 47380, saved: float | None = None) -> SeatToken:
    return SeatToken(host_id, game, address, port, 1, "Carol", token, time.time() if saved is None else saved)


def test_a_seat_is_found_by_host_and_game_then_by_address_and_forgotten(tmp_path: Path) -> None:
    f = tmp_path / "data" / "lan-seats.json"
    assert seat_tokens.find("h1", "hero_realms", "10.0.0.2", 47380, f) is None  # no file yet
    assert seat_tokens.remember(entry(), f)
    assert seat_tokens.remember(entry("h2", "fantasy_realms", "t2", port=47390), f)
    assert seat_tokens.find("h1", "hero_realms", "x", 1, f) == seat_tokens.load(f)[1]
    assert seat_tokens.find("h1", "fantasy_realms", "x", 1, f) is None  # another game at that host
    assert seat_tokens.find("", None, "10.0.0.2", 47390, f).token == "t2"  # an address typed by hand
    # the same game at the same host again: one entry, the newer token
    assert seat_tokens.remember(entry(token="t3"), f)
    assert [e.token for e in seat_tokens.load(f)] == ["t3", "t2"]
    assert seat_tokens.forget("t3", f)
    assert [e.token for e in seat_tokens.load(f)] == ["t2"]
    assert [p.name for p in f.parent.iterdir()] == ["lan-seats.json"]  # written atomically: no leftovers


def test_a_new_game_at_the_same_address_holds_no_seat_of_ours(tmp_path: Path) -> None:
    f = tmp_path / "lan-seats.json"
    assert seat_tokens.remember(entry("h1"), f)
    # the game listed on the LAN has another host id: a new game where the old one was
    assert seat_tokens.find("h9", "hero_realms", "10.0.0.2", 47380, f) is None
    assert seat_tokens.find("h1", "hero_realms", "10.0.0.2", 47380, f) is not None
    assert seat_tokens.find("", "hero_realms", "10.0.0.2", 47380, f) is not None  # typed by hand: the host says


def test_old_entries_give_way(tmp_path: Path) -> None:
    f = tmp_path / "lan-seats.json"
    seat_tokens.remember(entry("old", token="old", saved=time.time() - seat_tokens.MAX_AGE_S - 5), f)
    for i in range(seat_tokens.KEEP + 3):
        seat_tokens.remember(entry(f"h{i}", token=f"t{i}", port=40000 + i), f)
    kept = seat_tokens.load(f)
    assert len(kept) == seat_tokens.KEEP and "old" not in {e.token for e in kept}


@pytest.mark.parametrize("text, words", [
    ("{not json", "cannot read"),
    (json.dumps({"kind": "something else", "version": 1, "seats": []}), "not a LAN seats file"),
    (json.dumps([1, 2]), "not a LAN seats file"),
])
def test_a_malformed_file_is_ignored_with_a_reason(tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str,
                                                   words: str) -> None:
    f = tmp_path / "lan-seats.json"
    f.write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING, "realms.lan"):
        assert seat_tokens.load(f) == []
        assert seat_tokens.find("h1", "hero_realms", "10.0.0.2", 47380, f) is None
    assert words in caplog.text and str(f) in caplog.text
    assert all("\n" not in r.getMessage() for r in caplog.records)
    assert seat_tokens.remember(entry(), f)  # a good file replaces it
    assert seat_tokens.load(f)[0].token == "t1"


def test_a_bad_entry_is_skipped_and_the_others_kept(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    f = tmp_path / "lan-seats.json"
    good = {"host_id": "h1", "game": "hero_realms", "address": "a", "port": 1, "seat": 0, "name": "C",
            "token": "t", "saved": 1.0}
    doc = {"kind": seat_tokens.FILE_KIND, "version": seat_tokens.FILE_VERSION,
           "seats": [good, {**good, "port": "many"}, {**good, "token": ""}, "seat"]}
    f.write_text(json.dumps(doc), encoding="utf-8")
    with caplog.at_level(logging.WARNING, "realms.lan"):
        assert [e.token for e in seat_tokens.load(f)] == ["t"]
    assert len(caplog.records) == 3 and "seat entry 1 ignored" in caplog.text


def test_a_file_that_cannot_be_written_is_reported_not_raised(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with caplog.at_level(logging.WARNING, "realms.lan"):
        assert not seat_tokens.remember(entry(), blocker / "lan-seats.json")
    assert "cannot store the LAN seats" in caplog.text


def pump_until(clients: list[RemoteClient], cond, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        wait_any(clients, 0.02)


def test_a_player_who_leaves_is_noticed_at_once_and_takes_the_seat_back(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=3, takeover_after=None)
    ana, ben = (RemoteClient("127.0.0.1", handle.port, n) for n in ("Ana", "Ben"))
    try:
        pump_until([ana, ben], lambda: ana.status == "lobby" and ben.status == "lobby")
        assert ben.host_id == handle.host.host_id  # the welcome says which running host this is
        ana.set_ready(True)
        ben.set_ready(True)
        pump_until([ana, ben], lambda: ana.status == "ok" and ben.status == "ok")
        token, seat = ben.token, ben.seat
        t0 = time.monotonic()
        ben.close()  # Quit to title: the client says bye
        pump_until([ana], lambda: any(s["seat"] == seat and s["status"] == "waiting" for s in ana.seat_status))
        assert time.monotonic() - t0 < 2.0  # at once, not after the host's silence timeout
        back = RemoteClient("127.0.0.1", handle.port, "Ben", token=token, game=ben.game)
        pump_until([ana, back], lambda: back.status == "ok" and bool(back.names))
        assert back.seat == seat and back.view()["seats"] == 2
        pump_until([ana], lambda: any(s["seat"] == seat and s["status"] == "connected" for s in ana.seat_status))
        back.close()
    finally:
        ana.close()
        handle.stop()
