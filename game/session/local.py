"""Starting, saving and resuming local games (hotseat and AI seats) and the saves folder.

A game is a record (setup, seed, actions) of any game of the registry
(:mod:`game.games`: Hero Realms, Fantasy Realms) plus who sits where (human or
which AI). The seat list is stored in the record's setup under ``players`` (the
engines ignore it), so one save file restores both the position and the
opponents. The running game autosaves after every action.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core.atomic import remove_stale_temps
from game.core.docs import read_text
from game.core.errors import DataError
from game.core.game import SECRET_PAUSE, GameState
from game.core.record import SaveRecord, save_meta
from game.core.userdirs import saves_dir
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SEAT_KINDS, SeatConfig, Session, seat_letter

AI_PACE = 0.35  # seconds an AI move is held back at least, so a person can follow


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


def seats_of(rec: SaveRecord[GameState], n: int | None = None) -> list[SeatConfig]:
    """The seat list stored in a record (humans everywhere if it has none), one a seat:
    ``n`` seats when the game's state says how many (a file's list may be short or long)."""
    raw = rec.setup.get("players")
    if n is None:
        n = int(rec.setup.get("seats", 0) or 0) or (len(raw) if isinstance(raw, list) else 2)
    if isinstance(raw, list):
        raw = raw[:n]
    out: list[SeatConfig] = []
    if isinstance(raw, list):
        for i, p in enumerate(raw):
            if not isinstance(p, dict):
                raise DataError("save setup", f"players[{i}] must be a table")
            kind = p.get("kind", "human")
            if kind not in SEAT_KINDS or kind == "remote":
                kind = "human"
            out.append(SeatConfig(kind, str(p.get("name", f"Guest {seat_letter(i)}"))[:24], str(p.get("agent", "random"))))
    while len(out) < n:
        out.append(SeatConfig("human", f"Guest {seat_letter(len(out))}"))
    return out


def start(rec: SaveRecord[GameState], seats: list[SeatConfig], autosave: Path | None = None, inline_ai: bool = False,
          ai_pace: float = AI_PACE, keep_history: bool = False,
          secret_pause: tuple[float, float] = SECRET_PAUSE) -> LocalClient:
    """A local game (hotseat and/or AI) ready for the table; with ``keep_history`` it is
    kept in the history of finished games once it ends (the table's games are; benches,
    self-tests and the screenshot tour keep nothing)."""
    from game import games as registry
    from game.ai.agent import agent_names

    known = set(agent_names(registry.game_of(rec).name))
    for s in seats:
        if s.kind == "ai" and s.agent not in known:
            s.agent = "random" if "random" in known else next(iter(known))
    session = Session(rec, seats, autosave=autosave, keep_history={} if keep_history else None)
    ai = AISeats(session, min_delay=ai_pace, inline=inline_ai, secret_pause=secret_pause)
    return LocalClient(session, ai)


def save(client: object, path: Path, name: str | None = None) -> None:
    """Write the client's game to ``path`` (atomic), under ``name`` in the Load list.
    Only local games can be saved."""
    session = getattr(client, "session", None)
    if not isinstance(session, Session):
        raise DataError(str(path), "only games hosted on this computer can be saved")
    session.record.save(path, session.state, save_meta(session.state, name))


@dataclass
class SaveInfo:
    """What the Load list shows of a save file, read from its JSON without replaying it."""

    path: Path
    name: str = ""
    game: str = ""  # the game's title
    players: list[str] = field(default_factory=list)
    turn: int | None = None
    saved_at: str = ""  # local time, ISO to the minute
    error: str | None = None  # why the file cannot be loaded (then only deleting it is offered)


def save_info(path: Path) -> SaveInfo:
    """The Load list's line for ``path``; a malformed file gives an ``error``, never an exception."""
    from game import games as registry
    from game.core.record import SAVE_KIND, check_meta, read_json

    mtime = _mtime(path)
    info = SaveInfo(path, name=path.stem, saved_at=time.strftime("%Y-%m-%dT%H:%M", time.localtime(mtime)))
    try:
        doc = read_json(read_text(path), path.name)  # bounded in size and depth
        if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
            raise DataError(path.name, "not a Realms Table save file")
        meta = check_meta(doc.get("meta", {}), path.name)
        game = doc.get("game", registry.DEFAULT)
        if not isinstance(game, str) or game not in registry.names():
            raise DataError(path.name, f"a save of an unknown game ({game!r})")
        setup = doc.get("setup")
        if not isinstance(setup, dict):
            raise DataError(path.name, "setup must be a table")
    except (OSError, ValueError, DataError) as exc:
        info.error = str(exc) if isinstance(exc, DataError) else f"{path.name}: unreadable ({exc})"
        return info
    info.game = registry.game(game).title
    raw = setup.get("players")
    if isinstance(raw, list):
        info.players = [str(p.get("name", "?"))[:24] for p in raw if isinstance(p, dict)]
    info.turn = meta.get("turn")
    info.saved_at = meta.get("saved_at") or info.saved_at
    info.name = meta.get("name") or ("" if path.name == autosave_path().name else path.stem)
    return info


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def save_infos() -> list[SaveInfo]:
    """Every save of the saves folder for the Load list, newest first."""
    return [save_info(p) for p in list_saves()]


def delete_save(path: Path) -> str | None:
    """Remove a save file; returns why it could not be removed, or None."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        return str(exc.strerror or exc)
    return None


def new_save_path() -> Path:
    return saves_dir() / time.strftime("game-%Y%m%d-%H%M%S.json")


def load(path: Path) -> tuple[SaveRecord[GameState], list[SeatConfig]]:
    """A save of any game (the file says which) and its seats."""
    from game import games as registry

    rec, state = registry.load(path)
    return rec, seats_of(rec, int(state.n))


def game_of(rec: SaveRecord[GameState]) -> str:
    """The registry name of a record's game (the first saves carry no ``game``)."""
    from game import games as registry

    return registry.game_of(rec).name


def tidy_saves() -> list[Path]:
    """Remove the temporary files a save killed halfway left in the saves folder
    (the table calls it when it starts); returns them."""
    return remove_stale_temps(saves_dir())


def list_saves() -> list[Path]:
    """The saves folder's files, newest first."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=_mtime, reverse=True)
