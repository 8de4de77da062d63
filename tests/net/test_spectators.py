"""Spectators: a machine that watches a LAN game with no seat. What reaches it is, byte
for byte, documented messages whose views are the view of no seat and whose events are
the engine's redacted for no seat (nothing a seat hides, for every game); it is listed
with the seats; it cannot act; the host's limit holds; with ``reveal_at_end`` the
finished game's hands are shown to it, and only then."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.net.client import RemoteClient, wait_any
from tests.net.leak_helpers import all_keys, documented_messages, rebuilt
from tests.net.net_helpers import Player, Proxy, drive, replay, start_host

CASES = [("hero_realms", {"format": "ffa"}), ("fantasy_realms", {"modules": ["promo"]}),
         ("herosdei", {"format": "standard", "modules": ["greeks,vikings"]})]


def _watched(tmp_path: Path, game: str, setup: dict[str, Any], reveal: bool = False) -> tuple[bytes, Any, bool]:
    """A whole game of two agent seats, watched through a recording proxy; (the bytes the
    spectator got, the spectator's client, whether it saw the game over)."""
    handle = start_host(tmp_path, ["remote", "remote"], seed=11, game=game, reveal_at_end=reveal,
                        secret_pause=(0.0, 0.0), **setup)
    proxy = Proxy(handle.port)
    watcher = RemoteClient("127.0.0.1", proxy.port, "Eve", watch=True)
    players = [Player(RemoteClient("127.0.0.1", handle.port, n, seat=i), seed=i) for i, n in enumerate(("Ana", "Ben"))]
    spectator = Player(watcher, play=False)
    try:
        drive([*players, spectator], lambda: all(p.client.over for p in players) and watcher.over, timeout=90)
        end = time.monotonic() + 2
        while reveal and not watcher.revealed and time.monotonic() < end:
            wait_any([watcher], 0.02)
            watcher.poll()
        over = watcher.over
        for c in (*[p.client for p in players], watcher):
            c.close()
        return bytes(proxy.to_client), watcher, over
    finally:
        proxy.close()
        handle.stop()


@pytest.mark.parametrize(("game", "setup"), CASES, ids=[c[0] for c in CASES])
def test_a_spectator_sees_what_no_seat_hides_and_nothing_more(tmp_path: Path, game: str, setup: dict[str, Any]) -> None:
    raw, watcher, _over = _watched(tmp_path, game, setup)
    rec, final = replay(tmp_path / "autosave.json")
    messages = documented_messages(raw)
    welcome = next(m for m in messages if m["type"] == "welcome")
    assert welcome["seat"] is None and welcome["token"] is None and watcher.seats == []
    views, events = rebuilt(messages)
    # the views and events are the game's as no seat sees it, at every step
    st = rec.initial_state()
    kind = games.game_of(rec)
    expected: list[dict[str, Any]] = []
    first = min(views)
    for n, line in enumerate(rec.actions, start=1):
        shown = [e.redacted_for(-1).to_dict() for e in st.apply(kind.parse(line))]
        if n > first:
            expected += shown
        if n in views:
            assert views[n] == st.view(None), f"the spectator's view after action {n}"
    assert st.state_hash() == final.state_hash()
    import json

    assert events == json.loads(json.dumps(expected))
    # no seat's hidden card reached it: while the game runs, the hands are counts (at the end a
    # game may show them to all, as Fantasy Realms scores them face up)
    for n, v in views.items():
        if n >= len(rec.actions):
            continue
        players = v.get("players")
        if isinstance(players, list):
            assert all(not isinstance(p.get("hand"), list) for p in players if isinstance(p, dict)), v
    assert not all_keys(messages) & {"seed", "deck", "decks", "rng", "actions", "token_hex"}


def test_a_spectator_is_listed_cannot_act_and_the_limit_holds(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"], seed=3, spectators=1)
    eve = RemoteClient("127.0.0.1", handle.port, "Eve", watch=True)
    late = RemoteClient("127.0.0.1", handle.port, "Zoe", watch=True)
    ana = RemoteClient("127.0.0.1", handle.port, "Ana")
    try:
        drive([Player(eve, play=False)], lambda: eve.status in ("lobby", "ok"), timeout=10)
        drive([Player(late, play=False)], lambda: late.status == "closed", timeout=10)
        assert late.refused_code == "no_spectators"
        drive([Player(ana, play=False), Player(eve, play=False)], lambda: eve.phase == "playing" and ana.phase == "playing",
              timeout=10)
        watching = Player(eve, play=False)
        drive([watching], lambda: eve.spectators == ["Eve"], timeout=5)
        assert handle.snapshot()["spectators"] == ["Eve"]
        line = (ana.view().get("legal") or ["end"])[0]
        eve._send({"type": "act", "line": line, "at": ana.n, "seat": 0})  # its table would not offer it: the host refuses
        drive([watching], lambda: bool(watching.errors), timeout=5)
        assert any("spectator" in e for e in watching.errors), watching.errors
    finally:
        for c in (eve, late, ana):
            c.close()
        handle.stop()


def test_the_hands_are_shown_to_spectators_at_the_end_only_when_the_host_says_so(tmp_path: Path) -> None:
    _raw, hidden, over = _watched(tmp_path / "a", "herosdei", CASES[2][1])
    assert over and not hidden.revealed
    raw, shown, over = _watched(tmp_path / "b", "herosdei", CASES[2][1], reveal=True)
    assert over and shown.revealed
    messages = documented_messages(raw)
    last = [m for m in messages if m["type"] == "view"][-1]
    assert last["reason"] == "reveal"
    _rec, final = replay(tmp_path / "b" / "autosave.json")
    hands = [p["hand"] for p in last["view"]["players"]]
    assert hands == [final.view(s)["players"][s]["hand"] for s in (0, 1)]
    assert all(isinstance(h, list) for h in hands)
    before = [m for m in messages if m["type"] == "view" and m["reason"] != "reveal"]
    assert all(not isinstance(p["hand"], list) for m in before for p in m["view"]["players"])
