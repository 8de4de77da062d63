"""Card data: the whole base set is there, and bad card files fail loudly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.core import tomlcompat
from game.core.errors import DataError
from game.hero_realms.cards import library, load_directory, parse_card
from game.hero_realms.effects import HANDLERS
from game.hero_realms.verbs import VERBS


def _reference() -> Path:
    """The shared reference table, found beside the checkout or any folder above it."""
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "reference" / "hero_realms_cards.toml"
        if candidate.exists():
            return candidate
    return Path("shared/reference/hero_realms_cards.toml")


REFERENCE = _reference()


def test_base_set_counts() -> None:
    lib = library()
    cards = list(lib.cards.values())
    assert len(cards) == 59
    market = [c for c in cards if c.deck == "market"]
    assert len(market) == 54
    assert sum(c.copies for c in market) == 80
    per_faction = Counter()
    for c in market:
        per_faction[c.faction] += c.copies
    assert per_faction == {"guild": 20, "imperial": 20, "necros": 20, "wild": 20}
    assert lib["fire_gem"].copies == 16
    starting = {c.id: (c.copies, c.per_player) for c in lib.starting_cards()}
    assert starting == {"gold": (28, 7), "shortsword": (4, 1), "dagger": (4, 1), "ruby": (4, 1)}
    score_cards = 8  # the health trackers, drawn by the table
    assert sum(c.copies for c in cards) + score_cards == 144
    champions = [c for c in market if c.is_champion]
    assert len(champions) == 27 and sum(c.copies for c in champions) == 34
    assert len([c for c in champions if c.guard]) == 14


def test_every_card_has_both_names_and_texts() -> None:
    for c in library().cards.values():
        assert c.name["en"] and c.name["fr"]
        for ab in c.abilities.values():
            assert ab.text["en"] and ab.text["fr"]


def test_ally_abilities_only_on_faction_cards_and_expend_only_on_champions() -> None:
    for c in library().cards.values():
        if "ally" in c.abilities:
            assert c.faction != "none"
        if "expend" in c.abilities:
            assert c.is_champion


def test_verbs_and_handlers_agree() -> None:
    assert set(VERBS) == set(HANDLERS)


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_facts_match_the_reference_table() -> None:
    ref = tomlcompat.load_file(REFERENCE)
    lib = library()
    for r in ref["card"]:
        c = lib[r["id"]]
        assert (c.name["en"], c.name["fr"], c.faction, c.type, c.cost, c.copies) == (
            r["name_en"], r["name_fr"], r["faction"], r["type"], r["cost"], r["copies"]), r["id"]
        assert c.defense == r.get("defense", 0) and c.guard == r["guard"], r["id"]
        assert sorted(c.abilities) == sorted(a["kind"] for a in r["ability"]), r["id"]
        for a in r["ability"]:
            assert c.abilities[a["kind"]].text["en"] == a["text"], (r["id"], a["kind"])


GOOD = {"id": "x", "name": {"en": "X", "fr": "X"}, "faction": "wild", "type": "action", "subtypes": [],
        "cost": 1, "deck": "market", "copies": 1,
        "ability": [{"kind": "primary", "text": {"en": "t", "fr": "t"}, "effects": [{"verb": "gold", "amount": 1}]}]}


def _with(path: str, value: object) -> dict:
    import copy

    doc = copy.deepcopy(GOOD)
    cur: dict = doc
    keys = path.split(".")
    for k in keys[:-1]:
        cur = cur[k][0] if isinstance(cur[k], list) else cur[k]
    if value is KeyError:
        del cur[keys[-1]]
    else:
        cur[keys[-1]] = value
    return doc


@pytest.mark.parametrize("path,value,words", [
    ("ability.effects", [{"verb": "teleport"}], "unknown verb 'teleport'"),
    ("ability.effects", [{"verb": "gold", "amount": "2"}], "amount must be int"),
    ("ability.effects", [{"verb": "gold"}], "needs parameter 'amount'"),
    ("ability.effects", [{"verb": "gold", "amount": 1, "colour": 2}], "takes no parameter 'colour'"),
    ("cost", KeyError, "missing field 'cost'"),
    ("cost", "free", "cost must be int"),
    ("faction", "pirates", "is not a faction"),
    ("type", "spell", "is not one of"),
    ("ability.kind", "expend", "only champions have expend"),
])
def test_bad_card_reports_file_card_field_and_reason(path: str, value: object, words: str) -> None:
    with pytest.raises(DataError) as err:
        parse_card("bad.toml", _with(path, value))
    assert "bad.toml" in str(err.value) and "card x" in str(err.value) and words in str(err.value)


def test_malformed_toml_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text("[[card]\nid = 1\n", encoding="utf-8")
    with pytest.raises(DataError, match="broken.toml: malformed TOML"):
        load_directory(tmp_path)


def test_unknown_top_level_key(tmp_path: Path) -> None:
    (tmp_path / "odd.toml").write_text("[[cards]]\nid = 'x'\n", encoding="utf-8")
    with pytest.raises(DataError, match="unknown top-level key 'cards'"):
        load_directory(tmp_path)
