"""Shared test set-up: headless SDL, the user's folders (settings, saves, history,
logs) in a scratch folder for the whole run, programs started by the tests included,
and the repository root on the path."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

if "REALMS_TABLE_HOME" not in os.environ:
    _home = tempfile.mkdtemp(prefix="realms-tests-home-")
    os.environ["REALMS_TABLE_HOME"] = _home
    atexit.register(shutil.rmtree, _home, ignore_errors=True)
if os.environ.get("PYTEST_XDIST_WORKER"):  # each worker process its own folders (it inherited the run's)
    _mine = Path(os.environ["REALMS_TABLE_HOME"]) / os.environ["PYTEST_XDIST_WORKER"]
    _mine.mkdir(parents=True, exist_ok=True)
    os.environ["REALMS_TABLE_HOME"] = str(_mine)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
