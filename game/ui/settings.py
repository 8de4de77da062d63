"""The player's settings: loaded at start, saved atomically when changed.

A missing file gives the defaults; a corrupt or half-wrong file is reported (the
message is shown on the title screen) and replaced by the defaults for the broken
fields, never a crash. The file is JSON in the user's config folder.

Until the player picks a language in Settings, the table speaks the system's
preferred one (French or English, :func:`system_language`), at every start.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.docs import load_json, read_text
from game.core.errors import DataError
from game.core.userdirs import config_dir
from game.ui.palette import PALETTES

ANIM_SPEEDS = ("instant", "fast", "normal", "slow")
LANGUAGES = ("en", "fr")
TEXT_SIZES = (90, 100, 115, 130, 150)  # percent of the design's sizes (game/ui/theme.py set_text_size)
# the window's size when not fullscreen: "auto" picks one for the screen at start,
# "fit" fills the screen, the others are width x height
WINDOW_SIZES = ("auto", "fit", "1024x600", "1280x720", "1600x900", "1920x1080")
PLAYER_NAME_MAX = 24
HISTORY_CAP_MAX = 100_000  # as game/session/history.py accepts
# seconds multiplier of every animation beat, per speed setting
SPEED_FACTOR = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.7}


@dataclass
class Settings:
    language: str = "en"
    language_chosen: bool = False  # the player picked the language (else the system's is followed)
    fullscreen: bool = False
    anim_speed: str = "normal"
    volume: int = 70  # the sound effects', 0..100
    music_volume: int = 30  # the music loop's, 0..100 (0: no music)
    mute: bool = False
    confirm_end_turn: bool = True
    mute_talk: bool = False  # what the other players say at a LAN table is not shown
    player_name: str = ""
    window_size: str = "auto"
    history_cap: int = 500  # finished games kept for replays and statistics (game/session/history.py reads it)
    palette: str = "standard"  # the colours of factions, suits and civilisations (game/ui/palette.py)
    text_size: int = 100  # every text's size and the cards' zoom, in percent (theme.TEXT_SIZES)

    def problems(self) -> list[str]:
        out = []
        if self.language not in LANGUAGES:
            out.append(f"language {self.language!r}")
        if self.anim_speed not in ANIM_SPEEDS:
            out.append(f"anim_speed {self.anim_speed!r}")
        if not 0 <= self.volume <= 100:
            out.append(f"volume {self.volume!r}")
        if not 0 <= self.music_volume <= 100:
            out.append(f"music_volume {self.music_volume!r}")
        if self.palette not in PALETTES:
            out.append(f"palette {self.palette!r}")
        if self.text_size not in TEXT_SIZES:
            out.append(f"text_size {self.text_size!r}")
        if self.window_size not in WINDOW_SIZES:
            out.append(f"window_size {self.window_size!r}")
        if not 1 <= self.history_cap <= HISTORY_CAP_MAX:
            out.append(f"history_cap {self.history_cap!r}")
        if len(self.player_name) > PLAYER_NAME_MAX or not self.player_name.isprintable():
            out.append(f"player_name {self.player_name!r}")
        return out

    @property
    def speed(self) -> float:
        return SPEED_FACTOR.get(self.anim_speed, 1.0)


def system_language(locales: Sequence[Mapping[str, object]] | None = None,
                    env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """The first of the system's preferred languages the table speaks, else English.

    ``locales`` defaults to SDL's list (``pygame.system.get_pref_locales()``: Windows'
    and macOS's language settings; ``LANG`` and ``LANGUAGE`` elsewhere). On Linux and
    the BSDs ``LC_ALL`` and ``LC_MESSAGES`` come first, as for every other program
    there (SDL does not read them)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    wanted: list[str] = []
    if not platform.startswith(("win", "darwin")):
        for var in ("LC_ALL", "LC_MESSAGES"):
            value = env.get(var, "")
            if value and value.split(".")[0] not in ("C", "POSIX"):
                wanted.append(value)
    if locales is None:
        try:
            import pygame.system

            locales = pygame.system.get_pref_locales()
        except (ImportError, AttributeError, RuntimeError):
            locales = []
    wanted += [str(loc.get("language") or "") for loc in locales]
    for tag in wanted:
        lang = tag.replace("-", "_").split("_")[0].lower()
        if lang in LANGUAGES:
            return lang
    return "en"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, warning): the warning says what was wrong and was replaced."""
    path = path or settings_path()
    try:
        text = read_text(path)
    except DataError as exc:
        if not path.exists():
            return Settings(), None
        return Settings(), f"settings file unreadable ({exc.reason}); defaults used"
    try:
        raw = load_json(text, str(path), what="")
    except DataError as exc:
        _quarantine(path)
        return Settings(), f"settings file corrupt ({exc.reason}); defaults used"
    if not isinstance(raw, dict):
        _quarantine(path)
        return Settings(), "settings file is not a table; defaults used"
    defaults = Settings()
    kept: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value, want = raw[f.name], type(getattr(defaults, f.name))
        if isinstance(value, want) and not (want is int and isinstance(value, bool)):
            kept[f.name] = value
        else:
            bad.append(f.name)
    if "language_chosen" not in raw and kept.get("language", "en") != "en":
        kept["language_chosen"] = True  # a file from before the field: only a player made it other than English
    st = Settings(**kept)
    for name in st.problems():
        key = name.split()[0]
        setattr(st, key, getattr(defaults, key))
        bad.append(key)
    if bad:
        return st, f"settings reset to defaults: {', '.join(sorted(set(bad)))}"
    return st, None


def _quarantine(path: Path) -> None:
    """Keep the broken file aside (the player may want it) before defaults replace it."""
    try:
        path.replace(path.with_suffix(".corrupt"))
    except OSError:
        pass


def save_settings(st: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns an error message instead of raising."""
    try:
        write_text_atomic(path or settings_path(), json.dumps(asdict(st), indent=1) + "\n")
    except OSError as exc:
        return f"cannot save settings: {exc}"
    return None
