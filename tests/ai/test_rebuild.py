"""A state rebuilt from a view and the true hidden cards is the same game (engine side of the AI)."""

from __future__ import annotations

import json

import pytest

from game.core.rng import Rng
from game.hero_realms.formats import FORMATS
from game.hero_realms.rebuild import Sample, state_from_view
from game.hero_realms.serialize import full_state
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.state import GameState


def truth(st: GameState, seat: int) -> Sample:
    cid = st.cid
    return Sample({p.seat: [cid[i] for i in p.hand] for p in st.players if p.seat != seat},
                  {p.seat: [cid[i] for i in reversed(p.deck)] for p in st.players},
                  [cid[i] for i in reversed(st.market_deck)])


def _replay_check(st: GameState, rng: Rng, steps: int) -> int:
    """Rebuild at every decision, then step both with the same action: they must agree."""
    prompts_mid_stack = 0
    for _ in range(steps):
        if st.phase == "over":
            break
        seat = st.waiting_for()[0]
        view = st.view(seat)
        json.dumps(view)  # JSON-able, resolution internals included
        rb = state_from_view(view, truth(st, seat), 0)
        rb.rng = st.rng.clone()  # the true stream goes on in the rebuilt game
        assert [str(a) for a in rb.legal_actions() if a.actor in (None, seat) or st.pending] == view["legal"]
        assert full_state(rb) == full_state(st)
        assert rb.view(seat) == view
        if st.pending is not None and st.stack:
            prompts_mid_stack += 1
        acts = st.legal_actions()
        a = acts[rng.below(len(acts))]
        st.apply(a)
        rb.apply(a)
        assert full_state(rb) == full_state(st)
    return prompts_mid_stack


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_rebuild_from_view_and_truth_is_the_same_game(seats: int) -> None:
    mid_stack = 0
    for g in range(4):
        mid_stack += _replay_check(new_game(seats, seed=100 + g), Rng(g), 600)
    assert mid_stack > 0  # prompts in the middle of an ability were exercised


@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - {"ffa"}))
def test_rebuild_in_every_format(fmt: str) -> None:
    f = FORMATS[fmt]
    for seats in sorted({f.min_seats, f.max_seats}):
        _replay_check(new_game(seats, fmt, seed=200 + seats), Rng(seats), 1500)


def test_choose_one_in_progress_is_rebuilt() -> None:
    st = from_position({"active": 0, "players": [
        {"champions": ["street_thug"], "hand": ["dark_reward"], "discard": ["gold"]}, {}]})
    st.apply("expend street_thug")
    view = st.view(0)
    assert view["pending"]["kind"] == "choose_one"
    assert view["pending"]["src"] == {"card": "street_thug", "seat": 0, "zone": "champions", "index": 0}
    rb = state_from_view(view, truth(st, 0))
    rb.apply("choose 2")
    assert rb.players[0].combat == 2


def test_a_sample_that_does_not_fit_is_refused() -> None:
    st = new_game(2, seed=3)
    view = st.view(0)
    s = truth(st, 0)
    bad = Sample({1: list(s.hands[1])[:-1]}, s.decks, s.market_deck)
    with pytest.raises(ValueError, match="holds"):
        state_from_view(view, bad)


def test_another_seats_prompt_cannot_be_rebuilt() -> None:
    st = from_position({"active": 0, "players": [{"hand": ["rampage"], "deck": ["gold", "gold"]}, {}]})
    st.apply("play rampage")
    with pytest.raises(ValueError, match="another seat"):
        state_from_view(st.view(1), truth(st, 1))


def test_an_emperor_commanders_bequest_is_rebuilt() -> None:
    """A defeated commander's prompt (a format's own rules step) rebuilds from the view."""
    from game.hero_realms import scripted

    for g in range(6):
        st = new_game(6, "emperor", seed=g)
        rng = Rng(g)
        while st.phase != "over":
            seat = st.waiting_for()[0]
            if st.pending is not None and st.pending.resume == "bequeath":
                rb = state_from_view(st.view(seat), truth(st, seat), 0)
                assert full_state(rb) == full_state(st)
                line = rb.view(seat)["legal"][0]
                rb.apply(line)
                st.apply(line)
                assert full_state(rb) == full_state(st)
                return
            st.apply(scripted.choose(st, rng))
    pytest.fail("no commander fell in six games")
