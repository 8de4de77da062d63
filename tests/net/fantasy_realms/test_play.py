"""Fantasy Realms through the LAN host, in one process: the game is learned from the
host, the lobby and discovery say which game it is, a seat comes back with its
token after a cut cable and after its client died, an AI of the hosted game plays
a dropped seat meanwhile, the view hash catches a desync, a client that insists on
another game is refused, and hostile messages during the game change nothing.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from game.net import api
from game.net.client import RemoteClient, wait_any
from game.net.discovery import Discovery
from game.net.protocol import PROTOCOL_VERSION
from tests.net.fake_clock import FakeClock
from tests.net.net_helpers import Player, Proxy, drive, free_udp_port, replay, start_host
from tests.net.test_fuzz import Hostile, _garbage, _reply_codes

FR = "fantasy_realms"


def _fr_host(tmp: Path, seats: list[str], seed: int, modules: list[str] | None = None, **kw: Any) -> api.HostHandle:
    return start_host(tmp, seats, seed=seed, game=FR, modules=modules or [], **kw)


def test_the_client_learns_the_game_in_the_welcome_and_plays_it_to_the_replayed_end(tmp_path: Path) -> None:
    handle = _fr_host(tmp_path, ["remote", "remote", "medium"], seed=3, modules=["promo", "cursed_items"],
                      autostart=False)
    players = [Player(RemoteClient("127.0.0.1", handle.port, f"P{i}", seat=i), agent="medium", seed=i)
               for i in range(2)]
    try:
        drive(players, lambda: all(p.client.lobby is not None for p in players), timeout=10)
        for p in players:
            c = p.client
            assert c.game == FR and c.modules == ["base", "cursed_items", "promo"]
            assert c.format == "base+cursed_items+promo"
            assert c.lobby is not None and c.lobby["game"] == FR and c.lobby["modules"] == c.modules
        snap = handle.snapshot()
        assert snap["game"] == FR and snap["modules"] == ["base", "cursed_items", "promo"]
        drive(players, lambda: handle.snapshot()["can_start"], timeout=10)
        handle.start_game()
        drive(players, lambda: all(p.client.over for p in players), timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert rec.game == FR and st.phase == "over" and rec.setup["modules"] == ["base", "cursed_items", "promo"]
        for p in players:
            assert p.client.view() == st.view(p.client.seat) and p.client.resyncs == 0
            assert p.client.view()["game"] == FR and p.client.winner == (
                list(st.winner) if isinstance(st.winner, tuple) else st.winner)
        assert handle.host.problems == []
    finally:
        for p in players:
            p.client.close()
        handle.stop()


def test_a_client_that_wants_another_game_is_refused(tmp_path: Path) -> None:
    handle = _fr_host(tmp_path, ["remote", "random"], seed=1)
    picky = RemoteClient("127.0.0.1", handle.port, "Picky", game="hero_realms")
    try:
        end = time.monotonic() + 10
        while picky.status != "closed" and time.monotonic() < end:
            wait_any([picky], 0.02)
        assert picky.refused_code == "wrong_game"
        assert picky.closed_reason is not None and "Fantasy Realms" in picky.closed_reason
        assert handle.snapshot()["seats"][0]["status"] == "open"
    finally:
        picky.close()
        handle.stop()


def test_discovery_says_which_game_each_host_serves(tmp_path: Path) -> None:
    udp = free_udp_port()
    hr = api.host_in_background(api.HostConfig(seats=["remote", "remote"], port=0, discovery_port=udp,
                                               save=tmp_path / "hr.json", name="Heroes", ai_inline=True))
    fr = api.host_in_background(api.HostConfig(seats=["remote", "random", "remote"], port=0, discovery_port=udp,
                                               save=tmp_path / "fr.json", name="Realms", ai_inline=True,
                                               game=FR, modules=["cursed_hoard_suits"]))
    try:
        found: dict[str | None, list[Any]] = {}
        for wanted in (None, FR):
            with Discovery(udp, game=wanted) as finder:
                end = time.monotonic() + 5
                games: list[Any] = []
                while len(games) < (2 if wanted is None else 1) and time.monotonic() < end:
                    finder.send()
                    time.sleep(0.1)
                    games = finder.poll()
                time.sleep(0.2)
                found[wanted] = finder.poll()
        by_name = {g.name: g for g in found[None]}
        assert sorted(by_name) == ["Heroes", "Realms"]
        assert by_name["Heroes"].game == "hero_realms" and by_name["Heroes"].format == "ffa"
        assert by_name["Heroes"].modules == ()
        realms = by_name["Realms"]
        assert realms.game == FR and realms.port == fr.port and realms.seats_free == 2 and realms.seats == 3
        assert realms.modules == ("base", "cursed_hoard_suits") and realms.format == "base+cursed_hoard_suits"
        assert realms.joinable and realms.version == PROTOCOL_VERSION
        assert [g.name for g in found[FR]] == ["Realms"]  # a question about one game
    finally:
        hr.stop()
        fr.stop()


def test_a_seat_comes_back_with_its_token_after_a_cut_and_after_its_client_died(tmp_path: Path) -> None:
    handle = _fr_host(tmp_path, ["remote", "remote", "medium"], seed=5, modules=["cursed_items"],
                      takeover_after=None)
    proxy = Proxy(handle.port)
    a = Player(RemoteClient("127.0.0.1", handle.port, "A", seat=0), seed=1)
    b = Player(RemoteClient("127.0.0.1", proxy.port, "B", seat=1, reconnect_window=30), seed=2)
    c: Player | None = None
    try:
        drive([a, b], lambda: b.client.status == "ok" and b.client.n >= 6, timeout=20)
        proxy.cut()  # a cable pulled for a moment: the client reconnects by itself
        drive([a, b], lambda: "reconnecting" in b.statuses and b.client.status == "ok", timeout=15)
        drive([a, b], lambda: b.client.n >= 14, timeout=20)
        # the client process dies (no goodbye); a new one comes back with the seat token
        token, seat = b.client.token, b.client.seat
        b.client._shut()
        b.client.phase = "closed"
        drive([a], lambda: handle.snapshot()["seats"][1]["status"] == "waiting", timeout=10)
        c = Player(RemoteClient("127.0.0.1", handle.port, "B again", token=token), seed=3)
        drive([a, c], lambda: c.client.status == "ok", timeout=10)
        assert c.client.game == FR and c.client.seat == seat and c.client.name == "B"
        # caught up with the host (whose AI seat may move on meanwhile)
        drive([c], lambda: c.client.n == handle.snapshot()["n"], timeout=10)
        drive([a, c], lambda: a.client.over and c.client.over, timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert st.phase == "over"
        assert a.client.view() == st.view(0) and c.client.view() == st.view(1)
        assert handle.host.problems == []
    finally:
        for p in (a, b, c):
            if p is not None:
                p.client.close()
        proxy.close()
        handle.stop()


def _rogue_act(rng: random.Random, handle: api.HostHandle, rogue: RemoteClient) -> dict[str, Any]:
    """A Fantasy Realms action the rogue seat has no right to: another seat's card,
    a deck card, the wrong seat, an old view, bad words."""
    st = handle.host.session.state  # type: ignore[union-attr]
    slug = lambda cid: st.lib.cards[cid].slug  # noqa: E731
    other_hand = list(st.hands[0]) or ["FR01"]
    deck = list(st.deck) or ["FR02"]
    pick = rng.randrange(9)
    if pick == 0:
        return {"type": "act", "line": f"discard {slug(rng.choice(other_hand))}"}
    if pick == 1:
        return {"type": "act", "line": f"draw {slug(rng.choice(deck))}"}
    if pick == 2:
        return {"type": "act", "line": "draw deck", "seat": 0}
    if pick == 3:
        return {"type": "act", "line": "draw deck", "at": rogue.n + rng.randrange(1, 9)}
    if pick == 4:
        return {"type": "act", "line": rng.choice(["fly away", "draw ../etc", "discard", "draw 'x'", "@0 draw deck"])}
    if pick == 5:
        return {"type": "act", "line": f"keep {slug(rng.choice(deck))}"}
    if pick == 6:
        return {"type": "hello", "version": PROTOCOL_VERSION, "game": FR, "name": "again"}
    if pick == 7:
        return {"type": "ready", "ready": True}
    return {"type": "act", "line": "item use spyglass 0"}


def test_hostile_messages_during_a_fantasy_realms_game_change_nothing(tmp_path: Path) -> None:
    handle = _fr_host(tmp_path, ["remote", "remote", "random"], seed=8, modules=["promo", "cursed_items"],
                      heartbeat=0.5, timeout=3.0, hello_timeout=1.0, rate=300.0)
    honest = Player(RemoteClient("127.0.0.1", handle.port, "Honest", seat=0), seed=1)
    rogue = Player(RemoteClient("127.0.0.1", handle.port, "Rogue", seat=1, reconnect_window=30), seed=2)
    rng = random.Random(99)
    hostiles: list[Hostile] = []
    sent = sent_rogue = 0
    codes: set[str] = set()
    try:
        drive([honest, rogue], lambda: honest.client.status == "ok" and rogue.client.status == "ok", timeout=20)
        # strangers: the wrong game, an old version, no game named (the game has started)
        for hello, code in (({"game": "hero_realms"}, "wrong_game"), ({"version": 1, "game": FR}, "version_mismatch"),
                            ({}, "game_started"), ({"game": None}, "game_started"), ({"game": FR}, "game_started")):
            line = json.dumps({"type": "hello", "seq": 1, "version": PROTOCOL_VERSION, "name": "x", **hello})
            assert _reply_codes(handle.port, line.encode() + b"\n") == [code], hello

        def fuzz() -> bool:
            nonlocal sent, sent_rogue
            if honest.client.over:
                return True
            if len(hostiles) < 4:
                hostiles.append(Hostile(handle.port))
            for h in hostiles:
                h.read()
                codes.update(h.codes)
                h.codes.clear()
            hostiles[:] = [h for h in hostiles if not h.closed]
            for _ in range(4):
                if hostiles:
                    target = rng.choice(hostiles)
                    target.send(_garbage(rng, target.seq))
                    sent += 1
            conn = rogue.client._conn
            if conn is not None and rogue.client.status == "ok" and rng.random() < 0.7:
                try:
                    conn.send(_rogue_act(rng, handle, rogue.client))
                    sent_rogue += 1
                except Exception:
                    pass
            return False

        drive([honest, rogue], fuzz, timeout=60)
        drive([honest, rogue], lambda: honest.client.over and rogue.client.over, timeout=30)
    finally:
        honest.client.close()
        rogue.client.close()
        for h in hostiles:
            h.close()
        handle.stop()
    print(f"{sent} hostile messages, {sent_rogue} from the seated rogue, codes {sorted(codes)}")
    assert sent + sent_rogue >= 300, (sent, sent_rogue)
    _rec, st = replay(tmp_path / "autosave.json")
    assert st.phase == "over"
    assert honest.client.view() == st.view(0) and rogue.client.view() == st.view(1)
    assert handle.host.problems == []
    assert [e for e in honest.errors if "connection" in e] == []
    said = " ".join(rogue.errors)
    for expected in ("wrong_seat:", "the game moved on", "bad_notation:", "already_joined:", "not_in_game:"):
        assert expected in said, expected
    assert "is not in the hand of seat 1" in said or "not your turn" in said
    assert {"bad_json", "bad_message", "unknown_type"} <= codes, codes


def test_a_headless_agent_the_hosted_game_lacks_is_refused_in_one_line(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game has the same four levels, so the agent the host's game lacks is one
    that only Hero Realms (the default game) has: a client that made its agent for the
    default game, not the one the welcome names, would play it instead of refusing."""
    from game import games
    from game.ai.agent import RandomAgent
    from game.net.headless import play_headless

    hr_agents = games.module(games.listing("hero_realms").agents).AGENTS
    monkeypatch.setitem(hr_agents, "hero_only", RandomAgent)
    handle = _fr_host(tmp_path, ["remote", "random"], seed=2)
    out: list[str] = []
    errors: list[str] = []
    try:
        client = RemoteClient("127.0.0.1", handle.port, "Bot")
        code = play_headless(client, "hero_only", inline=True, out=out.append, err=errors.append,
                             give_up_after=10)
    finally:
        handle.stop()
    assert code == 2, (code, out, errors)
    assert errors == ["join: unknown agent 'hero_only' for fantasy_realms (known: random, easy, medium, hard)"]


def test_a_fantasy_realms_desync_is_detected_by_the_view_hash_and_healed(tmp_path: Path) -> None:
    handle = _fr_host(tmp_path, ["remote", "medium"], seed=4)  # two players: the draft
    p = Player(RemoteClient("127.0.0.1", handle.port, "A"), agent="medium")
    try:
        drive([p], lambda: p.client.status == "ok" and p.client.n > 4, timeout=20)
        c = p.client
        broken = dict(c.view())
        broken["discards_to_end"] = 99  # a corrupted field no later patch touches: only the hash sees it
        c._view = broken
        target = c.n + 3
        drive([p], lambda: c.n >= target and c.resyncs >= 1 and c._hash_ok, timeout=20)
        drive([p], lambda: c.over, timeout=60)
        _rec, st = replay(tmp_path / "autosave.json")
        assert c.view() == st.view(c.seat) and c.resyncs == 1
    finally:
        p.client.close()
        handle.stop()


def test_an_ai_of_the_hosted_game_takes_over_a_dropped_seat_and_hands_it_back(tmp_path: Path) -> None:
    # the host's clock: a minute away passes at once (and A, on the real clock, is not taken for silent)
    clock = FakeClock(runs=True)
    handle = _fr_host(tmp_path, ["remote", "remote", "random"], seed=6, takeover_after=60.0, timeout=600.0,
                      clock=clock)
    a = Player(RemoteClient("127.0.0.1", handle.port, "A", seat=0), seed=1)
    b = Player(RemoteClient("127.0.0.1", handle.port, "B", seat=1), seed=2)
    back: Player | None = None
    try:
        drive([a, b], lambda: b.client.status == "ok" and b.client.n >= 3, timeout=20)
        token = b.client.token
        b.client._shut()  # the process dies without a word
        b.client.phase = "closed"
        n = handle.snapshot()["n"]
        drive([a], lambda: handle.snapshot()["seats"][1]["status"] == "waiting", timeout=10)
        clock.advance(60.1)
        drive([a], lambda: handle.snapshot()["n"] >= n + 9 or a.client.over, timeout=20)  # the AI plays seat 1
        assert handle.host.takeover_agent == "medium" and handle.snapshot()["seats"][1]["status"] == "ai"
        back = Player(RemoteClient("127.0.0.1", handle.port, "B", token=token), seed=3)
        drive([a, back], lambda: back.client.status == "ok", timeout=10)
        if not a.client.over:
            drive([a, back], lambda: handle.snapshot()["seats"][1]["status"] == "connected", timeout=5)
        drive([a, back], lambda: a.client.over and back.client.over, timeout=60)
        _rec, st = replay(tmp_path / "autosave.json")
        assert back.client.view() == st.view(1) and handle.host.problems == []
    finally:
        for p in (a, b, back):
            if p is not None:
                p.client.close()
        handle.stop()
