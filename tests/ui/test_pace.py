"""The frame loop rests when nothing moves: the title and a table waiting for the human
are drawn a couple of times a second and not sent to the screen while unchanged;
input, a toast or a table playing events brings the full frame rate back at once.
The loop runs on a clock that only counts (tests/ui/loop_clock.py) but for the wake-up
by an event, timed on the real one. (The CPU it saves is measured by ``python -m game
bench --only idle``.)"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from game import games
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.pace import LIVELY_S, REST_DRAW_S
from game.ui.scene import Scene
from game.ui.scenes.common import open_table as open_common_table
from game.ui.settings import Settings
from game.ui.tablekit.base import TableSceneBase
from tests.ui.helpers import open_table, position
from tests.ui.loop_clock import CountingClock


@pytest.fixture
def flips(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """When the loop sent a picture to the screen."""
    shown: list[float] = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (shown.append(time.monotonic()), real())[1])
    return shown


@pytest.fixture
def counted() -> Iterator[App]:
    """An app whose frame loop keeps counted time."""
    a = App(Settings(anim_speed="instant", confirm_end_turn=True), size=(1280, 720), persist=False,
            clock=CountingClock())
    yield a
    a.close()


def _settle(app: App) -> None:
    app.loop(max_seconds=LIVELY_S + 0.3)


def test_the_title_rests_still_when_nobody_touches_it(counted: App, flips: list[float]) -> None:
    app = counted
    app.push(app.new_screen("title"))
    _settle(app)
    ambient = app.ambient_t
    shown, drawn = len(flips), app.pace.drawn
    app.loop(max_seconds=2.0)
    assert app.resting
    assert len(flips) == shown  # the same picture: not sent again
    assert app.pace.drawn - drawn <= 2.0 / REST_DRAW_S + 2  # drawn a couple of times a second, not 60
    assert app.ambient_t == ambient  # the fan of cards holds still


def test_an_event_wakes_it_at_once(app: App, flips: list[float]) -> None:
    app.push(app.new_screen("title"))
    _settle(app)
    assert app.pace.resting()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(5, 0), buttons=(0, 0, 0)))
    before = len(flips)
    t0 = time.monotonic()
    app.loop(max_frames=1)
    assert len(flips) == before + 1 and time.monotonic() - t0 < 0.2
    assert not app.pace.resting()
    start = len(flips)
    app.loop(max_seconds=0.5)
    assert len(flips) - start >= 15  # lively: the full frame rate (60 a second) for a while


def test_a_picture_that_changes_at_rest_is_shown(counted: App, flips: list[float]) -> None:
    app = counted
    class Clock(Scene):  # a clock's seconds, say: changes with no input and no animation
        def draw(self, surf: pygame.Surface) -> None:
            surf.fill((0, 0, 0))
            pygame.draw.rect(surf, (255, 255, 255), (int(self.app.clock.now() * 4) % 100, 0, 10, 10))

    app.push(Clock(app))
    _settle(app)
    before = len(flips)
    app.loop(max_seconds=1.6)
    assert 2 <= len(flips) - before <= 1.6 / REST_DRAW_S + 2


def test_a_toast_is_shown_at_once_even_at_rest(counted: App, flips: list[float]) -> None:
    app = counted
    app.push(app.new_screen("title"))
    _settle(app)
    app.toast("Saved")
    assert not app.pace.resting()


def test_a_table_playing_events_stays_lively_then_rests(counted: App, flips: list[float]) -> None:
    app = counted
    app.settings.anim_speed = "normal"
    gold = ["gold"] * 5
    table = open_table(app, position([{"hand": gold, "deck": gold}, {"hand": gold, "deck": gold}]))
    _settle(app)
    assert table.can_act and not table.animating()
    table.submit("end")
    start = len(flips)
    t0 = time.monotonic()
    while time.monotonic() - t0 < 8 and (table.animating() or not table.synced or not table.can_act):
        app.loop(max_frames=1)
    played = len(flips) - start
    assert played >= 20  # the turn's events were played at the full frame rate
    _settle(app)
    shown = len(flips)
    app.loop(max_seconds=1.5)
    assert len(flips) == shown  # waiting for the human again: a still picture


def _waiting(app: App, game: str) -> TableSceneBase:
    """A new two-seat table of ``game`` against an Easy AI, once its human may act."""
    rec = games.game(game).new_record(2, 11)
    assert open_common_table(app, rec, [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")], autosave=False)
    table = app.top
    assert isinstance(table, TableSceneBase)
    for _ in range(3000):
        if table.can_act and not table.animating():
            break
        app.loop(max_frames=1)
    assert table.can_act
    return table


@pytest.mark.parametrize("game", ["hero_realms", "fantasy_realms", "herosdei"])
def test_a_table_waiting_for_its_human_draws_nothing_at_rest(counted: App, flips: list[float], game: str) -> None:
    app = counted
    table = _waiting(app, game)
    _settle(app)
    drawn, shown = app.pace.drawn, len(flips)
    app.loop(max_seconds=5.0)
    assert app.pace.resting() and app.pace.drawn == drawn and len(flips) == shown
    # what changes with no input is drawn at the next look: a line in the log (a LAN player said something)
    table.log.add({"type": "table_note", "seat": 1, "note": "lan.said", "params": {"words": "gg"}})
    app.loop(max_seconds=0.2)
    assert app.pace.drawn == drawn + 1 and len(flips) == shown + 1
    app.loop(max_seconds=2.0)
    assert app.pace.drawn == drawn + 1  # and then nothing again


def test_a_scene_that_cannot_say_what_it_shows_is_drawn_again_at_rest(counted: App) -> None:
    app = counted
    app.push(app.new_screen("title"))
    _settle(app)
    assert app.top is not None and app.top.picture() is None
    drawn = app.pace.drawn
    app.loop(max_seconds=2.0)
    assert app.pace.drawn - drawn >= 2.0 / REST_DRAW_S - 1
