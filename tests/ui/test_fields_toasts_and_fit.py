"""What the screens show stays usable and whole: a text field's caret and Ctrl+A, toasts that belong
to their screen and do not stack, tooltips that go with their button, floating
numbers clear of names and counters and inside the window, the title's card fan
under Quit, the end screen clear of the log, an AI's turn whose dots keep their
room, the Fantasy Realms deck count in view, and the viewer's hand whole at rest."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.session import local as games
from game.ui import theme
from game.ui.app import App
from game.ui.hero_realms.gameover import GameOverScene
from game.ui.hero_realms.layout import (
    _fan,
    compute,
    fan_bottom,
    float_path,
    health_tiles,
    pool_extent,
)
from game.ui.hero_realms.model import Sprite
from game.ui.render.cards import ASPECT
from game.ui.scene import Dialog, Scene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from game.ui.tablekit.frame import play_area
from game.ui.widgets.basic import Button, Group, TextField

from .helpers import click_button, key, move, open_table, position

SIZES = [(960, 540), (1024, 600), (1280, 720), (1920, 1080)]


def text_input(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def sized_app(size: tuple[int, int]) -> App:
    return App(Settings(anim_speed="instant", confirm_end_turn=True), size=size, persist=False)


@pytest.fixture
def small_app() -> Iterator[App]:
    a = sized_app((1024, 600))
    yield a
    a.close()


# ---- text fields ------------------------------------------------------------------------------
def _field(app: App, value: str = "Ana") -> tuple[Group, TextField, list[str]]:
    seen: list[str] = []
    field = TextField(value, seen.append, pygame.Rect(100, 100, 300, 40))
    other = Button("OK", lambda: None, pygame.Rect(100, 160, 300, 40))
    g = Group([field, other])
    field.focused = True
    return g, field, seen


def test_a_text_field_edits_at_its_caret_which_the_arrows_home_and_end_move(app: App) -> None:
    g, field, seen = _field(app)
    assert field.caret == 3  # at the end of what is there
    at_end = field.caret_x()
    assert g.handle(key(pygame.K_LEFT)) and g.handle(key(pygame.K_LEFT))
    assert field.caret == 1 and field.caret_x() < at_end and field.focused  # the arrows stay in the field
    g.handle(text_input("x"))
    assert field.value == "Axna" and field.caret == 2 and seen[-1] == "Axna"
    g.handle(key(pygame.K_HOME))
    assert field.caret == 0 and field.caret_x() == field.rect.left + field.rect.height // 4
    g.handle(key(pygame.K_DELETE))
    assert field.value == "xna" and field.caret == 0
    g.handle(key(pygame.K_END))
    g.handle(key(pygame.K_BACKSPACE))
    assert field.value == "xn" and field.caret == 2
    field.value = "A"  # the scene may put another value in (a default name following the seat's type)
    g.handle(text_input("b"))
    assert field.value == "Ab"
    surf = pygame.Surface((600, 300))
    field.draw(surf)  # the caret and the text draw at any caret position


def test_ctrl_a_selects_everything_and_typing_or_erasing_replaces_it(app: App) -> None:
    g, field, _seen = _field(app, "Medium bot B")
    g.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    assert field.selection() == (0, len("Medium bot B"))
    field.draw(pygame.Surface((600, 300)))  # the selection shows
    g.handle(text_input("Zoé"))
    assert field.value == "Zoé" and field.caret == 3 and field.selection() is None
    g.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    g.handle(key(pygame.K_BACKSPACE))
    assert field.value == ""
    field.value = "Bob"
    g.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    g.handle(key(pygame.K_LEFT))  # an arrow ends the selection at its side
    assert field.selection() is None and field.caret == 0
    g.handle(key(pygame.K_END, pygame.KMOD_LSHIFT))  # Shift extends a selection
    g.handle(key(pygame.K_DELETE))
    assert field.value == ""


def test_a_click_puts_the_caret_where_it_lands(app: App) -> None:
    g, field, _seen = _field(app, "Anastasia")
    field.focused = False
    left = field.rect.left + field.rect.height // 4
    g.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(left + 1, field.rect.centery), button=1))
    assert field.editing and field.caret == 0
    g.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(field.rect.right - 2, field.rect.centery), button=1))
    assert field.caret == len("Anastasia")


# ---- toasts -----------------------------------------------------------------------------------
def _toasts(app: App) -> list[str]:
    return [t for t, _ in app.toasts]


def test_a_toast_seen_on_the_title_does_not_follow_into_the_next_screen(app: App) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.load")  # no saves yet
    assert _toasts(app) == [app.tr("title.no_saves")]
    app.step(1 / 60, [])  # on screen
    click_button(app, title, "title.new_game")
    assert _toasts(app) == []


def test_a_toast_raised_as_the_screen_changes_carries_its_news_over(app: App) -> None:
    app.reset(TitleScene(app))
    app.step(1 / 60, [])
    app.toast("the host closed the game")  # then back to the title, in the same frame
    app.reset(TitleScene(app))
    assert _toasts(app) == ["the host closed the game"]
    app.step(1 / 60, [])
    app.push(Dialog(app))
    assert _toasts(app) == []


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1920, 1080)])
def test_toasts_on_the_title_sit_under_its_words_above_the_buttons(app: App, size: tuple[int, int]) -> None:
    title = TitleScene(app)
    app.reset(title)
    app._resized(size)
    app.step(1 / 60, [])
    top = title.toast_top()
    words = int(size[1] * 0.07) + theme.font(int(64 * app.scale), "serif").get_height()
    toast_h = theme.font(int(18 * app.scale), "bold").get_height() + int(14 * app.scale)
    assert top >= words and top + toast_h <= title.group.widgets[0].rect.top


def test_the_same_toast_again_refreshes_instead_of_stacking(app: App) -> None:
    app.toast("No saved games yet", 1)
    first = app.toasts[0][1]
    app.toast("another message")
    app.toast("No saved games yet", 4)
    assert _toasts(app) == ["another message", "No saved games yet"]
    assert app.toasts[-1][1] > first


# ---- tooltips ---------------------------------------------------------------------------------
class _Tipped(Scene):
    menu = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.button = Button("Save", lambda: None, pygame.Rect(100, 100, 200, 40))
        self.button.tooltip = "why it is greyed"
        self.group = Group([self.button])


def test_a_tooltip_goes_with_its_button_and_when_another_scene_opens(app: App) -> None:
    sc = _Tipped(app)
    app.reset(sc)
    app.step(1 / 60, [move((150, 120))])
    assert sc.group.hovered_tooltip() == ("why it is greyed", sc.button.rect)
    sc.button.rect = pygame.Rect(400, 400, 200, 40)  # laid out elsewhere: the pointer is not on it any more
    assert sc.group.hovered_tooltip() is None
    sc.button.rect = pygame.Rect(100, 100, 200, 40)
    sc.button.visible = False
    assert sc.group.hovered_tooltip() is None
    sc.button.visible = True
    assert sc.group.hovered_tooltip() is not None
    app.push(Dialog(app))  # a dialog over it: the pointer speaks to the dialog
    assert sc.group.hovered_tooltip() is None
    app.pop()
    assert sc.group.hovered_tooltip() is None  # until the pointer moves over it again
    app.step(1 / 60, [move((150, 121))])
    assert sc.group.hovered_tooltip() is not None
    sc.group.widgets.remove(sc.button)
    assert sc.group.hovered_tooltip() is None


# ---- an AI's turn: the dots keep their room ----------------------------------------------------
@pytest.mark.parametrize("room", [90, 140, 400])
def test_the_animated_dots_never_move_the_words_nor_fall_off(app: App, room: int) -> None:
    label = "Easy bot B's turn"
    frames = [theme.fit_text_dots(label, n, 17, room, theme.TEXT, "bold") for n in (1, 2, 3)]
    assert len({f.get_size() for f in frames}) == 1
    assert all(f.get_width() <= room for f in frames)


def test_the_hero_realms_sidebar_draws_an_ai_turn_with_its_dots(app: App) -> None:
    rec = position([{"hand": ["gold"] * 5, "deck": ["gold"] * 5}, {"hand": ["gold"] * 5, "deck": ["gold"] * 5}])
    table = open_table(app, rec, ["human", "ai"])
    table.model.active = 1
    for t in (0.0, 0.5, 0.9):
        table.t = t
        table.draw(app.screen)


# ---- floating numbers ---------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_floating_numbers_stay_in_the_play_area_clear_of_names_and_counters(app: App, size: tuple[int, int],
                                                                            seats: int) -> None:
    lay = compute(size[0], size[1], seats, 0)
    for seat, sl in lay.seats.items():
        text = theme.text("−12", int((26 if sl.viewer else 20) * 1.3 * lay.scale), theme.TEXT, "bold").get_size()
        keep_clear = [sl.header, health_tiles(sl.health, lay.scale), pool_extent(sl.gold), pool_extent(sl.combat)]
        for kind in ("health", "gold", "combat"):
            start, end = float_path(lay, seat, kind, text)
            path = start.union(end)
            assert lay.play.contains(path), (seat, kind, path)
            assert path.collidelist(keep_clear) < 0, (seat, kind, path, keep_clear[path.collidelist(keep_clear)])
        champion = pygame.Rect(sl.champions.left, 0, 40, 56)  # a champion at the window's top
        start, end = float_path(lay, seat, "champion", text, champion)
        assert lay.play.contains(start.union(end))


# ---- the title's card fan -------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_title_fan_covers_no_button_even_with_continue(app: App, size: tuple[int, int]) -> None:
    app.persist = True  # the user's folders are a temporary one here
    path = games.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}", encoding="utf-8")
    title = TitleScene(app)
    app.reset(title)
    app._resized(size)
    labels = [b.label for b in title.group.widgets if isinstance(b, Button)]
    assert app.tr("title.continue") in labels and labels[-1] == app.tr("title.quit")
    fan = title.backdrop.fan(size[0], size[1], app.scale)
    for b in title.group.widgets:
        assert pygame.Rect(0, 0, *size).contains(b.rect)
        for _card, _angle, r in fan:
            assert not r.colliderect(b.rect), (r, b.rect)
    assert min(r.top for _, _, r in fan) < size[1] - size[1] // 12  # and the fan still shows
    app.step(1 / 60, [])


# ---- the end screen ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_end_screen_stays_in_the_table_area_clear_of_the_log(app: App, size: tuple[int, int]) -> None:
    app._resized(size)
    names = ["Ana", "Ben", "Chloé", "Dario", "Elif", "Farid"]
    over = GameOverScene(app, names, 0, [{}] * 6, [10] * 6, 0, area=play_area)
    app.push(over)
    area = play_area(*size)
    assert area.contains(over.panel), (over.panel, area)
    assert over.panel.top >= over.u(28)  # the crown over its top edge shows
    for b in over.group.widgets:
        assert over.panel.contains(b.rect)


def test_the_table_opens_its_end_screen_clear_of_the_log(small_app: App) -> None:
    rec = position([{"hand": ["gold"] * 5, "deck": ["gold"] * 5}, {"hand": ["gold"] * 5, "deck": ["gold"] * 5}])
    table = open_table(small_app, rec, ["human", "ai"])
    table.show_game_over()
    over = small_app.top
    assert isinstance(over, GameOverScene)
    assert not over.panel.colliderect(table.lay.sidebar) and table.lay.play.contains(over.panel)


# ---- the viewer's hand ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_viewers_hand_shows_whole_at_rest(size: tuple[int, int], seats: int) -> None:
    lay = compute(size[0], size[1], seats, 0)
    sl = lay.seats[0]
    for n in range(1, 9):
        hand = [Sprite("gold") for _ in range(n)]
        _fan(hand, sl.hand, sl.hand_w, None, rest_on=sl.hand.bottom)
        for sp in hand:
            assert fan_bottom(sp) <= size[1], (n, sp.ty)
            assert sp.tx - sp.tw / 2 >= sl.hand.left - sp.tw * 0.1 and sp.tx + sp.tw / 2 <= lay.play.right
        if n <= 5:  # a usual hand stays off the cards in play (and their number keys fit between)
            assert min(sp.ty - sp.tw * ASPECT / 2 for sp in hand) >= sl.body.bottom, n
        assert sl.hand_w >= 0.06 * size[0]  # still large enough to read
        lifted = [Sprite("gold") for _ in range(5)]
        _fan(lifted, sl.hand, sl.hand_w, 2, rest_on=sl.hand.bottom)
        assert lifted[2].ty < lifted[1].ty  # a hovered card may still lift


def test_the_table_at_1024x600_shows_the_whole_hand(small_app: App) -> None:
    rec = position([{"hand": ["gold", "ruby", "gold", "ruby", "gold"], "deck": ["gold"] * 5},
                    {"hand": ["gold"] * 5, "deck": ["gold"] * 5}])
    table = open_table(small_app, rec, ["human", "ai"])
    hand = table.model.seats[0].hand
    assert len(hand) == 5
    for sp in hand:
        assert fan_bottom(sp) <= 600 and sp.y - sp.w * ASPECT / 2 > 300


@pytest.mark.parametrize("size", SIZES)
def test_the_fantasy_realms_hand_and_deck_count_show_whole(size: tuple[int, int]) -> None:
    from game.ui.fantasy_realms.draw import deck_label_rects
    from tests.ui.fantasy_realms.helpers import open_fr, state

    a = sized_app(size)
    try:
        rec, st = state(4)
        sc = open_fr(a, rec, st)
        screen = pygame.Rect(0, 0, *size)
        for r in sc.lay.hand_slots:
            assert screen.contains(r), (r, size)
        label, count = deck_label_rects(sc)
        stack = sc.lay.deck.union(sc.lay.deck.move(sc.lay.u(2) * 3, -sc.lay.u(2) * 3)).inflate(4, 4)
        assert not count.colliderect(stack) and not label.colliderect(stack)
        assert screen.contains(count) and not count.colliderect(sc.lay.discard_zone)
    finally:
        a.close()
