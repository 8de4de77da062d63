"""The history of finished games, kept in the user's data folder for replays and statistics.

Whoever hosts a game keeps its *full* record when it ends: a local game (hotseat, against
AI) and the LAN host write a save file (setup, seed, actions, state hash) whose ``meta``
carries a ``history`` table (who sat where, AI levels, winner, turns, how it was played).
A LAN client never has the record: it keeps a *seen* record instead, what its seat
received while the game ran (the setup words, the first view, then each batch of events
with the view patch the host sent), which a replay steps through without an engine.
Nothing new travels on the wire for it.

Files are written atomically and named by date and game; beyond the cap (500 games, the
``history_cap`` of the settings file) the oldest are dropped. A failed write is reported
by the caller in one line and never stops a game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core.atomic import write_text_atomic
from game.core.docs import Doc, load_json, read_text
from game.core.errors import DataError
from game.core.game import GameState
from game.core.record import SaveRecord
from game.core.userdirs import config_dir, data_dir

SEEN_KIND = "realms-table-seen"
SEEN_VERSION = 1
DEFAULT_CAP = 500
MAX_CAP = 100_000
CAP_KEY = "history_cap"  # the settings file's key (game/ui/settings.py)
MODES = ("hotseat", "ai", "local", "lan-host", "lan-client")


def history_dir() -> Path:
    return data_dir() / "history"


def history_cap() -> int:
    """The number of games kept: the settings file's ``history_cap`` when it is a sane
    integer, else the default (a broken settings file is the settings screen's to report)."""
    try:
        doc = load_json(read_text(config_dir() / "settings.json"), "settings")
    except (OSError, DataError, ValueError):
        return DEFAULT_CAP
    value = doc.get(CAP_KEY) if isinstance(doc, dict) else None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_CAP:
        return value
    return DEFAULT_CAP


def winners(winner: object) -> list[int]:
    """A state's ``winner`` (a seat, a tuple of seats, None) as a list of seats."""
    if isinstance(winner, bool) or winner is None:
        return []
    if isinstance(winner, int):
        return [winner]
    if isinstance(winner, (tuple, list)):
        return [int(w) for w in winner if isinstance(w, int) and not isinstance(w, bool)]
    return []


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 64


def check_meta(meta: Doc, where: str) -> None:
    """Refuse a ``history`` table whose fields have the wrong shape (DataError, one line):
    the lists and the statistics read it as :func:`game_meta` writes it. Fields it lacks
    are fine (a plain save has none)."""
    for key in ("you", "winner"):
        seats = meta.get(key, [])
        if not isinstance(seats, list) or not all(_is_seat(s) for s in seats):
            raise DataError(where, f"history {key} must be a list of seats, not {_shown(seats)}")
    players = meta.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise DataError(where, f"history players must be a list of tables, not {_shown(players)}")
    for i, player in enumerate(players):
        for key in ("name", "kind", "agent"):
            if not isinstance(player.get(key, ""), str):
                raise DataError(where, f"history players[{i}].{key} must be a text, not {_shown(player[key])}")
    for key in ("game", "mode", "date", "tag"):
        if not isinstance(meta.get(key, ""), str):
            raise DataError(where, f"history {key} must be a text, not {_shown(meta[key])}")
    turns, minutes, seat = meta.get("turns"), meta.get("minutes"), meta.get("seat")
    if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int)):
        raise DataError(where, f"history turns must be a whole number, not {_shown(turns)}")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, (int, float))):
        raise DataError(where, f"history minutes must be a number, not {_shown(minutes)}")
    if seat is not None and not _is_seat(seat):
        raise DataError(where, f"history seat must be a seat, not {_shown(seat)}")


@dataclass
class Players:
    """Who sat where: names, seat kinds (human, ai, remote), AI levels ("" for people)."""

    names: list[str]
    kinds: list[str]
    agents: list[str]
    you: list[int] = field(default_factory=list)  # the seats played on this computer

    def table(self) -> list[Doc]:
        return [{"name": n, "kind": k, "agent": a} for n, k, a in zip(self.names, self.kinds, self.agents, strict=True)]


def mode_of(kinds: list[str]) -> str:
    """How a local game was played: against AI, hotseat (several people), or local (one
    person alone, or AI only)."""
    humans = kinds.count("human")
    if "ai" in kinds and humans:
        return "ai"
    return "hotseat" if humans > 1 else "local"


def game_meta(game: str, players: Players, winner: object, turns: int | None, mode: str,
              started: float | None = None, seat: int | None = None, tag: str = "") -> Doc:
    """The ``history`` table of a finished game's file."""
    meta: Doc = {"game": game, "players": players.table(), "you": list(players.you),
                            "winner": winners(winner), "turns": turns, "mode": mode,
                            "date": time.strftime("%Y-%m-%dT%H:%M")}
    if started is not None:
        meta["minutes"] = round(max(0.0, time.time() - started) / 60.0, 1)
    if seat is not None:
        meta["seat"] = seat
    if tag:
        meta["tag"] = tag
    return meta


def new_path(folder: Path, game: str, tag: str = "") -> Path:
    """A free file name by date and game (``20261127-220412-hero_realms.json``)."""
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{game}" + (f"-{tag}" if tag else "")
    path, k = folder / f"{stem}.json", 2
    while path.exists():
        path, k = folder / f"{stem}-{k}.json", k + 1
    return path


def history_files(folder: Path | None = None) -> list[Path]:
    """The history's files, oldest first (their names begin with the date)."""
    folder = folder or history_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))


def prune(folder: Path, cap: int) -> list[Path]:
    """Drop the oldest files beyond ``cap``; returns those removed."""
    files = history_files(folder)
    dropped = files[: max(0, len(files) - cap)]
    for path in dropped:
        path.unlink(missing_ok=True)
    return dropped


def keep_full(rec: SaveRecord[GameState], state: GameState, meta: Doc, folder: Path | None = None,
              cap: int | None = None) -> Path:
    """Write a finished game's full record (a save file with its ``history`` meta) to the
    history; OSError when the folder cannot take it."""
    from game.core.record import save_meta

    folder = folder or history_dir()
    path = new_path(folder, str(meta["game"]), str(meta.get("tag", "")))
    file_meta = save_meta(state)
    file_meta["history"] = meta
    write_text_atomic(path, rec.to_json(state, file_meta) + "\n")
    prune(folder, cap if cap is not None else history_cap())
    return path


def keep_seen(seen: Doc, folder: Path | None = None, cap: int | None = None) -> Path:
    """Write a LAN client's seen record (:class:`SeenLog`'s document) to the history."""
    folder = folder or history_dir()
    meta = seen["meta"]["history"]
    path = new_path(folder, str(meta["game"]), str(meta.get("tag", "")))
    write_text_atomic(path, json.dumps(seen, ensure_ascii=False) + "\n")
    prune(folder, cap if cap is not None else history_cap())
    return path


def claim(tag: str, seat: int, folder: Path | None = None) -> Path | None:
    """Mark the full record of the LAN game ``tag`` (written by a host in this process)
    as played here from ``seat``; None when there is no such record (another computer hosted)."""
    folder = folder or history_dir()
    for path in reversed(history_files(folder)):
        if tag not in path.stem:
            continue
        doc = load_json(read_text(path), path.name, "a history file")
        meta = doc.get("meta", {}).get("history") if isinstance(doc, dict) else None
        if not isinstance(meta, dict) or meta.get("tag") != tag:
            continue
        meta["you"], meta["seat"] = [seat], seat
        write_text_atomic(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        return path
    return None


@dataclass
class SeenLog:
    """What a LAN client's seat received during a game, step by step: the first view,
    then for each update its events and either the host's view patch or a whole view
    (a resync or a resumed connection). A replay rebuilds each view from these."""

    steps: list[Doc] = field(default_factory=list)

    def view(self, view: Doc, events: list[Doc], n: int) -> None:
        self.steps.append({"n": n, "events": list(events), "view": view})

    def patch(self, patch: object, events: list[Doc], n: int) -> None:
        self.steps.append({"n": n, "events": list(events), "patch": patch})

    def document(self, game: str, setup: Doc, meta: Doc) -> Doc:
        return {"kind": SEEN_KIND, "version": SEEN_VERSION, "game": game, "setup": setup,
                "steps": self.steps, "meta": {"history": meta}}


@dataclass
class HistoryEntry:
    """A history file as the lists show it, read without replaying: its ``history`` meta
    (empty for a plain save) and whether it is a seen record."""

    path: Path
    meta: Doc
    seen: bool
    error: str | None = None


def read_entry(path: Path) -> HistoryEntry:
    """The list's line for ``path``; a malformed file gives an ``error``, never an exception."""
    try:
        doc = load_json(read_text(path), path.name, "a history file")
    except (OSError, DataError, ValueError) as exc:
        return HistoryEntry(path, {}, False, str(exc))
    if not isinstance(doc, dict):
        return HistoryEntry(path, {}, False, f"{path.name}: not a history file")
    meta = doc.get("meta", {})
    found = meta.get("history") if isinstance(meta, dict) else None
    seen = doc.get("kind") == SEEN_KIND
    if not isinstance(found, dict):
        return HistoryEntry(path, {}, seen)
    try:
        check_meta(found, path.name)
    except DataError as exc:
        return HistoryEntry(path, {}, seen, str(exc))
    return HistoryEntry(path, found, seen)


def entries(folder: Path | None = None) -> list[HistoryEntry]:
    """Every game of the history, newest first."""
    return [read_entry(p) for p in reversed(history_files(folder))]
