"""The table's window: the frame loop and the scene stack.

``python -m game`` (``play``) calls :func:`run_app`. The app owns the window, the
settings, the translator, the card art cache and the sounds; scenes own
everything else. The loop sends input to the top scene, updates every scene (a
dialog's table keeps animating below it) and draws the stack from the topmost
opaque scene up: at 60 FPS while something moves, seldom while the table rests
(:mod:`game.ui.pace`). ``--screenshot-dir`` with ``--tour`` plays a
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

from game import applog
from game.ui import display, palette, theme
from game.ui.hero_realms.faces import CardArt
from game.ui.i18n import Tr
from game.ui.pace import REST_POLL_S, LoopClock, Pace
from game.ui.scene import ResultCallback, Scene
from game.ui.settings import Settings, load_settings, save_settings, settings_path, system_language
from game.ui.sound import Sound
from game.ui.widgets.basic import TextField

FPS = 60
MIN_SIZE = (960, 540)
WM_CLASS = display.WM_CLASS  # what Linux desktops group the window under (pygame's default: the script's name)
FIT_MARGIN = 80  # pixels of the screen's height left to the title bar and task bar


class App:
    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 settings_warning: str | None = None, windowed: bool = False, persist: bool = True,
                 clock: LoopClock | None = None) -> None:
        display.set_window_class()  # read when SDL's video starts, so before pygame.init
        pygame.init()
        unseen = display.fallback_reason(pygame.display.get_driver())
        if unseen is not None:
            pygame.quit()
            raise display.NoDisplay(unseen)
        theme.reset_caches()
        pygame.key.set_repeat(350, 40)
        self.settings = settings if settings is not None else Settings()
        self.persist = persist  # False in tests: never write the user's files
        self.settings_warning = settings_warning
        self.tr = Tr(self.settings.language)
        palette.use(self.settings.palette)
        theme.set_text_size(self.settings.text_size)
        self.windowed = windowed
        self.screen = self._open(size)
        self.size = self.screen.get_size()
        self.art = CardArt()
        self.sound = Sound(self.settings.volume, self.settings.mute, self.settings.music_volume)
        self.stack: list[tuple[Scene, ResultCallback | None]] = []
        self.running = True
        self.exit_code = 0
        self.clock = clock or LoopClock()
        self.frame_ms: deque[float] = deque(maxlen=600)
        self.toasts: list[tuple[str, float]] = []  # (words, until when), oldest first
        self.toasts_seen: set[str] = set()  # the words already drawn on the current screen
        self.crashed: tuple[BaseException, Path | None] | None = None  # the bug that stopped the loop, its report
        self.pace = Pace(self.clock)
        self.resting = False  # the loop rests (game/ui/pace.py): ambient motion stands still
        self.ambient_t = 0.0  # seconds of ambient motion (the menus' fan, glows): still while resting
        self.ambient_dt = 0.0  # what the last frame added to it
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
        palette.use(self.settings.palette)
        theme.set_text_size(self.settings.text_size)
        self.sound.set(self.settings.volume, self.settings.mute, self.settings.music_volume)
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
        until = self.clock.now() + seconds
        for t, old in self.toasts:
            if t == text:
                until = max(until, old)
        self.toasts = [(t, old) for t, old in self.toasts if t != text] + [(text, until)]
        self.toasts_seen.discard(text)  # news again: it may explain the next screen
        self.pace.stir()  # shown at once, not at the resting loop's next picture

    def _screen_changed(self) -> None:
        """A scene opened or closed: the toasts the player already saw belong to the
        screen they were on and go; those not drawn yet (raised just before the
        change, usually its reason: a failed load, a closed connection) carry over."""
        self.toasts = [(t, until) for t, until in self.toasts if t not in self.toasts_seen]
        self.toasts_seen.clear()

    # ---- frame -----------------------------------------------------------------------------------
    def step(self, dt: float, events: Iterable[pygame.event.Event] | None = None, draw: bool = True) -> None:
        """One frame: input, update, draw (the tests call this directly; ``draw`` False:
        the resting loop's update without a new picture)."""
        t0 = time.perf_counter()
        self.ambient_dt = 0.0 if self.resting else dt
        self.ambient_t += self.ambient_dt
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
            if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self._typing():
                self.toggle_mute()
                continue
            top = self.top
            if top is not None:
                top.handle(event)
        for scene, _ in list(self.stack):
            scene.update(dt)
        if draw:
            self.draw(self.screen)
            self.frame_ms.append((time.perf_counter() - t0) * 1000)

    def _typing(self) -> bool:
        """A text field of the top scene takes the keys (an M there is a letter, not the mute key)."""
        group = getattr(self.top, "group", None)
        return any(isinstance(w, TextField) and w.editing for w in getattr(group, "widgets", ()))

    def toggle_mute(self) -> None:
        """M: every sound off, or back on at the volumes set (kept in the settings)."""
        self.settings.mute = not self.settings.mute
        self.apply_settings()
        self.toast(self.tr("app.muted" if self.settings.mute else "app.unmuted"), 2)

    def _shown(self) -> list[Scene]:
        """The scenes drawn: from the topmost opaque one up."""
        start = next((i for i in range(len(self.stack) - 1, -1, -1) if self.stack[i][0].opaque), 0)
        return [scene for scene, _ in self.stack[start:]]

    def animating(self) -> bool:
        """Something on screen moves by itself now (a table playing events...): full frame rate."""
        return any(scene.animating() for scene in self._shown())

    def picture(self) -> object | None:
        """What the picture at rest shows, as the scenes drawn and the toasts alive say it
        (None: a scene drawn cannot say)."""
        keys = [scene.picture() for scene in self._shown()]
        if any(k is None for k in keys):
            return None
        now = self.clock.now()
        return self.size, tuple(keys), tuple(t for t, until in self.toasts if until > now)

    def draw(self, surf: pygame.Surface) -> None:
        shown = self._shown()
        if not shown or not shown[0].opaque:
            surf.fill(theme.BG)
        for i, scene in enumerate(shown):
            if i > 0 and not scene.opaque and scene.dim_below:
                surf.blit(theme.translucent(surf.get_size(), (0, 0, 0), scene.dim_below, 0), (0, 0))
            scene.draw(surf)
        self._draw_toasts(surf)

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        now = self.clock.now()
        self.toasts = [(t, until) for t, until in self.toasts if until > now][-4:]
        y = self.top.toast_top() if self.top is not None else int(self.size[1] * 0.12)
        mid, width = self.top.toast_span() if self.top is not None else (self.size[0] // 2, int(self.size[0] * 0.7))
        s = self.scale
        size = int(18 * s)
        for text, _ in self.toasts:
            self.toasts_seen.add(text)
            # a long reason wraps inside the span (two lines at most, the last fitted) rather than overflow it
            lines = theme.wrap(text, theme.font(size, "bold"), width - int(28 * s))
            if len(lines) > 2:
                lines = [lines[0], " ".join(lines[1:])]
            rows = [theme.fit_text(ln, size, width - int(28 * s), theme.TEXT, "bold") for ln in lines]
            r = pygame.Rect(0, 0, max(t.get_width() for t in rows), sum(t.get_height() for t in rows))
            r.midtop = (mid, y)
            r.inflate_ip(int(28 * s), int(14 * s))
            theme.panel(surf, r, (16, 16, 20), theme.ACCENT, int(8 * s), alpha=230)
            ty = r.top + int(7 * s)
            for t in rows:
                surf.blit(t, t.get_rect(midtop=(r.centerx, ty)))
                ty += t.get_height()
            y = r.bottom + int(8 * s)

    def run(self, max_seconds: float | None = None, max_frames: int | None = None) -> int:
        """The frame loop. ``max_frames`` stops after that many frames (the start-up
        measurement uses 1: the time to the first frame on screen). A bug stops the
        game: its report is written (``game/applog.py``), the player is told in one line
        on standard error and, unless the run was a measured one, on the crash screen."""
        try:
            self.loop(max_seconds, max_frames)
        except Exception as exc:  # a bug: keep the details for a report, tell the player where they are
            report = applog.crash_report(exc, "an unexpected error at the table")
            print(applog.one_line(exc, report, who="the table"), file=sys.stderr)
            self.exit_code = 1
            self.crashed = (exc, report)
            if max_seconds is None and max_frames is None:
                self.show_crash(exc, report)
        finally:
            self.close()
        return self.exit_code

    def loop(self, max_seconds: float | None = None, max_frames: int | None = None) -> None:
        """Frames until the app quits, its last scene closes, or a limit is reached
        (``max_frames`` counts pictures drawn). Lively, at 60 FPS; at rest, asleep until
        an event or the next update, drawing seldom (:mod:`game.ui.pace`)."""
        clock = self.clock
        start = clock.now()
        drawn = 0
        pace = self.pace
        while self.running and self.stack:
            was_resting, self.resting = self.resting, pace.resting()
            if self.resting and not was_resting:
                pace.shown = self._pixels()  # what the last lively frame left on the screen
            if self.resting:
                events = self._wait(REST_POLL_S)
                dt = clock.tick()
                now = clock.now()
                draw = bool(events) or pace.draw_due(now, self.picture())
            else:
                dt = clock.tick(FPS)
                events = pygame.event.get()
                now = clock.now()
                draw = True
            if events:
                pace.stir(now)
                self.resting = False  # the player is here: the answer to this event moves at once
            self.step(min(dt, 0.1), events, draw=draw)
            pace.frames += 1
            if self.animating():
                pace.stir(now)
            if draw:
                drawn += 1
                pace.drawn += 1
                pace.drawn_at = now
                pace.drawn_picture = self.picture()
                if self._show(fresh=not self.resting):
                    pace.flips += 1
            if max_seconds is not None and clock.now() - start > max_seconds:
                break
            if max_frames is not None and drawn >= max_frames:
                break

    def _wait(self, timeout: float) -> list[pygame.event.Event]:
        """A sleep of ``timeout`` seconds, then the events that came meanwhile. (Not
        ``pygame.event.wait``: pygame-ce waits by polling every millisecond, which costs
        a few percent of a core by itself.)"""
        self.clock.sleep(timeout)
        return pygame.event.get()

    def _show(self, fresh: bool) -> bool:
        """Send the picture drawn to the screen; at rest (``fresh`` False) only if it
        differs from the one shown last. Whether it was sent."""
        if fresh:
            self.pace.shown = None
        elif not self.pace.changed(self._pixels()):
            return False
        pygame.display.flip()
        return True

    def _pixels(self) -> bytes:
        """A copy of the picture drawn (to tell whether the next one differs)."""
        view = self.screen.get_view("1")
        try:
            return bytes(view.raw)
        finally:
            del view  # the screen stays locked while a view of it lives

    def show_crash(self, exc: BaseException, report: Path | None) -> None:
        """The crash screen, alone, until the player quits (the scenes that were open are
        closed first: a table's game is autosaved as it goes)."""
        from game.session.local import autosave_path

        while self.stack:
            scene, _ = self.stack.pop()
            try:
                scene.leave()
            except Exception:  # noqa: BLE001 (the scene that failed may fail again: the screen must show)
                continue
        self.toasts = []
        try:
            autosaved = self.persist and autosave_path().exists()
            self.push(self.new_screen("crash", f"{type(exc).__name__}: {exc}", report, autosaved))
            self.running = True
            self.loop()
        except Exception as again:  # the screen itself cannot be drawn: the one line said it all
            applog.crash_report(again, "an unexpected error on the crash screen")
        self.exit_code = 1

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


def open_app(args: argparse.Namespace) -> App | int:
    """The window of the ``play`` command, its settings loaded (the system's language
    until the player picks one); the exit status instead when it cannot open."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    settings, warning = load_settings()
    if not settings.language_chosen:
        settings.language = system_language()  # until the player picks one in Settings
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
    if shots and display.no_display_reason() is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"  # the tour's pictures need no screen: off-screen on purpose
    try:
        return App(settings, size, warning, windowed=getattr(args, "windowed", False) or bool(shots))
    except display.NoDisplay as exc:
        print(f"the table cannot start: {exc}", file=sys.stderr)
    except pygame.error as exc:
        print(f"the table cannot open a window: {exc}", file=sys.stderr)
    return 1


def run_app(args: argparse.Namespace) -> int:
    """The ``play`` command: open the window on the title screen (or run the tour)."""
    first_start = not settings_path().exists()  # the title offers a lesson on the very first start
    app = open_app(args)
    if isinstance(app, int):
        return app
    shots = getattr(args, "screenshot_dir", None)
    if shots:
        from game.ui.capture import tour

        return int(tour(app, Path(shots), getattr(args, "lang", None), getattr(args, "tour_game", "all"),
                        getattr(args, "text_size", None)))
    from game.session.local import tidy_saves

    tidy_saves()
    app.push(app.new_screen("title", first_start=first_start))
    try:
        return app.run(max_frames=getattr(args, "frames", None))
    finally:
        pygame.quit()
