"""Where the player's files are, as Settings and the crash screen show them, and a
folder opened in the system's file manager when the player asks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.core.userdirs import data_dir, log_dir, saves_dir


def my_folders() -> list[tuple[str, Path]]:
    """(string key of its name, folder): the data (history, autosave, LAN saves), the
    saved games, and the log with its crash reports."""
    return [("files.data", data_dir()), ("files.saves", saves_dir()), ("files.logs", log_dir())]


def open_folder(folder: Path) -> str | None:
    """Show ``folder`` in the file manager (made first if missing); the one-line reason it
    could not be, or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if sys.platform == "win32":
            os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
            return None
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        if shutil.which(opener) is None:
            return f"no {opener} to open {folder} with"
        subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        return f"cannot open {folder} ({exc.strerror or exc})"
    return None
