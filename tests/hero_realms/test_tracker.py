"""The deck tracker: its draw odds against a brute-force count, and its counts against
the state, from the view alone."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations
from typing import Any

import pytest

from game.core.rng import Rng
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.tracker import draw_odds, tracker_of, unseen


def _brute(deck: list[str], pool: list[str], wanted: set[str], hand: int = 5) -> Fraction:
    """Every ordering of the deck (and of the reshuffled pool when the deck runs out)
    counted: the share of them whose first ``hand`` cards hold a wanted card."""
    hits = total = 0
    for d in permutations(range(len(deck))):
        drawn = [deck[i] for i in d[:hand]]
        rest = hand - len(drawn)
        orders = list(permutations(range(len(pool)))) if rest > 0 else [()]
        for q in orders:
            cards = drawn + [pool[i] for i in q[:rest]]
            total += 1
            hits += any(c in wanted for c in cards)
    return Fraction(hits, total)


CASES = [
    (["gold", "gold", "ruby", "dagger", "spark", "gold"], [], {"ruby"}),
    (["gold", "gold", "ruby", "dagger", "spark", "gold", "ruby"], [], {"ruby"}),
    (["gold", "gold", "gold", "gold", "gold", "dagger"], [], {"dagger", "spark"}),
    (["gold", "gold", "gold", "gold", "gold"], [], {"ruby"}),
    (["gold", "gold", "gold"], ["ruby", "gold", "gold", "dagger"], {"ruby"}),
    (["gold", "ruby"], ["spark", "gold", "gold"], {"ruby"}),
    (["gold"], ["spark", "gold", "ruby", "ruby", "gold"], {"ruby", "spark"}),
    ([], ["gold", "gold", "gold", "ruby", "gold", "dagger"], {"dagger"}),
    (["gold", "gold"], ["gold"], {"ruby"}),
]


@pytest.mark.parametrize(("deck", "pool", "wanted"), CASES)
def test_the_odds_match_a_count_over_every_ordering(deck: list[str], pool: list[str], wanted: set[str]) -> None:
    got = draw_odds(Counter(deck), Counter(pool), wanted)
    assert got == _brute(deck, pool, wanted)


def test_the_odds_of_a_card_not_owned_are_nil_and_of_a_whole_deck_sure() -> None:
    assert draw_odds({"gold": 7}, {}, {"ruby"}) == 0
    assert draw_odds({"gold": 3, "ruby": 1}, {"gold": 9}, {"ruby"}) == 1


def _strip(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "tracker"}


def _check(st: Any) -> None:
    """The view's tracker is read off the rest of the view and is the same for every
    seat; each seat's tracker counts what is true."""
    public = [st.view(seat)["tracker"] for seat in [*range(st.n), None]]
    assert all(t == public[0] for t in public)
    cid = st.cid
    for seat in [*range(st.n), None]:
        v = st.view(seat)
        assert v["tracker"] == {"unseen": unseen(_strip(v))}  # it tells nothing the view does not
        mine = tracker_of(v)
        for p in st.players:
            hidden = Counter(cid[i] for i in p.deck + (p.hand if p.seat != seat else []))
            assert mine["unseen"][p.seat] == dict(hidden)
            assert v["tracker"]["unseen"][p.seat] == dict(Counter(cid[i] for i in p.deck + p.hand))
        if seat is not None:
            p = st.players[seat]
            assert mine["deck"] == dict(Counter(cid[i] for i in p.deck))
            assert mine["discard"] == dict(Counter(cid[i] for i in p.discard))
            assert mine["reshuffle"] == dict(Counter(cid[i] for i in p.discard + p.in_play + p.hand))
        else:
            assert mine["deck"] == mine["discard"] == mine["reshuffle"] == {}


@pytest.mark.parametrize("seed", [3, 11])
def test_the_tracker_counts_the_truth_from_the_view_alone_through_a_game(seed: int) -> None:
    st = new_game(2, seed=seed)
    rng = Rng(seed)
    for k in range(400):
        if st.phase == "over":
            break
        if k % 9 == 0:
            _check(st)
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    _check(st)


def test_hidden_cards_moved_leave_the_tracker_as_it_was() -> None:
    """Two states differing only in hidden cards (an opponent's hand against its deck, a
    deck's order) give the same tracker."""
    base = {"active": 0, "players": [
        {"hand": ["spark", "gold"], "deck": ["ruby", "dagger", "gold"], "discard": ["gold"]},
        {"hand": ["wolf_form", "bribe"], "deck": ["fire_bomb", "gold"]}]}
    other = json.loads(json.dumps(base))
    other["players"][0]["deck"] = ["gold", "ruby", "dagger"]
    other["players"][1]["hand"] = ["bribe", "fire_bomb"]
    other["players"][1]["deck"] = ["gold", "wolf_form"]
    a, b = tracker_of(from_position(base).view(0)), tracker_of(from_position(other).view(0))
    assert a == b
    assert a["deck"] == {"dagger": 1, "gold": 1, "ruby": 1}
    assert a["unseen"][1] == {"bribe": 1, "fire_bomb": 1, "gold": 1, "wolf_form": 1}
