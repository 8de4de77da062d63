"""No hidden HerosDeï card reaches a client: a byte capture of whole games, checked.

The same structural and differential check as for the other games (tests/net/test_leak.py):

1. every line on the wire is a documented message with only its documented fields,
   its setup, views and events valid for the published schemas;
2. the views rebuilt from the capture are exactly ``view(seat)`` of a local replay of
   the same setup and actions, and the events exactly the engine's events redacted
   for the seat: the stream carries nothing else;
3. after every action, giving the other player another hand (a card swapped with its
   future, the seat's own Sovereign Good first when it lies there) and both futures
   another order leaves the seat's view unchanged: the other hand, the futures'
   order and where the Sovereign Good lies cannot be derived from the stream;
4. and directly: no card the other seat draws, its hand and both futures only as
   counts, the other seat's prompt without its answers; no seed or deck.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.herosdei.game import HerosDei
from game.herosdei.state import State
from tests.net.leak_helpers import all_keys, captured_game, documented_messages, rebuilt, replayed_against
from tests.net.net_helpers import replay, start_host

SEAT = 1
OTHER = 1 - SEAT


def _sovereign_goods(st: State, zone: list[int]) -> list[int]:
    """Where in ``zone`` the Sovereign Goods of SEAT lie (slipped into the other deck at set-up)."""
    return [i for i, uid in enumerate(zone) if st.card(uid).type == "sovereign_good" and st.owner[uid] == SEAT]


def _perturbed(st: State, rng: random.Random, moved: list[int]) -> State | None:
    """A clone whose hidden cards differ (the other hand, both futures' order) but whose
    facts public to SEAT are the same; ``moved`` counts the clones whose Sovereign Good
    of SEAT changed places between the other hand and the other future."""
    other = st.clone()
    changed = False
    for p in other.players:
        if len(p.future) > 1:
            before = list(p.future)
            rng.shuffle(p.future)
            changed |= p.future != before
    hand, future = other.players[OTHER].hand, other.players[OTHER].future
    if hand and future:
        goods_in_hand, goods_in_future = _sovereign_goods(other, hand), _sovereign_goods(other, future)
        i = goods_in_hand[0] if goods_in_hand else rng.randrange(len(hand))
        j = goods_in_future[0] if goods_in_future and not goods_in_hand else rng.randrange(len(future))
        if other.cid[hand[i]] != other.cid[future[j]]:
            hand[i], future[j] = future[j], hand[i]
            changed = True
            moved[0] += bool(goods_in_hand or goods_in_future)
    return other if changed else None


@pytest.mark.parametrize("variant, decks, seed", [("initiation", ["greeks,vikings"], 35),
                                                  ("tournament", ["round_table,amazons"], 37)])
def test_the_byte_stream_to_a_client_holds_no_hidden_card(tmp_path: Path, variant: str, decks: list[str],
                                                          seed: int) -> None:
    raw = captured_game(start_host(tmp_path, ["remote", "remote"], seed=seed, game="herosdei", format=variant,
                                   modules=decks), SEAT, timeout=60)
    rec, final = replay(tmp_path / "autosave.json")
    assert final.phase == "over" and raw.endswith(b"\n")

    # 1. documented messages only
    messages = documented_messages(raw)
    welcome = next(m for m in messages if m["type"] == "welcome")
    assert welcome["game"] == "herosdei" and welcome["modules"] == decks[0].split(",")

    # 2. the stream rebuilds exactly the seat's views and redacted events
    views, events = rebuilt(messages)
    local = HerosDei().new_record(2, seed, variant, tuple(decks[0].split(","))).initial_state()  # the same seed, here
    rng = random.Random(5)
    moved = [0]
    # 3. (inside) the seat's view does not depend on the hidden cards; the other seat does see them
    expected_events, perturbed_checks, own_changes = replayed_against(
        local, rec.actions, views, SEAT, lambda st: _perturbed(st, rng, moved), [OTHER])
    assert local.state_hash() == final.state_hash()
    assert events == expected_events
    assert len(views) > len(rec.actions) // 2 and perturbed_checks > len(rec.actions) // 2
    assert own_changes > perturbed_checks // 2  # the perturbation is not a no-op
    assert moved[0] > 0  # the Sovereign Good of SEAT was moved about in hidden zones, unseen

    # 4. direct checks on everything received
    drawn_by_other = [e for e in events if e["type"] == "cards_drawn" and e["seat"] == OTHER]
    assert drawn_by_other and all(e["cards"] == [] and e["count"] > 0 for e in drawn_by_other)
    assert any(e["type"] == "cards_drawn" and e["seat"] == SEAT and e["cards"] for e in events)  # own draws show
    for v in views.values():
        for p in v["players"]:
            assert isinstance(p["future"], int)
            assert isinstance(p["hand"], list) == (p["seat"] == SEAT)
        if v["pending"] is not None and v["pending"]["seat"] == OTHER:
            assert set(v["pending"]) == {"seat", "kind"} and v["legal"] == []
    keys = all_keys(messages)
    assert not keys & {"seed", "deck", "decks", "rng", "actions", "cid", "owner"}
