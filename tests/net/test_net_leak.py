"""No hidden card identity reaches a client: a byte capture of a whole game, checked.

Card names alone prove nothing (every deck holds Gold), so the check is structural
and differential:

1. every line on the wire is a documented message with only its documented fields;
2. the views rebuilt from the capture are exactly ``view(seat)`` of a local replay,
   and the events exactly the engine's events redacted for the seat: the stream
   carries nothing else;
3. after every action, giving the opponent another hand (a card swapped with one of
   its deck), another deck order and another market-deck order leaves the seat's
   view unchanged: the stream is the same whatever the hidden cards are, so
   opponent hands and deck orders cannot be derived from it;
4. and directly: no drawn card of another seat, no other seat's hand or deck
   contents, no seed, no instance ids.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from net_helpers import Player, Proxy, drive, replay, start_host

from game.core.rng import Rng
from game.hero_realms.setup import new_game
from game.hero_realms.state import GameState
from game.net.client import RemoteClient
from game.net.protocol import HOST_FIELDS, MAX_HOST_MESSAGE, apply_patch, view_hash

SEAT = 1


def _perturbed(st: GameState, rng: Rng) -> GameState | None:
    """A clone whose hidden cards differ but whose public facts are the same
    (None when nothing is hidden that could differ)."""
    other = st.clone()
    changed = False
    for p in other.players:
        if p.seat == SEAT:
            continue
        hidden = len(p.deck) - p.known_top  # the unknown part of the deck (top is last)
        if hidden > 1:
            part = p.deck[:hidden]
            rng.shuffle(part)
            changed |= part != p.deck[:hidden]
            p.deck[:hidden] = part
        for i, h in enumerate(p.hand):
            j = next((j for j in range(hidden) if other.cid[p.deck[j]] != other.cid[h]), None)
            if j is not None:
                p.hand[i], p.deck[j] = p.deck[j], p.hand[i]
                changed = True
                break
    if len(other.market_deck) > 1:
        other.market_deck.reverse()
        changed = True
    return other if changed else None


def _walk_keys(doc: Any, out: set[str]) -> None:
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.add(k)
            _walk_keys(v, out)
    elif isinstance(doc, list):
        for v in doc:
            _walk_keys(v, out)


def test_the_byte_stream_to_a_client_holds_no_hidden_card(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=21)
    proxy = Proxy(handle.port)
    players = [Player(RemoteClient("127.0.0.1", handle.port, "A", seat=0), seed=1),
               Player(RemoteClient("127.0.0.1", proxy.port, "B", seat=SEAT), seed=2)]
    try:
        drive(players, lambda: all(p.client.over for p in players), timeout=90)
        for p in players:
            p.client.close()
        raw = bytes(proxy.to_client)
    finally:
        for p in players:
            p.client.close()
        proxy.close()
        handle.stop()
    rec, final = replay(tmp_path / "autosave.json")
    assert final.phase == "over" and raw.endswith(b"\n")

    # 1. documented messages only
    messages = []
    for line in raw.split(b"\n")[:-1]:
        assert len(line) + 1 <= MAX_HOST_MESSAGE
        msg = json.loads(line)
        assert msg["type"] in HOST_FIELDS, msg["type"]
        assert set(msg) <= {"type", "seq", *HOST_FIELDS[msg["type"]]}, msg
        messages.append(msg)
    assert [m["seq"] for m in messages] == list(range(1, len(messages) + 1))

    # 2. the stream rebuilds exactly the seat's views and redacted events
    views: dict[int, dict[str, Any]] = {}
    events: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for m in messages:
        if m["type"] == "view":
            current = m["view"]
        elif m["type"] == "update":
            current = apply_patch(current, m["patch"])
        else:
            continue
        assert view_hash(current) == m["view_hash"]
        views[m["n"]] = current
        events += m["events"]
    local = new_game(rec.setup["seats"], rec.setup["format"], rec.setup["seed"], rec.setup["first"])
    expected_events: list[dict[str, Any]] = []
    rng = Rng(5)
    perturbed_checks = own_changes = 0
    assert views[0] == local.view(SEAT)
    for n, line in enumerate(rec.actions, start=1):
        expected_events += [e.redacted_for(SEAT).to_dict() for e in local.apply(line)]
        if n in views:
            assert views[n] == local.view(SEAT), f"view after action {n}"
        # 3. the seat's view does not depend on the hidden cards
        other = _perturbed(local, rng)
        if other is not None:
            assert other.state_hash() != local.state_hash()
            assert other.view(SEAT) == local.view(SEAT), f"hidden cards show in the view after action {n}"
            perturbed_checks += 1
            own_changes += other.view(1 - SEAT) != local.view(1 - SEAT)  # the owner does see it
    assert events == expected_events
    assert len(views) > len(rec.actions) // 2 and perturbed_checks > len(rec.actions) // 2
    assert own_changes > perturbed_checks // 2  # the perturbation is not a no-op

    # 4. direct checks on everything received
    drawn_by_others = [e for e in events if e["type"] == "card_drawn" and e["seat"] != SEAT]
    assert drawn_by_others and all(e["card"] is None for e in drawn_by_others)
    assert any(e["type"] == "card_drawn" and e["card"] for e in events)  # own draws do show
    for v in views.values():
        for p in v["players"]:
            if p["seat"] != SEAT:
                assert "hand" not in p and "deck_contents" not in p
    keys: set[str] = set()
    for m in messages:
        _walk_keys(m, keys)
    assert not keys & {"seed", "deck", "market_deck", "iid", "instance", "instances", "rng", "actions"}
