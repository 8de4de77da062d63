"""Guided first games on the table (game/ui/tutorial): each lesson, driven by clicks and
drags at what the table points at, ends on its closing panel and leads back to the
title; an off-script move is refused with the lesson's reason and changes nothing; the
title offers the lessons, and on the very first start asks once."""

from __future__ import annotations

from typing import Any

import pytest

from game.session.tutorial import Target, lessons
from game.ui.scenes.title import TitleScene
from game.ui.settings import settings_path
from game.ui.tablekit.pick import PickDialogBase
from game.ui.tutorial.finish import FinishDialog
from game.ui.tutorial.start import open_lesson
from tests.ui.helpers import click, click_button, drag

GAMES = ["hero_realms", "fantasy_realms", "herosdei"]


def _settle(app: Any, table: Any, frames: int = 400) -> None:
    """Frames until the player may act (on the table, or in the dialog of a question the
    engine asks, such as the hand limit), or the lesson is over and its panel is up."""
    for _ in range(frames):
        app.step(1 / 60, [])  # a frame first: the table may open a question's dialog as soon as it can act
        if table.can_act or isinstance(app.top, (FinishDialog, PickDialogBase)):
            return


def _gesture(app: Any, table: Any) -> None:
    """What the player does for the current step: drag what the table points at to where
    the arrow goes, or click it (an ``every`` step: each of its cards in turn); in a
    question's dialog, click the answer the step expects."""
    step = table.overlay.script.step
    if isinstance(app.top, PickDialogBase):
        dialog, wanted = app.top, table.overlay.script.expected()
        at = [i for i, o in enumerate(dialog.q.options) if o.value in wanted]
        assert at, f"the dialog offers no answer the lesson expects ({wanted})"
        click(app, dialog.rects[at[0]].center)
        return
    point = step.point
    if step.every and point.zone != "button":
        point = Target(point.zone, table.overlay.script.expected()[0].split()[-1])
    here = table.target_rect(point)
    assert here is not None, f"the table cannot find {point}"
    there = table.target_rect(step.to) if step.to is not None else None
    assert step.to is None or there is not None, f"the table cannot find {step.to}"
    if there is not None:
        drag(app, here.center, there.center)
    else:
        click(app, here.center)


@pytest.mark.parametrize(("game", "name"), [(g, lesson.name) for g in GAMES for lesson in lessons(g)])
def test_each_lesson_finishes_when_its_steps_are_followed(app: Any, game: str, name: str) -> None:
    app.reset(TitleScene(app))
    table = open_lesson(app, next(x for x in lessons(game) if x.name == name), pause_s=0)
    script = table.overlay.script
    for _ in range(80):
        _settle(app, table)
        if isinstance(app.top, FinishDialog):
            break
        before = (script.index, len(script.done))
        _gesture(app, table)
        app.step(1 / 60, [])
        assert (script.index, len(script.done)) != before, f"step {before} did not move on: {app.toasts}"
    assert isinstance(app.top, FinishDialog) and script.finished
    assert table.client.session.over and table.over_shown  # no end-of-game screen: the lesson's panel
    click_button(app, app.top, "tutorial.to_title")
    assert isinstance(app.top, TitleScene)


def test_an_off_script_move_is_refused_with_its_reason_and_changes_nothing(app: Any) -> None:
    app.reset(TitleScene(app))
    lesson = lessons("hero_realms")[0]
    table = open_lesson(app, lesson, pause_s=0)
    _settle(app, table)
    before = table.client.session.state.state_hash()
    ruby = table.target_rect(Target("hand", "ruby"))  # legal, but the lesson asks for a Gold first
    drag(app, ruby.center, table.target_rect(Target("in_play")).center)
    for _ in range(5):
        app.step(1 / 60, [])
    assert lesson.refuse["en"] in [t for t, _ in app.toasts]
    assert table.client.session.state.state_hash() == before
    assert table.overlay.script.index == 0 and table.can_act
    assert [c.card for c in table.model.seats[0].in_play] == []


def test_the_title_opens_the_lessons_and_a_lesson_on_its_table(app: Any) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "tutorial.button")
    picker = app.top
    labels = [b.label for b in picker.group.widgets]
    assert any("Hero Realms" in str(x) for x in labels) and any("Fantasy Realms" in str(x) for x in labels)
    assert any("HerosDeï" in str(x) for x in labels)
    click(app, next(b for b in picker.group.widgets if "Fantasy Realms" in str(b.label)).rect.center)
    assert getattr(app.top, "game", None) == "fantasy_realms" and app.top.overlay is not None


def test_the_first_start_offers_a_lesson_once(app: Any) -> None:
    app.persist = True  # the user's folders are a temporary one here
    assert not settings_path().exists()
    app.reset(TitleScene(app, first_start=True))
    offer = app.top
    assert offer is not None and not isinstance(offer, TitleScene)
    assert settings_path().exists()  # the next start is not a first start
    click_button(app, offer, "tutorial.offer_yes")
    assert type(app.top).__name__ == "TutorialScene"
    app.persist = False


def test_the_program_offers_a_lesson_only_on_its_very_first_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from game.ui.app import App, run_app

    seen: list[str] = []

    def one_frame(self: App, max_seconds: float | None = None, max_frames: int | None = None) -> int:
        seen.append(type(self.top).__name__)
        return 0

    monkeypatch.setattr(App, "run", one_frame)
    args = argparse.Namespace(size="1024x600", frames=1, screenshot_dir=None, windowed=True)
    assert run_app(args) == 0 and run_app(args) == 0
    assert seen == ["ConfirmDialog", "TitleScene"]  # the settings file the first start wrote: no second offer


def test_the_tables_find_a_lessons_targets_or_say_none(app: Any) -> None:
    app.reset(TitleScene(app))
    hr = open_lesson(app, lessons("hero_realms")[0], pause_s=0)
    _settle(app, hr)
    assert hr.target_rect(Target("button", "end_turn")) == hr.end_btn.rect
    first, second = hr.target_rect(Target("hand", "gold")), hr.target_rect(Target("hand", "gold#2"))
    assert first is not None and second is not None and first != second
    assert hr.target_rect(Target("hand", "gold#3")) is None and hr.target_rect(Target("nowhere")) is None
    assert hr.target_rect(Target("champion", "orc_grunt", 1)) is not None
    assert hr.target_rect(Target("ally", "spark")) is None  # no mark before Spark is in play
    app.reset(TitleScene(app))
    fr = open_lesson(app, lessons("fantasy_realms")[0], pause_s=0)
    _settle(app, fr)
    assert fr.target_rect(Target("hand", "light_cavalry")) == fr.target_rect(Target("hand", "FR23"))
    assert fr.target_rect(Target("discard_area", "dragon")) is None and fr.target_rect(Target("deck")) == fr.lay.deck


def test_the_herosdei_table_finds_a_lessons_targets_or_says_none(app: Any) -> None:
    app.reset(TitleScene(app))
    hd = open_lesson(app, lessons("herosdei")[0], pause_s=0)
    _settle(app, hd)
    assert hd.target_rect(Target("button", "done")) == hd.end_btn.rect == hd.target_rect(Target("button", "pass"))
    assert hd.target_rect(Target("hand", "lancelot")) is not None and hd.target_rect(Target("hand", "lancelot#2")) is None
    assert hd.target_rect(Target("character", "siegfried", 1)) == hd.char_rects(1)[0][0]
    assert hd.target_rect(Target("character", "siegfried")) is None  # not one of the player's
    row = hd.target_rect(Target("row"))
    assert row is not None and hd.ctrl.hit(row.center) == ("row", 0)  # a card dropped there is placed
    assert hd.target_rect(Target("stack")) == hd.lay.stack_area and hd.target_rect(Target("stack", "prouesse")) is None
    assert hd.target_rect(Target("museum", seat=1)) == hd.lay.museums[1]
    assert hd.target_rect(Target("nowhere")) is None and hd.target_rect(Target("button", "end_turn")) is None


def test_an_arrow_onto_a_card_stops_at_its_edge_and_goes_inside_a_wide_zone(app: Any) -> None:
    import pygame

    app.reset(TitleScene(app))
    coach = open_lesson(app, lessons("herosdei")[0], pause_s=0).overlay
    held = pygame.Rect(100, 500, 80, 110)
    card = pygame.Rect(held.centerx - 50, 100, 100, 140)  # straight above: the arrow comes up into its bottom edge
    _, tip = coach._ends(held, card)
    assert tip[1] == card.bottom - 1  # the head leaves the figures along the edge in sight
    zone = pygame.Rect(held.centerx - 450, 100, 900, 140)  # straight above too, and wide
    _, tip = coach._ends(held, zone)
    assert zone.bottom - 1 - tip[1] == coach.table.u(40)


def test_a_lesson_is_never_saved_and_quitting_it_asks_nothing(app: Any) -> None:
    app.reset(TitleScene(app))
    table = open_lesson(app, lessons("hero_realms")[0], pause_s=0)
    _settle(app, table)
    _gesture(app, table)
    app.step(1 / 60, [])
    assert table.client.session.record.actions  # a move was played
    table.pause()
    assert not app.top.can_save  # a saved lesson would load as a game against its record's AI seats
    assert not table.unsaved()


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_key_in_a_lesson_shows_the_lessons_move(app: Any, game: str) -> None:
    import pygame

    app.reset(TitleScene(app))
    table = open_lesson(app, lessons(game)[0], pause_s=0)
    _settle(app, table)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    shown = table.hints.shown
    assert shown is not None and table.hints._pool is None  # at once, from the lesson: no AI was asked
    assert table.client.script.accepts(shown.line, [str(x) for x in table.client.view(table.viewer)["legal"]])


def test_a_lessons_words_wait_for_the_table_to_show_the_moves_before_them() -> None:
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="normal"), size=(1280, 720), persist=False)
    try:
        app.reset(TitleScene(app))
        table = open_lesson(app, lessons("herosdei")[0], pause_s=0)
        coach, script = table.overlay, table.overlay.script
        drawn: list[int] = []
        panel = coach._panel
        coach._panel = lambda surf, step, at: (drawn.append(at), panel(surf, step, at))  # type: ignore[method-assign]
        behind = 0  # frames where the engine was a step ahead of what the table showed
        for _ in range(80):
            for _ in range(2000):
                if table.can_act or isinstance(app.top, FinishDialog):
                    break
                drawn.clear()
                app.step(1 / 60, [])
                if drawn and not table.director.idle:
                    showing = script.shown_step(table.taken - 1)  # the step of the batch on the table
                    assert drawn[-1] == showing, (drawn[-1], showing, script.index)
                    behind += showing < script.index
            if isinstance(app.top, FinishDialog):
                break
            _gesture(app, table)
            app.step(1 / 60, [])
        assert isinstance(app.top, FinishDialog) and behind > 0
    finally:
        app.close()
