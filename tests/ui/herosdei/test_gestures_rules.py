"""The HerosDeï table and the engine give one reason: where a drop breaks a rule of
``game.herosdei.limits`` (a flyer out of reach, a slot taken, no free hand, a card for
Heroes only, a card placed on its own, another player's Character, an allowance or a
destiny's timing), the table's words are the engine's refusal of that line, worded by
its key. Random games, each seat's table built from its own view."""

from __future__ import annotations

import random

import pytest

from game import games
from game.herosdei.cards import library
from game.herosdei.state import State
from game.session.session import SeatConfig, Session
from game.ui.herosdei import gestures
from game.ui.herosdei.model import Character, HdModel
from game.ui.i18n import Tr

# the engine's keys the table words itself from what its model shows (game.herosdei.limits)
ONTO = {"flies", "slot_taken", "no_free_hands", "heroes_only", "placed_alone", "not_your_character"}
TIMING = {"played_already", "name_played", "stable_initiation", "stable_in_combat", "in_combat", "out_of_combat",
          "destiny_in_placement"}


def _compare(st: State, m: HdModel, tr: Tr, seen: set[str]) -> None:
    me = m.viewer
    assert me is not None
    if m.phase == "placement" and m.acting() == me and m.pending is None:
        for card in sorted(set(m.sides[me].hand)):
            for seat in (0, 1):
                for i in range(len(m.sides[seat].chars)):
                    line = f"play {card} on {m.ref(seat, i)}"
                    why = st.check(line)
                    if why is not None and why.key in ONTO:
                        seen.add(why.key)
                        assert gestures.card_onto(m, tr, card, seat, i).reason == gestures.refusal_words(m, tr, why), line
    if m.phase == "attack" and m.acting() == me and m.pending is None and "skip" not in m.legal:
        for a, att in enumerate(m.sides[me].chars):
            if att.attacked:
                continue
            for d in range(len(m.sides[1 - me].chars)):
                line = f"attack {m.ref(me, a)} {m.ref(1 - me, d)}"
                why = st.check(line)
                if why is not None and why.key == "flies":
                    seen.add(why.key)
                    assert gestures.attack(m, tr, a, 1 - me, d).reason == gestures.refusal_words(m, tr, why), line
    if m.phase == "attack" and m.acting() == me and m.pending is None and "skip" in m.legal:
        for card in sorted(set(m.sides[me].hand)):
            d = m.card(card)
            if d is None or not d.is_destiny or d.chosen:
                continue
            why = st.check(f"play {card}")
            if why is not None and why.key in TIMING:
                seen.add(why.key)
                assert gestures.card_on_table(m, tr, card).reason == gestures.refusal_words(m, tr, why), card


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_words_the_engine_s_refusal_of_a_drop(lang: str) -> None:
    tr = Tr(lang)
    seen: set[str] = set()
    for variant in ("standard", "tournament", "initiation"):
        for seed in range(1, 5):
            rec = games.game("herosdei").new_record(2, seed, variant, ())
            s = Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")])
            rng = random.Random(seed)
            for _ in range(300):
                if s.over:
                    break
                seat = s.waiting_for()[0]
                view = s.view(seat)
                st = s.state
                assert isinstance(st, State)
                _compare(st, HdModel(view, seat), tr, seen)
                s.submit(seat, rng.choice(view["legal"]))
    assert {"flies", "slot_taken", "no_free_hands", "heroes_only", "placed_alone", "not_your_character",
            "played_already", "stable_initiation"} <= seen, seen


def test_who_may_carry_a_sovereign_good_is_asked_of_its_owner_not_its_civilisation() -> None:
    """The engine gives a Sovereign Good to a Hero only when its owner places it; the view
    names the hand's cards another seat owns (``foreign``), whatever their civilisation."""
    tr = Tr("en")
    lib = library()
    good = next(c for c in lib.values() if c.type == "sovereign_good" and c.civ != "neutral")
    hero = next(c for c in lib.values() if c.type == "hero" and c.civ == good.civ)
    other = next(c for c in lib.values() if c.type == "character")
    st = games.game("herosdei").new_record(2, 3, "standard").initial_state()
    m = HdModel(st.view(0), 0)
    m.phase, m.to_act, m.pending, m.legal = "placement", 0, None, ["done"]
    me = m.sides[0]
    me.hand, me.chars = [good.id], [Character(hero.id), Character(other.id)]
    owned = gestures.card_onto(m, tr, good.id, 0, 1).reason
    assert owned == tr("refusal.herosdei.heroes_only", card=good.name["en"])
    me.foreign = [good.id]  # the same civilisation as the viewer's Hero, but another seat's card
    assert gestures.card_onto(m, tr, good.id, 0, 1).reason != owned
