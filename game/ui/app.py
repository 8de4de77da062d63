"""The table's window: the frame loop and the scene stack.

``python -m game`` (``play``) calls :func:`run_app`. The app owns the window, the
settings, the translator, the card art cache and the sounds; scenes own
everything else. The loop runs at 60 FPS, sends input to the top scene, updates
every scene (a dialog's table keeps animating below it) and draws the stack from
the topmost opaque scene up. ``--screenshot-dir`` with ``--tour`` plays a
scripted visit of every scene and saves PNGs (used to look at the table).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

from game.ui import theme
from game.ui.hero_realms.faces import CardArt
from game.ui.i18n import Tr
from game.ui.scene import ResultCallback, Scene
from game.ui.settings import Settings, load_settings, save_settings, settings_path
from game.ui.sound import Sound

FPS = 60
MIN_SIZE = (960, 540)
WM_CLASS = "RealmsTable"  # what Linux desktops group the window under (SDL's default: the script's name)
FIT_MARGIN = 80  # pixels of the screen's height left to the title bar and task bar


class App:
    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 settings_warning: str | None = None, windowed: bool = False, persist: bool = True) -> None:
        for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            os.environ.setdefault(hint, WM_CLASS)  # read when SDL opens the display, so before pygame.init
        pygame.init()
        theme.reset_caches()
        pygame.key.set_repeat(350, 40)
        self.settings = settings if settings is not None else Settings()
        self.persist = persist  # False in tests: never write the user's files
        self.settings_warning = settings_warning
        self.tr = Tr(self.settings.language)
        self.windowed = windowed
        self.screen = self._open(size)
        self.size = self.screen.get_size()
        self.art = CardArt()
        self.sound = Sound(self.settings.volume, self.settings.mute)
        self.stack: list[tuple[Scene, ResultCallback | None]] = []
        self.running = True
        self.exit_code = 0
        self.clock = pygame.time.Clock()
        self.frame_ms: deque[float] = deque(maxlen=600)
        self.toasts: list[tuple[str, float]] = []  # (words, until when), oldest first
        self.toasts_seen: set[str] = set()  # the words already drawn on the current screen
        pygame.display.set_caption(self.tr("app.title"))

    # ---- window ---------------------------------------------------------------------------
    def _open(self, size: tuple[int, int] | None) -> pygame.Surface:
        if self.settings.fullscreen and not self.windowed and size is None:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        if size is None:
            size, _ = window_size_for(self.settings.window_size)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / 1280, h / 720)

    def apply_display(self) -> None:
        """Window/fullscreen after a settings change."""
        if self.settings.fullscreen:
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        if not self.settings.fullscreen:
            size = self.size if self.size[0] >= MIN_SIZE[0] else (1280, 720)
            if self.settings.window_size != "auto":
                size, _ = window_size_for(self.settings.window_size)
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())

    def apply_window_size(self) -> str | None:
        """Resize the window to the size setting at once; returns what the player
        should be told (the size did not fit the screen, or waits for windowed mode)."""
        size, clamped = window_size_for(self.settings.window_size)
        if self.settings.fullscreen:
            return str(self.tr("settings.size_when_windowed"))
        if self.settings.window_size != "auto":
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            keep_on_screen(self.screen.get_size())
            self._resized(self.screen.get_size())
        if clamped:
            return str(self.tr("settings.size_clamped", asked=self.settings.window_size, w=size[0], h=size[1]))
        return None

    def _resized(self, size: tuple[int, int]) -> None:
        self.size = (max(320, size[0]), max(240, size[1]))
        for scene, _ in self.stack:
            scene.layout(*self.size)

    def apply_settings(self) -> None:
        self.tr = Tr(self.settings.language)
        self.sound.set(self.settings.volume, self.settings.mute)
        pygame.display.set_caption(self.tr("app.title"))
        if self.persist:
            err = save_settings(self.settings)
            if err:
                self.toast(err)
        for scene, _ in self.stack:
            scene.layout(*self.size)

    # ---- scene stack -------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1][0] if self.stack else None

    def new_screen(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the screen ``name`` (the router: :mod:`game.ui.screens`)."""
        from game.ui.screens import screen

        return screen(self, name, *args, **kwargs)

    def push(self, scene: Scene, on_result: ResultCallback | None = None) -> Scene:
        if self.stack:
            self.stack[-1][0].covered()
        self._screen_changed()
        self.stack.append((scene, on_result))
        scene.enter()
        return scene

    def pop(self, scene: Scene | None = None, result: Any = None) -> None:
        """Close ``scene`` (the top one by default) and give its result to its callback."""
        if not self.stack:
            return
        idx = len(self.stack) - 1
        if scene is not None:
            idx = next((i for i in range(len(self.stack) - 1, -1, -1) if self.stack[i][0] is scene), -1)
            if idx < 0:
                return
        closed, callback = self.stack.pop(idx)
        self._screen_changed()
        closed.leave()
        if self.stack and idx == len(self.stack):
            self.stack[-1][0].resume()
        if callback is not None:
            callback(result)

    def reset(self, scene: Scene) -> None:
        """Close every scene and start again from ``scene`` (back to the title...)."""
        while self.stack:
            s, _ = self.stack.pop()
            s.leave()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def toast(self, text: str, seconds: float = 4.0) -> None:
        """A short message over the screen. The same words again refresh the toast
        already there (it moves to the end and stays the longer of the two times)
        instead of stacking a copy."""
        until = time.monotonic() + seconds
        for t, old in self.toasts:
            if t == text:
                until = max(until, old)
        self.toasts = [(t, old) for t, old in self.toasts if t != text] + [(text, until)]
        self.toasts_seen.discard(text)  # news again: it may explain the next screen

    def _screen_changed(self) -> None:
        """A scene opened or closed: the toasts the player already saw belong to the
        screen they were on and go; those not drawn yet (raised just before the
        change, usually its reason: a failed load, a closed connection) carry over."""
        self.toasts = [(t, until) for t, until in self.toasts if t not in self.toasts_seen]
        self.toasts_seen.clear()

    # ---- frame -----------------------------------------------------------------------------------
    def step(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """One frame: input, update, draw (the tests call this directly)."""
        t0 = time.perf_counter()
        for event in (pygame.event.get() if events is None else events):
            if event.type == pygame.QUIT:
                self.quit(0)
                continue
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
                if (w, h) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                    self.toast(self.tr("app.min_size", w=MIN_SIZE[0], h=MIN_SIZE[1]))
                self._resized((w, h))
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self._resized(self.screen.get_size())
                continue
            top = self.top
            if top is not None:
                top.handle(event)
        for scene, _ in list(self.stack):
            scene.update(dt)
        self.draw(self.screen)
        self.frame_ms.append((time.perf_counter() - t0) * 1000)

    def draw(self, surf: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0].opaque:
                start = i
                break
        if not self.stack or not self.stack[start][0].opaque:
            surf.fill(theme.BG)
        for i in range(start, len(self.stack)):
            scene = self.stack[i][0]
            if i > start and not scene.opaque and scene.dim_below:
                surf.blit(theme.translucent(surf.get_size(), (0, 0, 0), scene.dim_below, 0), (0, 0))
            scene.draw(surf)
        self._draw_toasts(surf)

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        now = time.monotonic()
        self.toasts = [(t, until) for t, until in self.toasts if until > now][-4:]
        y = self.top.toast_top() if self.top is not None else int(self.size[1] * 0.12)
        s = self.scale
        for text, _ in self.toasts:
            self.toasts_seen.add(text)
            t = theme.fit_text(text, int(18 * s), int(self.size[0] * 0.7), theme.TEXT, "bold")
            r = t.get_rect(midtop=(self.size[0] // 2, y)).inflate(int(28 * s), int(14 * s))
            theme.panel(surf, r, (16, 16, 20), theme.ACCENT, int(8 * s), alpha=230)
            surf.blit(t, t.get_rect(center=r.center))
            y = r.bottom + int(8 * s)

    def run(self, max_seconds: float | None = None, max_frames: int | None = None) -> int:
        """The frame loop. ``max_frames`` stops after that many frames (the start-up
        measurement uses 1: the time to the first frame on screen)."""
        start = time.monotonic()
        frames = 0
        try:
            while self.running and self.stack:
                dt = self.clock.tick(FPS) / 1000.0
                self.step(min(dt, 0.1))
                pygame.display.flip()
                frames += 1
                if max_seconds is not None and time.monotonic() - start > max_seconds:
                    break
                if max_frames is not None and frames >= max_frames:
                    break
        except Exception as exc:  # a bug: keep the details for a report, tell the player in one line
            where = crash_report(exc)
            print(f"the table stopped on an unexpected error ({type(exc).__name__}: {exc}); details in {where}",
                  file=sys.stderr)
            self.exit_code = 1
        finally:
            self.close()
        return self.exit_code

    def close(self) -> None:
        while self.stack:
            s, _ = self.stack.pop()
            s.leave()

    def screenshot(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))


def desktop_size() -> tuple[int, int]:
    """The screen's size (the first display's), or a common laptop size when unknown."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    if sizes and sizes[0][0] > 0 and sizes[0][1] > 0:
        return int(sizes[0][0]), int(sizes[0][1])
    info = pygame.display.Info()
    return info.current_w or 1600, info.current_h or 900


def keep_on_screen(size: tuple[int, int]) -> None:
    """Move a window that a new size pushed past the screen's edges back onto it (a
    resized window keeps its top-left corner: a 1280 × 720 window in the middle of a
    1920 × 1080 screen, made 1920 × 1000, would hang off it until the next start)."""
    try:
        x, y = pygame.display.get_window_position()
    except pygame.error:
        return  # no window to move (a headless display)
    dw, dh = desktop_size()
    nx = max(0, min(x, dw - size[0]))
    ny = max(0, min(y, dh - FIT_MARGIN // 2 - size[1]))  # clear of a task bar at the bottom
    if (nx, ny) != (x, y):
        with contextlib.suppress(pygame.error):
            pygame.display.set_window_position((nx, ny))


def window_size_for(choice: str) -> tuple[tuple[int, int], bool]:
    """The window size a settings choice (game/ui/settings.py WINDOW_SIZES) gives on
    this screen, and whether a fixed size had to shrink to fit the screen."""
    dw, dh = desktop_size()
    if choice == "fit":  # the whole screen but the room a title bar and a task bar take
        return (max(MIN_SIZE[0], dw), max(MIN_SIZE[1], dh - FIT_MARGIN)), False
    try:
        w, h = (int(v) for v in choice.split("x"))
    except ValueError:  # "auto" (and anything unknown): a size for the screen
        return ((1600, 900) if dw >= 1700 and dh >= 1000 else (1280, 720)), False
    fw, fh = max(MIN_SIZE[0], min(w, dw)), max(MIN_SIZE[1], min(h, dh - FIT_MARGIN))
    return (fw, fh), (fw, fh) != (w, h)


def crash_report(exc: BaseException) -> Path | str:
    """Write the traceback to the user's data folder (the game itself is autosaved)."""
    import traceback

    from game.core.userdirs import data_dir

    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    path = data_dir() / "crash.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError:
        return "(no writable data folder)"
    return path


def run_app(args: argparse.Namespace) -> int:
    """The ``play`` command: open the window on the title screen (or run the tour)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    first_start = not settings_path().exists()  # the title offers a lesson on the very first start
    settings, warning = load_settings()
    size = None
    if getattr(args, "size", None):
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
            if size != (w, h):
                print(f"play: --size {w}x{h} is below the minimum {MIN_SIZE[0]}x{MIN_SIZE[1]}: "
                      f"the window opens at {size[0]}x{size[1]}", file=sys.stderr)
        except ValueError:
            print(f"play: --size must look like 1280x720, not {args.size!r}", file=sys.stderr)
            return 2
    shots = getattr(args, "screenshot_dir", None)
    try:
        app = App(settings, size, warning, windowed=getattr(args, "windowed", False) or bool(shots))
    except pygame.error as exc:
        print(f"the table cannot open a window: {exc}", file=sys.stderr)
        return 1
    if shots:
        from game.ui.capture import tour

        return int(tour(app, Path(shots), getattr(args, "lang", None), getattr(args, "tour_game", "all")))
    from game.ui.games import tidy_saves

    tidy_saves()
    app.push(app.new_screen("title", first_start=first_start))
    try:
        return app.run(max_frames=getattr(args, "frames", None))
    finally:
        pygame.quit()
