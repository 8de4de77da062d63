"""The Session host and the local client: seats, AI driving, redaction."""

from __future__ import annotations

import json
import time
import types
from pathlib import Path
from typing import Any

import pytest

from game.core.errors import IllegalActionError
from game.hero_realms.record import Record
from game.session import session as session_module
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session


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


def _break_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Record, "save", full)


def test_a_failing_autosave_is_told_to_every_listener_at_once_and_again_when_it_works(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "auto.json"
    sess = Session(Record.standard(2, seed=1, first=0), autosave=path)
    heard: dict[int | None, list[dict[str, Any]]] = {0: [], 1: []}
    for seat in (0, 1):
        sess.subscribe(seat, lambda s, ev: heard[s].extend(e for e in ev if e["type"] == "save_status"))
    sess.submit(0, "end")
    assert heard == {0: [], 1: []}
    with monkeypatch.context() as m:
        _break_saves(m)
        sess.submit(1, "end")
        sess.submit(0, "end")  # still failing: nothing new to tell
        assert sess.save_failures == 2 and sess.saved_n == 1
    failed = {"type": "save_status", "ok": False, "reason": "No space left on device", "n": 2}
    assert heard == {0: [failed], 1: [failed]}  # the reason without the host's path
    assert sess.retry_save(now=True)
    works = {"type": "save_status", "ok": True, "reason": None, "n": 3}
    assert heard == {0: [failed, works], 1: [failed, works]}
    assert json.loads(path.read_text())["actions"] == ["end", "end", "end"] and sess.saved_n == 3


def test_a_failed_autosave_is_retried_without_waiting_for_the_next_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "auto.json"
    sess = Session(Record.standard(2, seed=1, first=0), autosave=path)
    clock = types.SimpleNamespace(now=100.0)
    monkeypatch.setattr(session_module, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    with monkeypatch.context() as m:
        _break_saves(m)
        sess.submit(0, "end")
        assert not sess.retry_save() and sess.save_failures == 1  # tried just now: not again yet
        clock.now += session_module.SAVE_RETRY_S
        assert not sess.retry_save() and sess.save_failures == 2  # tried again, still broken
    clock.now += session_module.SAVE_RETRY_S / 2
    assert not sess.retry_save() and not path.exists()  # the last try is too recent
    clock.now += session_module.SAVE_RETRY_S / 2
    assert sess.retry_save() and sess.save_error is None
    assert json.loads(path.read_text())["actions"] == ["end"]


def test_a_local_game_hears_its_autosave_once_per_screen_and_retries_while_nobody_acts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "auto.json"
    sess = Session(Record.standard(2, seed=1, first=0), [SeatConfig("human", "A"), SeatConfig("human", "B")],
                   autosave=path)
    client = LocalClient(sess, AISeats(sess, inline=True))
    monkeypatch.setattr(session_module, "SAVE_RETRY_S", 0.0)
    try:
        with monkeypatch.context() as m:
            _break_saves(m)
            client.submit(0, "end")
            client.poll()  # retries, fails again
        notices = client.save_notices()
        assert [n["ok"] for n in notices] == [False]  # hotseat: one copy, not one per seat
        assert all(e["type"] != "save_status" for _seat, batch in client.poll() for e in batch)
        assert [n["ok"] for n in client.save_notices()] == [True]  # that poll retried, and it worked
        assert json.loads(path.read_text())["actions"] == ["end"]
    finally:
        client.close()


@pytest.mark.parametrize("game", ["hero_realms", "fantasy_realms"])
def test_history_is_what_each_seat_was_sent_while_the_game_ran(game: str) -> None:
    """A resumed game's log comes from the session: the record replayed once, each event
    redacted for the asking seat exactly as the live listeners received it."""
    from game import games
    from game.core.rng import Rng

    sess = Session(games.game(game).new_record(2, seed=5))
    seen: dict[int | None, list[dict[str, Any]]] = {}
    for seat in (0, 1, None):
        sess.subscribe(seat, lambda s, ev: seen.setdefault(s, []).extend(ev))
    rng = Rng(3)
    for _ in range(40):
        if sess.over:
            break
        seat = sess.waiting_for()[0]
        legal = [str(a) for a in sess.state.legal_actions()]
        sess.submit(seat, legal[rng.below(len(legal))])
    resumed = Session(sess.record)
    for seat in (0, 1, None):
        assert resumed.history(seat) == seen[seat]
        assert resumed.history(seat, keep=7) == seen[seat][-7:]
    hidden = [e for e in resumed.history(1) if e["type"] == "card_drawn" and e["seat"] == 0]
    assert hidden and all(e["card"] is None for e in hidden)
