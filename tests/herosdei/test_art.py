"""HerosDeï cards carry a picture: the loader keeps and checks ``art``, every shipped card
names an extracted icon, and different cards have different pictures."""

from __future__ import annotations

from collections import defaultdict

import pytest

from game.core.errors import DataError
from game.core.resources import asset_path
from game.herosdei import cards

CARD = {"id": "x", "name": {"en": "X", "fr": "X"}, "type": "hero", "civ": "greeks", "F": 1, "S": 1}


def test_every_shipped_card_names_a_picture_in_assets() -> None:
    lib = cards.library()
    assert len(lib) == 185
    missing = [c.id for c in lib.values() if not c.art or not asset_path("art", f"{c.art}.svg").is_file()]
    assert not missing


def test_only_cards_of_the_same_name_share_a_picture() -> None:
    names: dict[str, set[str]] = defaultdict(set)
    for card in cards.library().values():
        names[card.art].add(card.name["en"])
    assert {art: n for art, n in names.items() if len(n) > 1} == {}


def test_the_loader_keeps_the_picture() -> None:
    lib = cards.library()
    assert lib["saint_graal"].art == "holy-grail"
    assert lib["cheval_de_bois"].art == "trojan-horse"
    assert cards.parse_card(CARD | {"art": "crossed-swords"}, "f.toml").art == "crossed-swords"


def test_a_card_without_a_picture_still_loads() -> None:
    assert cards.parse_card(CARD, "f.toml").art == ""


@pytest.mark.parametrize("bad", ["Holy Grail", "holy_grail", "", "-grail", 3, "holy--grail", ["holy-grail"]])
def test_an_unknown_picture_name_is_a_one_line_data_error(bad: object) -> None:
    with pytest.raises(DataError, match=r"card x\.art: art must be an icon name") as err:
        cards.parse_card(CARD | {"art": bad}, "f.toml")
    assert "\n" not in str(err.value)
