"""Random HerosDeï games from the seed's set-up: every legal action applies, every game
ends, no card is lost or doubled, hands are cut to 8 before each placement, and a
seat's view never shows the other hand or either future."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence

import pytest

from game.core.errors import IllegalActionError
from game.herosdei.events import CardsDrawn, FirstPlayer
from game.herosdei.state import HAND_LIMIT, State
from game.herosdei.view import view
from tests.herosdei.helpers import new

MAX_ACTIONS = 3000
VARIANTS = ("initiation", "standard", "tournament")


def zones(st: State) -> list[int]:
    out: list[int] = []
    for p in st.players:
        out += p.hand + p.future + p.museum + p.chars + p.gods + p.places + p.black_magic
    for given in st.given.values():
        out += given
    out += [e.uid for e in st.stack]
    return out


def check_conservation(st: State) -> None:
    found = zones(st)
    assert sorted(found) == list(range(len(st.cid))), "a card is lost or in two zones"
    in_play = {u for p in st.players for u in p.chars}
    assert set(st.given) <= in_play, "a card is given to a Character out of play"


def check_hand_limit(st: State) -> None:
    for p in st.players:
        keep = [u for u in p.hand if st.card(u).type == "sovereign_good"]
        assert len(p.hand) - len(keep) <= HAND_LIMIT


def check_view(st: State, events: Sequence[object]) -> None:
    for seat in (0, 1):
        v = view(st, seat)
        other = v["players"][1 - seat]
        assert isinstance(other["hand"], int) and other["hand"] == len(st.players[1 - seat].hand)
        assert all(isinstance(p["future"], int) for p in v["players"])
        if v["pending"] is not None and v["pending"]["seat"] != seat:
            assert "options" not in v["pending"]
        json.dumps(v)
        for e in events:
            if isinstance(e, CardsDrawn) and e.seat != seat:
                assert e.redacted_for(seat).to_dict()["cards"] == []


def play(seed: int, variant: str, all_legal_every: int = 0) -> tuple[State, int]:
    st = new(seed, variant)
    rnd = random.Random(seed)
    n = 0
    while st.winner is None:
        assert n < MAX_ACTIONS, "the game did not end"
        legal = st.legal_actions()
        assert legal, "no legal action in a game not over"
        if all_legal_every and n % all_legal_every == 0:
            for line in legal:
                copy.deepcopy(st).apply(line)
        limit = st.pending.seat if st.pending is not None and st.pending.kind == "hand_limit" else None
        before = len(st.players[limit].hand) if limit is not None else 0
        events = st.apply(rnd.choice(legal))
        n += 1
        if limit is not None:  # every discard the hand limit offers shrinks the hand
            assert len(st.players[limit].hand) == before - 1
        check_conservation(st)
        if any(isinstance(e, FirstPlayer) for e in events):
            check_hand_limit(st)
        check_view(st, events)
    return st, n


@pytest.mark.parametrize("seed", range(60))
def test_random_games_end_and_keep_the_invariants(seed: int) -> None:
    st, _ = play(seed, VARIANTS[seed % 3])
    assert st.phase == "over" and st.legal_actions() == []


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_applies(seed: int) -> None:
    play(100 + seed, VARIANTS[seed], all_legal_every=3)


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a, _ = play(7, "standard")
    b, _ = play(7, "standard")
    assert a.state_hash() == b.state_hash()
    assert new(7).state_hash() != new(8).state_hash()


def candidates(st: State) -> set[str]:
    """Lines of every shape built from the cards now in hands and in play."""
    refs = [st.ref(u) for p in st.players for u in p.chars]
    hand = {st.cid[u] for p in st.players for u in p.hand}
    out = {"done", "pass", "skip", "target 0:nobody", "attack 7:knight 1:knight", "target 9:page", "choose 1",
           "@7 pass"}
    for c in hand:
        out |= {f"play {c}", f"discard {c}", f"monster {c}", f"play {c} on 5:{c}"} | {f"play {c} on {r}" for r in refs}
    out |= {f"attack {a} {d}" for a in refs for d in refs} | {f"target {r}" for r in refs}
    return out


@pytest.mark.parametrize("seed", range(4))
def test_exactly_the_listed_actions_are_legal(seed: int) -> None:
    st = new(200 + seed, VARIANTS[seed % 3])
    rnd = random.Random(seed)
    for _ in range(60):
        if st.winner is not None:
            break
        listed = {str(a) for a in st.legal_actions()}
        for line in sorted(candidates(st) - listed):
            before = st.state_hash()
            with pytest.raises(IllegalActionError):
                st.apply(line)
            assert st.state_hash() == before, line
        st.apply(rnd.choice(sorted(listed)))
