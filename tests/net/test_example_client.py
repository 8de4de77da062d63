"""examples/lan_client.py, the client written from PROTOCOL.md alone: it plays every
game of the registry to the end against a headless host, heals a desync the way the
document says, and ends with one line and status 1 when it cannot join. Also what
the document says a client relies on: whose move it is, hand order, the view hash's
bytes, the patch edge cases and what the headless host prints."""

from __future__ import annotations

import importlib.util
import json
import random
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.fantasy_realms.setup import new_game as fantasy_realms_game
from game.hero_realms.setup import new_game as hero_realms_game
from game.herosdei.game import HerosDei
from game.net import api, protocol
from tests.net.leak_helpers import checked_streams
from tests.net.net_helpers import (
    ROOT,
    Proxy,
    finish,
    free_port,
    host_port,
    kill_all,
    output_lines,
    replay,
    spawn,
    start_host,
    wait_for,
)

EXAMPLE = ROOT / "examples" / "lan_client.py"
# (game, seats): each game the LAN hosts, Fantasy Realms with two and three seats
CASES = [("hero_realms", "remote,random"), ("fantasy_realms", "remote,random"),
         ("fantasy_realms", "remote,random,random"), ("herosdei", "remote,random")]


def run_example(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(EXAMPLE), *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("lan_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_the_lan_hosts_is_played() -> None:
    assert {game for game, _ in CASES} == set(games.hostable())  # a game is hosted once its door and agents are


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_the_example_client_plays_a_game_to_the_end(tmp_path: Path, game: str, seats: str) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--game", game, "--port", "0", "--bind", "127.0.0.1", "--seats", seats, "--seed", "5",
                 "--save", str(save), "--no-discovery", "--ai-inline", "--secret-pause", "0,0")
    client: subprocess.Popen[str] | None = None
    proxy: Proxy | None = None
    try:
        proxy = Proxy(host_port(host))  # what the example client receives, checked against the schemas
        client = run_example(f"127.0.0.1:{proxy.port}", "--name", "Example", "--seed", "2")
        code, out, err = finish(client, timeout=30)
        host_code, host_out, host_err = finish(host, timeout=10)
    finally:
        kill_all(host, *([client] if client else []))
        if proxy is not None:
            proxy.close()
    assert checked_streams(proxy) > 10
    assert (code, err) == (0, ""), err  # no refused action, no resync, no host error
    assert host_code == 0, host_err
    rec, st = replay(save)
    assert st.phase == "over"
    assert output_lines(out, "winner:") == output_lines(host_out, "winner:")
    assert output_lines(out, "actions:") == [str(len(rec.actions))]
    # PROTOCOL.md §9: the host prints what happens to the table, not a line per event
    # (its first lines, `listening on`, `hosting` and a blank one, may have been read by host_port)
    told = [line.split(":")[0].split(" after ")[0] for line in host_out.splitlines()
            if line.strip() and not line.startswith(("listening on ", "hosting "))]
    assert told == ["seat 0", "game started", "game over", "winner", "actions", "state_hash"], host_out


def test_no_host_on_the_port_is_one_line_and_status_1() -> None:
    code, out, err = finish(run_example(f"127.0.0.1:{free_port()}"), timeout=10)
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("connection to 127.0.0.1:") and "failed" in err


def test_a_full_game_refuses_in_one_line_and_status_1(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "random"], autostart=False)
    first = api.join("127.0.0.1", handle.port, "First")
    try:
        def seated() -> bool:
            first.poll()
            return first.status == "lobby"

        wait_for(seated, 5, "the first player in the lobby")
        code, out, err = finish(run_example(f"127.0.0.1:{handle.port}"), timeout=10)
    finally:
        first.close()
        handle.stop()
    assert code == 1 and out == ""
    assert err.startswith("the host refused: full: ") and len(err.splitlines()) == 1


# ---- the document's rules, against the host's own code --------------------------------------
VIEW = {"seat": 0, "name": "Zoë — “quoted” \u2028", "legal": [], "players": [{"hand": ["a", "b"]}], "n": 1}


def test_the_view_hash_and_patches_match_the_host() -> None:
    ex = load_example()
    assert ex.view_hash(VIEW) == protocol.view_hash(VIEW)
    new = {**VIEW, "players": [{"hand": ["b", "a"], "gold": 2}, {"hand": []}], "legal": ["end"]}
    new.pop("n")
    patch = protocol.diff(VIEW, new)
    assert ex.apply_patch(VIEW, patch) == new == protocol.apply_patch(VIEW, patch)
    assert VIEW["players"] == [{"hand": ["a", "b"]}]  # the view held is left alone
    for bad in ([[["players", 1, "hand"], []]],  # a path through a missing parent
                [[["players", 0, "hand", 2], "c"]],  # an index equal to the list's length: no append
                [[["players", 0, "gold"]]]):  # deleting a key that is not there
        with pytest.raises(protocol.PatchError):
            protocol.apply_patch(VIEW, bad)
        with pytest.raises((LookupError, TypeError)):
            ex.apply_patch(VIEW, bad)
    more: list[Any] = [[[["players", -1, "hand"], []]], [[["players", True, "hand"], []]], [[["players", "0"], {}]],
                       [[[3], 1]], [[[]]]]  # negative, boolean and text indexes, a number as a key, deleting the view
    for bad in more:
        with pytest.raises(protocol.PatchError):
            protocol.apply_patch(VIEW, bad)


def test_the_canonical_bytes_are_as_documented() -> None:
    assert protocol.canonical({"b": "Zoë", "a": [1, True, None]}) == b'{"a":[1,true,null],"b":"Zo\xc3\xab"}'
    assert protocol.canonical({"t": '"\\\n\t\x01\u2028'}) == '{"t":"\\"\\\\\\n\\t\\u0001\u2028"}'.encode()


def random_games() -> list[tuple[str, Any]]:
    """(game, initial state): two-seat games, a team format, Cursed Items (Market Wagon),
    HerosDeï (prompts of the other seat: a Monster, the hand limit)."""
    return [("hero_realms", hero_realms_game(2, seed=1)), ("hero_realms", hero_realms_game(4, format="hydra", seed=2)),
            ("fantasy_realms", fantasy_realms_game(2, seed=3)),
            ("fantasy_realms", fantasy_realms_game(3, modules=["cursed_items"], seed=4)),
            ("herosdei", HerosDei().new_record(2, 5, "standard", ("greeks", "vikings")).initial_state())]


def my_move_by_the_fields(game: str, view: dict[str, Any], seat: int) -> bool:
    """PROTOCOL.md §5 "Whose move it is", read from the view's fields."""
    if view["phase"] == "over":
        return False
    if game == "fantasy_realms":
        return bool(view["to_move"] == seat)
    if game == "herosdei":
        return bool(view["to_act"] == seat)
    if view["pending"] is not None:
        return bool(view["pending"]["seat"] == seat)
    return seat in view["team_turn"] and view["players"][seat]["alive"] and seat not in view["ended"]


def test_whose_move_and_hand_order_are_as_documented() -> None:
    unsorted = False
    seen: set[str] = set()  # the cases of the rule the games went through
    for game, st in random_games():
        rng = random.Random(0)
        events: list[Any] = []
        while True:
            views = [st.view(seat) for seat in range(st.n)]
            if sum(bool(v["legal"]) for v in views) > 1:
                seen.add("several seats")
            first = views[0]
            if game == "hero_realms" and first["pending"] and first["pending"]["seat"] != first["active"]:
                seen.add("another seat's prompt")
            if game == "herosdei" and first["pending"] and first["pending"]["seat"] != st.to_act:
                seen.add("another seat's prompt")
            if game == "fantasy_realms" and first["to_move"] not in (first["active"], -1):
                seen.add("not the turn's seat")
            for seat, view in enumerate(views):
                mine = bool(view["legal"])
                assert mine == (seat in st.waiting_for()) == my_move_by_the_fields(game, view, seat)
                hand = view["players"][seat]["hand"]
                came = came_to_hand(game, events, seat)
                assert hand[len(hand) - len(came):] == came, (hand, came)  # the cards that came go last, in order
                unsorted = unsorted or hand != sorted(hand)
            if st.phase == "over":
                break
            events = st.apply(rng.choice(st.legal_actions()))
    assert unsorted  # §4: a hand is in the order its cards came, not sorted
    assert seen == {"several seats", "another seat's prompt", "not the turn's seat"}


def came_to_hand(game: str, events: list[Any], seat: int) -> list[str]:
    """The cards the events put into ``seat``'s hand, in order (§10d, §10g, §10k)."""
    if game == "herosdei":
        return [c for e in events if getattr(e, "seat", None) == seat for c in (
            e.cards if e.type == "cards_drawn" else
            (e.card,) if e.type in ("card_searched", "card_returned", "sovereign_good_returned") else ())]
    return [e.card for e in events if e.type in ("card_drawn", "card_taken") and e.seat == seat
            and getattr(e, "why", "draw") not in ("draft", "cauldron")]  # those are `drawn`


class ScriptedHost:
    """The host's side of one connection, message by message, over a socket pair."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.seq = sock, 0
        sock.settimeout(5)  # a client that does not answer fails the test instead of hanging it
        self.reader = sock.makefile("r", encoding="utf-8")

    def send(self, kind: str, **fields: Any) -> None:
        self.seq += 1
        self.sock.sendall(protocol.encode({"type": kind, "seq": self.seq, **fields}))

    def expect(self, kind: str) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads(self.reader.readline())
            if msg["type"] == kind:
                return msg
            assert msg["type"] == "ping", msg  # heartbeats may come between


def test_a_desync_is_healed_by_resync_and_a_refused_action_chosen_again() -> None:
    ex = load_example()
    mine, theirs = socket.socketpair()
    host = ScriptedHost(theirs)
    first = {"seat": 0, "legal": [], "turn": 1}
    second = {"seat": 0, "legal": ["end turn"], "turn": 2}
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(ex.Client(mine, "Ana", ex.random.Random(1)).play()))
    thread.start()
    try:
        assert host.expect("hello")["version"] == 2
        host.send("welcome", seat=0, heartbeat=2, timeout=10, host="T", name="Ana", game="hero_realms", format="ffa")
        host.send("lobby", seats=[{"seat": 0, "ready": False}])
        host.expect("ready")
        host.send("view", reason="start", n=0, view=first, view_hash=protocol.view_hash(first), events=[])
        host.send("update", n=1, events=[], patch=protocol.diff(first, second), view_hash="0" * 16)
        host.expect("resync")
        # patches are ignored until the fresh view: this one fits no view the client holds
        host.send("update", n=2, events=[], patch=[[["gone", "away"], 1]], view_hash="1" * 16)
        host.send("ping", t=1.0)
        assert host.expect("pong")["t"] == 1.0
        host.send("view", reason="resync", n=2, view=second, view_hash=protocol.view_hash(second), events=[])
        act = host.expect("act")
        assert (act["line"], act["at"]) == ("end turn", 2)
        host.send("error", code="illegal_action", reason="not now", ref=act["seq"])
        again = host.expect("act")
        assert again["line"] == "end turn" and again["seq"] > act["seq"]
        host.send("game_over", winner=0, n=3, names=["Ana"])
        host.expect("bye")
    finally:
        thread.join(5)
        mine.close()
        theirs.close()
    assert result == [0]
