"""Where the table keeps a player's settings and saved games.

Each desktop system has its own convention (XDG on Linux, ``%APPDATA%`` on
Windows, ``~/Library/Application Support`` on macOS); this module answers
"where do my files go" once, without the ``platformdirs`` dependency.
``REALMS_TABLE_HOME`` overrides everything (tests, portable installs): config, data
and logs then live in ``$REALMS_TABLE_HOME/config``, ``/data`` and ``/logs``.
It also says whether a folder is safe for this user's saves (:func:`folder_problem`).
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
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


def log_dir() -> Path:
    """The log and crash reports folder (not created here): XDG's state folder on
    Linux, ``%LOCALAPPDATA%`` on Windows (logs stay on this computer), ``~/Library/Logs``
    on macOS (where Console.app looks)."""
    override = os.environ.get("REALMS_TABLE_HOME")
    if override:
        return Path(override) / "logs"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or _home() / "AppData" / "Local"
        return Path(local) / APP / "Logs"
    if sys.platform == "darwin":
        return _home() / "Library" / "Logs" / APP
    return Path(os.environ.get("XDG_STATE_HOME") or _home() / ".local" / "state") / APP / "logs"


def saves_dir() -> Path:
    return data_dir() / "saves"


def lan_saves_dir() -> Path:
    """The headless LAN host's autosaves (apart from the table's own saves)."""
    return data_dir() / "lan"


def folder_problem(folder: str | os.PathLike[str]) -> str | None:
    """Why ``folder`` is no safe place for this user's saves, in one line; None when
    it is. On POSIX a folder that belongs to another user, or that others may write
    to without the sticky bit, lets them swap the save or the seats file (with its
    tokens) under the host. A folder writable by the user's own primary group passes:
    with the usual one-user groups (umask 002) every folder the user makes is so.
    Windows keeps no such owner bits: every folder passes."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return None
    try:
        st = os.stat(folder)
    except OSError as exc:
        return f"cannot use the folder {folder} ({exc.strerror or exc})"
    if not stat.S_ISDIR(st.st_mode):
        return f"{folder} is not a folder"
    if st.st_uid != getuid():
        return f"the folder {folder} belongs to another user (uid {st.st_uid}): save in a folder of your own"
    others = stat.S_IWOTH | (stat.S_IWGRP if st.st_gid != os.getgid() else 0)
    if st.st_mode & others and not st.st_mode & stat.S_ISVTX:
        return f"other users may write in the folder {folder}: save in a folder of your own (or chmod go-w it)"
    return None


def private_folder(folder: str | os.PathLike[str]) -> str | None:
    """Create ``folder`` if it is missing (readable by this user only) and check it
    with :func:`folder_problem`; the one-line reason it cannot hold saves, or None."""
    try:
        Path(folder).mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create the folder {folder} ({exc.strerror or exc})"
    return folder_problem(folder)


@contextmanager
def scratch_home() -> Iterator[Path]:
    """A temporary ``REALMS_TABLE_HOME`` while the block runs (the screenshot tour's
    saves and history), the player's own folders neither read nor touched."""
    before = os.environ.get("REALMS_TABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="realms-home-") as home:
        os.environ["REALMS_TABLE_HOME"] = home
        try:
            yield Path(home)
        finally:
            if before is None:
                os.environ.pop("REALMS_TABLE_HOME", None)
            else:
                os.environ["REALMS_TABLE_HOME"] = before
