"""The seats this player holds at LAN games, so that leaving a game and joining it
again gives the seat back.

A LAN host hands each player a token that *is* the seat (PROTOCOL.md §3): a
``hello`` with it takes the seat back, even after the game has started. The table
keeps the token of every game it joins in the user's data folder, keyed by the
host's id (random per running host; in discovery replies and in ``welcome``) and
the game, with the address the host was reached at for a game typed by hand. A
token is forgotten when its game ends, when the player leaves the lobby, or when
the host no longer knows it.

The file is written atomically; a file or an entry that cannot be read is ignored
with a one-line logged reason (the player then joins as a newcomer), never a crash.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.docs import load_json, read_text
from game.core.errors import DataError
from game.core.userdirs import data_dir

FILE_KIND = "realms-table-lan-seats"
FILE_VERSION = 1
KEEP = 16  # entries kept, newest first: host ids change with every host run, old ones lead nowhere
MAX_AGE_S = 14 * 24 * 3600.0

log = logging.getLogger("realms.lan")


@dataclass(frozen=True)
class SeatToken:
    """The seat held at one game: the host's id and game, where it was reached, the seat."""

    host_id: str  # "" when the host did not say (an older host)
    game: str
    address: str
    port: int
    seat: int
    name: str
    token: str
    saved: float  # time.time() when it was stored


def default_path() -> Path:
    return data_dir() / "lan-seats.json"


def load(path: Path | None = None) -> list[SeatToken]:
    """The stored seats, newest first ([] when there is no file or it cannot be read)."""
    file = path or default_path()
    if not file.exists():
        return []
    try:
        doc = load_json(read_text(file), str(file), "a LAN seats file")
    except DataError as exc:  # a pipe, a folder, damaged text: the join list starts without
        log.warning("%s: ignored, cannot read the LAN seats (%s)", file, exc.reason)
        return []
    if not isinstance(doc, dict) or doc.get("kind") != FILE_KIND or doc.get("version") != FILE_VERSION \
            or not isinstance(doc.get("seats"), list):
        log.warning("%s: ignored, not a LAN seats file of version %d", file, FILE_VERSION)
        return []
    out = []
    for i, raw in enumerate(doc["seats"]):
        entry = _entry(raw)
        if entry is None:
            log.warning("%s: seat entry %d ignored (missing or wrong fields)", file, i)
            continue
        out.append(entry)
    out.sort(key=lambda e: e.saved, reverse=True)
    return out


def _entry(raw: Any) -> SeatToken | None:
    if not isinstance(raw, dict):
        return None
    text = ("host_id", "game", "address", "name", "token")
    if not all(isinstance(raw.get(k), str) for k in text) or not raw["token"] or not raw["game"]:
        return None
    port, seat, saved = raw.get("port"), raw.get("seat"), raw.get("saved")
    if not (isinstance(port, int) and 0 < port < 65536 and isinstance(seat, int) and seat >= 0
            and isinstance(saved, (int, float))):
        return None
    return SeatToken(raw["host_id"], raw["game"], raw["address"], port, seat, raw["name"], raw["token"], float(saved))


def find(host_id: str, game: str | None, address: str, port: int, path: Path | None = None) -> SeatToken | None:
    """The seat held at the host ``host_id`` (if known) for ``game`` (None: any game),
    else at ``address``:``port``. A host known by its id is that game only: a new game
    hosted later at the same address has another id, and holds no seat of ours."""
    entries = [e for e in load(path) if game is None or e.game == game]
    if host_id:
        for e in entries:
            if e.host_id == host_id:
                return e
    for e in entries:
        if e.address == address and e.port == port and not (host_id and e.host_id):
            return e
    return None


def remember(entry: SeatToken, path: Path | None = None) -> bool:
    """Store ``entry``, replacing the older entry of the same game at the same host or
    address. False (with a logged reason) when the file cannot be written."""
    kept = [e for e in load(path) if not _same_place(e, entry) and e.token != entry.token
            and entry.saved - e.saved < MAX_AGE_S]
    return _write([entry, *kept][:KEEP], path)


def forget(token: str, path: Path | None = None) -> bool:
    """Drop the entry holding ``token`` (the game ended, or the host no longer knows it)."""
    entries = load(path)
    kept = [e for e in entries if e.token != token]
    return len(kept) == len(entries) or _write(kept, path)


def _same_place(a: SeatToken, b: SeatToken) -> bool:
    if a.game != b.game:
        return False
    return (bool(a.host_id) and a.host_id == b.host_id) or (a.address == b.address and a.port == b.port)


def _write(entries: list[SeatToken], path: Path | None) -> bool:
    file = path or default_path()
    doc = {"kind": FILE_KIND, "version": FILE_VERSION, "seats": [asdict(e) for e in entries]}
    try:
        write_text_atomic(file, json.dumps(doc, indent=1) + "\n")
    except OSError as exc:
        log.warning("%s: cannot store the LAN seats (%s)", file, exc.strerror or exc)
        return False
    return True
