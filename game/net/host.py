"""The LAN host: one Session served to remote players over TCP, one loop, no blocking.

The engine runs here only. The host accepts connections, runs the lobby, seats
players with tokens, and once the game starts validates every ``act`` against the
Session (which checks the seat and the legal actions), then sends each remote seat
its own redacted events and a patch of its own view. AI seats are driven by
:class:`~game.session_ai.AISeats` (worker processes) from the same loop.

Faults are part of the design: a client that drops keeps its seat (status
"waiting") and resumes with its token; after ``takeover_after`` seconds an AI plays
for it until it comes back. Bad input earns an ``error`` reply, a flood is dropped,
an over-long line or a silent peer is disconnected; nothing a client sends can stop
the loop. Every action is autosaved (the Session does it) with a sidecar of seats
and tokens, so ``--resume`` continues the game after a host restart.
"""

from __future__ import annotations

import hmac
import json
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import __version__
from game.core.errors import IllegalActionError, NotationError, RealmsError
from game.hero_realms.actions import parse
from game.hero_realms.record import Record, load
from game.net import room
from game.net.protocol import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    ERRORS,
    FATAL,
    GAME,
    HEARTBEAT_S,
    HELLO_TIMEOUT_S,
    MAX_CLIENT_MESSAGE,
    MAX_HOST_MESSAGE,
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
from game.net.wire import Closed, LineConn
from game.session import SeatConfig, Session
from game.session_ai import AISeats


def best_agent() -> str:
    from game.ai.agent import agent_names

    names = agent_names()
    for name in ("medium", "easy", "hard"):
        if name in names:
            return name
    return names[0]


@dataclass
class HostConfig:
    """How to host. ``seats``: one entry per seat, "remote" or an agent name."""

    seats: list[str] = field(default_factory=lambda: ["remote", "remote"])
    format: str = "ffa"
    seed: int = 0
    name: str = "Realms Table"
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT  # 0: any free port (see NetHost.port)
    save: str | Path | None = None  # autosave file (default: a temporary folder)
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


class Peer:
    """One accepted connection and its accounting."""

    def __init__(self, conn: LineConn, rate: float) -> None:
        self.conn = conn
        self.seat: int | None = None
        self.recv_seq = 0
        self.accepted = time.monotonic()
        self.rate = rate
        self.tokens = 2 * rate
        self.refilled = self.accepted
        self.dropped = 0
        self.warned = 0.0
        self.rtt: float | None = None

    def allow(self, now: float) -> bool:
        self.tokens = min(2 * self.rate, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


class NetHost:
    def __init__(self, config: HostConfig) -> None:
        self.cfg = config
        self.log = config.log or (lambda _line: None)
        self.takeover_agent = config.takeover_agent or best_agent()
        self.save = Path(config.save) if config.save else _default_save()
        self.phase = "lobby"  # lobby | playing | over
        self.session: Session | None = None
        self.ai: AISeats | None = None
        self.seats: list[HostSeat] = []
        self.peers: dict[int, Peer] = {}
        self.over_at: float | None = None
        self.problems: list[str] = []  # unexpected errors, for the operator
        self._stop = False
        self._resumable = False
        self._closed = False
        self._lock = threading.Lock()
        self._commands: list[tuple[Callable[[], Any], Any]] = []
        self._snapshot: dict[str, Any] = {}
        self._flushed_n = 0
        self._closing: dict[int, tuple[Peer, float]] = {}
        self._current_ref: int | None = None
        self.host_id = secrets.token_hex(8)
        if config.resume:
            self._load_resume()
        else:
            self.seats = [HostSeat(i, "remote") if k == "remote" else HostSeat(i, "ai", k, room.ai_name(k, i))
                          for i, k in enumerate(config.seats)]
        self.sel = selectors.DefaultSelector()
        self.listener = socket.create_server((config.bind, config.port), reuse_port=False)
        self.listener.setblocking(False)
        self.port: int = self.listener.getsockname()[1]
        self.sel.register(self.listener, selectors.EVENT_READ, "listen")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self.udp: socket.socket | None = None
        if config.discovery_port is not None:
            self.udp = _discovery_socket(config.bind, config.discovery_port, self.log)
            if self.udp is not None:
                self.sel.register(self.udp, selectors.EVENT_READ, "udp")
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
        self._closed = True
        resume = self._resumable and self.phase == "playing"
        reason = "the host stopped; it may resume the game" if resume else "the host closed the game"
        for peer in list(self.peers.values()):
            self._send(peer, {"type": "bye", "reason": reason, "resume": resume})
            self._drop(peer, None)
        for peer, _deadline in list(self._closing.values()):
            self._finish_close(peer)
        if self.ai is not None:
            self.ai.close()
        for s in (self.listener, self.udp, self._wake_r, self._wake_w):
            if s is not None:
                try:
                    self.sel.unregister(s)
                except (KeyError, ValueError):
                    pass
                s.close()
        self.sel.close()
        self._publish_snapshot(closed=True)

    # ---- commands from other threads (the UI hosting in the background) -------------
    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the host loop's thread and return its result (blocks the caller)."""
        if self._closed:
            raise RealmsError("the host is not running")
        done = threading.Event()
        box: dict[str, Any] = {}

        def job() -> None:
            try:
                box["value"] = fn()
            except Exception as exc:
                box["error"] = exc
            done.set()

        with self._lock:
            self._commands.append((job, None))
        self._wake()
        if not done.wait(5.0):
            raise TimeoutError("the host loop did not answer")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def _run_commands(self) -> None:
        with self._lock:
            jobs, self._commands = self._commands, []
        for job, _ in jobs:
            job()

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
            "format": self._format(),
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

            make_agent(kind)  # unknown agent: ValueError now, not at the start
            self.seats[index] = HostSeat(index, "ai", kind, room.ai_name(kind, index))
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
        rec = Record.standard(len(self.seats), self.cfg.format, self.cfg.seed)
        configs = [SeatConfig(s.kind, s.name, s.agent or "random") for s in self.seats]
        self.session = Session(rec, configs, autosave=self.save)
        rec.save(self.save, self.session.state)
        room.write_sidecar(self.save, self.cfg.name, self.seats)
        self.phase = "playing"
        self.log(f"game started: {', '.join(s.name for s in self.seats)} (autosave {self.save})")
        self._begin_stream()

    def _begin_stream(self) -> None:
        sess = self.session
        assert sess is not None
        self.ai = AISeats(sess, min_delay=self.cfg.ai_delay, seed=self.cfg.seed, inline=self.cfg.ai_inline)
        for s in self.seats:
            if s.kind == "remote":
                sess.subscribe(s.index, self._on_events)
                if s.taken_over:
                    self.ai.take_over(s.index, self.takeover_agent, self.cfg.seed + s.index)
            if s.peer is not None:
                self._send_view(s, "start", None)
        self._flushed_n = len(sess.record.actions)
        self._seat_status_changed()
        if sess.over:
            self._game_over()

    def _load_resume(self) -> None:
        rec, st = load(self.save)
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
        self._run_commands()
        for key, mask in self.sel.select(timeout):
            tag = key.data
            if tag == "listen":
                self._accept()
            elif tag == "wake":
                try:
                    while self._wake_r.recv(512):
                        pass
                except OSError:
                    pass
            elif tag == "udp":
                self._answer_discovery()
            elif isinstance(tag, tuple):
                self._drain(tag[1])
            else:
                peer: Peer = tag
                if mask & selectors.EVENT_READ:
                    self._read(peer)
                if mask & selectors.EVENT_WRITE and not peer.conn.closed:
                    self._guard(peer, peer.conn.flush)
        self._run_commands()
        if self.phase == "playing" and self.ai is not None:
            try:
                self.ai.pump()
            except Exception as exc:  # an agent failure must not stop the host
                self._problem(f"AI seats: {type(exc).__name__}: {exc}")
            for err in self.ai.take_errors():
                self._problem(err)
        self._flush_updates()
        self._timers()
        for peer in list(self.peers.values()):
            if not peer.conn.closed:
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if peer.conn.wants_write else 0)
                if self.sel.get_key(peer.conn.sock).events != events:
                    self.sel.modify(peer.conn.sock, events, peer)
        self._publish_snapshot()

    def _accept(self) -> None:
        for _ in range(16):
            try:
                sock, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self._problem(f"accept failed: {exc}")
                return
            peer = Peer(LineConn(sock, MAX_CLIENT_MESSAGE), self.cfg.rate)
            strangers = sorted((p for p in self.peers.values() if p.seat is None), key=lambda p: p.accepted)
            if len(strangers) >= self.cfg.max_connections:
                # evict the oldest connection that has not joined rather than refuse this one:
                # a flood of idle sockets must not lock a player out of reconnecting
                self._error(strangers[0], "full", "too many connections")
                self._drop(strangers[0], None)
            self.peers[id(peer)] = peer
            self.sel.register(sock, selectors.EVENT_READ, peer)

    def _read(self, peer: Peer) -> None:
        try:
            lines = peer.conn.read_lines()
        except Closed as exc:
            self._drop(peer, exc.reason)
            return
        except ProtocolError as exc:
            self._error(peer, exc.code, exc.reason)
            self._drop(peer, exc.reason)
            return
        now = time.monotonic()
        for line in lines:
            if peer.conn.closed:
                return
            if not peer.allow(now):
                if now - peer.warned > 1.0:
                    peer.warned = now
                    self._error(peer, "rate_limited", f"more than {peer.rate:.0f} messages a second: dropped")
                if peer.dropped > 20 * peer.rate:
                    self._drop(peer, "flooding")
                    return
                continue
            self._guard(peer, self._handle_line, line)

    def _guard(self, peer: Peer, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(peer, *args)`` (or ``fn()`` without args); any failure costs that peer only."""
        try:
            fn(peer, *args) if args else fn()
        except Closed as exc:
            self._drop(peer, exc.reason)
        except ProtocolError as exc:
            self._error(peer, exc.code, exc.reason)
        except Exception as exc:  # a host bug: report it, keep serving everyone
            self._problem(f"{type(exc).__name__} while serving {peer.conn.peer}: {exc}")
            self._error(peer, "internal", f"{type(exc).__name__}")
        finally:
            self._current_ref = None

    def _handle_line(self, peer: Peer, line: bytes) -> None:
        msg = decode(line)
        if isinstance(msg.get("seq"), int):
            self._current_ref = msg["seq"]
        check_client_message(msg)
        if msg["seq"] <= peer.recv_seq:
            raise ProtocolError("bad_seq", f"seq {msg['seq']} after {peer.recv_seq}")
        peer.recv_seq = msg["seq"]
        kind = msg["type"]
        if kind == "ping":
            self._send(peer, {"type": "pong", "t": msg["t"]})
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
            self._refuse(peer, "version_mismatch",
                         f"the host speaks protocol version {PROTOCOL_VERSION} (Realms Table {__version__}), "
                         f"this client speaks version {msg['version']}: use the same version on both machines")
            return
        if msg["game"] != GAME:
            self._refuse(peer, "wrong_game", f"the host plays {GAME}, not {msg['game'][:40]!r}")
            return
        token = msg.get("token")
        if token is not None:
            seat = next((s for s in self.seats if s.token and hmac.compare_digest(s.token, token)), None)
            if seat is None:
                self._refuse(peer, "bad_token", "no seat has this token (the host may have started another game)")
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
            room.write_sidecar(self.save, self.cfg.name, self.seats)
        self._attach(peer, seat, None)

    def _free_seat(self, peer: Peer, wanted: int | None) -> HostSeat | None:
        if self.phase == "over":
            self._refuse(peer, "game_started", "the game is over")
            return None
        free = [s for s in self.seats if s.kind == "remote" and not s.claimed]
        if wanted is not None:
            match = [s for s in free if s.index == wanted]
            if not match:
                self._refuse(peer, "seat_taken", f"seat {wanted} is not free")
                return None
            return match[0]
        if not free:
            code = "game_started" if self.phase == "playing" else "full"
            self._refuse(peer, code, "no free seat" + (" (the game has started)" if code == "game_started" else ""))
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
            room.write_sidecar(self.save, self.cfg.name, self.seats)
        elif was_away:
            self.log(f"seat {seat.index}: {seat.name} reconnected")
        self._send(peer, {
            "type": "welcome", "version": PROTOCOL_VERSION, "app": __version__, "game": GAME,
            "seat": seat.index, "token": seat.token, "name": seat.name, "host": self.cfg.name,
            "seats": len(self.seats), "phase": self.phase, "heartbeat": self.cfg.heartbeat,
            "timeout": self.cfg.timeout, "max_message": MAX_CLIENT_MESSAGE,
        })
        if self.phase == "lobby":
            self._lobby_changed()
        else:
            self._send_view(seat, "resume", last)
            if self.phase == "over":
                self._send(peer, self._game_over_msg())
            self._seat_status_changed()

    def _bye(self, peer: Peer) -> None:
        seat = self.seats[peer.seat] if peer.seat is not None else None
        if seat is not None and self.phase == "lobby":
            self.log(f"seat {seat.index}: {seat.name} left the lobby")
            seat.free()
            peer.seat = None
            self._lobby_changed()
        self._drop(peer, None)

    def _drop(self, peer: Peer, reason: str | None) -> None:
        """Close ``peer``; its seat (if any) waits for a reconnection."""
        if id(peer) in self.peers:
            del self.peers[id(peer)]
            self._close_gently(peer)
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
        self._send(peer, {"type": "error", "code": code, "reason": reason, "ref": None})
        peer.seat = None
        self._drop(peer, None)

    def _close_gently(self, peer: Peer) -> None:
        """Send what is queued, then half-close and drain for a moment: closing a socket
        with unread input makes the kernel reset it, and the peer would lose our last
        message (a refusal, an error) before reading it."""
        conn = peer.conn
        try:
            conn.flush()
        except Closed:
            pass
        if conn.closed or conn.wants_write:
            self._unregister(conn.sock)
            conn.close()
            return
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self._unregister(conn.sock)
            conn.close()
            return
        self._closing[id(peer)] = (peer, time.monotonic() + 2.0)
        self.sel.modify(conn.sock, selectors.EVENT_READ, ("closing", peer))

    def _drain(self, peer: Peer) -> None:
        try:
            while peer.conn.sock.recv(65536):
                pass
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            pass
        self._finish_close(peer)

    def _finish_close(self, peer: Peer) -> None:
        self._closing.pop(id(peer), None)
        self._unregister(peer.conn.sock)
        peer.conn.close()

    def _unregister(self, sock: socket.socket) -> None:
        try:
            self.sel.unregister(sock)
        except (KeyError, ValueError):
            pass

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
            action = parse(msg["line"])
        except NotationError as exc:
            raise ProtocolError("bad_notation", str(exc)) from None
        if action.actor is not None and action.actor != seat:
            raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {action.actor}")
        try:
            sess.submit(seat, action)
        except (IllegalActionError, NotationError) as exc:
            raise ProtocolError("illegal_action", str(exc)) from None

    def _on_events(self, seat: int | None, events: list[dict[str, Any]]) -> None:
        if seat is not None:
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
            self._send(s.peer, {"type": "update", "n": n, "events": batch, "patch": ops, "view_hash": view_hash(view)})
        if sess.over and self.phase == "playing":
            self._game_over()

    def _send_view(self, seat: HostSeat, reason: str, last: int | None) -> None:
        if seat.peer is None or self.session is None:
            return
        view = self.session.view(seat.index)
        events, truncated = seat.missed_since(last) if reason == "resume" else ([], False)
        seat.sent_view = view
        self._send(seat.peer, {"type": "view", "reason": reason, "n": len(self.session.record.actions),
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
                self._send(peer, self._game_over_msg())
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
        for peer, deadline in list(self._closing.values()):
            if now > deadline:
                self._finish_close(peer)
        for peer in list(self.peers.values()):
            conn = peer.conn
            if peer.seat is None and now - peer.accepted > self.cfg.hello_timeout:
                self._error(peer, "timeout", "no hello in time")
                self._drop(peer, "no hello")
            elif now - conn.last_received > self.cfg.timeout:
                self._error(peer, "timeout", f"nothing received for {self.cfg.timeout:g} s")
                self._drop(peer, "silent")
            elif now - conn.last_sent > self.cfg.heartbeat:
                self._send(peer, {"type": "ping", "t": now})
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
                self.ai.take_over(s.index, self.takeover_agent, self.cfg.seed + s.index)
                self.log(f"seat {s.index}: {self.takeover_agent} AI plays for {s.name} until they come back")
                room.write_sidecar(self.save, self.cfg.name, self.seats)
                self._seat_status_changed()

    # ---- sending ------------------------------------------------------------------------
    def _send(self, peer: Peer, msg: dict[str, Any]) -> None:
        if peer.conn.closed:
            return
        try:
            peer.conn.send(msg)
        except Closed as exc:
            self._drop(peer, exc.reason)

    def _error(self, peer: Peer, code: str, reason: str) -> None:
        assert code in ERRORS
        self._send(peer, {"type": "error", "code": code, "reason": reason,
                          "ref": self._current_ref})
        if code in FATAL:
            self._drop(peer, reason)

    def _refuse(self, peer: Peer, code: str, reason: str) -> None:
        self.log(f"refused {peer.conn.peer}: {reason}")
        self._send(peer, {"type": "refused", "code": code, "reason": reason})
        self._drop(peer, None)

    def _lobby_changed(self) -> None:
        self._publish_snapshot()
        msg = {"type": "lobby", "phase": self.phase, "host": self.cfg.name, "format": self._format(),
               "seats": room.seat_entries(self.seats, time.monotonic(), self.cfg.takeover_after),
               "can_start": room.can_start(self.seats)}
        for peer in list(self.peers.values()):
            if peer.seat is not None:
                self._send(peer, msg)
        if self.phase == "lobby" and self.cfg.autostart and room.can_start(self.seats):
            try:
                self.start_game()
            except (RealmsError, OSError, ValueError) as exc:
                self._problem(f"cannot start the game: {exc}")

    def _seat_status_changed(self) -> None:
        self._publish_snapshot()
        msg = {"type": "seat_status", "seats": room.seat_entries(self.seats, time.monotonic(), self.cfg.takeover_after)}
        for peer in list(self.peers.values()):
            if peer.seat is not None:
                self._send(peer, msg)

    def _format(self) -> str:
        return self.session.state.fmt.name if self.session else self.cfg.format

    def _problem(self, text: str) -> None:
        self.problems.append(text)
        del self.problems[:-200]
        self.log(f"problem: {text}")

    # ---- discovery --------------------------------------------------------------------
    def _answer_discovery(self) -> None:
        assert self.udp is not None
        for _ in range(32):
            try:
                data, addr = self.udp.recvfrom(2048)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            try:
                msg = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                continue
            if not isinstance(msg, dict) or msg.get("type") != "discover" or msg.get("game") != GAME:
                continue
            free = sum(1 for s in self.seats if s.kind == "remote" and not s.claimed) if self.phase != "over" else 0
            reply = {"type": "game", "game": GAME, "id": self.host_id, "version": PROTOCOL_VERSION, "app": __version__,
                     "name": self.cfg.name, "port": self.port, "seats": len(self.seats), "seats_free": free,
                     "format": self._format(), "phase": self.phase}
            try:
                self.udp.sendto(json.dumps(reply).encode("utf-8"), addr)
            except OSError:
                pass


def _discovery_socket(bind: str, port: int, log: Callable[[str], None]) -> socket.socket | None:
    """A UDP socket answering discovery broadcasts; several hosts on one machine share the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            except OSError:
                pass
        sock.bind(("" if bind in ("0.0.0.0", "") else bind, port))
        sock.setblocking(False)
        return sock
    except OSError as exc:
        sock.close()
        log(f"not discoverable on the LAN (UDP port {port}: {exc.strerror or exc}); join by address")
        return None


def _default_save() -> Path:
    import tempfile

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path(tempfile.gettempdir()) / "realms-table" / f"lan-{stamp}.json"


def error_codes() -> dict[str, str]:
    return dict(ERRORS)


__all__ = ["HostConfig", "NetHost", "MAX_HOST_MESSAGE", "best_agent", "error_codes"]
