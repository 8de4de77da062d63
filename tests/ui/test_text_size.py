"""The text size setting: kept in the settings file, applied at once, every text of the
table scaled by it (not a card's face, which grows with the card's zoom instead), and the
screens that lay words out in rows still fit a small window at the largest size."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.app import App
from game.ui.render.cards import ASPECT, zoom_width
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import TEXT_SIZES, Settings, load_settings, save_settings
from game.ui.widgets.basic import Cycle, Label


@pytest.fixture(autouse=True)
def _design_size() -> Iterator[None]:
    yield
    theme.set_text_size(100)  # the size is the theme's: leave it as the next test expects it


def test_the_text_size_is_kept_in_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(text_size=130), path) is None
    st, warning = load_settings(path)
    assert st.text_size == 130 and warning is None
    path.write_text(path.read_text().replace('"text_size": 130', '"text_size": 400'))
    st, warning = load_settings(path)
    assert st.text_size == 100 and warning is not None and "text_size" in warning


def test_text_scales_and_a_card_face_does_not() -> None:
    pygame.font.init()
    plain = theme.font(20).get_height(), theme.text("Dragon", 20).get_width(), theme.card_font(20).get_height()
    assert theme.set_text_size(150) and not theme.set_text_size(150)
    big = theme.font(20).get_height(), theme.text("Dragon", 20).get_width(), theme.card_font(20).get_height()
    assert big[0] >= plain[0] * 1.4 and big[1] >= plain[1] * 1.4
    assert big[2] == plain[2]  # a face is drawn to its card: the same pixels at any text size


@pytest.mark.parametrize("percent", TEXT_SIZES)
def test_fitted_text_never_runs_past_its_room(percent: int) -> None:
    pygame.font.init()
    theme.set_text_size(percent)
    for words, room in itertools.product(["Chloé · Commander", "The Thread of the Fates", "x" * 80], [36, 90, 300]):
        assert theme.fit_text(words, 18, room).get_width() <= room, (words, room)


def test_lines_and_wrapped_text_stand_in_their_box_at_the_largest_size() -> None:
    pygame.font.init()
    theme.set_text_size(150)
    small, big = theme.fit_lines([13, 17], 36, ["regular", "bold"])
    assert theme.font(small).get_height() + theme.font(big, "bold").get_height() <= 36
    assert (small, big) != (13, 17)
    size, lines = theme.fit_wrap("Drop a card here to offer it to every player", 12, 110, 48)
    assert len(lines) * theme.font(size).get_linesize() <= 48
    theme.set_text_size(100)
    assert theme.fit_lines([13, 17], 60) == [13, 17]  # room enough: the design's sizes


def test_a_zoomed_card_grows_with_the_text_and_stays_in_its_room() -> None:
    assert zoom_width(300, 720, 0.62) == 300
    theme.set_text_size(150)
    grown = zoom_width(300, 720, 0.62)
    assert grown > 300 and grown * ASPECT <= 720 * 0.9


def test_choosing_a_size_in_settings_applies_it_at_once() -> None:
    app = App(Settings(anim_speed="instant"), size=(1024, 600), persist=False)
    try:
        scene = SettingsScene(app)
        app.push(scene)
        cycle = next(w for w in scene.group.widgets if isinstance(w, Cycle) and w.value == 100)
        cycle.step(1)
        assert app.settings.text_size == 115 and theme.text_scale() == pytest.approx(1.15)
    finally:
        app.close()


def _overlaps(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_settings_and_title_fit_the_window_at_the_largest_size(size: tuple[int, int]) -> None:
    app = App(Settings(anim_speed="instant", text_size=150), size=size, persist=False)
    try:
        settings = SettingsScene(app)
        app.push(settings)
        rects = [w.rect for w in settings.group.widgets]
        assert not _overlaps(rects) and all(settings.panel.contains(r) for r in rects)
        for w in settings.group.widgets:  # every row's words stand in their row
            if isinstance(w, Label):
                assert theme.font(w.size).get_height() <= w.rect.height + app.scale * 8, w.text
        app.pop()
        title = TitleScene(app)
        app.push(title)
        buttons = [w.rect for w in title.group.widgets]
        assert not _overlaps(buttons) and all(app.screen.get_rect().contains(r) for r in buttons)
    finally:
        app.close()
