"""A player's own HerosDeï cards live in the user's data folder: a deck of theirs may hold
them, a game dealt with them carries their tables and replays without the files, and a bad
card file is refused with its one-line reason while the others are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core import tomlcompat
from game.core.resources import data_path
from game.herosdei import decks
from game.herosdei.cards import library
from game.herosdei.record import loads
from game.herosdei.user_cards import all_cards, read_user_cards, tables_for, user_card_folder

DRAGON = '''
[[cards]]
id = "my_dragon"
type = "monster"
civ = "amazons"
name = { fr = "Mon dragon", en = "My Dragon" }
F = 9
S = 9
C = 1
M = 2
text = { fr = "Un dragon de ma façon.", en = "A dragon of my own." }
'''


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    user_card_folder().mkdir(parents=True)
    decks.user_folder().mkdir(parents=True)
    return tmp_path


def _deck_with_dragon() -> decks.Deck:
    """The Amazons, one generic card of theirs traded for the player's dragon."""
    base = decks.parse_deck(tomlcompat.load_file(data_path("herosdei", "decks", "amazons.toml")), "amazons")
    i = next(k for k, (c, n) in enumerate(base.cards) if n > 1 and not library()[c].legendary)
    cards = (*base.cards[:i], (base.cards[i][0], base.cards[i][1] - 1), *base.cards[i + 1:], ("my_dragon", 1))
    return decks.Deck("With my dragon", base.civ, cards)


def _write_deck(path: Path, deck: decks.Deck) -> None:
    lines = [f'name = "{deck.name}"', f'civ = "{deck.civ}"', ""]
    lines += [f'[[cards]]\ncard = "{c}"\ncount = {n}\n' for c, n in deck.cards]
    path.write_text("\n".join(lines), encoding="utf-8")


def test_a_card_of_ones_own_goes_into_a_deck_and_the_game_carries_it(home: Path) -> None:
    (user_card_folder() / "dragons.toml").write_text(DRAGON, encoding="utf-8")
    assert "my_dragon" in all_cards() and "my_dragon" not in library()
    _write_deck(decks.user_folder() / "dragon_deck.toml", _deck_with_dragon())
    names, refused = decks.yours()
    assert names == ["dragon_deck"] and refused == []

    rec = games.game("herosdei").new_record(2, 3, "standard", ("dragon_deck", "greeks"))
    assert [t["id"] for t in rec.setup["cards"]] == ["my_dragon"]
    st = rec.replay()
    saved = rec.to_json(st)
    (user_card_folder() / "dragons.toml").unlink()  # another machine, or the file gone: the save still plays
    rec2, st2 = loads(saved)
    assert st2.state_hash() == st.state_hash() and "my_dragon" not in all_cards()


def test_without_the_card_file_the_deck_is_refused_naming_the_card(home: Path) -> None:
    _write_deck(decks.user_folder() / "dragon_deck.toml", _deck_with_dragon())
    names, refused = decks.yours()
    assert names == [] and refused[0][1] == "unknown card 'my_dragon'"


def test_a_bad_card_file_is_listed_with_its_reason_and_the_good_ones_are_read(home: Path) -> None:
    folder = user_card_folder()
    (folder / "a_dragons.toml").write_text(DRAGON, encoding="utf-8")
    (folder / "b_broken.toml").write_text("[[cards]\nid = ", encoding="utf-8")
    (folder / "c_no_type.toml").write_text('[[cards]]\nid = "odd_one"\n', encoding="utf-8")
    (folder / "d_shipped_id.toml").write_text(DRAGON.replace("my_dragon", "penthesilee"), encoding="utf-8")
    (folder / "e_twice.toml").write_text(DRAGON, encoding="utf-8")
    (folder / "f_extra.toml").write_text('name = "mine"\n' + DRAGON.replace("my_dragon", "other"), encoding="utf-8")
    found = read_user_cards()
    assert set(found.defs) == {"my_dragon"}
    why = {p.name: r for p, r in found.refused}
    assert set(why) == {"b_broken.toml", "c_no_type.toml", "d_shipped_id.toml", "e_twice.toml", "f_extra.toml"}
    assert "penthesilee" in why["d_shipped_id.toml"] and "my_dragon" in why["e_twice.toml"]
    assert "unknown field 'name'" in why["f_extra.toml"]
    assert all(r and "\n" not in r for r in why.values())
    assert tables_for(["my_dragon", "penthesilee", "my_dragon"], found) == [found.tables["my_dragon"]]


def test_no_folder_no_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "nobody"))
    assert read_user_cards().defs == {} and all_cards().keys() == library().keys()


def test_a_lan_game_is_not_hosted_with_a_deck_of_ones_own_cards(home: Path) -> None:
    from game.net import setups

    (user_card_folder() / "dragons.toml").write_text(DRAGON, encoding="utf-8")
    _write_deck(decks.user_folder() / "dragon_deck.toml", _deck_with_dragon())
    why = setups.setup_problem("herosdei", 2, "standard", ["dragon_deck,greeks"])
    assert why is not None and "my_dragon" in why and "LAN" in why
    assert setups.setup_problem("herosdei", 2, "standard", ["amazons,greeks"]) is None


def test_the_deck_check_knows_ones_own_cards(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    path = decks.user_folder() / "dragon_deck.toml"
    _write_deck(path, _deck_with_dragon())
    assert main(["herosdei-deck", "check", str(path)]) == 2
    assert "unknown card 'my_dragon'" in capsys.readouterr().err
    (user_card_folder() / "dragons.toml").write_text(DRAGON, encoding="utf-8")
    assert main(["herosdei-deck", "check", str(path)]) == 0


def test_the_deck_builder_offers_ones_own_cards(home: Path) -> None:
    from game.herosdei.deck_building import DeckDraft, shown

    (user_card_folder() / "dragons.toml").write_text(DRAGON, encoding="utf-8")
    draft = DeckDraft("Mine", "amazons")
    assert "my_dragon" in shown(draft.defs, "amazons", "monster")
    assert draft.add("my_dragon") is None and draft.counts["my_dragon"] == 1
