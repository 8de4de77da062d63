"""The player's progress through the puzzles: solved or not, how many tries, the best solve.

It is kept in ``<data>/puzzles/progress.json`` (the folder of the player's own puzzles,
whose listing reads ``*.toml`` files only, so this file is never taken for a puzzle),
written atomically. A progress file that cannot be read, or is not what this module
writes, is set aside as ``progress.json.bad`` and the player is told why in one line; a
write that fails is said, never raised. When a bad file cannot even be set aside, nothing
is written over it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.userdirs import data_dir

VERSION = 1
FILE = "progress.json"
SET_ASIDE = ".bad"  # the suffix of a progress file that could not be read (kept for the player to look at)


@dataclass
class Entry:
    """One puzzle's progress: solved at least once, the tries that reached a verdict, and
    the fewest of the player's moves in a solve (None before the first)."""

    solved: bool = False
    attempts: int = 0
    best: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"solved": self.solved, "attempts": self.attempts, "best": self.best}


def progress_path() -> Path:
    return data_dir() / "puzzles" / FILE


def _count(raw: object, where: str, nullable: bool = False) -> int | None:
    if raw is None and nullable:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise ValueError(f"{where} must be a whole number, not {raw!r}")
    return raw


def parse_progress(text: str) -> dict[str, Entry]:
    """The entries of a progress file's text; ValueError with a one-line reason."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION or not isinstance(doc.get("puzzles"), dict):
        raise ValueError(f"not a progress file of version {VERSION}")
    out: dict[str, Entry] = {}
    for pid, raw in doc["puzzles"].items():
        if not isinstance(raw, dict) or not isinstance(raw.get("solved"), bool):
            raise ValueError(f"the entry of {pid!r} is not a progress entry")
        attempts = _count(raw.get("attempts", 0), f"{pid}.attempts")
        out[pid] = Entry(raw["solved"], attempts or 0, _count(raw.get("best"), f"{pid}.best", nullable=True))
    return out


class Progress:
    """Every puzzle's progress, read once and written after each verdict."""

    def __init__(self, path: Path | None = None, keep: bool = True) -> None:
        """``keep`` False: progress for this run only, no file read or written (an app that
        writes none of the player's files)."""
        self.path = path if path is not None else progress_path()
        self.keep = keep
        self.entries: dict[str, Entry] = {}
        self.problem: str | None = None  # why the file on disk was not read (a toast says it once)
        self.locked = False  # a bad file that could not be set aside: never written over
        if keep:
            self._read()

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):  # no progress yet (or no folder to hold it)
            return
        except (OSError, UnicodeDecodeError) as exc:
            self._set_aside(str(getattr(exc, "strerror", None) or exc))
            return
        try:
            self.entries = parse_progress(text)
        except ValueError as exc:
            self._set_aside(str(exc))

    def _set_aside(self, reason: str) -> None:
        """A file that is not a progress file: renamed, so the next write starts afresh and
        the old one stays for the player to look at."""
        aside = self.path.with_name(self.path.name + SET_ASIDE)
        try:
            os.replace(self.path, aside)
        except OSError as exc:
            self.locked = True
            self.problem = f"{self.path}: {reason}; it could not be set aside ({exc.strerror or exc}), " \
                           f"so progress is not saved"
            return
        self.problem = f"{self.path}: {reason}; set aside as {aside.name}"

    def of(self, pid: str) -> Entry:
        return self.entries.get(pid, Entry())

    def record(self, pid: str, solved: bool, moves: int) -> str | None:
        """A try at ``pid`` reached its verdict: counted, kept, saved. The one-line reason
        when the file could not be written (None when it was)."""
        entry = self.entries.setdefault(pid, Entry())
        entry.attempts += 1
        if solved:
            entry.solved = True
            entry.best = moves if entry.best is None else min(entry.best, moves)
        return self.save()

    def save(self) -> str | None:
        if not self.keep:
            return None
        if self.locked:
            return self.problem
        doc = {"version": VERSION, "puzzles": {pid: e.to_dict() for pid, e in sorted(self.entries.items())}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self.path, json.dumps(doc, indent=1) + "\n")
        except OSError as exc:
            return f"{self.path}: progress not saved ({exc.strerror or exc})"
        return None
