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

from pathlib import Path

from game.core.rng import Rng
from game.hero_realms.setup import new_game
from game.hero_realms.state import GameState
from tests.net.leak_helpers import all_keys, captured_game, documented_messages, rebuilt, replayed_against
from tests.net.net_helpers import replay, start_host

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


def test_the_byte_stream_to_a_client_holds_no_hidden_card(tmp_path: Path) -> None:
    raw = captured_game(start_host(tmp_path, ["remote", "remote"], seed=21), SEAT, timeout=90)
    rec, final = replay(tmp_path / "autosave.json")
    assert final.phase == "over" and raw.endswith(b"\n")

    # 1. documented messages only
    messages = documented_messages(raw)

    # 2. the stream rebuilds exactly the seat's views and redacted events
    views, events = rebuilt(messages)
    local = new_game(rec.setup["seats"], rec.setup["format"], rec.setup["seed"], rec.setup["first"])
    rng = Rng(5)
    # 3. (inside) the seat's view does not depend on the hidden cards; the owner does see them
    expected_events, perturbed_checks, own_changes = replayed_against(
        local, rec.actions, views, SEAT, lambda st: _perturbed(st, rng), [1 - SEAT])
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
    keys = all_keys(messages)
    assert not keys & {"seed", "deck", "market_deck", "iid", "instance", "instances", "rng", "actions"}
