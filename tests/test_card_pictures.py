"""Every card of every game with pictures names one, and the picture is in assets/art.

The card files are walked generically (every ``data/<game>/*.toml`` of the registry's
games): a game whose cards carry ``art`` must give it to every card and item, so a new
game's cards join by adding the field. The loaders check the field's form.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.core import tomlcompat
from game.core.errors import DataError
from game.core.resources import asset_path, data_path
from game.fantasy_realms import cards as fr_cards
from game.hero_realms import cards as hr_cards


def _cards(game: str) -> list[tuple[Path, dict[str, Any]]]:
    """Every card-like table (an entry of a top-level array with an ``id``) of a game's data."""
    out = []
    folder = data_path(game)
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        for value in tomlcompat.load_file(path).values():
            if isinstance(value, list):
                out += [(path, t) for t in value if isinstance(t, dict) and "id" in t]
    return out


def _illustrated() -> dict[str, list[tuple[Path, dict[str, Any]]]]:
    found = {g: _cards(g) for g in games.names()}
    return {g: cards for g, cards in found.items() if any("art" in t for _, t in cards)}


def test_the_shipped_games_are_illustrated() -> None:
    assert {"hero_realms", "fantasy_realms"} <= set(_illustrated())


def test_every_card_of_an_illustrated_game_names_a_picture_that_exists() -> None:
    problems = []
    for cards in _illustrated().values():
        for path, t in cards:
            art = t.get("art")
            if not isinstance(art, str):
                problems.append(f"{path.name}: {t['id']} has no art")
            elif not asset_path("art", f"{art}.svg").is_file():
                problems.append(f"{path.name}: {t['id']} names {art!r}, not in assets/art")
    assert not problems, problems


def test_no_two_cards_of_a_game_share_a_picture_unless_they_are_the_same_card() -> None:
    """Cards that stand in for one another (same English name: a Cursed Hoard copy, a
    second printing) may share a picture; different cards may not."""
    for game, cards in _illustrated().items():
        names: dict[str, set[str]] = defaultdict(set)
        for _, t in cards:
            name = t.get("name", {}).get("en", t["id"]) if isinstance(t.get("name"), dict) else t["id"]
            names[t["art"]].add(name)
        shared = {art: sorted(n) for art, n in names.items() if len(n) > 1}
        assert not shared, f"{game}: {shared}"


def test_the_loaders_keep_the_picture() -> None:
    assert hr_cards.library()["arkus_imperial_dragon"].art == "dragon-head"
    assert hr_cards.library()["dire_wolf"].art == "wolf-head"
    lib = fr_cards.library()
    assert lib.cards["FR16"].art == "wildfires" and lib.items["CH24"].art == "spyglass"
    assert all(c.art for c in hr_cards.library().cards.values())
    assert all(c.art for c in lib.cards.values()) and all(i.art for i in lib.items.values())


HR_CARD = {"id": "x", "name": {"en": "X", "fr": "X"}, "faction": "none", "type": "item", "cost": 0,
           "deck": "starting", "copies": 1}


@pytest.mark.parametrize("bad", ["Dragon Head", "dragon_head", "", "-dragon", 3, "dragon--head"])
def test_a_bad_picture_name_is_a_one_line_data_error(bad: object) -> None:
    with pytest.raises(DataError, match=r"card x\.art: art must be an icon name") as err:
        hr_cards.parse_card("f.toml", HR_CARD | {"art": bad})
    assert "\n" not in str(err.value)
    item = {"id": "CHX", "number": 99, "name": {"en": "X", "fr": "X"}, "value": 1, "timing": "any_time",
            "effect": {"en": "x", "fr": "x"}, "ability": {"verb": "see_hand"}, "art": bad}
    with pytest.raises(DataError, match=r"item CHX\.art: art must be an icon name"):
        fr_cards.parse_item("f.toml", item, set())


def test_a_card_without_a_picture_still_loads() -> None:
    assert hr_cards.parse_card("f.toml", HR_CARD).art == ""
    assert hr_cards.parse_card("f.toml", HR_CARD | {"art": "two-coins"}).art == "two-coins"
