"""No hidden Fantasy Realms card reaches a client: a byte capture of whole games, checked.

The same structural and differential check as for Hero Realms (tests/net/test_leak.py):

1. every line on the wire is a documented message with only its documented fields;
2. the views rebuilt from the capture are exactly ``view(seat)`` of a local replay of
   the same setup and actions, and the events exactly the engine's events redacted
   for the seat: the stream carries nothing else;
3. after every action, giving the other seats other hands (a card swapped with the
   deck), another deck order, other drafted cards, another Cursed Item deck and
   other face-down items leaves the seat's view unchanged: the stream is the same
   whatever the hidden cards are, so other hands and the deck order cannot be
   derived from it;
4. and directly: no card drawn or dealt to another seat, no card another seat put
   back into the deck, no card revealed to another seat; no other seat's hand
   before the end; no seed, deck or item deck.

Two setups: three players with the promos and Cursed Items (items that look at
hands and decks), and the two-player draft with the new suits (drafted cards are
seen by the drafting seat only).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.fantasy_realms.record import Record
from game.fantasy_realms.state import GameState
from tests.net.leak_helpers import all_keys, captured_game, documented_messages, rebuilt, replayed_against
from tests.net.net_helpers import replay, start_host

SEAT = 1


def _searching(st: GameState) -> bool:
    """SEAT holds a Wishing Ring's search: it is shown the deck."""
    return st.phase == "effect" and st.effect[:2] == ("ring", SEAT)


def _perturbed(st: GameState, rng: random.Random) -> GameState | None:
    """A clone whose hidden cards differ but whose facts public to SEAT are the same
    (None when the game is over: every hand is shown then)."""
    if st.phase == "over":
        return None
    other = st.clone()
    changed = False
    # a Wishing Ring's holder searches the deck: what it holds is known to SEAT then
    searching = _searching(other)
    # at the end, the seats queued to use a card (Necromancer, Genie...) are known to hold it
    queued = {s for _kind, s in other.endq} if other.phase == "end_game" else set()
    # a seat amid a card's effect (a Staff's cards picked so far) keeps its hand: the effect names them
    if other.phase == "effect" and other.effect:
        queued.add(other.effect[1])
    if len(other.deck) > 1:
        rng.shuffle(other.deck)
        changed |= other.deck != st.deck
    for s in range(other.n):
        if s == SEAT or s in queued:
            continue
        hand = other.hands[s]
        if hand and other.deck and not searching:
            i, j = rng.randrange(len(hand)), rng.randrange(len(other.deck))
            hand[i], other.deck[j] = other.deck[j], hand[i]
            changed = True
        down = other.face_down[s]
        if down and other.item_deck:
            i, j = rng.randrange(len(down)), rng.randrange(len(other.item_deck))
            down[i], other.item_deck[j] = other.item_deck[j], down[i]
            changed = True
    if other.drawn and other.to_move != SEAT and other.deck and not searching:
        other.drawn[0], other.deck[0] = other.deck[0], other.drawn[0]
        changed = True
    if len(other.item_deck) > 1:
        other.item_deck.reverse()
        changed = True
    return other if changed else None


@pytest.mark.parametrize("seats, modules, seed", [
    (["remote", "remote", "random"], ["promo", "cursed_items"], 21),
    (["remote", "remote"], ["cursed_hoard_suits"], 22),
])
def test_the_byte_stream_to_a_client_holds_no_hidden_card(tmp_path: Path, seats: list[str], modules: list[str],
                                                          seed: int) -> None:
    raw = captured_game(start_host(tmp_path, seats, seed=seed, game="fantasy_realms", modules=modules), SEAT, timeout=60)
    rec, final = replay(tmp_path / "autosave.json")
    assert final.phase == "over" and raw.endswith(b"\n")

    # 1. documented messages only
    messages = documented_messages(raw)
    welcome = next(m for m in messages if m["type"] == "welcome")
    assert welcome["game"] == "fantasy_realms" and welcome["modules"] == sorted(["base", *modules])

    # 2. the stream rebuilds exactly the seat's views and redacted events
    views, events = rebuilt(messages)
    local = Record.standard(len(seats), modules, seed).initial_state()  # the same seed, replayed here
    rng = random.Random(5)
    # 3. (inside) the seat's view does not depend on the hidden cards; the other seats do see them
    expected_events, perturbed_checks, own_changes = replayed_against(
        local, rec.actions, views, SEAT, lambda st: _perturbed(st, rng), [s for s in range(local.n) if s != SEAT],
        searching=_searching)
    assert local.state_hash() == final.state_hash()
    # (HandScored.to_dict keeps its inner (card, points) pairs as tuples: JSON makes them lists)
    assert events == json.loads(json.dumps(expected_events))
    assert len(views) > len(rec.actions) // 2 and perturbed_checks > len(rec.actions) // 2
    assert own_changes > perturbed_checks // 2  # the perturbation is not a no-op

    # 4. direct checks on everything received
    drawn_by_others = [e for e in events if e["type"] == "card_drawn" and e["seat"] != SEAT]
    assert drawn_by_others and all(e["card"] is None for e in drawn_by_others)
    assert any(e["type"] == "card_drawn" and e["card"] for e in events)  # own draws do show
    for e in events:
        if e["type"] == "cards_dealt" and e["seat"] != SEAT:
            assert e["cards"] == []
        if e["type"] == "cards_to_deck" and e["seat"] != SEAT and e["private"]:
            assert e["cards"] == []
        if e["type"] == "revealed" and e["to"] not in (-1, SEAT):
            assert e["cards"] == []
    for v in views.values():
        if v["phase"] == "over":
            continue
        assert "drawn" not in v or v["to_move"] == SEAT
        for p in v["players"]:
            if p["seat"] != SEAT:
                assert "hand" not in p and "items_used" not in p
    keys = all_keys(messages)
    assert not keys & {"seed", "deck", "item_deck", "hands", "face_down", "rng", "actions", "endq"}
