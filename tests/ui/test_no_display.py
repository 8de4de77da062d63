"""With no screen (an SSH session, a server) the table says so in one line and exits
non-zero at once, instead of running forever on SDL's invisible offscreen driver.
Each case is the real program started as a player would start it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ui import display

ROOT = Path(__file__).resolve().parents[2]


def _run(env_changes: dict[str, str | None], *args: str, tmp: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", REALMS_TABLE_HOME=str(tmp), PYTHONPATH=str(ROOT))
    for k, v in env_changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "game", *args], env=env, capture_output=True, text=True, timeout=30)
    return res, time.monotonic() - t0


def _our_lines(stderr: str) -> list[str]:
    """stderr without what libwayland itself prints when SDL tries it (not ours to silence)."""
    return [line for line in stderr.splitlines() if line.strip() and "XDG_RUNTIME_DIR" not in line]


@pytest.mark.skipif(sys.platform.startswith(("win", "darwin")), reason="Linux and BSD desktops say where their screen is")
@pytest.mark.parametrize("args", [[], ["play", "--windowed"], ["join", "127.0.0.1:9"]], ids=" ".join)
def test_no_display_is_refused_in_one_line(args: list[str], tmp_path: Path) -> None:
    res, took = _run({}, *args, tmp=tmp_path)
    assert res.returncode == 1, res.stderr
    assert took < 5
    lines = _our_lines(res.stderr)
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert lines[0].startswith("the table cannot start: no display") and "--headless" in lines[0]


@pytest.mark.skipif(sys.platform.startswith(("win", "darwin")), reason="X11 displays")
def test_a_display_that_cannot_be_opened_is_refused_too(tmp_path: Path) -> None:
    """DISPLAY names a server that is not there (a stale variable): SDL falls back to its
    offscreen driver, which the table refuses."""
    res, took = _run({"DISPLAY": ":87"}, tmp=tmp_path)
    assert res.returncode == 1, res.stderr
    assert took < 5
    lines = _our_lines(res.stderr)
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert "the display :87 cannot be opened" in lines[0] and "offscreen" in lines[0]


def test_the_dummy_driver_asked_for_on_purpose_still_runs(tmp_path: Path) -> None:
    res, _ = _run({"SDL_VIDEODRIVER": "dummy"}, "play", "--frames", "3", tmp=tmp_path)
    assert res.returncode == 0, res.stderr


def test_the_reasons() -> None:
    assert display.no_display_reason({}, "linux") is not None
    assert display.no_display_reason({"DISPLAY": ":0"}, "linux") is None
    assert display.no_display_reason({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display.no_display_reason({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None  # the player's own choice
    assert display.no_display_reason({}, "win32") is None and display.no_display_reason({}, "darwin") is None
    assert display.fallback_reason("x11", {}) is None
    assert display.fallback_reason("offscreen", {"SDL_VIDEODRIVER": "offscreen"}) is None
    assert display.fallback_reason("offscreen", {"DISPLAY": ":5"}) is not None
    assert display.fallback_reason("dummy", {}) is not None
