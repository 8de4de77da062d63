"""The table kit on its own: the director's queue and beats, the controller's press,
hover and keys, and the steps of a question run by the table (ask, answer, outbox)."""

from __future__ import annotations

from typing import Any

import pygame

from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.fantasy_realms.director import FantasyDirector
from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.tablekit.controller import Controller, Press, Target
from game.ui.tablekit.director import DEFAULT_BEAT
from game.ui.tablekit.linger import LingerDirector
from game.ui.tablekit.prompts import CANCELLED, Option, Question, Step
from game.ui.tablekit.protocols import Event, View
from tests.ui.fantasy_realms.helpers import actions, open_fr, settle, state


class Model:
    def __init__(self) -> None:
        self.legal: list[str] = []
        self.shown: list[str] = []

    def sync(self, view: View) -> None:
        self.legal = list(view.get("legal", []))

    def apply(self, event: Event) -> None:
        self.shown.append(event["type"])


class Log:
    def __init__(self) -> None:
        self.added: list[str] = []

    def add(self, event: Event) -> None:
        self.added.append(event["type"])

    def lines(self, tr: Any, viewer: int | None, last: int) -> list[tuple[int | None, str, str]]:
        return []


class Lingering(LingerDirector[Model, Log]):
    """The kit's lingering director (Hero Realms' way) on a model and log that record what they are shown."""

    beats = {"hit": 0.5}
    sounds = {"hit": "thud"}
    own_factor = 0.5

    def __init__(self, speed: float) -> None:
        self.sounded: list[str] = []
        super().__init__(Model(), Log(), lambda: speed, self.sounded.append)

    def show(self, e: Event) -> None:
        self.note(e)
        self.model.apply(e)


def test_director_beats_scale_with_speed_and_own_moves_go_faster() -> None:
    d = Lingering(2.0)
    assert d.beat({"type": "hit"}, False, 2.0) == 1.0
    assert d.beat({"type": "hit"}, True, 2.0) == 0.5
    assert d.beat({"type": "other"}, False, 2.0) == DEFAULT_BEAT * 2.0
    d.push([{"type": "hit"}, {"type": "other"}])
    assert not d.idle
    d.update(0.0)
    assert d.model.shown == ["hit"] and d.log.added == ["hit"] and d.sounded == ["thud"] and d.applied == 1
    d.update(0.99)
    assert d.model.shown == ["hit"] and not d.idle  # still lingering on the hit
    d.update(0.02)
    assert d.model.shown == ["hit", "other"] and d.sounded == ["thud"]  # an event with no sound is silent
    d.update(1.0)
    assert d.idle


def test_at_the_instant_setting_every_queued_event_is_shown_in_one_update() -> None:
    d = Lingering(0.0)
    d.push([{"type": "hit"}, {"type": "other"}, {"type": "hit"}])
    assert d.update(0.0) == 3 and d.model.shown == ["hit", "other", "hit"] and d.idle


def test_director_clear_forgets_the_queue_and_the_event_in_play() -> None:
    d = Lingering(1.0)
    d.push([{"type": "hit"}, {"type": "hit"}], own=True)
    d.update(0.0)
    assert d.busy and d.queue
    d.clear()
    assert d.idle and d.model.shown == ["hit"]


def _fantasy_events() -> tuple[View, list[Event]]:
    """The first view of a two-player hotseat game and seat 0's events of its first moves."""
    rec, st = state(2)
    session = Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")], state=st)
    client = LocalClient(session)
    view = client.view(0)
    client.poll()
    for _ in range(6):
        seat = next(s for s in (0, 1) if client.view(s).get("legal"))
        client.submit(seat, client.view(seat)["legal"][0])
    events = [e for seat, batch in client.poll() if seat == 0 for e in batch]
    assert len(events) >= 6
    return view, events


def _shown(view: View, events: list[Event], speed: float) -> dict[str, Any]:
    model = FantasyModel(view, 0)
    d = FantasyDirector(model, FantasyLog(["A", "B"]), lambda: speed)
    d.push(events)
    for _ in range(10_000):
        d.update(0.05)
        if d.idle:
            break
    assert d.idle and d.applied == len(events)
    return {k: v for k, v in vars(model).items() if k != "view"}


def test_fantasy_events_shown_at_once_end_where_flown_ones_land() -> None:
    """The instant setting plays each event through the model's apply (take-off and
    landing at once); the table ends as it does when every card flies its beat."""
    view, events = _fantasy_events()
    assert _shown(view, events, 0.0) == _shown(view, events, 1.0)


class Scene:
    def __init__(self) -> None:
        self.model = Model()
        self.can_act = True
        self.paused = 0

    def pause(self) -> None:
        self.paused += 1


class Pointer(Controller[Scene, Press]):
    def __init__(self, scene: Scene) -> None:
        super().__init__(scene)
        self.under: Target | None = None
        self.keys: list[int] = []
        self.sent: list[str] = []

    def hit(self, pos: tuple[int, int]) -> Target | None:
        return self.under

    def send(self, line: str | None) -> bool:
        if line is None:
            return False
        self.sent.append(line)
        return True

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.drag = Press("card", 0, pos, pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        self.drag = None

    def keyed(self, event: pygame.event.Event) -> None:
        self.keys.append(event.key)


def test_a_press_becomes_a_drag_past_the_threshold_and_freezes_the_hover() -> None:
    c = Pointer(Scene())
    c.under = ("hand", 0)
    c.mouse_motion((0, 0))
    c.hover_time = 1.0
    c.mouse_down((0, 0))
    c.under = ("deck",)
    c.mouse_motion((5, 3))
    assert c.drag is not None and not c.drag.active and c.drag.pos == (5, 3)
    assert c.hover == ("hand", 0) and c.hover_time == 1.0  # while a press is held the hover stays
    c.mouse_motion((5, 4))
    assert c.drag.active and c.mouse == (5, 4)
    c.mouse_up((5, 4))
    c.mouse_motion((6, 4))
    assert c.hover == ("deck",) and c.hover_time == 0.0


def test_the_hover_timer_restarts_only_when_the_hover_changes() -> None:
    c = Pointer(Scene())
    c.under = ("hand", 1)
    c.mouse_motion((1, 1))
    c.hover_time = 0.7
    c.mouse_motion((2, 2))
    assert c.hover_time == 0.7
    c.under = ("hand", 2)
    c.mouse_motion((3, 3))
    assert c.hover_time == 0.0


def test_escape_pauses_other_keys_go_to_the_game_and_legal_is_empty_when_not_acting() -> None:
    sc = Scene()
    sc.model.legal = ["end"]
    c = Pointer(sc)
    c.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    c.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))
    assert sc.paused == 1 and c.keys == [pygame.K_d]
    assert c.legal == ["end"]
    sc.can_act = False
    assert c.legal == []


def test_a_chain_of_steps_sends_its_first_line_and_drops_the_rest_once_not_legal(app: App) -> None:
    rec, st = state(3)
    sc = open_fr(app, rec, st)
    first = sc.model.legal[0]
    second = Step(Question("again", options=[Option("b")]), lambda v: [first, "not a line"] if v == "b" else None)
    sc.ask(Step(Question("which", options=[Option("a")]), lambda v: second if v == "a" else None))
    assert sc.asking and app.top is not sc
    app.top.close("a")  # type: ignore[union-attr]
    assert sc.asking and app.top is not sc  # the next question
    app.top.close("b")  # type: ignore[union-attr]
    assert not sc.asking and actions(sc) == [first] and sc.outbox == ["not a line"]
    settle(app, sc)
    assert sc.outbox == [] and actions(sc)[:1] == [first]


def test_a_cancelled_question_sends_nothing(app: App) -> None:
    rec, st = state(3)
    sc = open_fr(app, rec, st)
    sc.ask(Step(Question("which", options=[Option(sc.model.legal[0])]), lambda v: [v]))
    app.top.close(CANCELLED)  # type: ignore[union-attr]
    assert not sc.asking and actions(sc) == [] and app.top is sc


def test_the_sidebar_buttons_come_from_the_kit(app: App) -> None:
    """Menu and Undo are the kit's buttons in every table: the pause menu, the app's
    click, a tooltip; Undo greyed at the start with the tooltip saying why."""
    rec, st = state(3)
    sc = open_fr(app, rec, st)
    assert sc.menu_btn.on_click == sc.pause and sc.menu_btn.tooltip == sc.tr("table.tip_menu")
    assert sc.menu_btn.app_sound == app.sound.play and sc.end_btn.primary
    assert not sc.undo_btn.enabled and sc.undo_btn.tooltip == sc.tr("table.tip_undo_none")
