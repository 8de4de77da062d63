"""The scorer names the cards that gave each bonus and penalty (the end screen's
explanation), without changing any score."""

from __future__ import annotations

import random

from game.fantasy_realms.cards import library
from game.fantasy_realms.scoring import CardScore, evaluate

LIB = library()
BY_NAME = {c.en: c for c in LIB.cards.values() if c.id.startswith("FR") and not c.id.endswith("P")}


def _cards(*names: str) -> dict[str, CardScore]:
    sc = evaluate([BY_NAME[n] for n in names], why=True)
    return {c.name: c for c in sc.cards}


def _names(ids: tuple[str, ...]) -> set[str]:
    return {LIB.cards[i].en for i in ids}


def test_each_card_a_bonus_counts_is_named() -> None:
    got = _cards("King", "Queen", "Knights", "Light Cavalry", "Candle", "Forest", "Mountain")
    assert _names(got["King"].bonus_from) == {"Queen", "Knights", "Light Cavalry"}
    assert got["King"].penalty_from == ()


def test_a_bonus_both_cards_are_needed_for_names_both() -> None:
    got = _cards("Mountain", "Smoke", "Wildfire", "Dragon", "Unicorn", "Great Flood", "Island")
    assert not got["Mountain"].blanked and _names(got["Mountain"].bonus_from) == {"Smoke", "Wildfire"}


def test_a_bonus_either_card_fulfils_names_the_cards_it_asks_for() -> None:
    got = _cards("Warhorse", "King", "Enchantress", "Forest", "Candle", "Mountain", "Cavern")
    assert got["Warhorse"].bonus > 0 and _names(got["Warhorse"].bonus_from) == {"King", "Enchantress"}


def test_a_penalty_names_the_cards_that_bring_it_and_a_condition_met_by_no_card_names_none() -> None:
    got = _cards("Swamp", "Knights", "Candle", "Elven Archers", "Earth Elemental", "Cavern", "Forest")
    assert got["Swamp"].penalty == -9 and _names(got["Swamp"].penalty_from) == {"Knights", "Candle", "Elven Archers"}
    assert got["Knights"].penalty == -8 and got["Knights"].penalty_from == ()  # no Leader: nobody brought it
    assert got["Elven Archers"].bonus == 5 and got["Elven Archers"].bonus_from == ()  # no Weather


def test_asking_why_changes_no_score() -> None:
    rng = random.Random(7)
    ids = sorted(BY_NAME)
    for _ in range(200):
        hand = [BY_NAME[n] for n in rng.sample(ids, 7)]
        plain, why = evaluate(hand), evaluate(hand, why=True)
        assert plain.total == why.total
        assert [(c.id, c.points, c.bonus, c.penalty, c.blanked) for c in plain.cards] == \
            [(c.id, c.points, c.bonus, c.penalty, c.blanked) for c in why.cards]
        assert all(not c.bonus_from and not c.penalty_from for c in plain.cards)
        for c in why.cards:
            assert not c.bonus_from or c.bonus
            assert not c.penalty_from or c.penalty


def test_a_bonus_from_the_discard_area_names_the_discarded_cards_not_the_hand() -> None:
    from game.fantasy_realms.scoring import Table

    hand = [LIB.cards["CH12"]] + [BY_NAME[n] for n in ("Rangers", "King", "Forest", "Cavern", "Candle", "Mountain")]
    sc = evaluate(hand, table=Table(players=3, discard=("FR21", "FR39", "FR19")), why=True)
    ghoul = next(c for c in sc.cards if c.id == "CH12")
    assert ghoul.bonus == 8 and _names(ghoul.bonus_from) == {"Knights", "Dragon"}
