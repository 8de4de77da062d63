"""Atomic file writes, so a crash or a full disk never leaves a half-written save.

The content goes to a temporary file in the same folder, is flushed to disk, and
then replaces the target in one ``os.replace`` (atomic on POSIX and Windows). A
process killed between the two steps leaves its temporary file behind;
:func:`remove_stale_temps` clears those leftovers when a folder is next used.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

#: how old a leftover temporary file must be before it is removed: a write in
#: progress (even one waiting on a slow disk's fsync) is never that old
STALE_AFTER_S = 60.0

_TEMP_PREFIX = "."
_TEMP_SUFFIX = ".tmp"
# what tempfile.mkstemp makes of our prefix and suffix: ".{target}." + 8 random
# characters from [a-z0-9_] + ".tmp"; nothing else in a folder is ours to remove
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{_TEMP_PREFIX}{target.name}.", suffix=_TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def is_atomic_temp(name: str) -> bool:
    """True when ``name`` is the name :func:`write_text_atomic` gives its temporary files."""
    return _TEMP_NAME.fullmatch(name) is not None


def remove_stale_temps(folder: str | os.PathLike[str], older_than: float = STALE_AFTER_S) -> list[Path]:
    """Delete the temporary files interrupted atomic writes left in ``folder``
    (only regular files named as ours, older than ``older_than`` seconds, and on
    POSIX owned by this user) and return them. A folder that is missing or
    unreadable, or a file that vanishes meanwhile, is skipped quietly: tidying up
    must never stop a start."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    uid = os.getuid() if hasattr(os, "getuid") else None
    now = time.time()
    removed: list[Path] = []
    for entry in entries:
        if not is_atomic_temp(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            if uid is not None and st.st_uid != uid:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
