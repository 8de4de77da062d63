"""The standalone executable builds, starts, and passes its own self-test.

This is what a player double-clicks, so CI builds it for real (one-folder
PyInstaller build, a few tens of seconds) and runs ``--version`` and ``--selftest``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason="PyInstaller is not installed")
def test_build_and_selftest() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    res = subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--check", "--no-zip"],
                         capture_output=True, text=True, timeout=1200, env=env, cwd=ROOT)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert "self-test passed" in res.stdout
    exe = ROOT / "dist" / "RealmsTable" / ("RealmsTable.exe" if sys.platform == "win32" else "RealmsTable")
    assert exe.exists()
    # the frozen game finds its data through the same resources helper as the source tree
    internal = exe.parent / "_internal"
    assert (internal / "data" / "hero_realms" / "wild.toml").exists()
