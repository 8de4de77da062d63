"""How a game ends, as the house reads it: ``outcome()`` gives the winning seats and the
format's termination key, and the ``game_over`` event carries the same key."""

from __future__ import annotations

import pytest

from game.core.game import GameState as Protocol
from game.core.game import Outcome
from game.core.rng import Rng
from game.hero_realms.events import GameOver
from game.hero_realms.formats import NO_ONE_STANDING
from game.hero_realms.scripted import choose
from game.hero_realms.setup import from_position, new_game

ENDINGS = [("ffa", 2, "last_standing"), ("ffa", 4, "last_standing"), ("hunter_first_blood", 4, "first_blood"),
           ("hunter_last_one_standing", 4, "last_standing"), ("hydra", 4, "last_team_standing"),
           ("emperor", 6, "emperor_fallen")]


@pytest.mark.parametrize("fmt,seats,key", ENDINGS)
def test_a_finished_game_tells_its_winners_and_the_formats_termination(fmt: str, seats: int, key: str) -> None:
    st = new_game(seats, fmt, seed=3)
    assert isinstance(st, Protocol) and st.outcome() is None
    rng = Rng(3)
    ended: list[GameOver] = []
    while st.phase != "over":
        ended += [e for e in st.apply(choose(st, rng)) if isinstance(e, GameOver)]
    out = st.outcome()
    assert out is not None and out.termination == key
    assert ended == [GameOver(st.winner, key)] and ended[0].to_dict()["termination"] == key
    team = st.winner if isinstance(st.winner, tuple) else (st.winner,)
    assert out.winners == tuple(sorted(team)) and out.winners and not out.draw


def test_a_lethal_attack_ends_a_duel_with_the_attacker_the_one_winner() -> None:
    st = from_position({"active": 0, "players": [{"combat": 9}, {"health": 4}]})
    ev = st.apply("attack 1 4")
    assert st.outcome() == Outcome((0,), "last_standing") and st.outcome().winner == 0  # type: ignore[union-attr]
    assert ev[-1] == GameOver(0, "last_standing")


def test_a_team_win_lists_every_teammate() -> None:
    st = new_game(4, "hydra", seed=1, first=0)
    st.health[1] = 1
    st.players[0].combat = 3
    st.apply("@0 attack 2 3")
    out = st.outcome()
    assert out is not None and out.winners == (0, 1) and out.winner is None and out.wire() == [0, 1]


def test_a_game_nobody_survives_has_no_winner_and_says_so() -> None:
    st = from_position({"active": 0, "players": [{"combat": 9}, {"health": 4}]})
    st.fmt.finish(st, None, ev := [])
    assert st.outcome() == Outcome((), NO_ONE_STANDING) and ev == [GameOver(None, NO_ONE_STANDING)]
