"""HerosDeï's state follows core's GameState protocol: ``outcome()`` gives core's Outcome
with the termination key the game_over event carries, and ``check`` says why an action
is refused, as ``apply`` would, without changing the state."""

from __future__ import annotations

import random

import pytest

from game.core.errors import IllegalActionError
from game.core.game import GameState, Outcome
from game.herosdei.events import GameOver
from game.herosdei.state import State
from game.herosdei.victory import TERMINATIONS
from tests.herosdei.helpers import new

MAX_ACTIONS = 3000


def _play(seed: int, variant: str) -> State:
    st = new(seed, variant)
    rnd = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if st.outcome() is not None:
            break
        st.apply(rnd.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("variant", ["initiation", "standard", "tournament"])
def test_a_finished_game_gives_its_winner_and_the_termination_its_event_carries(variant: str) -> None:
    for seed in range(6):
        st = _play(seed, variant)
        assert isinstance(st, GameState)
        out = st.outcome()
        assert isinstance(out, Outcome) and out.termination in TERMINATIONS
        assert out.winners == (() if st.winner == "draw" else (st.winner,))
        ends = [e for e in st.log if isinstance(e, GameOver)]
        assert len(ends) == 1 and ends[0].termination == out.termination
        assert ends[0].to_dict()["termination"] == out.termination
        if out.termination == "draw":
            assert out.draw
        if out.termination in ("victory_points", "quest"):
            assert variant == "tournament"
        if out.termination == "kills":
            assert variant != "tournament"
        assert st.clone().outcome() == out


def test_a_game_going_on_has_no_outcome() -> None:
    assert new(1, "standard").outcome() is None


def test_check_gives_apply_s_refusal_and_changes_nothing() -> None:
    st = new(2, "standard")
    for a in st.legal_actions():
        assert st.check(a) is None
    before = st.state_hash()
    found = st.check("attack 0:knight 1:knight")
    assert found is not None and found.key
    with pytest.raises(IllegalActionError) as raised:
        st.clone().apply("attack 0:knight 1:knight")
    assert raised.value.refusal == found and str(found) == str(raised.value)
    assert st.state_hash() == before
    unreadable = st.check("fly away")
    assert unreadable is not None and unreadable.key == "unreadable" and "fly" in unreadable.text
