"""The contract every game of the registry keeps with the house, checked on random games:
a game waits for a seat with a move or for its clock; every line a view offers reads,
binds and is legal, and applying it never raises; views
and events are plain JSON, a spectator is offered nothing, and every event a seat is
sent is the redacted one; a clone is independent of its original; the record replays
to the same state hash, and its save text loads back to it."""

from __future__ import annotations

import json
import random

import pytest

from game import games
from game.core.errors import DataError
from game.core.game import Game, GameState, Outcome

CAP = 400  # actions per game: enough to cross several turns, redactions and decisions
DEALS = 3


def _cases() -> list[tuple[str, int, str | None, int]]:
    """Each game at its fewest and most seats in each of its formats (three deals of the
    default format, one of the others)."""
    out = []
    for name in games.names():
        g = games.game(name)
        for i, fmt in enumerate(g.formats or (None,)):
            fits = [n for n in g.seats if _deals(g, n, fmt)]
            for seats in sorted({min(fits), max(fits)}):
                out += [(name, seats, fmt, deal) for deal in range(DEALS if i == 0 else 1)]
    return out


def _deals(g: Game, seats: int, fmt: str | None) -> bool:
    try:
        g.new_record(seats, 0, fmt).initial_state()
    except DataError:
        return False
    return True


def _json(doc: object) -> object:
    return json.loads(json.dumps(doc))


@pytest.mark.parametrize(("name", "seats", "fmt", "deal"), _cases())
def test_random_games_keep_the_contract(name: str, seats: int, fmt: str | None, deal: int) -> None:
    g: Game = games.game(name)
    rec = g.new_record(seats, deal, fmt)
    st: GameState = rec.initial_state()
    pick = random.Random(deal * 31 + seats)
    assert st.n == seats and st.outcome() is None
    for _ in range(CAP):
        if st.outcome() is not None:
            break
        waiting = st.waiting_for()
        assert waiting and all(0 <= s < seats for s in waiting), waiting
        spectator = st.view(None)
        assert _json(spectator) == spectator and not spectator.get("legal")
        views = {s: st.view(s) for s in waiting}
        assert all(_json(v) == v for v in views.values())
        # in a simultaneous step a seat may have nothing to do (it waits for the others);
        # when none has, the game waits for time: its clock has an action due
        able = [s for s in waiting if views[s]["legal"]]
        if able:
            seat = pick.choice(able)
            line = pick.choice(views[seat]["legal"])
            action = g.bind(st, g.parse(line), seat)
            assert st.check(action) is None, (line, st.check(action))
        else:
            action = g.clock(st, 10**9)
            assert action is not None, f"seats {waiting} are waited for, none is offered a move and no clock is due"
        before = st.state_hash()
        twin = st.clone()
        events = st.apply(action)
        rec.add(action)
        assert twin.state_hash() == before, "applying to a state changed its clone"
        for e in events:
            assert _json(e.to_dict()) == e.to_dict()
            for s in range(seats):
                assert _json(e.redacted_for(s).to_dict()) is not None
    out = st.outcome()
    assert out is None or (isinstance(out, Outcome) and all(0 <= w < seats for w in out.winners) and out.termination)
    assert rec.replay().state_hash() == st.state_hash()
    again_rec, again = g.loads(rec.to_json(st), "contract save")
    assert again.state_hash() == st.state_hash() and len(again_rec.actions) == len(rec.actions)


@pytest.mark.parametrize("name", games.names())
def test_a_finished_random_game_says_how_it_ended(name: str) -> None:
    g = games.game(name)
    rec = g.new_record(min(g.seats), 7)
    st = rec.initial_state()
    pick = random.Random(7)
    for _ in range(20000):
        if st.outcome() is not None:
            break
        seat = st.waiting_for()[0]
        st.apply(g.bind(st, g.parse(pick.choice(st.view(seat)["legal"])), seat))
    out = st.outcome()
    assert out is not None, f"{name}: a random game did not end in 20000 actions"
    assert out.termination and out.termination.replace("_", "").isalpha()
    assert st.waiting_for() == []
