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
from game.core.errors import DataError

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
        return self.token

    def free(self) -> None:
        self.token = None
        self.name = ""
        self.ready = False
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


def unique_name(name: str, seats: list[HostSeat], index: int) -> str:
    taken = {s.name for s in seats if s.index != index and s.claimed}
    if name not in taken:
        return name
    k = 2
    while f"{name} ({k})" in taken:
        k += 1
    return f"{name} ({k})"


def seat_entries(seats: list[HostSeat], now: float, takeover_after: float | None) -> list[dict[str, Any]]:
    out = []
    for s in seats:
        entry: dict[str, Any] = {"seat": s.index, "name": s.name, "kind": s.kind, "agent": s.agent or None,
                                 "status": s.status(), "ready": s.ready or s.kind == "ai"}
        if s.status() == "waiting" and s.dropped_at is not None and takeover_after is not None:
            entry["takeover_in"] = round(max(0.0, takeover_after - (now - s.dropped_at)), 1)
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
    """The seats saved next to ``save``; None when there is no sidecar."""
    path = sidecar_path(save)
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("kind") != SIDECAR_KIND or doc.get("version") != SIDECAR_VERSION:
            raise ValueError("not a LAN seats file of this version")
        seats = []
        for i, entry in enumerate(doc["seats"]):
            kind = entry["kind"]
            if kind not in ("remote", "ai"):
                raise ValueError(f"seat {i}: kind {kind!r}")
            token = entry.get("token")
            seats.append(HostSeat(i, kind, str(entry.get("agent") or ""), str(entry.get("name") or ""),
                                  token if isinstance(token, str) and token else None,
                                  taken_over=bool(entry.get("taken_over"))))
        return str(doc.get("host") or "Realms Table"), seats
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DataError(str(path), f"cannot read the LAN seats ({exc})") from None
