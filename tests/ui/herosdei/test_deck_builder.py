"""The deck builder, driven as a player drives it: from New game's HerosDeï panel, browse
by civilisation, click cards in (their pills say "n/cap"), name the deck, save it, come
back to New game and find it offered to either seat, then start a game with it."""

from __future__ import annotations

from typing import Any

import pygame

from game.herosdei import decks
from game.herosdei.cards import library
from game.ui.app import App
from game.ui.herosdei.deck_builder import DeckBuilderScene
from game.ui.herosdei.deck_grid import count_words
from game.ui.herosdei.table import HdTableScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.widgets.basic import Cycle, TextField
from tests.ui.helpers import button, click, click_button, key, move


def _new_game(app: App) -> NewGameScene:
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game("herosdei")
    app.step(1 / 60, [])
    return ng


def _builder(app: App) -> DeckBuilderScene:
    ng = _new_game(app)
    click_button(app, ng, "deckbuilder.build")
    sc = app.stack[-1][0]
    assert isinstance(sc, DeckBuilderScene)
    return sc


def _cycle_to(app: App, sc: Any, value: object, among: object = None) -> None:
    """Click the right arrow of the cycle offering ``value`` (and ``among``) until it shows ``value``."""
    wanted = {value, value if among is None else among}
    cyc = next(w for w in sc.group.widgets if isinstance(w, Cycle) and wanted <= {v for v, _ in w.options})
    for _ in range(len(cyc.options)):
        if cyc.value == value:
            return
        click(app, (cyc.rect.right - 4, cyc.rect.centery))
    assert cyc.value == value


def _type(app: App, sc: DeckBuilderScene, text: str) -> None:
    field = next(w for w in sc.group.widgets if isinstance(w, TextField))
    click(app, field.rect.center)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def test_filter_by_civilisation_and_click_cards_in_and_out(app: App) -> None:
    sc = _builder(app)
    defs = library()
    assert {defs[c].civ for c, _ in sc.cells} <= {sc.draft.civ, "neutral"}  # the deck's civilisation first
    _cycle_to(app, sc, "greeks")
    assert sc.cells and {defs[c].civ for c, _ in sc.cells} == {"greeks"}
    _cycle_to(app, sc, "hero")
    assert {defs[c].type for c, _ in sc.cells} == {"hero"}
    _cycle_to(app, sc, "all", among="hero")  # the type filter back to every type (the civilisation filter stays on greeks)
    assert {defs[c].civ for c, _ in sc.cells} == {"greeks"} and len({defs[c].type for c, _ in sc.cells}) > 1
    generic = next((c, r) for c, r in sc.cells if not defs[c].legendary)
    star = next((c, r) for c, r in sc.cells if defs[c].legendary)
    click(app, generic[1].center)
    click(app, generic[1].center)
    assert sc.draft.count(generic[0]) == 2 and count_words(sc.draft, generic[0]) == "2/7"
    click(app, star[1].center)
    click(app, star[1].center)
    assert count_words(sc.draft, star[0]) == "1/1"
    name = defs[star[0]].name["en"]
    assert any(t == f"{name} is legendary: 1 copy in a deck" for t, _ in app.toasts)
    assert sc.draft.total == 3 and [c for c, _n, _r in sc.rows] == [c for c, _ in sc.draft.listed()]
    app.step(1 / 60, [move(generic[1].center), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=generic[1].center, button=3)])
    assert sc.draft.count(generic[0]) == 1
    app.step(1 / 60, [move(generic[1].center), key(pygame.K_MINUS)])
    assert sc.draft.count(generic[0]) == 0
    row = next(r for c, _n, r in sc.rows if c == star[0])
    click(app, row.center)  # the deck's list: a click takes a copy out
    assert sc.draft.count(star[0]) == 0 and sc.draft.total == 0
    assert sc.hover == star[0] or sc.hover is None
    pages = sc.pages()
    if pages > 1:
        app.step(1 / 60, [key(pygame.K_PAGEDOWN)])
        assert sc.page == 1
    app.step(1 / 60, [])  # drawn with a hovered card (its zoom), no error


def test_save_is_refused_without_a_name_or_under_a_games_deck_name(app: App) -> None:
    sc = _builder(app)
    click(app, sc.cells[0][1].center)
    save = button(app, sc, "deckbuilder.save")
    assert not save.enabled and save.tooltip == app.tr("refusal.herosdei.deck_no_name")
    _type(app, sc, "Vikings")
    assert not save.enabled and "vikings" in save.tooltip
    assert not decks.user_folder().exists() or not list(decks.user_folder().iterdir())


def test_a_copy_saved_in_the_builder_is_offered_by_new_game_and_played(app: App) -> None:
    sc = _builder(app)
    start = next(i for i, s in enumerate(sc.starts) if s.path.stem == "trojans")
    _cycle_to(app, sc, start)
    click_button(app, sc, "deckbuilder.open")
    assert sc.draft.total == decks.DECK_SIZE and sc.draft.problem() is None and sc.draft.name == ""
    _type(app, sc, "My Trojans")
    app.step(1 / 60, [key(pygame.K_ESCAPE)])  # the name is typed: Esc leaves the field, not the builder
    assert app.stack[-1][0] is sc
    click_button(app, sc, "deckbuilder.save")
    path = decks.user_folder() / "my_trojans.toml"
    assert path.is_file() and decks.load(path) == sc.draft.deck()
    assert any(t.startswith("Deck saved: my_trojans.toml") for t, _ in app.toasts)
    click_button(app, sc, "deckbuilder.back")
    ng = app.stack[-1][0]
    assert isinstance(ng, NewGameScene)
    seats = [w for w in ng.group.widgets if isinstance(w, Cycle) and any(v == "my_trojans" for v, _ in w.options)]
    assert len(seats) == 2 and seats[0].value == "my_trojans"  # either seat may play it; the first took it
    assert dict(seats[1].options)["my_trojans"] == "My Trojans"
    click_button(app, ng, "newgame.start")
    tables = [s for s, _ in app.stack if isinstance(s, HdTableScene)]
    assert len(tables) == 1  # against the AI, with the deck just built (its first question may be up)
    assert tables[0].rec.setup["decks"][0]["name"] == "My Trojans"


def test_an_unfinished_deck_is_saved_and_new_game_says_why_it_is_not_dealt(app: App) -> None:
    sc = _builder(app)
    click(app, sc.cells[0][1].center)
    _type(app, sc, "Later")
    click_button(app, sc, "deckbuilder.save")
    assert any("Not legal yet" in t for t, _ in app.toasts)
    assert not sc.draft.dirty
    click_button(app, sc, "deckbuilder.back")  # saved: no question on leaving
    ng = app.stack[-1][0]
    assert isinstance(ng, NewGameScene)
    texts = [getattr(w, "text", "") for w in ng.group.widgets]
    assert any(t.startswith("later.toml not used: a deck needs at least 3 Heroes") for t in texts)


def test_leaving_with_unsaved_changes_asks_first(app: App) -> None:
    sc = _builder(app)
    click(app, sc.cells[0][1].center)
    click_button(app, sc, "deckbuilder.back")
    dialog = app.stack[-1][0]
    assert dialog is not sc
    click_button(app, dialog, "deckbuilder.stay")
    assert app.stack[-1][0] is sc and sc.draft.total == 1
    app.step(1 / 60, [key(pygame.K_ESCAPE)])
    click_button(app, app.stack[-1][0], "deckbuilder.leave")
    assert isinstance(app.stack[-1][0], NewGameScene)


def test_the_builder_speaks_french(app: App) -> None:
    app.settings.language = "fr"
    app.apply_settings()
    sc = _builder(app)
    assert button(app, sc, "deckbuilder.save").label == "Enregistrer"
    star = next((c, r) for c, r in sc.cells if library()[c].legendary)
    click(app, star[1].center)
    click(app, star[1].center)
    assert any("est légendaire" in t for t, _ in app.toasts)
    # the legality line too: a deck of 1 card is worded in French, not in the check's English
    why = sc.draft.problem()
    assert why is not None and why.key == "deck_heroes"
    assert sc.words(why) == "Un deck a besoin d'au moins 3 Héros"
