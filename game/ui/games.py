"""Starting, saving and resuming local games for the table.

A game is a record (setup, seed, actions) of any game of the registry
(:mod:`game.games`: Hero Realms, Fantasy Realms) plus who sits where (human or
which AI). The seat list is stored in the record's setup under ``players`` (the
engines ignore it), so one save file restores both the position and the
opponents. The running game autosaves after every action.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.clients import LocalClient
from game.core.atomic import remove_stale_temps
from game.core.errors import DataError
from game.core.rng import fresh_seed
from game.core.userdirs import saves_dir
from game.hero_realms.record import Record
from game.session import SEAT_KINDS, SeatConfig, Session
from game.session_ai import AISeats

AI_PACE = 0.35  # seconds an AI move is held back at least, so a person can follow


@dataclass
class GameSetup:
    format: str = "ffa"
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("human", "Player 1"), SeatConfig("ai", "Bot", "random")])
    seed: int | None = None

    def record(self) -> Record:
        seed = self.seed if self.seed is not None else fresh_seed()
        rec = Record.standard(len(self.seats), self.format, seed)
        rec.setup["players"] = [asdict(s) for s in self.seats]
        return rec


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


def seats_of(rec: Any) -> list[SeatConfig]:
    """The seat list stored in a record (humans everywhere if it has none)."""
    raw = rec.setup.get("players")
    n = int(rec.setup.get("seats", 0) or 0) or (len(raw) if isinstance(raw, list) else 2)
    out: list[SeatConfig] = []
    if isinstance(raw, list):
        for i, p in enumerate(raw):
            if not isinstance(p, dict):
                raise DataError("save setup", f"players[{i}] must be a table")
            kind = p.get("kind", "human")
            if kind not in SEAT_KINDS or kind == "remote":
                kind = "human"
            out.append(SeatConfig(kind, str(p.get("name", f"Player {i + 1}"))[:24], str(p.get("agent", "random"))))
    while len(out) < n:
        out.append(SeatConfig("human", f"Player {len(out) + 1}"))
    return out


def start(rec: Any, seats: list[SeatConfig], autosave: Path | None = None, inline_ai: bool = False,
          ai_pace: float = AI_PACE) -> LocalClient:
    """A local game (hotseat and/or AI) ready for the table."""
    from game import games as registry
    from game.ai.agent import agent_names

    known = set(agent_names(registry.kind_of(rec).name))
    for s in seats:
        if s.kind == "ai" and s.agent not in known:
            s.agent = "random" if "random" in known else next(iter(known))
    session = Session(rec, seats, autosave=autosave)
    ai = AISeats(session, min_delay=ai_pace, inline=inline_ai)
    return LocalClient(session, ai)


def save(client: Any, path: Path) -> None:
    """Write the client's game to ``path`` (atomic). Only local games can be saved."""
    session = getattr(client, "session", None)
    if session is None:
        raise DataError(str(path), "only games hosted on this computer can be saved")
    session.record.save(path, session.state)


def new_save_path() -> Path:
    return saves_dir() / time.strftime("game-%Y%m%d-%H%M%S.json")


def load(path: Path) -> tuple[Any, list[SeatConfig]]:
    """A save of any game (the file says which) and its seats."""
    from game import games as registry

    rec, _state = registry.load(path)
    return rec, seats_of(rec)


def game_of(rec: Any) -> str:
    """"hero_realms" or "fantasy_realms" (Hero Realms records carry no ``game``)."""
    return str(getattr(rec, "game", "hero_realms"))


def save_label(path: Path) -> str:
    """A save's name in the Load list, with its game when it is not Hero Realms."""
    import json

    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        game = doc.get("game", "hero_realms") if isinstance(doc, dict) else "hero_realms"
    except (OSError, ValueError):
        return path.stem
    return f"{path.stem} · Fantasy Realms" if game == "fantasy_realms" else path.stem


def tidy_saves() -> list[Path]:
    """Remove the temporary files a save killed halfway left in the saves folder
    (the table calls it when it starts); returns them."""
    return remove_stale_temps(saves_dir())


def list_saves() -> list[Path]:
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def replay_history(rec: Record, viewer: int | None, keep: int = 120) -> tuple[dict[int, dict[str, int]], list[dict[str, Any]]]:
    """A resumed game's past: per-seat figures (damage dealt, cards bought, turns)
    and its latest events as ``viewer`` may see them (for the log)."""
    from game.hero_realms.actions import parse

    st = rec.initial_state()
    stats = {i: {"damage": 0, "bought": 0, "turns": 0} for i in range(st.n)}
    stats[st.active]["turns"] = 1
    history: list[dict[str, Any]] = []
    for line in rec.actions:
        for e in st.apply(parse(line)):
            d = e.redacted_for(viewer if viewer is not None else -1).to_dict()
            history.append(d)
            if d["type"] == "damage_dealt":
                stats[d["seat"]]["damage"] += d["amount"]
            elif d["type"] == "card_acquired":
                stats[d["seat"]]["bought"] += 1
            elif d["type"] == "turn_started":
                stats[d["seat"]]["turns"] += 1
        if len(history) > keep * 4:
            del history[: len(history) - keep]
    return stats, history[-keep:]
