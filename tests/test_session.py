"""The Session host and the local client: seats, AI driving, redaction."""

from __future__ import annotations

import time

import pytest

from game.clients import LocalClient
from game.core.errors import IllegalActionError
from game.hero_realms.record import Record
from game.session import SeatConfig, Session
from game.session_ai import AISeats


def test_only_the_seat_to_act_may_act() -> None:
    sess = Session(Record.standard(2, seed=1, first=0))
    with pytest.raises(IllegalActionError, match="seat 1 cannot act now"):
        sess.submit(1, "end")
    sess.submit(0, "end")
    assert sess.record.actions == ["end"]


def test_events_are_redacted_per_seat() -> None:
    sess = Session(Record.standard(2, seed=1, first=0))
    seen: dict[int, list[dict]] = {}
    for seat in (0, 1):
        sess.subscribe(seat, lambda s, ev: seen.setdefault(s, []).extend(ev))
    sess.submit(0, "end")
    drawn0 = [e for e in seen[0] if e["type"] == "card_drawn"]
    drawn1 = [e for e in seen[1] if e["type"] == "card_drawn"]
    assert all(e["card"] for e in drawn0) and all(e["card"] is None for e in drawn1)


def test_ai_seats_play_inline_to_the_end() -> None:
    seats = [SeatConfig("ai", "A", "random"), SeatConfig("ai", "B", "random")]
    sess = Session(Record.standard(2, seed=3), seats)
    ai = AISeats(sess, inline=True)
    for _ in range(10_000):
        if sess.over or not ai.pump():
            break
    assert sess.over


def test_local_client_with_a_worker_process() -> None:
    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "random")]
    sess = Session(Record.standard(2, seed=5, first=0), seats)
    client = LocalClient(sess)
    try:
        client.submit(0, "end")
        deadline = time.monotonic() + 30
        while sess.waiting_for() != [0] and time.monotonic() < deadline:
            client.poll()
            time.sleep(0.01)
        assert sess.waiting_for() == [0]
        batches = client.poll()
        assert client.errors() == []
        assert sess.view(0)["turn"] >= 3 and isinstance(batches, list)
    finally:
        client.close()


def test_a_failed_autosave_keeps_the_game_and_its_events(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "auto.json"
    sess = Session(Record.standard(2, seed=1, first=0), autosave=path)
    seen: list[dict] = []
    sess.subscribe(0, lambda _s, ev: seen.extend(ev))
    sess.submit(0, "end")
    good = path.read_text()

    def full(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Record, "save", full)
    seen.clear()
    sess.submit(1, "end")
    assert seen and sess.save_error and "No space left" in sess.save_error
    assert path.read_text() == good and len(sess.record.actions) == 2
