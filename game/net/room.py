"""The host's chairs: who sits where, with which token, and what each one missed.

The socket loop (``host.py``) and the game bookkeeping are separate concerns: this
module knows the seats of a LAN game (remote players and AI), their tokens and
connection state, the lobby and seat-status messages built from them, and the
sidecar file that lets ``host --resume`` give every player back their chair.
"""

from __future__ import annotations

import json
import secrets
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.atomic import write_text_atomic
from game.core.docs import load_json, read_text
from game.core.errors import DataError
from game.net.own_decks import Brought

SIDECAR_KIND = "realms-table-lan-seats"
SIDECAR_VERSION = 1
LOG_UPDATES = 512  # updates kept per seat so a reconnecting client gets exactly what it missed


@dataclass
class HostSeat:
    index: int
    kind: str  # "remote" (a player over the network) or "ai"
    agent: str = ""
    name: str = ""
    token: str | None = None
    peer: Any = None  # the host's Peer while connected
    ready: bool = False
    dropped_at: float | None = None
    taken_over: bool = False
    deck: Brought | None = None  # the deck of its own this seat brought (own_decks.py); None: the host's
    # the game stream of a remote seat
    sent_view: dict[str, Any] | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)
    log: deque[tuple[int, int, list[dict[str, Any]]]] = field(default_factory=lambda: deque(maxlen=LOG_UPDATES))

    @property
    def claimed(self) -> bool:
        return self.token is not None

    @property
    def connected(self) -> bool:
        return self.peer is not None

    def status(self) -> str:
        """open | connected | waiting | ai (as shown in the lobby and at the table)."""
        if self.kind == "ai" or self.taken_over:
            return "ai"
        if self.connected:
            return "connected"
        return "waiting" if self.claimed else "open"

    def claim(self, name: str) -> str:
        self.token = secrets.token_hex(16)
        self.name = name
        self.ready = False
        self.deck = None
        return self.token

    def free(self) -> None:
        self.token = None
        self.name = ""
        self.ready = False
        self.deck = None
        self.peer = None
        self.dropped_at = None

    def missed_since(self, last: int | None) -> tuple[list[dict[str, Any]], bool]:
        """Events of the updates after action count ``last`` (and whether some were
        already forgotten). ``last`` None: a client with no view yet needs none."""
        if last is None:
            return [], False
        events: list[dict[str, Any]] = []
        truncated = bool(self.log) and self.log[0][0] > last
        for before, _after, batch in self.log:
            if before >= last:
                events.extend(batch)
        return events, truncated


def ai_name(agent: str, index: int) -> str:
    return f"{agent.capitalize()} AI {index + 1}"


def seats_of(kinds: list[str]) -> list[HostSeat]:
    """The seats of a new game: "remote" (open for a player) or an agent name per seat."""
    return [HostSeat(i, "remote") if k == "remote" else HostSeat(i, "ai", k, ai_name(k, i)) for i, k in enumerate(kinds)]


def unique_name(name: str, seats: list[HostSeat], index: int) -> str:
    """``name`` for seat ``index``, or "name (2)", "name (3)"... when another seat,
    a player's or an AI's, has it already (in any case: "ana" is Ana's), so that
    nobody can pass for another seat at the table or in the log."""
    taken = {s.name.casefold() for s in seats if s.index != index and (s.claimed or s.kind == "ai") and s.name}
    if name.casefold() not in taken:
        return name
    k = 2
    while f"{name} ({k})".casefold() in taken:
        k += 1
    return f"{name} ({k})"


def seat_entries(seats: list[HostSeat], now: float, takeover_after: float | None) -> list[dict[str, Any]]:
    out = []
    for s in seats:
        entry: dict[str, Any] = {"seat": s.index, "name": s.name, "kind": s.kind, "agent": s.agent or None,
                                 "status": s.status(), "ready": s.ready or s.kind == "ai"}
        if s.status() == "waiting" and s.dropped_at is not None and takeover_after is not None:
            entry["takeover_in"] = round(max(0.0, takeover_after - (now - s.dropped_at)), 1)
        if s.deck is not None:
            entry["deck"] = s.deck.name
        out.append(entry)
    return out


def can_start(seats: list[HostSeat]) -> bool:
    return all(s.kind == "ai" or (s.connected and s.ready) for s in seats)


# ---- the sidecar next to the autosave ------------------------------------------------
def sidecar_path(save: Path) -> Path:
    return save.with_name(save.name + ".lan.json")


def write_sidecar(save: Path, host_name: str, seats: list[HostSeat]) -> None:
    doc = {
        "kind": SIDECAR_KIND,
        "version": SIDECAR_VERSION,
        "host": host_name,
        "seats": [{"kind": s.kind, "agent": s.agent, "name": s.name, "token": s.token, "taken_over": s.taken_over}
                  for s in seats],
    }
    write_text_atomic(sidecar_path(save), json.dumps(doc, indent=1) + "\n")


def read_sidecar(save: Path) -> tuple[str, list[HostSeat]] | None:
    """The seats saved next to ``save``; None when there is no sidecar. A file of any
    other shape is a one-line DataError (read through game/core/docs.py)."""
    path = sidecar_path(save)
    if not path.exists():
        return None
    where = str(path)
    doc = load_json(read_text(path), where, "a LAN seats file")
    if not isinstance(doc, dict) or doc.get("kind") != SIDECAR_KIND or doc.get("version") != SIDECAR_VERSION:
        raise DataError(where, "cannot read the LAN seats (not a LAN seats file of this version)")
    host = doc.get("host")
    entries = doc.get("seats")
    if not isinstance(host, (str, type(None))) or not isinstance(entries, list):
        raise DataError(where, "cannot read the LAN seats (host must be a text and seats a list)")
    seats = [_sidecar_seat(i, entry, where) for i, entry in enumerate(entries)]
    return host or "Realms Table", seats


def _sidecar_seat(i: int, entry: Any, where: str) -> HostSeat:
    """Seat ``i`` of a seats file: ``kind`` remote or ai; agent, name and token texts
    (or missing); ``taken_over`` true or false (or missing)."""
    if not isinstance(entry, dict) or entry.get("kind") not in ("remote", "ai"):
        raise DataError(where, f"cannot read the LAN seats (seat {i}: not a remote or ai seat)")
    texts = [entry.get(key) for key in ("agent", "name", "token")]
    if not all(isinstance(v, (str, type(None))) for v in texts) \
            or not isinstance(entry.get("taken_over", False), bool):
        raise DataError(where, f"cannot read the LAN seats (seat {i}: agent, name and token must be texts)")
    agent, name, token = (v or "" for v in texts)
    return HostSeat(i, entry["kind"], agent, name, token or None, taken_over=entry.get("taken_over", False))
