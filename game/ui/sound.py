"""Sound effects: the bundled WAVs, played at the settings' volume.

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
    def __init__(self, volume: int = 70, mute: bool = False) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = volume
        self.mute = mute
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

    def set(self, volume: int, mute: bool) -> None:
        self.volume, self.mute = volume, mute

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
