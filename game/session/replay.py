"""Replaying a finished game: a history file (or any save) stepped through action by action.

A full record (a save file) is replayed through its game's engine: the position
after any number of actions, the turn each action belongs to, the state hash there. A
LAN client's seen record (``game/history.py``) holds no actions: its steps are the views
that seat received, rebuilt from the host's patches, so a replay of it shows only what
that client saw. ``python -m game replay`` prints a position as JSON; the Replay screen
and the statistics read games the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game import games
from game.core.docs import Doc, load_json, read_text
from game.core.errors import DataError
from game.core.game import GameState
from game.core.patch import PatchError, apply_patch
from game.core.record import SAVE_KIND, SaveRecord
from game.session import history


@dataclass
class Replay:
    """A finished (or saved) game, as steps 0..``length`` (0: the start)."""

    game: str
    where: str
    meta: Doc
    record: SaveRecord[GameState] | None = None  # a full record
    steps: list[Doc] = field(default_factory=list)  # a seen record: its steps, views rebuilt
    seat: int | None = None  # a seen record's seat (the only one it shows)
    turns: list[int | None] = field(default_factory=list)  # the turn at each step
    ended: bool = False  # a full record whose game is over: a spectator may see every hand

    @property
    def seen(self) -> bool:
        return self.record is None

    @property
    def length(self) -> int:
        """The last step: the actions of a full record, the updates of a seen one."""
        return len(self.record.actions) if self.record is not None else max(0, len(self.steps) - 1)

    @property
    def n_seats(self) -> int:
        if self.record is not None:
            return int(self.record.initial_state().n)
        players = self.steps[0]["view"].get("players") if self.steps else None
        return len(players) if isinstance(players, list) else 0

    def state_at(self, k: int) -> GameState:
        """The engine state after ``k`` actions (a full record only)."""
        if self.record is None:
            raise DataError(self.where, "a record seen by a LAN client holds views, not the game's state")
        return self.record.replay(k)

    def position(self, k: int, seat: int | None) -> Doc:
        """The position at step ``k`` as JSON: ``seat``'s view, or everything (None)."""
        self.check_seat(seat)
        if self.record is None:
            view: Doc = self.steps[k]["view"]
            return view
        return games.game(self.game).position_json(self.state_at(k), seat)

    def check_seat(self, seat: int | None) -> None:
        if self.record is None:
            if seat is not None and seat != self.seat:
                raise DataError(self.where, f"this record holds only what seat {self.seat} saw on a LAN client")
            return
        if seat is not None and not 0 <= seat < self.n_seats:
            raise DataError(self.where, f"no seat {seat}: the game has seats 0-{self.n_seats - 1}")

    def step_of_turn(self, turn: int) -> int:
        """The first step of turn ``turn``; DataError when the game never reached it."""
        if all(t is None for t in self.turns):
            raise DataError(self.where, "this game is not played in turns (use --to-action)")
        for k, t in enumerate(self.turns):
            if t == turn:
                return k
        last = max(t for t in self.turns if t is not None)
        raise DataError(self.where, f"no turn {turn}: the game has turns 1-{last}")

    def step_of_action(self, k: int) -> int:
        """The step after ``k`` actions; DataError beyond the game."""
        if self.record is not None:
            if not 0 <= k <= self.length:
                raise DataError(self.where, f"no action {k}: the game has 0-{self.length} actions")
            return k
        for i in range(len(self.steps) - 1, -1, -1):
            if int(self.steps[i]["n"]) <= k:
                return i
        raise DataError(self.where, f"no action {k}: this seat's record starts at action {self.steps[0]['n']}")

    def events(self, upto: int, seat: int | None) -> list[Doc]:
        """The events of steps 1..``upto`` as ``seat`` sees them (None: a spectator)."""
        if self.record is None:
            return [e for s in self.steps[1: upto + 1] for e in s["events"]]
        st = self.record.initial_state()
        kind = games.game(self.game)
        viewer = seat if seat is not None else -1
        return [e.redacted_for(viewer).to_dict() for line in self.record.actions[:upto]
                for e in st.apply(kind.parse(line))]


def load(path: str | Path) -> Replay:
    """A history file or a save as a Replay; DataError (one line) for a bad file."""
    where = str(path)
    try:
        text = read_text(path)
    except OSError as exc:
        raise DataError(where, f"cannot read the file ({exc.strerror or exc})") from None
    doc = load_json(text, where, "a save or history file")
    if not isinstance(doc, dict):
        raise DataError(where, "not a Realms Table save or history file")
    meta = doc.get("meta", {})
    found = meta.get("history") if isinstance(meta, dict) else None
    meta = found if isinstance(found, dict) else {}
    history.check_meta(meta, where)
    if doc.get("kind") == history.SEEN_KIND:
        return _seen(doc, where, meta)
    if doc.get("kind") != SAVE_KIND:
        raise DataError(where, "not a Realms Table save or history file")
    rec, _state = games.loads(text, where)
    kind = games.game_of(rec)
    st = rec.initial_state()
    turns: list[int | None] = [_turn(st)]
    for line in rec.actions:
        st.apply(kind.parse(line))
        turns.append(_turn(st))
    return Replay(kind.name, where, meta, record=rec, turns=turns, ended=getattr(st, "phase", None) == "over")


def revealed_view(state: GameState, view: Doc) -> Doc:
    """``view`` (a spectator's) with each seat's own entry as that seat sees it: its hand
    and what else only it may know. For a game that is over, where nothing is secret."""
    players = view.get("players")
    if not isinstance(players, list):
        return view
    out = dict(view)
    out["players"] = [_own(state, seat, entry) for seat, entry in enumerate(players)]
    return out


def _own(state: GameState, seat: int, entry: object) -> object:
    mine = state.view(seat).get("players")
    return mine[seat] if isinstance(mine, list) and seat < len(mine) else entry


def _turn(st: GameState) -> int | None:
    return st.turn


def _seen(doc: Doc, where: str, meta: Doc) -> Replay:
    """A seen record, each step's view rebuilt from the first view and the patches."""
    if doc.get("version") != history.SEEN_VERSION:
        raise DataError(where, f"seen record version {doc.get('version')!r} is not supported")
    game, steps, setup = doc.get("game"), doc.get("steps"), doc.get("setup")
    if not isinstance(game, str) or game not in games.names():
        raise DataError(where, f"a record of an unknown game ({game!r})")
    if not isinstance(steps, list) or not steps or not isinstance(setup, dict):
        raise DataError(where, "a seen record needs a setup table and at least one step")
    out: list[Doc] = []
    view: object = None
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or not isinstance(step.get("n"), int) or not isinstance(step.get("events"), list):
            raise DataError(where, f"step {i} must be a table with n and events")
        if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in step["events"]):
            raise DataError(where, f"step {i}: every event must be a table with a type")
        try:
            view = step["view"] if "view" in step else apply_patch(view, step.get("patch"))
        except PatchError as exc:
            raise DataError(where, f"step {i}: the patch does not fit the view ({exc})") from None
        if not isinstance(view, dict):
            raise DataError(where, f"step {i} has no view to start from")
        out.append({"n": step["n"], "events": step["events"], "view": view})
    seat = setup.get("seat")
    turns = [t if isinstance(t := s["view"].get("turn"), int) else None for s in out]
    return Replay(game, where, meta, steps=out, seat=seat if isinstance(seat, int) else None, turns=turns)


def _seat_of(event: object) -> int:
    """The seat an event is about (it sees all of it), -1 for none."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else -1


class ReplayClient:
    """A read-only game client (the table's :class:`~game.session.clients.GameClient`) driven by a
    replay: :meth:`forward` applies the record's next action (or a seen record's next
    update) and hands the table its events to animate; :meth:`seek` jumps to any step
    without events (the table is rebuilt there). It takes no moves: ``submit`` refuses
    and the views it gives list no legal moves. ``viewer``: the seat whose view is shown,
    None for everything: a spectator's view with every hand and every card drawn shown
    when the record's game is over (a record the host or this machine played; a LAN
    client's seen record shows only its seat), else a spectator's view."""

    def __init__(self, rp: Replay, viewer: int | None, at: int = 0) -> None:
        rp.check_seat(viewer)
        self.replay = rp
        self.viewer = viewer if not rp.seen else rp.seat
        self.seats: list[int] = [self.viewer] if self.viewer is not None else []
        self._events: list[tuple[int | None, list[Doc]]] = []
        self.at = 0
        self.state: GameState | None = None
        self.seek(at)

    @property
    def revealed(self) -> bool:
        """Everything is shown: the spectator's view of a full record whose game is over."""
        return self.viewer is None and self.replay.ended and not self.replay.seen

    # ---- moving through the game ---------------------------------------------------------
    def seek(self, k: int) -> None:
        """Stand at step ``k`` (clamped to the game): rebuilt from the start, no events."""
        k = max(0, min(k, self.replay.length))
        self.at = k
        self._events.clear()
        if not self.replay.seen:
            self.state = self.replay.state_at(k)

    def forward(self) -> bool:
        """One step on, its events queued for the table; False at the end."""
        if self.at >= self.replay.length:
            return False
        rp = self.replay
        if rp.record is not None and self.state is not None:
            kind = games.game(rp.game)
            viewer = self.viewer if self.viewer is not None else -1
            events = [(e.redacted_for(_seat_of(e)) if self.revealed else e.redacted_for(viewer)).to_dict()
                      for e in self.state.apply(kind.parse(rp.record.actions[self.at]))]
        else:
            events = list(rp.steps[self.at + 1]["events"])
        self.at += 1
        if events:
            self._events.append((self.viewer, events))
        return True

    def state_hash(self) -> str:
        """The engine's state hash here (a full record)."""
        return str(self.state.state_hash()) if self.state is not None else ""

    def history(self) -> list[Doc]:
        """The events up to here as the viewer saw them (the log of a rebuilt table)."""
        return self.replay.events(self.at, self.viewer)

    @property
    def turn(self) -> int | None:
        return self.replay.turns[self.at] if self.at < len(self.replay.turns) else None

    # ---- the GameClient protocol -----------------------------------------------------------
    def view(self, seat: int | None = None) -> Doc:
        if self.replay.seen or self.state is None:
            view = dict(self.replay.steps[self.at]["view"])
        else:
            view = dict(self.state.view(self.viewer))
            if self.revealed:
                view = revealed_view(self.state, view)
        view["legal"] = []  # a replay takes no moves
        return view

    def submit(self, seat: int, line: str) -> None:
        from game.core.errors import IllegalActionError

        raise IllegalActionError("a replay takes no moves")

    def poll(self) -> list[tuple[int | None, list[Doc]]]:
        out, self._events = self._events, []
        return out

    def errors(self) -> list[str]:
        return []

    @property
    def status(self) -> str:
        return "ok"

    def close(self) -> None:
        self._events.clear()
