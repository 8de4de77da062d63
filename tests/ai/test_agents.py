"""The levels: legal answers in every format, determinism, and play from the view alone."""

from __future__ import annotations

import json

import pytest

from game.ai.agent import make_agent
from game.ai.hero_realms.determinize import sample
from game.ai.hero_realms.levels import allowed
from game.ai.hero_realms.registry import AGENTS
from game.ai.hero_realms.search import Budget, HardAgent
from game.core.rng import Rng
from game.hero_realms.formats import FORMATS
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.state import GameState

SMALL = Budget(sims=24, min_samples=2, cap_s=5.0)


def agent(name: str, seed: int) -> object:
    if name == "hard":
        return HardAgent(seed, SMALL)
    return make_agent(name, seed)


def play(names: list[str], fmt: str, seats: int, seed: int, max_actions: int = 4000) -> GameState:
    st = new_game(seats, fmt, seed=seed)
    agents = [agent(names[s % len(names)], seed * 7 + s) for s in range(seats)]
    for _ in range(max_actions):
        if st.phase == "over":
            break
        seat = st.waiting_for()[0]
        view = json.loads(json.dumps(st.view(seat)))  # exactly what a remote seat receives
        line = agents[seat].choose(view, view["legal"])  # type: ignore[attr-defined]
        assert allowed(line, view["legal"]), (line, view["legal"])
        assert st.check(line) is None, (line, st.check(line))
        st.apply(line)
    return st


def test_levels_are_registered() -> None:
    assert {"random", "easy", "medium", "hard"} <= set(AGENTS)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_rule_levels_play_legal_games_in_every_format(fmt: str) -> None:
    f = FORMATS[fmt]
    for seats in sorted({f.min_seats, f.default_seats, f.max_seats}):
        st = play(["medium", "easy"], fmt, seats, seed=seats)
        assert st.phase == "over"


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_hard_answers_legally_in_every_format(fmt: str) -> None:
    f = FORMATS[fmt]
    seats = f.max_seats
    play(["hard", "medium"], fmt, seats, seed=11, max_actions=250)


def test_medium_and_hard_are_deterministic_for_a_seed() -> None:
    st = new_game(2, seed=5)
    for _ in range(40):
        st.apply(st.legal_actions()[0] if st.actor() == 1 else make_agent("medium", 1).choose(
            st.view(0), st.view(0)["legal"]))
    view = st.view(st.actor())
    for name in ("easy", "medium"):
        assert make_agent(name, 3).choose(view, view["legal"]) == make_agent(name, 3).choose(view, view["legal"])
    a, b = HardAgent(3, SMALL), HardAgent(3, SMALL)
    assert a.choose(view, view["legal"]) == b.choose(view, view["legal"])


def _hidden_twins() -> tuple[GameState, GameState]:
    """Two positions that differ only in what seat 0 cannot see."""
    base = {"active": 0, "players": [
        {"hand": ["gold", "gold", "ruby", "intimidation", "dagger"],
         "deck": ["gold", "fire_bomb", "gold", "shortsword", "gold"], "discard": ["gold"],
         "champions": ["cult_priest"]},
        {"hand": ["gold", "spark", "gold", "wolf_form", "gold"],
         "deck": ["ruby", "dagger", "gold", "shortsword", "gold", "gold"], "discard": ["bribe"],
         "champions": ["man_at_arms"], "health": 21}],
        "market": {"row": ["profit", "hit_job", "arkus_imperial_dragon", "tithe_priest", "elven_gift"],
                   "deck": ["command", "rampage", "spark", "torgen_rocksplitter"]}}
    twin = json.loads(json.dumps(base))
    twin["players"][0]["deck"] = ["shortsword", "gold", "gold", "gold", "fire_bomb"]
    twin["players"][1]["hand"] = ["wolf_form", "dagger", "ruby", "gold", "shortsword"]
    twin["players"][1]["deck"] = ["gold", "spark", "gold", "gold", "gold", "gold"]
    twin["market"]["deck"] = ["torgen_rocksplitter", "spark", "command", "rampage"]
    return from_position(base), from_position(twin)


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_hidden_cards_do_not_change_the_decision(name: str) -> None:
    a, b = _hidden_twins()
    assert a.state_hash() != b.state_hash()
    assert a.view(0) == b.view(0)
    compared = 0
    for _ in range(12):  # the turn, for as long as the positions look the same to seat 0
        va, vb = a.view(0), b.view(0)
        if va != vb or not va["legal"]:
            break  # a refill from the market deck or a draw made them differ visibly
        la = agent(name, 9).choose(va, va["legal"])  # type: ignore[attr-defined]
        lb = agent(name, 9).choose(vb, vb["legal"])  # type: ignore[attr-defined]
        assert la == lb
        compared += 1
        a.apply(la)
        b.apply(lb)
    assert compared >= 3


def test_samples_fit_the_view_and_hide_the_truth() -> None:
    a, _ = _hidden_twins()
    view = a.view(0)
    seen_orders = set()
    for i in range(20):
        s = sample(view, Rng(i))
        assert sorted(s.decks[0]) == sorted(view["players"][0]["deck_contents"])
        opp = view["players"][1]
        assert len(s.hands[1]) == opp["hand_count"] and len(s.decks[1]) == opp["deck_count"]
        assert sorted(s.hands[1] + s.decks[1]) == sorted(["gold"] * 6 + ["ruby", "dagger", "shortsword", "spark", "wolf_form"])
        assert len(s.market_deck) == view["market"]["deck_count"]
        seen_orders.add(tuple(s.decks[0]))
    assert len(seen_orders) > 5  # the agent's own deck order is resampled too


def test_a_turn_out_of_time_is_finished_by_the_rule_policy() -> None:
    """Hard's whole turn is bounded: once the turn's wall-clock is spent, the remaining
    decisions of that turn take the rollout policy's move without a search."""
    st = new_game(4, "hydra", seed=3)
    hard = HardAgent(1, Budget(sims=24, min_samples=2, cap_s=0.0, turn_cap_s=0.0))
    searched = 0
    for _ in range(300):
        if st.phase == "over":
            break
        seat = st.waiting_for()[0]
        view = st.view(seat)
        hard.last_stats = {}
        line = hard.choose(view, view["legal"])
        searched += bool(hard.last_stats)
        assert allowed(line, view["legal"])
        st.apply(line)
    assert searched == 0


def test_the_turn_clock_restarts_with_each_turn() -> None:
    st = new_game(2, "ffa", seed=5)
    hard = HardAgent(1, SMALL)
    view = st.view(st.active)
    hard.choose(view, view["legal"])
    hard._turn_spent = 99.0  # as if this turn had run long
    assert hard._time_left() < 0
    hard._clock(dict(view, pending={"seat": view["seat"], "kind": "choose_one"}, team_turn=[0, 1]))
    assert hard._time_left() < 0  # a prompt in the same turn keeps the clock
    nxt = dict(view, turn=view["turn"] + 1)
    hard.choose(nxt, nxt["legal"])
    assert hard._time_left() > 0
