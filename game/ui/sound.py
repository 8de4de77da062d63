"""Sound effects and a quiet music loop: the bundled WAVs, each at its own volume setting.

Sound is a nicety: with no audio device (servers, CI, the dummy driver) or a
missing file, every call quietly does nothing. Repeats of one sound within a few
milliseconds are merged, so a burst of events does not clip.
"""

from __future__ import annotations

import time

import pygame

from game.core.resources import asset_path

NAMES = ("card", "coin", "hit", "heal", "buy", "shuffle", "stun", "turn", "click", "win", "error")


class Sound:
    def __init__(self, volume: int = 70, mute: bool = False, music_volume: int = 0) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = volume
        self.mute = mute
        self.music_volume = 0
        self.music_playing = False  # the loop is playing (tests read it; False without an audio device)
        self._last: dict[str, float] = {}
        self.played: list[str] = []  # what was asked for (tests read it)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
            for name in NAMES:
                path = asset_path("sounds", f"{name}.wav")
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
        except pygame.error:
            self.sounds = {}
        self.set(volume, mute, music_volume)

    def set(self, volume: int, mute: bool, music_volume: int | None = None) -> None:
        """The effects' volume, mute (effects and music), and the music's volume (0: no music)."""
        self.volume, self.mute = volume, mute
        if music_volume is not None:
            self.music_volume = music_volume
        self._music()

    def _music(self) -> None:
        wanted = not self.mute and self.music_volume > 0
        try:
            if not pygame.mixer.get_init():
                self.music_playing = False
                return
            if wanted and not self.music_playing:
                path = asset_path("sounds", "music.wav")
                if not path.exists():
                    return
                pygame.mixer.music.load(str(path))
                pygame.mixer.music.play(loops=-1, fade_ms=1500)
                self.music_playing = True
            elif not wanted and self.music_playing:
                pygame.mixer.music.fadeout(400)
                self.music_playing = False
            if self.music_playing:
                pygame.mixer.music.set_volume(0.5 * self.music_volume / 100)  # under the effects at equal settings
        except pygame.error:
            self.music_playing = False  # no device, or the file unreadable: the table plays on in silence

    def play(self, name: str) -> None:
        self.played.append(name)
        if len(self.played) > 200:
            del self.played[:100]
        if self.mute or self.volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        now = time.monotonic()
        if now - self._last.get(name, 0.0) < 0.04:
            return
        self._last[name] = now
        snd.set_volume(self.volume / 100)
        snd.play()
