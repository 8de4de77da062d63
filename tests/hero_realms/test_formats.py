"""Every format of the rulebook: openings, reach, teams, eliminations, invariants."""

from __future__ import annotations

import pytest

from game.hero_realms.formats import FORMATS, get_format
from game.hero_realms.setup import from_position, new_game
from game.hero_realms.sim import simulate
from game.hero_realms.state import GameState
from tests.hero_realms.playout import random_playout

COMBOS = [("ffa", 2), ("ffa", 3), ("ffa", 4), ("hunter_first_blood", 3), ("hunter_first_blood", 5),
          ("hunter_last_one_standing", 4), ("hunter_last_one_standing", 6), ("hydra", 4), ("hydra", 6),
          ("emperor", 6)]


def test_every_rulebook_format_is_registered() -> None:
    assert set(FORMATS) == {"ffa", "hunter_first_blood", "hunter_last_one_standing", "hydra", "emperor"}


@pytest.mark.parametrize("fmt,seats,first,hands,health", [
    ("ffa", 2, 1, [5, 3], [50, 50]),
    ("ffa", 4, 2, [5, 5, 3, 4], [50] * 4),
    ("hunter_first_blood", 3, 0, [3, 4, 5], [50] * 3),
    ("hunter_last_one_standing", 4, 3, [4, 5, 5, 3], [50] * 4),
    ("hydra", 4, 2, [5, 5, 3, 3], [75] * 4),
    ("hydra", 6, 0, [3, 3, 3, 5, 5, 5], [100] * 6),
    ("emperor", 6, 0, [3, 3, 3, 5, 5, 5], [50, 60, 50, 50, 60, 50]),
])
def test_standard_openings(fmt: str, seats: int, first: int, hands: list[int], health: list[int]) -> None:
    st = new_game(seats, fmt, seed=7, first=first)
    assert [len(p.hand) for p in st.players] == hands
    assert [st.health_of(s) for s in range(seats)] == health
    assert all(len(p.hand) + len(p.deck) == 10 for p in st.players)
    assert len([i for i in st.row if i >= 0]) == 5 and len(st.market_deck) == 75 and len(st.gems) == 16


def test_hydra_starting_team_is_random_and_emperor_starts_with_team_a() -> None:
    firsts = {new_game(4, "hydra", seed=s).first for s in range(20)}
    assert firsts == {0, 2}
    assert {new_game(6, "emperor", seed=s).first for s in range(5)} == {0}


@pytest.mark.parametrize("fmt,seats", [("ffa", 1), ("ffa", 5), ("hunter_first_blood", 2), ("hydra", 5),
                                       ("hydra", 3), ("emperor", 4)])
def test_seat_counts_outside_a_format_are_refused(fmt: str, seats: int) -> None:
    assert get_format(fmt).seats_problem(seats)
    with pytest.raises(ValueError):
        new_game(seats, fmt)


def test_ffa_elimination_removes_cards_and_play_goes_on() -> None:
    st = from_position({"active": 0, "players": [
        {"combat": 5}, {"health": 2, "hand": ["gold"], "deck": ["ruby"], "champions": ["orc_grunt"]}, {}]})
    st.apply("attack 1:orc_grunt 3")
    st.apply("attack 1 2")
    assert st.players[1].alive is False and st.phase == "main"
    assert not (st.players[1].hand or st.players[1].deck or st.players[1].champions or st.players[1].discard)
    assert sorted(st.cid[i] for i in st.out) == ["gold", "orc_grunt", "ruby"]
    st.apply("end")
    assert st.active == 2  # the eliminated seat is skipped


def test_target_opponent_needs_a_choice_with_several_opponents() -> None:
    st = from_position({"active": 0, "players": [{"hand": ["spark"]}, {}, {}]})
    st.apply("play spark")
    assert st.pending is not None and st.pending.kind == "target_opponent"
    assert [str(a) for a in st.legal_actions()] == ["target 1", "target 2"]
    st.apply("target 2")
    assert st.players[2].owed == 1 and st.players[1].owed == 0


def test_emperor_commander_after_facing_commander_falls_reaches_the_emperor_only() -> None:
    st = from_position({"format": "emperor", "active": 2, "players": [
        {}, {"health": 60}, {"combat": 9}, {"health": 2}, {"health": 60}, {}]})
    st.apply("attack 3 2")
    assert st.pending is None  # no cards to give: the commander simply falls
    assert [str(a) for a in st.legal_actions()] == ["attack 4 7", "end"]


def _ended_as_the_format_says(st: GameState, fmt: str) -> None:
    """The game is over with the winner its format names: first blood ends at the first
    fall and crowns the fallen seat's hunter, the Emperor's team wins when the other
    Emperor falls, and every other format plays until one seat or one team stands."""
    f = get_format(fmt)
    assert st.phase == "over" and st.winner is not None
    out = st.outcome()
    w = st.winner
    assert out is not None and out.winners == ((w,) if isinstance(w, int) else tuple(sorted(w or ())))
    alive = {s for s, p in enumerate(st.players) if p.alive}
    winners = set(st.winner) if isinstance(st.winner, tuple) else {st.winner}
    if fmt == "hunter_first_blood":
        fallen = set(range(st.n)) - alive
        assert len(fallen) == 1 and st.winner == (fallen.pop() - 1) % st.n  # the hunter on the prey's right
    elif fmt == "emperor":
        losers = next(t for t in f.teams(st.n) if set(t) != winners)
        assert [f.role(s) for s in losers if s not in alive].count("emperor") == 1
        assert any(f.role(s) == "emperor" for s in winners & alive)
    else:
        assert alive and alive <= winners and winners == set(f.team_of(st.n, min(winners)))


@pytest.mark.parametrize("fmt,seats", COMBOS)
def test_random_games_in_every_format(fmt: str, seats: int) -> None:
    for seed in range(3):
        st, _log = random_playout(seats, seed, fmt, max_actions=3000)
        _ended_as_the_format_says(st, fmt)


@pytest.mark.parametrize("fmt,seats", COMBOS)
def test_scripted_games_finish_without_violations(fmt: str, seats: int) -> None:
    rep = simulate(15, seats, 100, fmt, check_every_action=True)
    assert rep.violations == [] and rep.unfinished == 0
