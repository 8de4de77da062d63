"""The card data: complete, bilingual, and every mistake reported with file, card, field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.core.resources import data_path
from game.fantasy_realms.cards import CARD_FILES, ITEM_FILE, library, load_library
from game.fantasy_realms.modules import ModuleError, game_cards, normalize


def test_counts() -> None:
    lib = library()
    sets = [c.set for c in lib.cards.values()]
    assert sets.count("base") == 53
    assert sets.count("promo") == 3  # Jester, Phoenix (Deluxe) and the original promo Phoenix text
    assert sets.count("cursed_hoard") == 23
    assert len(lib.items) == 24
    for c in lib.cards.values():
        assert c.name["en"] and c.name["fr"]
        for text in (c.bonus, c.penalty):
            assert not text or (text["en"] and text["fr"])
    for it in lib.items.values():
        assert it.name["fr"] and it.effect["fr"]


def test_module_decks() -> None:
    lib = library()
    assert len(game_cards(lib, normalize([]))) == 53
    assert len(game_cards(lib, normalize(["promo"]))) == 55
    ch = game_cards(lib, normalize(["cursed_hoard_suits"]))
    assert len(ch) == 53 + 15  # 8 base cards replaced by their Cursed Hoard versions
    assert len({c.slug for c in ch}) == len(ch)
    assert "FR03" not in {c.id for c in ch} and "CH16" in {c.id for c in ch}
    with pytest.raises(ModuleError):
        normalize(["chess"])


def _copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "fantasy_realms"
    folder.mkdir()
    for name in (*CARD_FILES, ITEM_FILE):
        shutil.copy(data_path("fantasy_realms", name), folder / name)
    return folder


@pytest.mark.parametrize("old,new,needle", [
    ('suit = "land"\nstrength = 9', 'suit = "lnad"\nstrength = 9', "FR01.suit: unknown suit 'lnad'"),
    ('strength = 9', 'strength = "nine"', "FR01.strength: strength must be an integer"),
    ('kind = "with", points = 50', 'kind = "wiht", points = 50', "FR01.bonus_terms[0]: unknown term kind 'wiht'"),
    ('names = ["Smoke", "Wildfire"]', 'names = ["Smoke", "Wildfyre"]', "no card is named 'Wildfyre'"),
    ('name = { en = "Mountain", fr = "Montagne" }', 'name = { en = "Mountain" }', "FR01.name: needs English and French"),
    ('clears = [{ suit = "flood" }]', 'clears = [{ suit = "flood", when = 1 }]', "FR01.clears[0]: unknown field 'when'"),
    ('number = 1\n', 'number = 1\ncolour = "red"\n', "card FR01: unknown field 'colour'"),
])
def test_bad_card_data(tmp_path: Path, old: str, new: str, needle: str) -> None:
    folder = _copy_data(tmp_path)
    path = folder / "base.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_library(folder)
    assert needle in str(exc.value)
    assert "base.toml" in str(exc.value)


def test_bad_item_and_missing_file(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    path = folder / ITEM_FILE
    path.write_text(path.read_text(encoding="utf-8").replace('timing = "any_time"', 'timing = "whenever"', 1), encoding="utf-8")
    with pytest.raises(DataError, match="item CH24.timing"):
        load_library(folder)
    (folder / "promo.toml").unlink()
    with pytest.raises(DataError, match="file not found"):
        load_library(folder)


def test_a_card_name_that_is_not_text_is_a_one_line_error(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    path = folder / "base.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('except = ["Mountain"]', 'except = [["Mountain"]]', 1),
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"blanks\[1\]\.except: no card is named \['Mountain'\]"):
        load_library(folder)
