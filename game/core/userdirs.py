"""Where the table keeps a player's settings and saved games.

Each desktop system has its own convention (XDG on Linux, ``%APPDATA%`` on
Windows, ``~/Library/Application Support`` on macOS); this module answers
"where do my files go" once, without the ``platformdirs`` dependency.
``REALMS_TABLE_HOME`` overrides everything (tests, portable installs): config and
data then live in ``$REALMS_TABLE_HOME/config`` and ``$REALMS_TABLE_HOME/data``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "realms-table"


def _home() -> Path:
    return Path(os.path.expanduser("~"))


def config_dir() -> Path:
    """Settings folder (not created here)."""
    override = os.environ.get("REALMS_TABLE_HOME")
    if override:
        return Path(override) / "config"
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or _home() / "AppData" / "Roaming") / APP
    if sys.platform == "darwin":
        return _home() / "Library" / "Application Support" / APP
    return Path(os.environ.get("XDG_CONFIG_HOME") or _home() / ".config") / APP


def data_dir() -> Path:
    """Saved games folder (not created here)."""
    override = os.environ.get("REALMS_TABLE_HOME")
    if override:
        return Path(override) / "data"
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or _home() / "AppData" / "Roaming") / APP / "data"
    if sys.platform == "darwin":
        return _home() / "Library" / "Application Support" / APP / "data"
    return Path(os.environ.get("XDG_DATA_HOME") or _home() / ".local" / "share") / APP


def saves_dir() -> Path:
    return data_dir() / "saves"
