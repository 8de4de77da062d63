"""The card loader: the spec's schema, defaults, and one-line refusals; the verb registry
and its implementations agree."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.errors import DataError
from game.herosdei.cards import library, parse_card, parse_cards
from game.herosdei.effects import IMPLEMENTATIONS
from game.herosdei.verbs import VERBS


def test_only_id_and_type_are_required() -> None:
    c = parse_card({"id": "page", "type": "character"}, "t")
    assert (c.name, c.civ, c.legendary, c.F, c.S, c.C, c.M, c.hands, c.effects, c.when) == (
        {"fr": "page", "en": "page"}, "neutral", False, 0, 0, 0, 0, 0, (), "any")


def test_a_full_card_loads() -> None:
    c = parse_card({"id": "lancelot", "name": {"fr": "Lancelot du Lac", "en": "Lancelot of the Lake"},
                    "type": "hero", "civ": "round_table", "legendary": True, "F": 7, "S": 6, "C": 3, "M": 5,
                    "keywords": ["flying"], "effects": [{"verb": "boost", "stat": "F", "amount": 3,
                                                         "target": "own_character"}],
                    "text": {"fr": "...", "en": "..."}}, "t")
    assert c.stat("M") == 5 and c.effects[0].get("amount") == 3 and c.keywords == ("flying",)


@pytest.mark.parametrize("raw, reason", [
    ({"id": "x", "type": "hero", "colour": 1}, "unknown field 'colour'"),
    ({"id": "X y", "type": "hero"}, "snake_case"),
    ({"id": "x"}, "type must be one of"),
    ({"id": "x", "type": "hero", "F": "5"}, "F must be an integer"),
    ({"id": "x", "type": "hero", "F": True}, "F must be an integer"),
    ({"id": "x", "type": "hero", "legendary": 1}, "legendary must be true or false"),
    ({"id": "x", "type": "object", "slot": "big"}, "slot must be one of"),
    ({"id": "x", "type": "hero", "slot": "helmet"}, "slot must be one of"),
    ({"id": "x", "type": "object", "hands": 3}, "hands must be 0, 1 or 2"),
    ({"id": "x", "type": "hero", "keywords": ["swift"]}, "keywords must be one of"),
    ({"id": "x", "type": "unstable_destiny", "when": "dawn"}, "when must be one of"),
    ({"id": "x", "type": "hero", "civ": "romans"}, "civ must be one of"),
    ({"id": "x", "type": "hero", "name": "X"}, "name must be a table"),
    ({"id": "x", "type": "hero", "text": {"de": "x"}}, "unknown language"),
    ({"id": "x", "type": "hero", "effects": {}}, "effects must be a list"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "fly"}]}, "unknown verb 'fly'"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "draw"}]}, "verb draw: missing field 'amount'"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "draw", "amount": 1, "to": 2}]}, "verb draw: unknown field 'to'"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "draw", "amount": "2"}]}, "amount must be an integer"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "boost", "stat": "Q", "amount": 1, "target": "attacker"}]},
     "stat must be one of"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "kill", "target": "all_own"}]}, "target must be one of"),
    ({"id": "x", "type": "hero", "effects": [{"verb": "search", "type": 3}]}, "type must be str"),
    ({"id": "x", "type": "hero", "effects": ["draw"]}, "an effect must be a table"),
])
def test_mistakes_are_refused_in_one_line(raw: dict[str, Any], reason: str) -> None:
    with pytest.raises(DataError) as err:
        parse_card(raw, "cards.toml")
    assert reason in str(err.value) and "\n" not in str(err.value)
    assert str(err.value).startswith("cards.toml")


def test_a_card_defined_twice_is_refused() -> None:
    with pytest.raises(DataError, match="defined twice"):
        parse_cards([{"id": "x", "type": "hero"}, {"id": "x", "type": "god"}], "t")


def test_every_verb_is_implemented_once() -> None:
    assert set(IMPLEMENTATIONS) == set(VERBS)
    assert {"boost", "cancel", "draw"} <= set(VERBS)


def test_the_shipped_card_files_load() -> None:
    assert isinstance(library(), dict)


def test_the_test_pool_covers_every_card_type() -> None:
    from game.herosdei.verbs import CARD_TYPES
    from tests.herosdei.helpers import pool

    assert {c.type for c in pool().values()} == CARD_TYPES
