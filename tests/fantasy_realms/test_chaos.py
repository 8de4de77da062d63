"""Chaos Realms (game/fantasy_realms/chaos.py): setup, trades, the clock, the last
draws, views, saves, a random fuzz, and games through the Session (AI seats:
tests/ai/fantasy_realms/test_chaos_agents.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError, IllegalActionError, NotationError
from game.core.rng import Rng
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import library
from game.fantasy_realms.chaos import (
    CLOCK_STEP_MS,
    MAX_OFFERS,
    ChaosSetupError,
    ChaosState,
    due_clock,
    new_chaos,
    parse,
    table_for,
)
from game.fantasy_realms.chaos_events import CardsTraded, NecromancerDrew, OfferMade
from game.fantasy_realms.optimal import best
from game.fantasy_realms.record import ChaosRecord, Record
from game.session.session import Session

MODULE_SETS: list[tuple[str, ...]] = [(), ("promo",), ("cursed_hoard_suits",), ("promo", "cursed_hoard_suits")]


def _give(st: ChaosState, seat: int, slug: str) -> str:
    """Test setup: move the card named ``slug`` into ``seat``'s hand, swapping it with
    a card of that hand (every card stays in exactly one place)."""
    cid = st.card(slug)
    assert cid is not None
    if cid in st.hands[seat]:
        return cid
    out = next(c for c in st.hands[seat] if st.lib.cards[c].rule.get("end_game") is None)
    for zone in [*st.hands, st.aside]:
        if cid in zone:
            zone[zone.index(cid)] = out
            break
    st.hands[seat][st.hands[seat].index(out)] = cid
    return cid


def _conserved(st: ChaosState) -> None:
    where = Counter(st.all_cards())
    assert sorted(where) == sorted(st.cards) and set(where.values()) == {1}


def _end(st: ChaosState) -> None:
    st.apply(f"clock {st.limit_ms}")


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("seats", range(3, 8))
@pytest.mark.parametrize("modules", MODULE_SETS)
def test_setup_deals_seven_or_eight_and_sets_the_rest_aside(seats: int, modules: tuple[str, ...]) -> None:
    st = new_chaos(seats, modules, seed=seats)
    size = 8 if "cursed_hoard_suits" in modules else 7
    assert [len(h) for h in st.hands] == [size] * seats
    assert len(st.aside) == len(mod.game_cards(library(), mod.normalize(modules))) - seats * size
    _conserved(st)
    assert st.phase == "trade" and st.waiting_for() == list(range(seats)) and st.offers == []


@pytest.mark.parametrize(("seats", "modules", "limit_s", "why"), [
    (2, (), 300, "3-7 players"),
    (8, (), 300, "3-7 players"),
    (4, ("cursed_items",), 300, "without the Cursed Items"),
    (4, (), 0, "time limit"),
])
def test_impossible_setups_are_refused_in_one_line(seats: int, modules: tuple[str, ...], limit_s: int,
                                                   why: str) -> None:
    with pytest.raises(ChaosSetupError, match=why) as got:
        new_chaos(seats, modules, limit_s=limit_s)
    assert "\n" not in str(got.value)


# ---------------------------------------------------------------- trading
def test_an_accepted_offer_swaps_exactly_the_two_cards() -> None:
    st = new_chaos(4, seed=3)
    before = [h[:] for h in st.hands]
    give, want = st.hands[0][2], st.hands[1][4]
    ev = st.apply(f"0 offer 1 {st.slug(give)} {st.slug(want)}")
    assert st.hands == before  # an offer moves nothing
    made = ev[0]
    assert isinstance(made, OfferMade) and made.redacted_for(2).to_dict()["give"] is None
    assert made.redacted_for(1) == made
    ev = st.apply("1 accept #1")
    assert st.hands[0] == [want if c == give else c for c in before[0]]
    assert st.hands[1] == [give if c == want else c for c in before[1]]
    assert st.hands[2:] == before[2:] and st.offers == [] and st.trades == 1
    traded = ev[0]
    assert isinstance(traded, CardsTraded) and not traded.public
    assert traded.redacted_for(3).to_dict()["gave"] is None and traded.redacted_for(0) == traded
    _conserved(st)


def test_an_offer_to_anyone_is_public_and_the_first_to_accept_trades() -> None:
    st = new_chaos(4, seed=5)
    give = st.hands[0][0]
    want = st.hands[2][0]
    made = st.apply(f"0 offer any {st.slug(give)} {st.slug(want)}")[0]
    assert made.redacted_for(3) == made
    assert "1 accept #1" not in [str(a) for a in st.legal_actions(1)]  # seat 1 lacks the card asked for
    assert str(st.check("1 accept #1")) == f"offer #1 asks for {st.slug(want)}, which seat 1 does not hold"
    traded = st.apply("2 accept #1")[0]
    assert isinstance(traded, CardsTraded) and traded.public and traded.redacted_for(1) == traded
    assert want in st.hands[0] and give in st.hands[2]


def test_declined_and_withdrawn_offers_change_nothing() -> None:
    st = new_chaos(3, seed=8)
    before = [h[:] for h in st.hands]
    g, w = st.slug(st.hands[0][0]), st.slug(st.hands[1][0])
    st.apply(f"0 offer 1 {g} {w}")
    st.apply(f"0 offer 2 {g} {w}")
    st.apply("1 decline #1")
    st.apply("0 withdraw #2")
    assert st.hands == before and st.offers == [] and st.trades == 0
    assert str(st.check("1 accept #1")) == "offer #1 is not on the table"


def test_an_offer_of_a_card_traded_away_is_void() -> None:
    st = new_chaos(3, seed=9)
    g = st.slug(st.hands[0][0])
    st.apply(f"0 offer 1 {g} {st.slug(st.hands[1][0])}")
    st.apply(f"0 offer 2 {g} {st.slug(st.hands[2][0])}")
    ev = st.apply("1 accept #1")
    assert [e.to_dict() for e in ev[1:]] == [{"type": "offer_closed", "offer": 2, "seat": 0, "why": "void"}]
    assert st.offers == []


def test_several_offers_at_once_but_not_the_same_twice_nor_too_many() -> None:
    st = new_chaos(4, seed=2)
    line = f"0 offer any {st.slug(st.hands[0][0])} {st.slug(st.hands[1][0])}"
    st.apply(line)
    st.apply(f"0 offer 3 {st.slug(st.hands[0][1])} {st.slug(st.hands[3][0])}")
    assert len(st.offers) == 2
    assert str(st.check(line)) == "the same offer is already on the table (#1)"
    wants = list(st.hands[2])
    for want in wants[:MAX_OFFERS - 2]:
        st.apply(f"0 offer 2 {st.slug(st.hands[0][0])} {st.slug(want)}")
    last = f"0 offer 2 {st.slug(st.hands[0][0])} {st.slug(wants[MAX_OFFERS - 2])}"
    assert str(st.check(last)) == f"seat 0 already has {MAX_OFFERS} offers out: withdraw one first"
    assert [a.verb for a in st.legal_actions(0)] == ["withdraw"] * MAX_OFFERS
    assert not st.view(0)["can_offer"] and st.view(1)["can_offer"]
    st.apply("0 withdraw #1")
    assert st.check(last) is None


@pytest.mark.parametrize(("line", "why"), [
    ("0 offer 0 {g} {w}", "a seat cannot trade with itself"),
    ("0 offer 9 {g} {w}", "seat 9 is not in this 4-player game"),
    ("0 offer 1 {w} {g}", "seat 0 does not hold {w}"),
    ("0 offer 1 {g} {g2}", "seat 0 already holds {g2}"),
    ("0 offer 1 {g} dragonfly", "'dragonfly' is not a card of this game"),
    ("0 offer 1 {g} {w} extra", "'offer' takes 3 words"),
    ("1 accept 1", "name the offer by its number"),
    ("1 withdraw #1", "offer #1 is seat 0's to withdraw, not seat 1's"),
    ("0 accept #1", "offer #1 is your own"),
    ("2 accept #1", "offer #1 is made to seat 1"),
    ("0 keep {g}", "comes after the trading time"),
    ("7 withdraw #1", "seat 7 is not in this 4-player game"),
    ("0 fly", "unknown verb 'fly'"),
    ("clock x", "clock <milliseconds>"),
    ("draw deck", "a Chaos Realms line is"),
])
def test_illegal_lines_are_refused_with_a_one_line_reason(line: str, why: str) -> None:
    st = new_chaos(4, seed=11)
    names = {"g": st.slug(st.hands[0][0]), "g2": st.slug(st.hands[0][1]), "w": st.slug(st.hands[1][0])}
    st.apply("0 offer 1 {g} {w}".format(**names))
    before = st.state_hash()
    found = st.check(line.format(**names))
    assert found is not None
    reason = str(found)
    assert why.format(**names) in reason and "\n" not in reason
    with pytest.raises((IllegalActionError, NotationError)):
        st.apply(line.format(**names))
    assert st.state_hash() == before


def test_notation_round_trips() -> None:
    for line in ("clock 5000", "2 offer any dragon unicorn", "0 accept #3", "1 keep wildfire", "3 draw"):
        assert str(parse(line)) == line


# ---------------------------------------------------------------- views
def test_views_hide_other_hands_and_private_offers() -> None:
    st = new_chaos(4, seed=4)
    g, w = st.hands[0][0], st.hands[1][0]
    st.apply(f"0 offer 1 {st.slug(g)} {st.slug(w)}")
    st.apply(f"0 offer any {st.slug(st.hands[0][1])} {st.slug(w)}")
    for seat in range(4):
        v = st.view(seat)
        assert v["variant"] == "chaos" and v["players"][seat]["hand"] == st.hands[seat]
        assert all("hand" not in p for p in v["players"] if p["seat"] != seat)
        private, public = v["offers"]
        assert (private["give"] == g) == (seat in (0, 1)) and public["give"] == st.hands[0][1]
    assert st.view(1)["legal"] == ["1 accept #1", "1 decline #1", "1 accept #2"]
    assert st.view(0)["legal"] == ["0 withdraw #1", "0 withdraw #2"] and st.view(0)["can_offer"]
    spectator = st.view(None)
    assert all("hand" not in p for p in spectator["players"]) and spectator["offers"][0]["give"] is None


# ---------------------------------------------------------------- the clock and the end
def test_the_clock_ends_the_trading_and_the_scores_are_the_exact_scorers() -> None:
    st = new_chaos(5, ("promo",), seed=6, limit_s=60)
    st.apply(f"0 offer any {st.slug(st.hands[0][0])} {st.slug(st.hands[1][0])}")
    st.apply("clock 30000")
    assert st.phase == "trade" and st.clock_ms == 30000
    assert str(st.check("clock 29999")) == "clock 29999 is before the time already counted (30000 ms)"
    _holders = [s for s in range(5) if any(st.lib.cards[c].rule.get("end_game") for c in st.hands[s])]
    for s in _holders:  # keep the end simple: no Necromancer in any hand
        for c in list(st.hands[s]):
            if st.lib.cards[c].rule.get("end_game"):
                i = next(i for i, a in enumerate(st.aside) if not st.lib.cards[a].rule.get("end_game"))
                st.aside[i], st.hands[s][st.hands[s].index(c)] = c, st.aside[i]
    ev = st.apply("clock 60000")
    assert [e.type for e in ev[:3]] == ["clock_ticked", "time_up", "offer_closed"]
    assert st.over and st.offers == [] and st.waiting_for() == []
    lib = library()
    want = [best([lib.cards[c] for c in h], table_for(st), lib).total for h in st.hands]
    out = st.outcome()
    assert out is not None and list(out.scores or ()) == want
    top = max(want)
    assert all(want[s] == top for s in out.winners)
    assert out.termination == ("tie" if len(out.winners) > 1 else "time_up")
    assert str(st.check("clock 70000")) == "the game is over"
    assert st.view(2)["players"][0]["hand"] == st.hands[0]  # every hand is shown at the end


def test_due_clock_records_every_step_and_the_limit() -> None:
    st = new_chaos(3, seed=1, limit_s=12)
    assert due_clock(st, CLOCK_STEP_MS - 1) is None
    assert str(due_clock(st, CLOCK_STEP_MS)) == f"clock {CLOCK_STEP_MS}"
    st.apply("clock 10000")
    assert str(due_clock(st, 2500)) == "clock 12000"  # the limit, not beyond


def test_the_necromancer_draws_three_and_keeps_one() -> None:
    st = new_chaos(4, seed=12)
    necro = _give(st, 2, "necromancer")
    aside = len(st.aside)
    _end(st)
    assert st.phase == "end_game" and st.waiting_for() == [2]
    assert st.view(2)["legal"] == ["2 draw", "2 pass"] and st.view(1)["legal"] == []
    assert str(st.check("1 draw")) == "seat 2 decides now, not seat 1"
    ev = st.apply("2 draw")
    drew = ev[0]
    assert isinstance(drew, NecromancerDrew) and drew.count == 3 and drew.redacted_for(0).to_dict()["cards"] == []
    assert st.view(2)["drawn"] == list(drew.cards) and "drawn" not in st.view(0)
    keep = drew.cards[1]
    st.apply(f"2 keep {keep}")  # by id works as well as by slug
    assert keep in st.hands[2] and len(st.hands[2]) == 8 and necro in st.hands[2]
    assert len(st.aside) == aside - 1 and st.over
    _conserved(st)


def test_the_necromancer_may_decline() -> None:
    st = new_chaos(3, seed=13)
    _give(st, 0, "necromancer")
    _end(st)
    st.apply("0 pass")
    assert st.over and len(st.hands[0]) == 7


def test_new_suits_leprechaun_genie_and_the_nine_card_cap() -> None:
    st = new_chaos(3, ("cursed_hoard_suits",), seed=14)
    for slug in ("necromancer", "leprechaun", "genie"):
        _give(st, 1, slug)
    _end(st)
    st.apply("1 draw")
    st.apply(f"1 keep {st.view(1)['drawn'][0]}")
    assert len(st.hands[1]) == 10  # eight, the Necromancer's card, the Leprechaun's
    wish = st.view(1)["legal"][0]
    assert wish.startswith("1 wish ")
    st.apply(wish)
    assert len(st.hands[1]) == 11 and st.phase == "end_game"
    cap = st.view(1)["legal"]
    assert all(line.startswith("1 discard ") for line in cap)
    drew = {st.slug(st.card(s) or "") for s in ("necromancer", "leprechaun", "genie")}
    assert not drew & {line.split()[2] for line in cap}  # a card that drew is never set aside
    st.apply(cap[0])
    st.apply(st.view(1)["legal"][0])
    assert st.over and len(st.hands[1]) == 9
    _conserved(st)


# ---------------------------------------------------------------- saves
def test_a_chaos_save_replays_to_the_same_hash(tmp_path: Path) -> None:
    rec = ChaosRecord.chaos(4, ["promo"], seed=21, limit_s=60)
    st = rec.initial_state()
    rng = Rng(5)
    for i in range(40):
        seat = rng.below(4)
        lines = st.legal_actions(seat)
        a = lines[rng.below(len(lines))] if i % 7 else parse(f"clock {st.clock_ms + 1000}")
        st.apply(a)
        rec.add(a)
    path = tmp_path / "chaos.json"
    rec.save(path, st)
    rec2, st2 = games.load(path)
    assert isinstance(rec2, ChaosRecord) and isinstance(st2, ChaosState)
    assert st2.state_hash() == st.state_hash() and rec2.actions == rec.actions


@pytest.mark.parametrize(("setup", "why"), [
    ({"kind": "chaos", "seats": "four", "seed": 1, "limit_s": 60}, "seats"),
    ({"kind": "chaos", "seats": 4, "seed": 1}, "limit_s"),
    ({"kind": "chaos", "seats": 9, "seed": 1, "limit_s": 60}, "3-7 players"),
    ({"kind": "chaos", "seats": 4, "seed": 1, "limit_s": 60, "modules": ["items"]}, "Cursed Items"),
])
def test_bad_chaos_setups_are_refused_in_one_line(setup: dict[str, object], why: str) -> None:
    import json

    text = json.dumps({"kind": "realms-table-save", "version": 1, "game": "fantasy_realms", "setup": setup,
                       "actions": [], "state_hash": ""})
    with pytest.raises(DataError, match=why) as got:
        games.loads(text)
    assert "\n" not in str(got.value)


# ---------------------------------------------------------------- fuzz
def _random_line(st: ChaosState, rng: Rng) -> str:
    """A random legal trading line: an answer to an offer, a line of the door's list,
    or an offer that can be accepted (its wanted card is in another hand)."""
    seat = rng.below(st.n)
    answers = st.view(seat)["legal"]
    if answers and rng.below(2):
        return str(answers[rng.below(len(answers))])
    if rng.below(4) == 0:
        lines = st.legal_actions(seat)
        return str(lines[rng.below(len(lines))])
    other = (seat + 1 + rng.below(st.n - 1)) % st.n
    give = st.hands[seat][rng.below(len(st.hands[seat]))]
    want = st.hands[other][rng.below(len(st.hands[other]))]
    to = "any" if rng.below(2) else str(other)
    return f"{seat} offer {to} {st.slug(give)} {st.slug(want)}"


@pytest.mark.parametrize("seats", range(3, 8))
def test_random_games_always_end_at_the_clock_and_keep_every_card_once(seats: int) -> None:
    for k, modules in enumerate(MODULE_SETS):
        st = new_chaos(seats, modules, seed=seats * 10 + k, limit_s=30)
        rng = Rng(seats * 100 + k)
        for _ in range(120):
            if rng.below(8) == 0:
                st.apply(f"clock {min(st.limit_ms - 1, st.clock_ms + rng.below(4000))}")
                continue
            line = _random_line(st, rng)
            if st.check(line) is None:  # a random offer may repeat one on the table
                st.apply(line)
            _conserved(st)
            assert st.phase == "trade"
        due = due_clock(st, st.limit_ms)
        assert due is not None
        st.apply(due)
        for _ in range(20):  # the last draws and the cap: a few decisions at most
            if st.over:
                break
            (seat,) = st.waiting_for()
            lines = st.legal_actions(seat)
            st.apply(lines[rng.below(len(lines))])
            _conserved(st)
        assert st.over and st.outcome() is not None and st.trades > 0
        assert all(len(h) <= (st.cap or 99) for h in st.hands)


# ---------------------------------------------------------------- the session
def test_the_session_binds_lines_to_their_seat_and_runs_the_clock(tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    rec = ChaosRecord.chaos(3, seed=31, limit_s=20)
    session = Session(rec, autosave=save)
    st = session.state
    assert isinstance(st, ChaosState) and session.waiting_for() == [0, 1, 2]
    line = f"0 offer 1 {st.slug(st.hands[0][0])} {st.slug(st.hands[1][0])}"
    with pytest.raises(IllegalActionError, match="seat 2 cannot act for seat 0"):
        session.submit(2, line)
    with pytest.raises(IllegalActionError, match="the clock is the table's"):
        session.submit(0, "clock 20000")
    with pytest.raises(IllegalActionError, match="begins with its seat"):
        session.submit(0, "draw deck")
    session.submit(0, line)
    assert not session.can_undo(0)  # the offer reached seat 1 at once
    assert session.tick(100.0) == [] and session.tick(103.0) == []  # the first tick starts counting
    session.pause_clock()
    session.tick(500.0)  # a pause does not count
    assert [e.type for e in session.tick(502.5)] == ["clock_ticked"] and st.clock_ms == 5500
    rec2, st2 = games.load(save)
    assert st2.state_hash() == st.state_hash() and rec2.actions == rec.actions
    resumed = Session(rec2, state=st2)  # a reloaded game goes on from its recorded time
    resumed.tick(0.0)
    resumed.tick(14.25)
    assert st2.clock_ms == 19750 and not resumed.over  # 5500 recorded, 14.25 s more
    resumed.tick(14.5)
    assert resumed.over and rec2.actions[-1] == "clock 20000"
    session.tick(520.0)
    assert session.over and rec.actions[-1] == "clock 20000"
    _rec3, st3 = games.load(save)
    assert st3.state_hash() == session.state.state_hash()


def test_a_chaos_line_is_refused_in_a_standard_game() -> None:
    session = Session(Record.standard(3, seed=1, first=0))
    with pytest.raises(IllegalActionError, match="Chaos Realms line"):
        session.submit(0, "0 offer 1 dragon unicorn")
    assert session.tick(0.0) == [] and session.tick(999.0) == []  # no clock in a standard game
