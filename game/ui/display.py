"""Before and just after SDL opens the display: the window's class, and whether there
is a screen to open the table on at all.

Linux desktops group a window (and match it to its menu entry's ``StartupWMClass``)
by its ``WM_CLASS``, which SDL reads from ``SDL_VIDEO_X11_WMCLASS`` when its video
subsystem starts. pygame sets that variable *at import* to the script's name
(``__main__.py``, ``realms-table``), so the class is set here again, just before
``pygame.init``, unless the player chose one of their own.

With no screen (an SSH session, a server) SDL quietly falls back to its invisible
``offscreen`` driver and the table would run forever where nobody sees it. The table
refuses instead, in one line, unless a driver without a screen was asked for on
purpose (``SDL_VIDEODRIVER=dummy``: the tests, the self-test, the screenshot tour).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping
from pathlib import Path

WM_CLASS = "RealmsTable"  # what Linux desktops group the window under (the .desktop files' StartupWMClass)
WM_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
SCREENLESS_DRIVERS = ("offscreen", "dummy", "evdev")  # SDL video drivers that show nothing to anybody

class NoDisplay(RuntimeError):
    """There is no screen to show the table on (the message is the one-line reason)."""


HEADLESS_WAYS = ("for a LAN game without a window: host --seats ... or join HOST:PORT --headless; "
                 "SDL_VIDEODRIVER=dummy runs the table unseen on purpose")


def set_window_class(env: MutableMapping[str, str] | None = None, argv0: str | None = None) -> None:
    """Name the window ``RealmsTable`` for X11 and Wayland: replaces pygame's default
    (the script's file name), keeps a class the player set to something else."""
    env = os.environ if env is None else env
    pygame_default = Path(sys.argv[0] if argv0 is None else argv0).name
    for hint in WM_CLASS_HINTS:
        if env.get(hint) in (None, "", pygame_default):
            env[hint] = WM_CLASS


def asked_driver(env: Mapping[str, str] | None = None) -> str:
    """The video driver the player (or a test) chose with ``SDL_VIDEODRIVER``, lower case; '' if none."""
    env = os.environ if env is None else env
    return env.get("SDL_VIDEODRIVER", "").strip().lower()


def no_display_reason(env: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why there is plainly no screen, before SDL is asked (None: there may be one).

    On Linux and the BSDs a desktop session says where its screen is (``DISPLAY`` for
    X11, ``WAYLAND_DISPLAY``); without either, and with no driver chosen, SDL would
    end up on its invisible offscreen driver. Windows and macOS always have a screen
    driver: SDL itself says there (see :func:`fallback_reason`)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "darwin")) or asked_driver(env):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return f"no display to open the table on (neither DISPLAY nor WAYLAND_DISPLAY is set); {HEADLESS_WAYS}"


def fallback_reason(driver: str, env: Mapping[str, str] | None = None) -> str | None:
    """Why the video driver SDL started (``pygame.display.get_driver()``) shows nothing,
    unless it was asked for; None when the table can be seen (or unseen on purpose)."""
    driver = driver.lower()
    if driver not in SCREENLESS_DRIVERS or asked_driver(env) == driver:
        return None
    env = os.environ if env is None else env
    where = env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")
    place = f"the display {where} cannot be opened" if where else "no display could be opened"
    return f"{place} (SDL fell back to its invisible {driver} driver); {HEADLESS_WAYS}"
