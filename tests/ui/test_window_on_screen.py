"""A window size chosen in Settings keeps the window on the screen (issue 55, item 15):
1920 × 1080 chosen on a 1920 × 1080 screen used to leave the window hanging off its right
and bottom edges until the next start (a resized window keeps its top-left corner).
Checked as the X server reports the window (Xvfb, xwininfo), not as the program thinks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import json, subprocess, sys
import pygame
from game.ui.app import App
from game.ui.settings import Settings
app = App(Settings(window_size="1280x720"), persist=False)
pygame.display.set_window_position((320, 180))  # where a window manager centres a 1280 x 720 window
app.step(1 / 60, [])
app.settings.window_size = "1920x1080"
app.apply_window_size()
for _ in range(3):
    app.step(1 / 60, [])
out = subprocess.run(["xwininfo", "-id", str(pygame.display.get_wm_info()["window"])],
                     capture_output=True, text=True, check=True).stdout
got = {}
for line in out.splitlines():
    key, _, value = line.strip().partition(":")
    if key in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"):
        got[key] = int(value)
print(json.dumps(got))
app.close()
"""


@pytest.mark.skipif(not (shutil.which("xvfb-run") and shutil.which("xwininfo")), reason="needs Xvfb and xwininfo")
def test_the_largest_size_on_a_screen_that_size_keeps_the_window_on_it(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "REALMS_TABLE_HOME": str(tmp_path),
           "PYTHONPATH": str(ROOT)}
    run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-c", SCRIPT],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    w = json.loads(run.stdout.strip().splitlines()[-1])
    x, y, width, height = w["Absolute upper-left X"], w["Absolute upper-left Y"], w["Width"], w["Height"]
    assert (width, height) == (1920, 1000)  # the screen less the room of a title bar and a task bar
    assert x >= 0 and y >= 0 and x + width <= 1920 and y + height <= 1080, w
