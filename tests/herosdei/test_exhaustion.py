"""The end of a game whose futures ran out (exhaustion.py): a quiet turn or ten turns
dry end it, the lead decides. The scenarios futures_exhausted_*.toml play it through."""

from __future__ import annotations

from game.herosdei import decks as deckfiles
from game.herosdei.cards import library
from game.herosdei.exhaustion import DRY_TURNS, REASON, leader, note_turn_end
from game.herosdei.serialize import state_hash
from game.herosdei.setup import new_game
from game.herosdei.state import State


def dealt(variant: str = "standard") -> State:
    decks = [deckfiles.load(deckfiles.find(n)) for n in ("vikings", "trojans")]
    return new_game(decks, library(), variant, 3)


def run_dry(st: State) -> None:
    for p in st.players:
        p.museum += p.future
        p.future = []


def test_futures_left_never_end_the_game() -> None:
    st = dealt()
    before = state_hash(st)
    assert not note_turn_end(st) and st.dry_since is None
    assert state_hash(st) == before  # a game that never ran dry hashes as before the ruling


def test_a_turn_that_changes_something_goes_on_until_the_tenth_dry_turn() -> None:
    st = dealt()
    run_dry(st)
    ended = []
    for _ in range(DRY_TURNS + 2):
        st.players[0].vp += 1  # something moves every turn
        ended.append(note_turn_end(st))
        st.turn += 1
    assert ended.index(True) == DRY_TURNS - 1


def test_a_quiet_turn_ends_it_at_once() -> None:
    st = dealt()
    run_dry(st)
    assert not note_turn_end(st)
    st.turn += 1
    assert note_turn_end(st)


def test_the_lead_decides_kills_first_and_points_first_in_tournament() -> None:
    st = dealt()
    st.players[0].kills, st.players[1].vp = 2, 5
    assert leader(st)[0] == 0 and leader(st)[1].startswith(REASON)
    t = dealt("tournament")
    t.players[0].kills, t.players[1].vp = 2, 5
    assert leader(t)[0] == 1
    t.players[0].vp = 5
    assert leader(t)[0] == 0
    level = dealt()
    assert leader(level)[0] == "draw"
