"""Random games: invariants hold after every action, and games replay exactly.

Every card dealt is in exactly one zone at all times; ``legal_actions()`` never
raises and every listed action applies; health changes only through events; a
replay of the action log gives the same state hash.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from game.core.rng import Rng
from game.hero_realms.actions import Action
from game.hero_realms.setup import new_game
from game.hero_realms.sim import random_action, random_playout
from game.hero_realms.state import GameState


def play_random(seats: int, seed: int, fmt: str = "ffa", max_actions: int = 4000) -> tuple[GameState, list[Action]]:
    return random_playout(seats, seed, fmt, max_actions)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_keep_invariants(seats: int) -> None:
    total = 0
    for seed in range(12):
        st, log = play_random(seats, seed)
        total += len(log)
    assert total > 3000  # thousands of actions per seat count


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**32), seats=hs.integers(2, 4))
def test_hypothesis_random_games(seed: int, seats: int) -> None:
    play_random(seats, seed, max_actions=800)


def test_replay_gives_the_same_hash() -> None:
    st, log = play_random(2, 99)
    again = new_game(2, "ffa", 99)
    for a in log:
        again.apply(a)
    assert again.state_hash() == st.state_hash()


def test_same_seed_same_game_different_seed_different_game() -> None:
    a = new_game(3, seed=5)
    b = new_game(3, seed=5)
    c = new_game(3, seed=6)
    assert a.state_hash() == b.state_hash() != c.state_hash()


def test_clone_is_independent() -> None:
    st = new_game(2, seed=3)
    cl = st.clone()
    r = Rng(1)
    for _ in range(60):
        if cl.phase == "over":
            break
        cl.apply(random_action(cl, r))
    assert st.state_hash() == new_game(2, seed=3).state_hash()
    assert cl.state_hash() != st.state_hash()
