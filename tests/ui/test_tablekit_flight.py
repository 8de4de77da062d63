"""The kit's flights: an event in play for its beat between takeoff and landing, the
queue played at half beats when long, every event at once at instant speed, and a
card's way from one rect to another."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.app import App
from game.ui.tablekit.flight import FlightDirector, draw_announcement, on_the_way, progress


class _Model:
    legal: list[str] = []

    def __init__(self) -> None:
        self.applied: list[str] = []

    def sync(self, view: Any) -> None:
        pass

    def apply(self, e: dict[str, Any]) -> None:
        self.applied.append(e["type"])


class _Log:
    def add(self, e: dict[str, Any]) -> None:
        pass

    def lines(self, tr: Any, viewer: int | None, last: int) -> list[tuple[int | None, str, str]]:
        return []


class _Director(FlightDirector[_Model, _Log]):
    beats = {"a": 1.0}
    catch_up = 2

    def __init__(self, speed: float) -> None:
        super().__init__(_Model(), _Log(), lambda: speed)
        self.shown: list[str] = []

    def stop(self) -> None:
        self.current = None

    def age(self, dt: float) -> None:
        self.shown.append("age")

    def at_once(self, e: dict[str, Any], beat: float) -> None:
        self.shown.append("now:" + e["type"])

    def _takeoff(self, e: dict[str, Any], beat: float) -> None:
        self.shown.append(f"off:{e['type']}:{beat}")

    def _land(self, e: dict[str, Any]) -> None:
        self.model.apply(e)
        self.shown.append("land:" + e["type"])
        self.current = None


def test_an_event_flies_its_beat_then_lands_and_the_next_takes_off() -> None:
    d = _Director(1.0)
    d.push([{"type": "a"}, {"type": "a"}])
    d.update(0.0)
    assert d.shown == ["off:a:1.0"] and d.busy and not d.idle
    d.update(0.5)
    assert d.model.applied == []
    d.update(0.6)
    assert d.shown[-3:] == ["age", "land:a", "off:a:1.0"] and d.model.applied == ["a"]
    d.update(1.1)
    assert d.idle and d.model.applied == ["a", "a"]


def test_a_long_queue_plays_at_half_beats_and_instant_speed_at_once() -> None:
    d = _Director(1.0)
    d.push([{"type": "a"}] * 4)
    d.update(0.0)
    assert d.shown == ["off:a:0.5"]  # three still waiting: more than catch_up
    d = _Director(0.0)
    d.push([{"type": "a"}] * 3)
    d.update(0.0)
    assert d.shown == ["now:a"] * 3 and d.idle


def test_announce_counts_down() -> None:
    d = _Director(1.0)
    d.announce = ("turn", 1, 0.5, 0.5)
    d.update(0.3)
    assert d.announce is not None and abs(d.announce[2] - 0.2) < 1e-9
    d.update(0.3)
    assert d.announce is None


def test_a_card_on_the_way_eases_from_one_rect_to_the_other() -> None:
    src, dst = pygame.Rect(0, 100, 20, 28), pygame.Rect(200, 100, 40, 56)
    assert on_the_way(src, dst, 0.0) == src and on_the_way(src, dst, 1.0) == dst
    mid, arced = on_the_way(src, dst, 0.5), on_the_way(src, dst, 0.5, lift=0.25)
    assert mid.width == 30 and arced.centery == mid.centery - 7 and arced.centerx == mid.centerx
    assert progress(0.5, 0.0) == 1.0 and progress(0.5, 2.0) == 0.25 and progress(3.0, 2.0) == 1.0


def test_an_announcement_is_a_band_across_the_play_area_that_fades(app: App) -> None:  # the app starts the fonts
    def band_rows(left: float) -> tuple[int, int]:
        surf = pygame.Surface((400, 300))
        surf.fill((200, 200, 200))
        draw_announcement(surf, "Turn 2", (250, 200, 60), pygame.Rect(0, 0, 300, 300), 150, left, 1.0, 1.0)
        dark = [y for y in range(300) if surf.get_at((5, y))[0] < 200]
        assert surf.get_at((350, 150))[:3] == (200, 200, 200)  # outside the play area
        return (min(dark), max(dark)) if dark else (-1, -1)

    top, bottom = band_rows(1.0)
    assert top < 150 < bottom
    assert band_rows(0.0) == (-1, -1)  # faded out
