"""A deck under construction (game/herosdei/deck_building.py): the copy caps and the deck's
size refuse a card with a reason, the legality is the one every deck is checked with, and
a saved deck is read back as the same deck, offered by New game and dealt by a new game."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.herosdei import decks
from game.herosdei.cards import library
from game.herosdei.deck_building import TYPE_ORDER, DeckDraft, Source, browse_order, shown, slug, sources
from game.herosdei.verbs import CARD_TYPES


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    return decks.user_folder()


def _shipped(name: str) -> DeckDraft:
    return DeckDraft.of(decks.load(decks.find(name)))


def _generic() -> str:
    return next(c for c, d in library().items() if not d.legendary)


def _legendary() -> str:
    return next(c for c, d in library().items() if d.legendary)


def test_the_eighth_copy_of_a_card_and_the_second_of_a_legendary_one_are_refused() -> None:
    draft = DeckDraft("Caps", "greeks")
    card, star = _generic(), _legendary()
    for _ in range(decks.MAX_GENERIC):
        assert draft.add(card) is None
    why = draft.add(card)
    assert why is not None and why.key == "deck_cap" and why.params["n"] == 7
    assert draft.count(card) == 7 and draft.cap(card) == 7
    assert draft.add(star) is None
    why = draft.add(star)
    assert why is not None and why.key == "deck_legendary_cap"
    assert draft.count(star) == 1 and draft.cap(star) == 1 and draft.total == 8


def test_the_81st_card_is_refused_and_taking_one_out_makes_room() -> None:
    draft = _shipped("greeks")
    assert draft.total == decks.DECK_SIZE and draft.problem() is None
    room = next(c for c, d in library().items() if draft.count(c) == 0 and not d.legendary)
    why = draft.add(room)
    assert why is not None and why.key == "deck_full" and draft.total == decks.DECK_SIZE
    out = draft.listed()[0][0]
    assert draft.remove(out) and draft.total == decks.DECK_SIZE - 1
    assert draft.add(room) is None and draft.total == decks.DECK_SIZE
    assert not DeckDraft().remove(out)  # nothing to take out of an empty deck


def test_the_legality_is_the_reason_every_deck_is_checked_with() -> None:
    defs = library()
    full = _shipped("vikings")
    short = _shipped("vikings")
    short.remove(short.listed()[-1][0])
    others = [c for c, d in defs.items() if d.type != "hero" and not d.legendary][:3]
    no_heroes = DeckDraft("No heroes", "vikings", {c: 7 for c in others})
    over = _shipped("trojans")
    over.counts[_legendary()] = 2  # as a hand-edited file may hold it: the draft refuses adding it
    empty = DeckDraft("Empty", "amazons")
    for draft in (full, short, no_heroes, over, empty):
        why = draft.problem()
        assert (why.text if why else None) == decks.problem(draft.deck(), defs)
    assert full.problem() is None
    assert short.problem() == decks.legality(short.deck(), defs)
    assert short.problem().text == "79 cards (a deck has 80)"  # type: ignore[union-attr]
    assert short.problem().key == "deck_size" and short.problem().params["n"] == 79  # type: ignore[union-attr]
    assert over.problem() is not None and "legendary" in over.problem().text  # type: ignore[union-attr]
    assert empty.problem().text == "a deck needs at least 3 Heroes"  # type: ignore[union-attr]


def test_a_saved_deck_reads_back_as_the_same_deck_and_is_dealt(folder: Path) -> None:
    draft = _shipped("amazons")
    draft.name = 'Mes "Amazones" à moi'
    assert draft.why_not_save() is None
    path = draft.save()
    assert path == folder / "mes_amazones_a_moi.toml" and not draft.dirty
    again = decks.load(path)
    assert again == draft.deck() and decks.problem(again, library()) is None
    assert sorted(again.cards) == sorted(decks.load(decks.find("amazons")).cards)
    assert list(folder.iterdir()) == [path]  # the atomic write left no temporary file
    names, refused = decks.yours()
    assert names == ["mes_amazones_a_moi"] and refused == []
    assert "mes_amazones_a_moi" in decks.available()
    door = games.game("herosdei")
    rec = door.new_record(2, 11, "standard", ("mes_amazones_a_moi", "greeks"))
    assert rec.setup["decks"][0]["name"] == 'Mes "Amazones" à moi'
    state = rec.initial_state()  # dealt: its cards are the deck's, in the player's hand, future and in play
    assert state.legal_actions()


def test_an_unfinished_deck_may_be_saved_and_new_game_names_it_refused(folder: Path) -> None:
    draft = DeckDraft("Half done", "greeks")
    assert draft.why_not_save().key == "deck_empty"  # type: ignore[union-attr]
    draft.add(_generic())
    path = draft.save()
    names, refused = decks.yours()
    assert names == [] and refused == [(path, draft.problem().text)]  # type: ignore[union-attr]


def test_a_name_clashing_with_the_games_deck_or_empty_is_refused(folder: Path) -> None:
    draft = _shipped("greeks")
    for name, key in (("", "deck_no_name"), ("   ", "deck_no_name"), ("?!", "deck_no_letter"), ("Greeks", "deck_shipped"),
                      ("Round Table", "deck_shipped"), ("x" * 41, "deck_long_name")):
        draft.name = name
        why = draft.why_not_save()
        assert why is not None and why.key == key, name
        with pytest.raises(ValueError):
            draft.save()
    assert not folder.exists() or not list(folder.iterdir())
    draft.name = "Greeks of mine"
    draft.save()
    other = _shipped("vikings")
    other.name = "Greeks of Mine"  # the same file: not saved over another deck of the player's
    why = other.why_not_save()
    assert why is not None and why.key == "deck_taken" and why.params["file"] == "greeks_of_mine.toml"


def test_a_players_deck_is_opened_edited_and_saved_over_a_games_deck_is_copied(folder: Path) -> None:
    mine = _shipped("round_table")
    mine.name = "Knights"
    path = mine.save()
    found = sources()
    assert [s.own for s in found] == [False] * len(decks.installed()) + [True]
    own = next(s for s in found if s.own)
    assert own == Source("Knights", path, True)
    draft = DeckDraft.opened(own)
    assert draft.path == path and not draft.dirty and draft.why_not_save() is None
    draft.remove(draft.listed()[0][0])
    assert draft.dirty
    assert draft.save() == path and decks.load(path).cards == draft.deck().cards
    copy = DeckDraft.opened(next(s for s in found if s.path.stem == "greeks"))
    assert copy.name == "" and copy.path is None and copy.civ == "greeks" and copy.total == decks.DECK_SIZE
    assert copy.why_not_save().key == "deck_no_name"  # type: ignore[union-attr]


def test_the_browse_filters_by_civilisation_and_type() -> None:
    defs = library()
    assert set(TYPE_ORDER) == set(CARD_TYPES)
    assert sorted(browse_order(defs)) == sorted(defs)
    greeks = shown(defs, "greeks", None)
    assert greeks and {defs[c].civ for c in greeks} == {"greeks"}
    with_neutral = shown(defs, "greeks", None, with_neutral=True)
    assert {defs[c].civ for c in with_neutral} == {"greeks", "neutral"}
    heroes = shown(defs, None, "hero")
    assert len(heroes) == sum(d.type == "hero" for d in defs.values())
    assert slug("Mes Grecs à moi") == "mes_grecs_a_moi" and slug("...") == ""
