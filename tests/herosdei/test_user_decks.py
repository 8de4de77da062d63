"""A player's own HerosDeï decks live in the user's data folder: the legal ones are dealt
like the game's (New game, the command line, a rematch), each other file there is listed
with its one-line reason, and the game's own decks (what benches and the AI rely on) stay
the same whatever the folder holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core import tomlcompat
from game.core.resources import data_path
from game.herosdei import decks


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    f = decks.user_folder()
    f.mkdir(parents=True)
    return f


def _write(path: Path, deck: decks.Deck) -> None:
    lines = [f'name = "{deck.name}"', f'civ = "{deck.civ}"', ""]
    lines += [f'[[cards]]\ncard = "{c}"\ncount = {n}\n' for c, n in deck.cards]
    path.write_text("\n".join(lines), encoding="utf-8")


def _amazons() -> decks.Deck:
    return decks.parse_deck(tomlcompat.load_file(data_path("herosdei", "decks", "amazons.toml")), "amazons")


def test_a_legal_deck_of_ones_own_is_dealt_and_the_others_are_listed_with_why(folder: Path) -> None:
    base = _amazons()
    _write(folder / "my_amazons.toml", decks.Deck("My Amazons", base.civ, base.cards))
    i = next(k for k, (_c, n) in enumerate(base.cards) if n > 1)
    short = (*base.cards[:i], (base.cards[i][0], base.cards[i][1] - 1), *base.cards[i + 1:])
    _write(folder / "short.toml", decks.Deck("Short", base.civ, short))
    _write(folder / "greeks.toml", decks.Deck("Mine too", base.civ, base.cards))
    (folder / "broken.toml").write_text('name = "x"\ncards = [', encoding="utf-8")
    (folder / "notes.txt").write_text("not a deck", encoding="utf-8")

    names, refused = decks.yours()
    assert names == ["my_amazons"]
    why = {p.name: r for p, r in refused}
    assert set(why) == {"short.toml", "greeks.toml", "broken.toml"}
    assert why["short.toml"] == "79 cards (a deck has 80)"
    assert "rename" in why["greeks.toml"]
    assert all("\n" not in r and r for r in why.values())

    assert "my_amazons" in decks.available() and "my_amazons" not in decks.installed()
    assert decks.find("my_amazons") == folder / "my_amazons.toml"
    door = games.game("herosdei")
    assert door.normal_modules(["my_amazons,greeks"]) == ("my_amazons", "greeks")
    rec = door.new_record(2, 5, "standard", ("my_amazons", "greeks"))
    assert rec.setup["decks"][0]["name"] == "My Amazons"  # the save carries the deck: it plays without the file
    with pytest.raises(ValueError, match="short"):
        door.normal_modules(["short,greeks"])


def test_without_a_folder_there_is_nothing_of_ones_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "nobody"))
    assert decks.yours() == ([], []) and decks.available() == decks.installed()


def test_the_games_own_decks_do_not_depend_on_the_folder(folder: Path) -> None:
    before = decks.installed()
    base = _amazons()
    _write(folder / "extra.toml", decks.Deck("Extra", base.civ, base.cards))
    assert decks.installed() == before and games.game("herosdei").normal_modules([]) == tuple(before[:2])
