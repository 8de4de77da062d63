"""Chaos Realms agents (game/ai/fantasy_realms/chaos.py) and the AI seats' driving of a game
where every seat may act at once (game/session_ai.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game import games
from game.ai.agent import IDLE, agent_names, make_agent
from game.ai.fantasy_realms.agents import EasyAgent, MediumAgent
from game.ai.fantasy_realms.chaos import STALE_MS, ChaosAgent
from game.ai.fantasy_realms.hard import HardAgent
from game.ai.worker import fallback
from game.fantasy_realms.chaos import ChaosState, new_chaos, table_for
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.record import ChaosRecord
from game.fantasy_realms.terms import Rulings
from game.session.ai_seats import AISeats
from game.session.session import SeatConfig, Session

LEVELS = ("random", "easy", "medium", "hard")


def _score(st: ChaosState, hand: list[str]) -> int:
    return best_total(hand, table_for(st))


def _swap_gain(st: ChaosState, seat: int, give: str, get: str) -> int:
    hand = st.hands[seat]
    return _score(st, [c for c in hand if c != give] + [get]) - _score(st, hand)


def test_every_level_is_registered_and_keeps_its_class() -> None:
    assert set(LEVELS) <= set(agent_names("fantasy_realms"))
    assert isinstance(make_agent("hard", 1, "fantasy_realms"), HardAgent)
    assert isinstance(make_agent("medium", 1, "fantasy_realms"), MediumAgent)
    assert isinstance(make_agent("easy", 1, "fantasy_realms"), EasyAgent)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_a_chaos_view_with_a_legal_line_or_idle(level: str) -> None:
    st = new_chaos(5, ("promo",), seed=3)
    agent = make_agent(level, 2, "fantasy_realms")
    for seat in range(5):
        view = st.view(seat)
        line = agent.choose(view, view["legal"])
        assert line == IDLE or st.check(line) is None
        words = line.split()
        if words[1:2] == ["offer"]:
            give, want = st.card(words[3]), st.card(words[4])
            assert give is not None and want is not None
            assert _swap_gain(st, seat, give, want) > 0  # an own offer raises the score
        elif words[1:2] == ["accept"]:
            o = next(o for o in st.offers if f"#{o.id}" == words[2])
            assert _swap_gain(st, seat, o.want, o.give) > 0  # a trade it takes raises the score
        if line != IDLE:
            st.apply(line)


def _pairs(st: ChaosState) -> tuple[tuple[str, str], tuple[str, str]]:
    """(seat 0's card, seat 1's card) swaps: one that lowers seat 1's score, one that raises it."""
    worse = better = None
    for g in st.hands[0]:
        for w in st.hands[1]:
            gain = _swap_gain(st, 1, w, g)
            if gain < 0 and worse is None:
                worse = (g, w)
            if gain > 0 and better is None:
                better = (g, w)
    assert worse is not None and better is not None
    return worse, better


@pytest.mark.parametrize("level", LEVELS)
def test_an_agent_accepts_only_a_trade_that_raises_its_score(level: str) -> None:
    base = new_chaos(4, seed=7)
    worse, better = _pairs(base)
    for (g, w), takes in ((worse, False), (better, True)):
        st = base.clone()
        st.apply(f"0 offer 1 {st.slug(g)} {st.slug(w)}")
        view = st.view(1)
        line = make_agent(level, 5, "fantasy_realms").choose(view, view["legal"])
        assert line == ("1 accept #1" if takes else "1 decline #1")


def test_an_own_offer_nobody_takes_is_withdrawn_after_a_while() -> None:
    st = new_chaos(3, seed=9)
    agent = ChaosAgent("medium", 1)
    view = st.view(0)
    line = agent.choose(view, view["legal"])
    assert line.startswith("0 offer any ")
    st.apply(line)
    view = st.view(0)
    assert agent.choose(view, view["legal"]) == IDLE  # one offer out at a time
    st.apply(f"clock {STALE_MS}")
    view = st.view(0)
    assert agent.choose(view, view["legal"]) == "0 withdraw #1"
    st.apply("0 withdraw #1")
    view = st.view(0)
    again = agent.choose(view, view["legal"])
    assert again != line and again.startswith("0 offer any ")  # the next swap, not the same one


def test_an_own_offer_that_a_trade_would_spoil_is_withdrawn_first() -> None:
    st = new_chaos(3, seed=0)
    agent = ChaosAgent("medium", 1)
    view = st.view(0)
    assert agent.choose(view, view["legal"]) == "0 offer any war_dirigible rainstorm"
    st.apply("0 offer any war_dirigible rainstorm")
    # seat 1's Knights for seat 0's Air Elemental raises seat 0's score, but then the
    # War Dirigible for a Rainstorm would no longer
    st.apply("1 offer 0 knights air_elemental")
    view = st.view(0)
    assert agent.choose(view, view["legal"]) == "0 withdraw #1"
    st.apply("0 withdraw #1")
    view = st.view(0)
    assert agent.choose(view, view["legal"]) == "0 accept #2"


def test_after_the_time_an_agent_keeps_the_best_card() -> None:
    st = new_chaos(3, seed=12)
    necro = st.card("necromancer")
    assert necro is not None
    if necro not in st.hands[0]:
        for zone in [*st.hands[1:], st.aside]:
            if necro in zone:
                zone[zone.index(necro)], st.hands[0][0] = st.hands[0][0], necro
    st.apply(f"clock {st.limit_ms}")
    st.apply("0 draw")
    view = st.view(0)
    line = ChaosAgent("medium", 1).choose(view, view["legal"])
    kept = st.card(line.split()[2])
    assert kept is not None
    assert _score(st, st.hands[0] + [kept]) == max(_score(st, st.hands[0] + [c]) for c in st.drawn)


def test_an_agent_scores_with_the_games_rulings() -> None:
    # two runs of three strengths: the Gem of Order scores them both only by default
    st = new_chaos(3, seed=1, rulings=Rulings.from_dict({"gem_multiple_runs": False}))
    hand = [st.card(s) for s in ("gem_of_order", "fountain_of_life", "candle", "necromancer", "forest",
                                 "bell_tower", "mountain")]
    for i, cid in enumerate(hand):  # test setup: seat 0 holds that hand, every card in one place
        assert cid is not None
        for zone in [*st.hands, st.aside]:
            if cid in zone:
                zone[zone.index(cid)], st.hands[0][i] = st.hands[0][i], cid
                break
    assert sorted(st.all_cards()) == sorted(st.cards)
    assert ChaosAgent("medium", 1).score(st.view(0), st.hands[0]) == _score(st, st.hands[0]) == 69


def test_a_worker_with_nothing_it_must_do_answers_idle() -> None:
    assert fallback([]) == IDLE and fallback(["0 draw", "0 pass"]) == "0 draw"


class _Counting:
    name = "counting"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        self.asked += 1
        return IDLE


def test_an_idle_seat_is_asked_again_only_once_the_game_moved() -> None:
    rec = ChaosRecord.chaos(3, seed=4, limit_s=60)
    session = Session(rec, [SeatConfig("human", "Ann"), SeatConfig("ai", "B"), SeatConfig("ai", "C")])
    ai = AISeats(session, inline=True)
    bots = {seat: _Counting() for seat in (1, 2)}
    ai.agents.update(bots)
    assert ai.pump() == 0 and ai.pump() == 0
    assert [b.asked for b in bots.values()] == [1, 1]
    st = session.state
    assert isinstance(st, ChaosState)
    session.submit(0, f"0 offer any {st.slug(st.hands[0][0])} {st.slug(st.hands[1][0])}")
    assert ai.pump() == 0 and [b.asked for b in bots.values()] == [2, 2]


@pytest.mark.parametrize(("seats", "modules", "levels"), [
    (3, (), ("easy", "medium", "hard")),
    (7, ("promo", "cursed_hoard_suits"), ("medium", "easy", "random", "hard", "medium", "easy", "hard")),
])
def test_an_ai_only_game_runs_to_the_end_through_the_session(seats: int, modules: tuple[str, ...],
                                                            levels: tuple[str, ...]) -> None:
    rec = ChaosRecord.chaos(seats, modules, seed=41, limit_s=40)
    session = Session(rec, [SeatConfig("ai", f"P{i}", lv) for i, lv in enumerate(levels)])
    ai = AISeats(session, inline=True)
    now = 0.0
    session.tick(now)
    for _ in range(200):
        if session.over:
            break
        ai.pump()
        now += 1.0
        session.tick(now)
    assert session.over and session.state.outcome() is not None
    assert ai.take_errors() == []
    st = session.state
    assert isinstance(st, ChaosState) and st.clock_ms == st.limit_ms
    assert games.loads(rec.to_json(st))[1].state_hash() == st.state_hash()
