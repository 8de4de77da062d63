"""The effects and the music each have a volume; M silences both anywhere but in a text
field; the music loop is the project's own (synthesised, CC0) and repeats without a click."""

from __future__ import annotations

import struct
import wave
from pathlib import Path

import pygame

from game.core.resources import asset_path
from game.ui.app import App
from game.ui.settings import Settings, load_settings, save_settings
from game.ui.widgets.basic import TextField


def _key(app: App, key: int, text: str = "") -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)])


def test_the_music_plays_at_its_own_volume_and_stops_at_zero_or_muted(app: App) -> None:
    s = app.sound
    s.set(70, False, 40)
    assert s.music_playing and abs(pygame.mixer.music.get_volume() - 0.2) < 0.02
    s.set(70, False, 0)
    assert not s.music_playing
    s.set(70, True, 40)
    assert not s.music_playing
    s.set(10, False, 40)
    assert s.music_playing and s.volume == 10


def test_m_mutes_everything_and_says_so_but_is_a_letter_in_a_text_field(app: App) -> None:
    app.push(app.new_screen("title"))
    app.step(1 / 60, [])
    assert not app.settings.mute
    _key(app, pygame.K_m, "m")
    assert app.settings.mute and not app.sound.music_playing
    assert app.tr("app.muted") in [t for t, _ in app.toasts]
    _key(app, pygame.K_m, "m")
    assert not app.settings.mute
    app.push(app.new_screen("settings"))
    app.step(1 / 60, [])
    field = next(w for w in app.top.group.widgets if isinstance(w, TextField))  # type: ignore[union-attr]
    field.editing = True
    _key(app, pygame.K_m, "m")
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="m")])
    assert not app.settings.mute and field.value.endswith("m")


def test_the_music_volume_is_kept_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(music_volume=55), path) is None
    st, warning = load_settings(path)
    assert st.music_volume == 55 and warning is None
    path.write_text(path.read_text().replace("55", "155"))
    st, warning = load_settings(path)
    assert st.music_volume == Settings().music_volume and warning is not None and "music_volume" in warning


def test_the_loop_repeats_without_a_click() -> None:
    with wave.open(str(asset_path("sounds", "music.wav"))) as w:
        n = w.getnframes()
        assert 8 <= n / w.getframerate() <= 30
        s = struct.unpack(f"<{n}h", w.readframes(n))
    # the wave's bend where the end runs into the beginning is no sharper than anywhere inside it
    bends = [abs(s[i + 1] - 2 * s[i] + s[i - 1]) for i in range(1, n - 1)]
    seam = max(abs(s[0] - 2 * s[-1] + s[-2]), abs(s[1] - 2 * s[0] + s[-1]))
    assert seam <= max(bends)
