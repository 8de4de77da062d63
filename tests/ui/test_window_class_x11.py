"""The window's class as the X server reports it: ``RealmsTable``, whatever command
started the table (desktops group the window and match its menu entry by it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xserver import wait_for_window, window_property, xvfb

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[list[str]]:
    out = [[sys.executable, "-m", "game"]]
    script = shutil.which("realms-table", path=str(Path(sys.executable).parent))
    if script:  # the command pip installs (pygame's default class would be "realms-table")
        out.append([script])
    return out


@pytest.mark.parametrize("command", _commands(), ids=lambda c: Path(c[-1]).name)
def test_the_x_server_sees_the_window_class_realms_table(command: list[str], tmp_path: Path) -> None:
    with xvfb() as display:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}  # the real X11 driver
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", REALMS_TABLE_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([*command, "--windowed"], env=env, cwd=tmp_path, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            wid = wait_for_window(display, "Realms Table", 60, alive=proc)
            assert window_property(display, wid, "WM_CLASS") == 'WM_CLASS(STRING) = "RealmsTable", "RealmsTable"'
        finally:
            proc.terminate()
            proc.communicate(timeout=20)
