"""LAN games in one process (host thread + clients): full games, replies to bad
actions, desync healing, a cut cable, AI takeover."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.net.client import RemoteClient, wait_any
from game.net.protocol import PROTOCOL_VERSION
from tests.net.fake_clock import FakeClock
from tests.net.net_helpers import Player, Proxy, drive, replay, start_host


def _join(port: int, name: str, **kw: object) -> RemoteClient:
    return RemoteClient("127.0.0.1", port, name, **kw)  # type: ignore[arg-type]


def test_two_clients_play_a_full_game_to_the_replayed_state(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=11)
    players = [Player(_join(handle.port, f"P{i}"), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.over for p in players), timeout=90)
        snap = handle.snapshot()
        rec, st = replay(tmp_path / "autosave.json")
        assert rec.setup["seed"] == 11 and st.phase == "over"
        assert handle.host.session is not None
        assert st.state_hash() == handle.host.session.state.state_hash()
        for p in players:
            seat = p.client.seat
            assert p.client.view() == st.view(seat)
            assert p.client.winner == snap["winner"] == st.winner
            assert p.client.resyncs == 0 and p.client.n == len(rec.actions)
        # every event the host produced reached the client, in order, redacted for it
        from game.hero_realms.setup import new_game

        local = new_game(**{k: rec.setup[k] for k in ("seats", "format", "seed", "first")})
        expected: list[dict] = []
        for line in rec.actions:
            expected += [e.redacted_for(1).to_dict() for e in local.apply(line)]
        got = [e for seat, batch in players[1].batches for e in batch]
        assert got == expected
    finally:
        for p in players:
            p.client.close()
        handle.stop()


def test_bad_actions_get_error_replies_and_change_nothing(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=2)
    a, b = _join(handle.port, "A"), _join(handle.port, "B")
    players = [Player(a, play=False), Player(b, play=False)]
    try:
        drive(players, lambda: a.status == "ok" and b.status == "ok", timeout=20)
        mover, other = (a, b) if a.view()["legal"] else (b, a)
        n = mover.n
        other.submit(other.seat or 0, "end")  # not your turn
        mover.submit(mover.seat or 0, "play no_such_card")  # illegal
        mover.submit(mover.seat or 0, "frobnicate 3")  # bad notation
        mover._send({"type": "act", "line": "end", "seat": other.seat, "at": n})  # wrong seat
        mover._send({"type": "act", "line": f"@{other.seat} end", "at": n})  # acting for another seat
        mover._send({"type": "act", "line": "end", "at": n + 5})  # stale
        end = time.monotonic() + 5
        errors: list[str] = []
        while len(errors) < 6 and time.monotonic() < end:
            wait_any([a, b], 0.01)
            errors += a.errors() + b.errors() + [str(r) for r in a.refused() + b.refused()]
        text = "\n".join(errors)
        assert "not your turn" in text
        assert "no no_such_card in your hand" in text.lower()  # the engine's reason, as is
        assert "wrong_seat" in text and text.count("wrong_seat") == 2
        assert "bad_notation" in text
        assert "moved on before your action arrived" in text  # stale
        assert mover.n == n and len(handle.host.session.record.actions) == n  # type: ignore[union-attr]
        assert mover.status == "ok" and other.status == "ok"
    finally:
        a.close()
        b.close()
        handle.stop()


def test_a_desync_is_detected_and_healed_by_a_fresh_view(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"], seed=3)
    p = Player(_join(handle.port, "A"))
    try:
        drive([p], lambda: p.client.status == "ok" and p.client.n > 5, timeout=20)
        c = p.client
        broken = dict(c.view())
        broken["turn"] = 999  # what a lost or corrupted update would leave behind
        c._view = broken
        target = c.n + 3
        drive([p], lambda: c.n >= target and c.resyncs >= 1 and c._hash_ok, timeout=20)
        drive([p], lambda: c.over, timeout=60)
        assert c.view() == handle.host.session.view(c.seat)  # type: ignore[union-attr]
    finally:
        p.client.close()
        handle.stop()


def test_a_cut_cable_reconnects_and_resumes_with_the_missed_events(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"], seed=4)
    proxy = Proxy(handle.port)
    c = RemoteClient("127.0.0.1", proxy.port, "A", reconnect_window=30)
    p = Player(c)
    try:
        drive([p], lambda: c.status == "ok" and c.n > 10, timeout=20)
        proxy.blocked = True
        proxy.cut()
        drive([p], lambda: c.status == "reconnecting", timeout=10)
        end = time.monotonic() + 0.6
        while time.monotonic() < end:
            wait_any([c], 0.05)
            p.step()
        snap = handle.snapshot()
        assert snap["seats"][0]["status"] == "waiting"  # the host shows the waiting seat
        assert "takeover_in" in snap["seats"][0]
        proxy.blocked = False
        drive([p], lambda: c.status == "ok", timeout=15)
        drive([p], lambda: c.over, timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert st.phase == "over" and c.view() == st.view(0)
        # every event was delivered exactly once, in order, despite the cut
        from game.hero_realms.setup import new_game

        local = new_game(**{k: rec.setup[k] for k in ("seats", "format", "seed", "first")})
        expected: list[dict] = []
        for line in rec.actions:
            expected += [e.redacted_for(0).to_dict() for e in local.apply(line)]
        assert [e for _s, batch in p.batches for e in batch] == expected
        assert "reconnecting" in p.statuses
    finally:
        c.close()
        proxy.close()
        handle.stop()


def test_an_ai_takes_over_a_seat_that_does_not_come_back_and_hands_it_back(tmp_path: Path) -> None:
    clock = FakeClock(runs=True)  # the host's: a minute away passes at once
    handle = start_host(tmp_path, ["remote", "random"], seed=5, takeover_after=60.0, takeover_agent="random",
                        clock=clock)
    p = Player(_join(handle.port, "A"))
    try:
        drive([p], lambda: p.client.status == "ok", timeout=20)
        token = p.client.token
        p.client._shut()  # the process dies without a word
        sess = handle.host.session
        assert sess is not None
        n = len(sess.record.actions)
        drive([], lambda: handle.snapshot()["seats"][0]["status"] == "waiting", timeout=10)
        clock.advance(60.1)
        end = time.monotonic() + 20
        while len(sess.record.actions) < n + 20 and not sess.over and time.monotonic() < end:
            time.sleep(0.02)
        assert len(sess.record.actions) >= n + 20 or sess.over  # the AI plays seat 0 meanwhile
        assert handle.snapshot()["seats"][0]["status"] in ("ai", "connected")
        back = Player(_join(handle.port, "A", token=token))
        drive([back], lambda: back.client.status == "ok", timeout=10)
        assert back.client.seat == 0
        if not sess.over:
            drive([back], lambda: handle.snapshot()["seats"][0]["status"] == "connected", timeout=5)
        drive([back], lambda: back.client.over, timeout=60)
        back.client.close()
    finally:
        p.client.close()
        handle.stop()


@pytest.mark.parametrize("version", [0, 1, PROTOCOL_VERSION + 1])
def test_a_version_mismatch_is_refused_with_a_clear_message(tmp_path: Path, version: int) -> None:
    handle = start_host(tmp_path, ["remote", "remote"])
    c = RemoteClient("127.0.0.1", handle.port, "Old", protocol_version=version)
    try:
        end = time.monotonic() + 10
        while c.status != "closed" and time.monotonic() < end:
            wait_any([c], 0.02)
        assert c.status == "closed" and c.refused_code == "version_mismatch"
        assert c.closed_reason is not None and f"protocol version {PROTOCOL_VERSION}" in c.closed_reason
        assert "same version" in c.closed_reason
        assert handle.snapshot()["seats"][0]["status"] == "open"
    finally:
        c.close()
        handle.stop()
