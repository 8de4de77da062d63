"""Random Hero Realms games: its own invariants hold after every action.

Every card dealt is in exactly one zone at all times; ``legal_actions()`` never
raises and every listed action applies; health changes only through events; the
same seed deals the same game. Replays, clones and saves of random games are the
contract every game keeps (tests/test_game_contract.py).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from game.hero_realms.actions import Action
from game.hero_realms.setup import new_game
from game.hero_realms.state import GameState
from tests.hero_realms.playout import random_playout


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


def test_same_seed_same_game_different_seed_different_game() -> None:
    a = new_game(3, seed=5)
    b = new_game(3, seed=5)
    c = new_game(3, seed=6)
    assert a.state_hash() == b.state_hash() != c.state_hash()
