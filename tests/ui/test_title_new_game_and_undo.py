"""The title, New game and the table's Undo as a new player meets them:
the title's buttons stay where they are with or without a game to continue; a new game
asks before it takes the Continue slot (and may keep that game as a save); each game's
New game choices come back the next time (HerosDeï's did not); an Undo refused after a
reveal says why."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.session import local as games
from game.ui.app import App
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from game.ui.tablekit.base import TableSceneBase
from tests.ui.helpers import click, click_button, frames_until, open_table, position, press, settle

DECK = ["gold"] * 5


@pytest.fixture
def home_app() -> Iterator[App]:
    """An app that reads and writes the player's folders (a temporary home: tests/ui/conftest.py)."""
    a = App(Settings(anim_speed="instant", confirm_end_turn=True), size=(1280, 720), persist=True)
    yield a
    a.close()


def _title_buttons(app: App) -> list[tuple[str, pygame.Rect]]:
    app.reset(TitleScene(app))
    app.step(1 / 60, [])
    return [(b.label, b.rect.copy()) for b in app.top.group.widgets]


def _a_game_left(app: App) -> None:
    """A local game started, one move played, then left: Continue has something to resume."""
    scene = NewGameScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    scene.start()
    table = app.top
    assert isinstance(table, TableSceneBase)
    def moved() -> bool:  # a move of the player's, or the AI's first (it plays in real time): the autosave follows
        legal = [x for x in table.client.view(table.viewer).get("legal", []) if x != "end"]
        if table.can_act and legal:
            table.submit(legal[0])
        return games.autosave_path().exists()

    frames_until(app, moved)
    app.reset(TitleScene(app))


def test_the_title_s_buttons_stay_put_with_or_without_a_game_to_continue(home_app: App) -> None:
    app = home_app
    without = _title_buttons(app)
    cont = next(b for b in app.top.group.widgets if b.label == app.tr("title.continue"))
    assert not cont.enabled  # nothing to continue: greyed, in its place
    _a_game_left(app)
    assert games.autosave_path().exists()
    with_game = _title_buttons(app)
    assert with_game == without
    assert next(b for b in app.top.group.widgets if b.label == app.tr("title.continue")).enabled


def test_a_new_game_asks_before_it_replaces_the_game_to_continue(home_app: App) -> None:
    app = home_app
    _a_game_left(app)
    before = games.autosave_path().read_bytes()
    scene = NewGameScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    click_button(app, scene, "newgame.start")
    dlg = app.top
    assert isinstance(dlg, ChoiceDialog) and dlg.title == app.tr("newgame.replace_title")
    assert "Hero Realms" in dlg.subtitle
    press(app, pygame.K_ESCAPE)  # back: nothing started, nothing replaced
    assert app.top is scene and games.autosave_path().read_bytes() == before
    saves = set(games.list_saves())
    click_button(app, scene, "newgame.start")
    press(app, pygame.K_2)  # keep it as a save, then start
    kept = set(games.list_saves()) - saves - {games.autosave_path()}
    assert len(kept) == 1 and next(iter(kept)).read_bytes() == before
    assert isinstance(app.top, TableSceneBase)
    assert any(app.tr("newgame.replace_kept") == t for t, _ in app.toasts)


@pytest.mark.parametrize(("game", "choose", "read"), [
    ("herosdei", {"variant": "initiation", "decks": ["vikings", "trojans"]}, ("variant", "decks")),
    ("fantasy_realms", {"modules": ["promo"]}, ("modules",)),
    ("hero_realms", {"fmt": "hunter_first_blood"}, ("fmt",)),
])
def test_every_game_s_new_game_choices_come_back(app: App, game: str, choose: dict[str, object],
                                                  read: tuple[str, ...]) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    scene._set_game(game)
    for k, v in choose.items():
        setattr(scene.options, k, v)
    if game == "hero_realms":
        scene._set_count(3)
    scene.start()
    assert isinstance(app.top, TableSceneBase)
    app.reset(TitleScene(app))
    click_button(app, app.top, "title.new_game")
    again = app.top
    assert isinstance(again, NewGameScene) and again.game == game
    assert {k: getattr(again.options, k) for k in read} == choose
    again._set_game(next(g for g in again.games if g != game))
    again._set_game(game)  # and while another game is looked at
    assert {k: getattr(again.options, k) for k in read} == choose


def test_an_undo_refused_after_a_reveal_says_why(app: App) -> None:
    t = open_table(app, position([{"hand": [], "deck": list(DECK), "gold": 5}, {"hand": ["gold"] * 3, "deck": list(DECK)}]),
                   ["human", "ai"])
    sp = next(m for m in t.model.row if m is not None and m.card == "profit")
    click(app, (int(sp.x), int(sp.y)))  # the market row refills: a card is revealed
    settle(app, t)
    assert not t.can_undo()
    app.toasts.clear()
    press(app, pygame.K_u)
    assert [w for w, _ in app.toasts] == [app.tr("table.tip_undo_revealed")]
    app.toasts.clear()
    click(app, t.undo_btn.rect.center)  # the greyed button, clicked
    assert [w for w, _ in app.toasts] == [app.tr("table.tip_undo_revealed")]
