"""The LAN host: one Session served to remote players over TCP, one loop, no blocking.

The engine runs here only. The host accepts connections, runs the lobby, seats
players with tokens, and once the game starts validates every ``act`` against the
Session (which checks the seat and the legal actions), then sends each remote seat
its own redacted events and a patch of its own view. AI seats are driven by
:class:`~game.session_ai.AISeats` (worker processes) from the same loop. Every game
of the registry (``game/games.py``) is served the same way: the Session knows how to
parse its lines, whose turn it is and how to save it; ``setups.py`` knows how to
start one and how to describe its setup.

Faults are part of the design: a client that drops keeps its seat (status
"waiting") and resumes with its token; after ``takeover_after`` seconds an AI plays
for it until it comes back. Bad input earns an ``error`` reply, a flood is dropped,
an over-long line or a silent peer is disconnected; nothing a client sends can stop
the loop. Every action is autosaved (the Session does it) with a sidecar of seats
and tokens, so ``--resume`` continues the game after a host restart. A save that
fails is logged at once, told to every client (``save_status``) and tried again
every few seconds while the game goes on in memory; the save folder must be the
operator's own (another user could swap the save or read the seat tokens).
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import __version__, games
from game.core.atomic import remove_stale_temps
from game.core.errors import DataError, IllegalActionError, NotationError, RealmsError
from game.core.rng import fresh_seed
from game.core.userdirs import lan_saves_dir, private_folder
from game.net import room, setups
from game.net.protocol import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    HEARTBEAT_S,
    HELLO_TIMEOUT_S,
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    TIMEOUT_S,
    ProtocolError,
    check_client_message,
    clean_name,
    decode,
    diff,
    view_hash,
)
from game.net.room import HostSeat
from game.net.server import LineServer, Peer
from game.session import SAVE_RETRY_S, SeatConfig, Session
from game.session_ai import AISeats

SAVE_LOG_EVERY_S = 10.0  # while saving keeps failing, at most one log line this often


def best_agent(game: str = setups.DEFAULT_GAME) -> str:
    return setups.best_agent(game)


@dataclass
class HostConfig:
    """How to host. ``seats``: one entry per seat, "remote" or an agent name (of
    ``game``'s agents). ``format`` is for Hero Realms, ``modules`` and ``rulings``
    (``{name: bool}``, the disputed rulings set; the others keep their defaults) for
    Fantasy Realms. With ``resume`` the game, format, modules and rulings come from the save."""

    seats: list[str] = field(default_factory=lambda: ["remote", "remote"])
    format: str | None = None  # None: the game's default ("ffa")
    game: str = setups.DEFAULT_GAME
    modules: list[str] = field(default_factory=list)
    rulings: dict[str, bool] = field(default_factory=dict)
    seed: int | None = None  # None: a fresh secret one (game/core/rng.py), never sent to a client
    name: str = "Realms Table"
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT  # 0: any free port (see NetHost.port)
    save: str | Path | None = None  # autosave file (default: a new file in the user's data folder)
    resume: bool = False  # continue the game saved in ``save``
    discovery_port: int | None = DISCOVERY_PORT  # None: not discoverable on the LAN
    heartbeat: float = HEARTBEAT_S
    timeout: float = TIMEOUT_S
    hello_timeout: float = HELLO_TIMEOUT_S
    takeover_after: float | None = 60.0  # None: a dropped seat waits forever
    takeover_agent: str | None = None  # default: the best agent available
    autostart: bool = True  # start as soon as every remote seat is connected and ready
    ai_inline: bool = False  # run agents in this process (tests)
    ai_delay: float = 0.0
    max_connections: int = 32
    rate: float = 200.0  # messages per second per connection (burst: twice as many)
    linger: float = 2.0  # after the game, how long to wait for clients to say bye
    log: Callable[[str], None] | None = None


class NetHost(LineServer):
    def __init__(self, config: HostConfig) -> None:
        self.cfg = config
        self.game = config.game
        self.save = Path(config.save) if config.save else _default_save()
        log = config.log or (lambda _line: None)
        _check_save_folder(self.save, log)
        self.phase = "lobby"  # lobby | playing | over
        self.session: Session | None = None
        self.ai: AISeats | None = None
        self.seats: list[HostSeat] = []
        self.over_at: float | None = None
        self.host_id = secrets.token_hex(8)
        self._stop = False
        self._resumable = False
        self._snapshot: dict[str, Any] = {}
        self._flushed_n = 0
        self._sidecar_error: str | None = None  # why the seats file could not be written (retried)
        self._sidecar_tried_at = 0.0
        self._save_down = False  # the log said the autosave fails (and has not said it works again)
        self._save_failures_logged = 0
        self._save_logged_at = 0.0
        self._start_failed_at: float | None = None  # when an autostart last failed (it is retried)
        if config.resume:
            self.log = log
            self._load_resume()
        else:
            problem = setups.setup_problem(config.game, len(config.seats), config.format, config.modules, config.rulings)
            if problem:
                raise RealmsError(problem)
            self.seats = [HostSeat(i, "remote") if k == "remote" else HostSeat(i, "ai", k, room.ai_name(k, i))
                          for i, k in enumerate(config.seats)]
        self.takeover_agent = config.takeover_agent or best_agent(self.game)
        known = setups.agents(self.game)
        for agent in [s.agent for s in self.seats if s.kind == "ai"] + [self.takeover_agent]:
            if agent not in known:  # now, not when the game starts in another thread
                raise RealmsError(f"unknown agent {agent!r} for {self.game} (known: {', '.join(known)})")
        super().__init__(config.bind, config.port, config.rate, config.max_connections, config.discovery_port, log)
        if self.phase == "playing":
            self._begin_stream()
        elif self.phase == "over":
            self.over_at = time.monotonic()
        elif config.autostart and room.can_start(self.seats):
            self.start_game()  # nobody to wait for: AI seats only
        self._publish_snapshot()

    # ---- life cycle -----------------------------------------------------------------
    def run(self) -> None:
        """Serve until the game is over (and clients left or ``linger`` passed) or stop()."""
        try:
            while not self._stop:
                self.step(self._wait_time())
                if self.phase == "over" and self.over_at is not None:
                    waiting = any(p.seat is not None for p in self.peers.values())
                    if not waiting or time.monotonic() - self.over_at > self.cfg.linger:
                        break
        except KeyboardInterrupt:
            self._resumable = True  # the operator stopped the host: clients wait for --resume
            raise
        finally:
            self.close()

    def _wait_time(self) -> float:
        if self.ai is not None and (self.ai.thinking() or self.phase == "playing" and self._ai_turn()):
            return 0.005  # an AI answer arrives through a queue the selector cannot watch
        return min(0.25, self.cfg.heartbeat / 2)

    def _ai_turn(self) -> bool:
        assert self.session is not None and self.ai is not None
        return any(s in self.ai.workers for s in self.session.waiting_for())

    def stop(self, resumable: bool = False) -> None:
        """Ask the loop to end (from any thread). ``resumable``: tell the clients to keep
        trying to reconnect (the game will be resumed from its autosave)."""
        self._resumable = resumable
        self._stop = True
        self._wake()

    def close(self) -> None:
        self._last_save()
        resume = self._resumable and self.phase == "playing"
        reason = "the host stopped; it may resume the game" if resume else "the host closed the game"
        for peer in list(self.peers.values()):
            self.send(peer, {"type": "bye", "reason": reason, "resume": resume})
            self.drop(peer, None)
        if self.ai is not None:
            self.ai.close()
        self.close_sockets()
        self._publish_snapshot(closed=True)

    def snapshot(self) -> dict[str, Any]:
        """The lobby / game state for a UI on another thread (a copy, never blocks)."""
        with self._lock:
            snap: dict[str, Any] = json.loads(json.dumps(self._snapshot))
        return snap

    def _publish_snapshot(self, closed: bool = False) -> None:
        snap = {
            "phase": "closed" if closed else self.phase,
            "name": self.cfg.name,
            "port": getattr(self, "port", None),
            **self._setup().fields(),
            "seats": room.seat_entries(self.seats, time.monotonic(), self.cfg.takeover_after),
            "can_start": self.phase == "lobby" and room.can_start(self.seats),
            "n": len(self.session.record.actions) if self.session else 0,
            "winner": self._winner(),
            "save": str(self.save),
            "problems": list(self.problems[-20:]),
        }
        with self._lock:
            self._snapshot = snap

    # ---- lobby control (host side) --------------------------------------------------
    def set_seat(self, index: int, kind: str) -> None:
        """Lobby: make seat ``index`` "remote" (open for a player) or an AI agent name."""
        if self.phase != "lobby":
            raise RealmsError("seats can only change in the lobby")
        if not 0 <= index < len(self.seats):
            raise RealmsError(f"no seat {index}")
        seat = self.seats[index]
        if seat.peer is not None:
            self._kick(seat.peer, "seat_taken", "the host gave your seat to someone else")
        if kind == "remote":
            self.seats[index] = HostSeat(index, "remote")
        else:
            from game.ai.agent import make_agent

            make_agent(kind, 0, self.game)  # unknown agent: ValueError now, not at the start
            self.seats[index] = HostSeat(index, "ai", kind, "")
            self.seats[index].name = room.unique_name(room.ai_name(kind, index), self.seats, index)
        self._lobby_changed()

    def fill_with_ai(self, agent: str | None = None) -> None:
        """Lobby: every open remote seat becomes an AI seat."""
        for s in self.seats:
            if s.kind == "remote" and not s.claimed:
                self.set_seat(s.index, agent or self.takeover_agent)

    def start_game(self) -> None:
        """Lobby: start now (every remote seat must be connected and ready)."""
        if self.phase != "lobby":
            raise RealmsError("the game has already started")
        if not room.can_start(self.seats):
            raise RealmsError("every remote seat must be connected and ready")
        seed = self.cfg.seed if self.cfg.seed is not None else fresh_seed()
        rec = setups.new_record(self.game, len(self.seats), self.cfg.format, self.cfg.modules, seed,
                                self.cfg.rulings)
        configs = [SeatConfig(s.kind, s.name, s.agent or "random") for s in self.seats]
        session = Session(rec, configs, autosave=self.save)
        try:  # a game that cannot be saved at its start does not start
            rec.save(self.save, session.state)
            room.write_sidecar(self.save, self.cfg.name, self.seats)
        except OSError as exc:
            raise RealmsError(f"cannot write the save {self.save} ({exc.strerror or exc}): the game did not start") \
                from None
        self.session = session
        self.phase = "playing"
        self.log(f"game started: {', '.join(s.name for s in self.seats)} (autosave {self.save})")
        self._begin_stream()

    def _begin_stream(self) -> None:
        sess = self.session
        assert sess is not None
        self.ai = AISeats(sess, min_delay=self.cfg.ai_delay, inline=self.cfg.ai_inline)
        for s in self.seats:
            if s.kind == "remote":
                sess.subscribe(s.index, self._on_events)
                if s.taken_over:
                    self.ai.take_over(s.index, self.takeover_agent)
            if s.peer is not None:
                self._send_view(s, "start", None)
        self._flushed_n = len(sess.record.actions)
        self._seat_status_changed()
        if sess.over:
            self._game_over()

    def _load_resume(self) -> None:
        try:
            rec, st = games.load(self.save)
        except OSError as exc:
            raise DataError(str(self.save), f"cannot read the save ({exc.strerror or exc})") from None
        self.game = games.kind_of(rec).name
        side = room.read_sidecar(self.save)
        if side is None:
            if len(self.cfg.seats) != st.n:
                raise RealmsError(f"{self.save}: no seats file; give --seats for the saved {st.n}-player game")
            self.seats = [HostSeat(i, "remote") if k == "remote" else HostSeat(i, "ai", k, room.ai_name(k, i))
                          for i, k in enumerate(self.cfg.seats)]
        else:
            self.cfg.name, self.seats = side
            if len(self.seats) != st.n:
                raise RealmsError(f"{room.sidecar_path(self.save)}: {len(self.seats)} seats for a {st.n}-player game")
        now = time.monotonic()
        for s in self.seats:
            if s.kind == "remote":
                s.dropped_at = now
        configs = [SeatConfig(s.kind, s.name, s.agent or "random") for s in self.seats]
        self.session = Session(rec, configs, autosave=self.save, state=st)
        self.phase = "over" if st.phase == "over" else "playing"
        self.log(f"resumed {self.save} at action {len(rec.actions)}")

    # ---- the loop ---------------------------------------------------------------------
    def step(self, timeout: float = 0.0) -> None:
        """One turn of the loop: I/O, AI seats, timers, updates. Never raises for a client."""
        self.run_commands()
        self.io(timeout)
        self.run_commands()
        if self.phase == "playing" and self.ai is not None:
            try:
                self.ai.pump()
            except Exception as exc:  # an agent failure must not stop the host
                self.problem(f"AI seats: {type(exc).__name__}: {exc}")
            for err in self.ai.take_errors():
                self.problem(err)
        if self.phase == "playing" and self.session is not None:
            self.session.tick()  # a game played against time (Chaos Realms) runs its clock here
        self._flush_updates()
        self._timers()
        self._watch_saves()
        self.watch_writes()
        self._publish_snapshot()

    def handle_line(self, peer: Peer, line: bytes) -> None:
        msg = decode(line)
        if isinstance(msg.get("seq"), int):
            self._current_ref = msg["seq"]
        check_client_message(msg)
        if msg["seq"] <= peer.recv_seq:
            raise ProtocolError("bad_seq", f"seq {msg['seq']} after {peer.recv_seq}")
        peer.recv_seq = msg["seq"]
        kind = msg["type"]
        if kind == "ping":
            self.send(peer, {"type": "pong", "t": msg["t"]})
        elif kind == "pong":
            peer.rtt = max(0.0, time.monotonic() - msg["t"]) if msg["t"] <= time.monotonic() else None
        elif kind == "bye":
            self._bye(peer)
        elif kind == "hello":
            self._hello(peer, msg)
        elif peer.seat is None:
            raise ProtocolError("not_joined", f"{kind} before hello")
        elif kind == "ready":
            if self.phase != "lobby":
                raise ProtocolError("not_in_game", "ready is for the lobby")
            self.seats[peer.seat].ready = msg["ready"]
            self._lobby_changed()
        elif kind == "resync":
            if self.phase == "lobby":
                raise ProtocolError("not_in_game", "no game view before the start")
            self._send_view(self.seats[peer.seat], "resync", None)
        elif kind == "act":
            self._act(peer, msg)

    # ---- joining ------------------------------------------------------------------------
    def _hello(self, peer: Peer, msg: dict[str, Any]) -> None:
        if peer.seat is not None:
            raise ProtocolError("already_joined", "hello was already accepted")
        if msg["version"] != PROTOCOL_VERSION:
            self.refuse(peer, "version_mismatch",
                         f"the host speaks protocol version {PROTOCOL_VERSION} (Realms Table {__version__}), "
                         f"this client speaks version {msg['version']}: use the same version on both machines")
            return
        if msg.get("game") is not None and msg["game"] != self.game:
            self.refuse(peer, "wrong_game", f"the host plays {setups.title(self.game)} ({self.game}), "
                                            f"not {msg['game'][:40]!r}")
            return
        token = msg.get("token")
        if token is not None:
            seat = self._seat_with_token(token)
            if seat is None:
                self.refuse(peer, "bad_token", "no seat has this token (the host may have started another game)")
                return
            self._attach(peer, seat, msg.get("last"))
            return
        seat = self._free_seat(peer, msg.get("seat"))
        if seat is None:
            return
        seat.claim(room.unique_name(clean_name(msg["name"]), self.seats, seat.index))
        self.log(f"seat {seat.index}: {seat.name} joined from {peer.conn.peer}")
        if self.phase == "playing" and self.session is not None:
            self.session.seats[seat.index].name = seat.name
            self._write_sidecar()
        self._attach(peer, seat, None)

    def _seat_with_token(self, token: str) -> HostSeat | None:
        """The seat holding ``token``, compared in constant time. The comparison is on
        bytes: on text it accepts ASCII only and would fail on any other token."""
        given = _token_bytes(token)
        return next((s for s in self.seats if s.token and hmac.compare_digest(_token_bytes(s.token), given)), None)

    def _free_seat(self, peer: Peer, wanted: int | None) -> HostSeat | None:
        if self.phase == "over":
            self.refuse(peer, "game_started", "the game is over")
            return None
        free = [s for s in self.seats if s.kind == "remote" and not s.claimed]
        if wanted is not None:
            match = [s for s in free if s.index == wanted]
            if not match:
                self.refuse(peer, "seat_taken", f"seat {wanted} is not free")
                return None
            return match[0]
        if not free:
            code = "game_started" if self.phase == "playing" else "full"
            self.refuse(peer, code, "no free seat" + (" (the game has started)" if code == "game_started" else ""))
            return None
        return free[0]

    def _attach(self, peer: Peer, seat: HostSeat, last: int | None) -> None:
        if seat.peer is not None and seat.peer is not peer:
            self._kick(seat.peer, "replaced", "your seat reconnected from another connection")
        seat.peer = peer
        peer.seat = seat.index
        was_away = seat.dropped_at is not None
        seat.dropped_at = None
        if seat.taken_over and self.ai is not None:
            self.ai.release(seat.index)
            seat.taken_over = False
            self.log(f"seat {seat.index}: {seat.name} is back; the AI stands down")
            self._write_sidecar()
        elif was_away:
            self.log(f"seat {seat.index}: {seat.name} reconnected")
        self.send(peer, {
            "type": "welcome", "version": PROTOCOL_VERSION, "app": __version__, **self._setup().fields(),
            "seat": seat.index, "token": seat.token, "name": seat.name, "host": self.cfg.name, "id": self.host_id,
            "seats": len(self.seats), "phase": self.phase, "heartbeat": self.cfg.heartbeat,
            "timeout": self.cfg.timeout, "max_message": MAX_CLIENT_MESSAGE,
        })
        if self.phase == "lobby":
            self._lobby_changed()
        else:
            self._send_view(seat, "resume", last)
            if self.phase == "over":
                self.send(peer, self._game_over_msg())
            elif self.session is not None and self.session.save_error is not None:
                self.send(peer, self.session.save_status())  # saving fails still: say so to the newcomer
            self._seat_status_changed()

    def _bye(self, peer: Peer) -> None:
        seat = self.seats[peer.seat] if peer.seat is not None else None
        if seat is not None and self.phase == "lobby":
            self.log(f"seat {seat.index}: {seat.name} left the lobby")
            seat.free()
            peer.seat = None
            self._lobby_changed()
        self.drop(peer, None)

    def on_dropped(self, peer: Peer, reason: str | None) -> None:
        """``peer`` is gone; its seat (if any) waits for a reconnection."""
        if peer.seat is None:
            return
        seat = self.seats[peer.seat]
        peer.seat = None
        if seat.peer is not peer:
            return
        seat.peer = None
        seat.dropped_at = time.monotonic()
        seat.sent_view = None
        if self.phase != "over":
            self.log(f"seat {seat.index}: {seat.name} disconnected ({reason or 'left'}); waiting"
                     + (f" (AI takes over in {self.cfg.takeover_after:g} s)"
                        if self.cfg.takeover_after is not None and self.phase == "playing" else ""))
        if self.phase == "lobby":
            self._lobby_changed()
        else:
            self._seat_status_changed()

    def _kick(self, peer: Peer, code: str, reason: str) -> None:
        """Close ``peer`` without leaving its seat waiting for it."""
        self.send(peer, {"type": "error", "code": code, "reason": reason, "ref": None})
        peer.seat = None
        self.drop(peer, None)

    # ---- playing ----------------------------------------------------------------------
    def _act(self, peer: Peer, msg: dict[str, Any]) -> None:
        if self.phase != "playing" or self.session is None:
            raise ProtocolError("not_in_game", "the game is not running")
        seat = peer.seat
        assert seat is not None
        sess = self.session
        if msg.get("seat") is not None and msg["seat"] != seat:
            raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {msg['seat']}")
        n = len(sess.record.actions)
        if msg.get("at") is not None and msg["at"] != n:
            raise ProtocolError("stale", "the game moved on before your action arrived "
                                         f"(chosen at action {msg['at']}, now {n}): choose again")
        if seat not in sess.waiting_for():
            raise ProtocolError("not_your_turn", "it is not your turn to act")
        try:
            action = sess.kind.parse(msg["line"])
        except NotationError as exc:
            raise ProtocolError("bad_notation", str(exc)) from None
        named = setups.actor(action)
        if named is not None and named != seat:
            raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {named}")
        try:
            sess.submit(seat, action)
        except (IllegalActionError, NotationError) as exc:
            raise ProtocolError("illegal_action", str(exc)) from None

    def _on_events(self, seat: int | None, events: list[dict[str, Any]]) -> None:
        if seat is None:
            return
        if len(events) == 1 and events[0].get("type") == "save_status":
            peer = self.seats[seat].peer  # the session's word on its autosave: a message of its own, now
            if peer is not None:
                self.send(peer, events[0])
            return
        self.seats[seat].pending.extend(events)

    def _flush_updates(self) -> None:
        sess = self.session
        if sess is None or self.phase == "lobby":
            return
        n = len(sess.record.actions)
        if n == self._flushed_n:
            return
        before = self._flushed_n
        self._flushed_n = n
        for s in self.seats:
            if s.kind != "remote":
                continue
            batch, s.pending = s.pending, []
            s.log.append((before, n, batch))
            if s.peer is None or s.sent_view is None:
                continue
            view = sess.view(s.index)
            ops = diff(s.sent_view, view)
            s.sent_view = view
            self.send(s.peer, {"type": "update", "n": n, "events": batch, "patch": ops, "view_hash": view_hash(view)})
        if sess.over and self.phase == "playing":
            self._game_over()

    def _send_view(self, seat: HostSeat, reason: str, last: int | None) -> None:
        if seat.peer is None or self.session is None:
            return
        view = self.session.view(seat.index)
        events, truncated = seat.missed_since(last) if reason == "resume" else ([], False)
        seat.sent_view = view
        self.send(seat.peer, {"type": "view", "reason": reason, "n": len(self.session.record.actions),
                               "view": view, "view_hash": view_hash(view), "events": events,
                               "truncated": truncated})

    def _winner(self) -> Any:
        if self.session is None or not self.session.over:
            return None
        w = self.session.state.winner
        return list(w) if isinstance(w, tuple) else w

    def _game_over_msg(self) -> dict[str, Any]:
        assert self.session is not None
        return {"type": "game_over", "winner": self._winner(), "n": len(self.session.record.actions),
                "names": [s.name for s in self.seats]}

    def _game_over(self) -> None:
        self.phase = "over"
        self.over_at = time.monotonic()
        assert self.session is not None
        self.log(f"game over after {len(self.session.record.actions)} actions: winner {self.describe_winner()}")
        self._publish_snapshot()  # before the clients hear it, so a UI never lags them
        for peer in list(self.peers.values()):
            if peer.seat is not None:
                self.send(peer, self._game_over_msg())
        if self.ai is not None:
            self.ai.close()

    def describe_winner(self) -> str:
        w = self._winner()
        if w is None:
            return "nobody"
        seats = w if isinstance(w, list) else [w]
        return " and ".join(f"seat {i} ({self.seats[i].name})" for i in seats)

    # ---- timers -------------------------------------------------------------------------
    def _timers(self) -> None:
        now = time.monotonic()
        for peer in list(self.peers.values()):
            conn = peer.conn
            if peer.seat is None and now - peer.accepted > self.cfg.hello_timeout:
                self.error(peer, "timeout", "no hello in time")
                self.drop(peer, "no hello")
            elif now - conn.last_received > self.cfg.timeout:
                self.error(peer, "timeout", f"nothing received for {self.cfg.timeout:g} s")
                self.drop(peer, "silent")
            elif now - conn.last_sent > self.cfg.heartbeat:
                self.send(peer, {"type": "ping", "t": now})
        for s in self.seats:
            if s.kind != "remote" or s.peer is not None or s.dropped_at is None:
                continue
            away = now - s.dropped_at
            if self.phase == "lobby" and away > self.cfg.timeout:
                self.log(f"seat {s.index}: {s.name} did not come back; the seat is open again")
                s.free()
                self._lobby_changed()
            elif (self.phase == "playing" and not s.taken_over and self.cfg.takeover_after is not None
                  and away > self.cfg.takeover_after and self.ai is not None):
                s.taken_over = True
                self.ai.take_over(s.index, self.takeover_agent)
                self.log(f"seat {s.index}: {self.takeover_agent} AI plays for {s.name} until they come back")
                self._write_sidecar()
                self._seat_status_changed()

    # ---- saving -------------------------------------------------------------------------
    def _write_sidecar(self) -> None:
        """Write the seats file; a failure is logged and retried by :meth:`_watch_saves`
        (the game goes on: the tokens live in memory until the file can be written)."""
        self._sidecar_tried_at = time.monotonic()
        try:
            room.write_sidecar(self.save, self.cfg.name, self.seats)
        except OSError as exc:
            reason = str(exc.strerror or exc)
            if self._sidecar_error is None:
                self.log(f"seats file {room.sidecar_path(self.save)} not written: {reason}; retrying every "
                         f"{SAVE_RETRY_S:g} s")
            self._sidecar_error = reason
            return
        if self._sidecar_error is not None:
            self.log(f"seats file {room.sidecar_path(self.save)} written again")
        self._sidecar_error = None

    def _watch_saves(self) -> None:
        """Try a failed autosave (and seats file) again every few seconds, without
        waiting for the next action, and tell the log: a failure at once, then at
        most one line every SAVE_LOG_EVERY_S seconds while it keeps failing, and
        one line when saving works again. Clients hear it from the session. In the
        lobby, a game that could not start (its first save failed) is started again."""
        sess = self.session
        now = time.monotonic()
        if sess is None:
            if (self._start_failed_at is not None and now - self._start_failed_at >= SAVE_RETRY_S
                    and self.phase == "lobby" and self.cfg.autostart and room.can_start(self.seats)):
                self._autostart()
            return
        sess.retry_save()
        if self._sidecar_error is not None and now - self._sidecar_tried_at >= SAVE_RETRY_S:
            self._write_sidecar()
        failed = sess.save_failures - self._save_failures_logged
        if sess.save_error is not None:
            if not self._save_down:
                self.log(f"{sess.save_error}; the game goes on in memory (the save holds {sess.saved_n} of "
                         f"{len(sess.record.actions)} actions), retrying every {SAVE_RETRY_S:g} s")
            elif failed and now - self._save_logged_at >= SAVE_LOG_EVERY_S:
                self.log(f"{sess.save_error} (failed {failed} more time{'s' if failed != 1 else ''}; the save "
                         f"holds {sess.saved_n} of {len(sess.record.actions)} actions)")
            else:
                return
            self._save_down, self._save_logged_at = True, now
        elif self._save_down:
            self.log(f"autosave works again: {self.save} holds all {len(sess.record.actions)} actions")
            self._save_down = False
        elif failed:  # it failed and worked again between two turns of the loop
            self.log(f"{sess.last_save_failure}; the next try worked: {self.save} holds all "
                     f"{len(sess.record.actions)} actions")
        self._save_failures_logged = sess.save_failures

    def _last_save(self) -> None:
        """Closing: one more try of a failed autosave (and seats file), and the log says
        what the save holds."""
        if self._sidecar_error is not None:
            self._write_sidecar()
        sess = self.session
        if sess is None or sess.retry_save(now=True):
            if self._save_down:
                self._watch_saves()
            return
        self.log(f"{sess.save_error}: the save holds only {sess.saved_n} of {len(sess.record.actions)} actions")

    def _lobby_changed(self) -> None:
        self._publish_snapshot()
        msg = {"type": "lobby", "phase": self.phase, "host": self.cfg.name, **self._setup().fields(),
               "seats": room.seat_entries(self.seats, time.monotonic(), self.cfg.takeover_after),
               "can_start": room.can_start(self.seats)}
        for peer in list(self.peers.values()):
            if peer.seat is not None:
                self.send(peer, msg)
        if self.phase == "lobby" and self.cfg.autostart and room.can_start(self.seats):
            self._autostart()

    def _autostart(self) -> None:
        """Start the game every remote seat is ready for; when it cannot start (its first
        save fails) say so once, and :meth:`_watch_saves` tries again every few seconds."""
        try:
            self.start_game()
        except (RealmsError, OSError, ValueError) as exc:
            if self._start_failed_at is None:
                self.problem(f"cannot start the game: {exc}; trying again every {SAVE_RETRY_S:g} s")
            self._start_failed_at = time.monotonic()
            return
        self._start_failed_at = None

    def _seat_status_changed(self) -> None:
        self._publish_snapshot()
        msg = {"type": "seat_status", "seats": room.seat_entries(self.seats, time.monotonic(), self.cfg.takeover_after)}
        for peer in list(self.peers.values()):
            if peer.seat is not None:
                self.send(peer, msg)

    def _setup(self) -> setups.Setup:
        if self.session is not None:
            return setups.of_state(self.game, self.session.state)
        return setups.planned(self.game, self.cfg.format, self.cfg.modules, self.cfg.rulings)

    def discovery_reply(self) -> dict[str, Any] | None:
        free = sum(1 for s in self.seats if s.kind == "remote" and not s.claimed) if self.phase != "over" else 0
        return {"type": "game", **self._setup().fields(), "id": self.host_id, "version": PROTOCOL_VERSION,
                "app": __version__, "name": self.cfg.name, "port": self.port, "seats": len(self.seats),
                "seats_free": free, "phase": self.phase}


def _token_bytes(token: str) -> bytes:
    """A token as bytes for comparing (any text JSON can carry, lone surrogates included)."""
    return token.encode("utf-8", "surrogatepass")


def _default_save() -> Path:
    """A new autosave in the user's data folder (never the shared temporary folder,
    where another user could have made the folder first)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return lan_saves_dir() / f"lan-{stamp}.json"


def _check_save_folder(save: Path, log: Callable[[str], None]) -> None:
    """Refuse a save folder this user does not own alone (RealmsError with the reason),
    creating it when missing; then clear what interrupted saves left in it."""
    problem = private_folder(save.parent)
    if problem:
        raise RealmsError(problem)
    removed = remove_stale_temps(save.parent)
    if removed:
        log(f"removed {len(removed)} temporary file{'s' if len(removed) != 1 else ''} left by an interrupted "
            f"save in {save.parent}")

