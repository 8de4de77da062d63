"""The LAN host: one Session served to remote players over TCP, one loop, no blocking.

The engine runs here only. The host accepts connections (``server.py``), seats
players with tokens (``lobby.py``), and once the game starts streams to each remote
seat its own redacted events and a patch of its own view, after checking every
``act`` it receives (``stream.py``). AI seats are driven by
:class:`~game.session.ai_seats.AISeats` (worker processes) from the same loop. Every game
of the registry (``game/games.py``) is served the same way: the Session knows how to
parse its lines, whose turn it is and how to save it; ``setups.py`` knows how to
start one and how to describe its setup. This module holds the configuration, the
phases of the hosted game (lobby, playing, over), the loop and its timers, and the
dispatch of each client message to the part that serves it.

Faults are part of the design: a client that drops keeps its seat (status
"waiting") and resumes with its token; after ``takeover_after`` seconds an AI plays
for it until it comes back. Bad input earns an ``error`` reply, a flood is dropped,
an over-long line or a silent peer is disconnected; nothing a client sends can stop
the loop. Every action is autosaved (the Session does it) with a sidecar of seats
and tokens, so ``--resume`` continues the game after a host restart; a save that
fails is told to the log and to every client and tried again (``saving.py``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import __version__
from game.core.errors import RealmsError
from game.core.game import SECRET_PAUSE
from game.core.rng import fresh_seed
from game.net import own_decks, room, setups
from game.net.clock import REAL, Clock
from game.net.lobby import Lobby
from game.net.protocol import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    HEARTBEAT_S,
    HELLO_TIMEOUT_S,
    PROTOCOL_VERSION,
    TIMEOUT_S,
    ProtocolError,
    check_client_message,
    decode,
)
from game.net.room import HostSeat
from game.net.saving import SaveWatch, check_save_folder, default_save, load_resume
from game.net.server import LineServer, Peer
from game.net.stream import GameStream, winner
from game.net.talk import BURST, RATE, Rations, check_say
from game.net.watchers import Watchers
from game.session.ai_seats import AISeats
from game.session.session import SeatConfig, Session


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
    secret_pause: tuple[float, float] = SECRET_PAUSE  # an AI seat's pause at a secret choice (session/ai_seats.py)
    spectators: int = 8  # machines that may watch at once, with no seat (watchers.py); 0: none
    reveal_at_end: bool = False  # a finished game's hands are shown to the spectators
    max_connections: int = 32
    rate: float = 200.0  # messages per second per connection (burst: twice as many)
    linger: float = 2.0  # after the game, how long to wait for clients to say bye
    final_save_s: float = 30.0  # after the game, how long a failing save is tried again before it is rescued
    keep_history: bool = False  # keep the finished game in this user's history (game/session/history.py)
    log: Callable[[str], None] | None = None
    clock: Clock = REAL  # every timer's time, and the loop's waiting (tests move a clock by hand)


class NetHost(LineServer):
    """The host of one LAN game: its seats (``lobby``), its session and stream, its
    autosave watch (``saves``) and the loop that serves them all (:meth:`run`)."""

    def __init__(self, config: HostConfig) -> None:
        self.cfg = config
        self.clock = config.clock
        self.game = config.game
        self.save = Path(config.save) if config.save else default_save()
        log = config.log or (lambda _line: None)
        check_save_folder(self.save, log)
        self.phase = "lobby"  # lobby | playing | over
        self.session: Session | None = None
        self.stream: GameStream | None = None  # the game stream, once there is a game
        self.ai: AISeats | None = None
        self.seats: list[HostSeat] = []
        self.over_at: float | None = None
        self.host_id = secrets.token_hex(8)
        self.lobby = Lobby(self)
        self.watchers = Watchers(self)
        self.talk = Rations()
        self.saves = SaveWatch(self.save, log, config.clock)
        self._stop = False
        self._resumable = False
        self.rescued: Path | None = None  # where a finished game went when its save could not be written
        self._snapshot: dict[str, Any] = {}
        if config.resume:
            self.log = log
            self._load_resume()
        else:
            problem = setups.setup_problem(config.game, len(config.seats), config.format, config.modules, config.rulings)
            if problem:
                raise RealmsError(problem)
            self.seats = room.seats_of(config.seats)
        self.takeover_agent = config.takeover_agent or best_agent(self.game)
        known = setups.agents(self.game)
        for agent in [s.agent for s in self.seats if s.kind == "ai"] + [self.takeover_agent]:
            if agent not in known:  # now, not when the game starts in another thread
                raise RealmsError(f"unknown agent {agent!r} for {self.game} (known: {', '.join(known)})")
        super().__init__(config.bind, config.port, config.rate, config.max_connections, config.discovery_port, log,
                         config.clock)
        if self.phase == "playing":
            self._begin_stream()
        elif self.phase == "over":
            self.over_at = self.clock.now()
        elif config.autostart and room.can_start(self.seats):
            self.start_game()  # nobody to wait for: AI seats only
        self.publish_snapshot()

    # ---- life cycle -----------------------------------------------------------------
    def run(self) -> None:
        """Serve until the game is over (and clients left or ``linger`` passed) or stop()."""
        try:
            while not self._stop:
                self.step(self._wait_time())
                if self.phase == "over" and self.over_at is not None:
                    waiting = any(p.seat is not None for p in self.peers.values())
                    if (not waiting or self.clock.now() - self.over_at > self.cfg.linger) and self._final_saved():
                        break
        except KeyboardInterrupt:
            self._resumable = True  # the operator stopped the host: clients wait for --resume
            raise
        finally:
            self.close()

    def _final_saved(self) -> bool:
        """The finished game is saved, or its save was tried long enough (a disk full at
        the end, a folder away for a moment: the host waits for it rather than close on
        a save that holds only part of a decided game)."""
        if self.session is None or self.saves.retry_final(self.session):
            return True
        assert self.over_at is not None
        return self.clock.now() - self.over_at > self.cfg.final_save_s

    def _wait_time(self) -> float:
        if self.ai is not None and (self.ai.thinking() or self.phase == "playing" and self._ai_turn()):
            return 0.005  # an AI answer arrives through a queue the selector cannot watch
        return min(0.25, self.cfg.heartbeat / 2)

    def _ai_turn(self) -> bool:
        assert self.session is not None and self.ai is not None
        return any(self.ai.drives(s) for s in self.session.waiting_for())

    def stop(self, resumable: bool = False) -> None:
        """Ask the loop to end (from any thread). ``resumable``: tell the clients to keep
        trying to reconnect (the game will be resumed from its autosave)."""
        self._resumable = resumable
        self._stop = True
        self._wake()

    def close(self) -> None:
        self._last_save()
        sess = self.session
        if sess is not None and sess.over and sess.save_error is not None and self.rescued is None:
            self.rescued = self.saves.rescue(sess)
        resume = self._resumable and self.phase == "playing"
        reason = "the host stopped; it may resume the game" if resume else "the host closed the game"
        for peer in list(self.peers.values()):
            self.send(peer, {"type": "bye", "reason": reason, "resume": resume})
            self.drop(peer, None)
        if self.ai is not None:
            self.ai.close()
        self.close_sockets()
        self.publish_snapshot(closed=True)

    def snapshot(self) -> dict[str, Any]:
        """The lobby / game state for a UI on another thread (a copy, never blocks)."""
        with self._lock:
            snap: dict[str, Any] = json.loads(json.dumps(self._snapshot))
        return snap

    def publish_snapshot(self, closed: bool = False) -> None:
        snap = {
            "phase": "closed" if closed else self.phase,
            "name": self.cfg.name,
            "port": getattr(self, "port", None),
            **self.setup().fields(),
            "seats": room.seat_entries(self.seats, self.clock.now(), self.cfg.takeover_after),
            "spectators": self.watchers.names(),
            "can_start": self.phase == "lobby" and room.can_start(self.seats),
            "n": len(self.session.record.actions) if self.session else 0,
            "winner": winner(self.session),
            "save": str(self.save),
            "problems": list(self.problems[-20:]),
        }
        with self._lock:
            self._snapshot = snap

    # ---- lobby control (host side) --------------------------------------------------
    def set_seat(self, index: int, kind: str) -> None:
        """Lobby: make seat ``index`` "remote" (open for a player) or an AI agent name."""
        self.lobby.set_seat(index, kind)

    def fill_with_ai(self, agent: str | None = None) -> None:
        """Lobby: every open remote seat becomes an AI seat."""
        self.lobby.fill_with_ai(agent)

    def start_game(self) -> None:
        """Lobby: start now (every remote seat must be connected and ready)."""
        if self.phase != "lobby":
            raise RealmsError("the game has already started")
        if not room.can_start(self.seats):
            raise RealmsError("every remote seat must be connected and ready")
        seed = self.cfg.seed if self.cfg.seed is not None else fresh_seed()
        rec = setups.new_record(self.game, len(self.seats), self.cfg.format, self.cfg.modules, seed,
                                self.cfg.rulings)
        own_decks.deal(self.game, rec, {s.index: s.deck for s in self.seats if s.deck is not None})
        configs = [SeatConfig(s.kind, s.name, s.agent or "random") for s in self.seats]
        session = Session(rec, configs, autosave=self.save)
        try:  # a game that cannot be saved at its start does not start
            rec.save(self.save, session.state)
            room.write_sidecar(self.save, self.cfg.name, self.seats)
        except OSError as exc:
            raise RealmsError(f"cannot write the save {self.save} ({exc.strerror or exc}): the game did not start") \
                from None
        self._set_session(session)
        self.phase = "playing"
        self.log(f"game started: {', '.join(s.name for s in self.seats)} (autosave {self.save})")
        self._begin_stream()

    def _set_session(self, session: Session) -> None:
        if self.cfg.keep_history:  # tagged with the host's id, so that its own player's client claims it
            session.keep_history = {"mode": "lan-host", "tag": self.host_id}
        self.session = session
        self.stream = GameStream(session, self.seats, self.send)

    def _begin_stream(self) -> None:
        sess, stream = self.session, self.stream
        assert sess is not None and stream is not None
        self.ai = AISeats(sess, min_delay=self.cfg.ai_delay, inline=self.cfg.ai_inline, secret_pause=self.cfg.secret_pause)
        for s in self.seats:
            if s.kind == "remote":
                sess.subscribe(s.index, stream.on_events)
                if s.taken_over:
                    self.ai.take_over(s.index, self.takeover_agent)
            if s.peer is not None:
                stream.send_view(s, "start", None)
        sess.subscribe(None, self.watchers.on_events)  # what no seat hides: the spectators'
        stream.watchers = self.watchers.all
        for w in self.watchers.all:
            self.watchers.send_view(w, "start")
        stream.flushed_n = len(sess.record.actions)
        self.lobby.seat_status_changed()
        if sess.over:
            self._game_over()

    def _load_resume(self) -> None:
        resumed = load_resume(self.save, self.cfg.seats, self.clock.now())
        self.game = resumed.game
        if resumed.host_name is not None:
            self.cfg.name = resumed.host_name
        self.seats = resumed.seats
        self._set_session(resumed.session)
        self.phase = resumed.phase
        self.log(f"resumed {self.save} at action {len(resumed.session.record.actions)}")

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
        self.publish_snapshot()

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
            now = self.clock.now()
            peer.rtt = max(0.0, now - msg["t"]) if msg["t"] <= now else None
        elif kind == "bye":
            self.lobby.bye(peer)
        elif kind == "hello":
            self.lobby.hello(peer, msg)
        elif not peer.joined:
            raise ProtocolError("not_joined", f"{kind} before hello")
        elif peer.seat is None:  # a spectator: it may ask for its view again, and that is all
            watcher = self.watchers.of(peer)
            if kind != "resync" or watcher is None:  # (a spectator does not talk at the table either)
                raise ProtocolError("not_a_seat", f"a spectator watches the game: {kind} is for seats")
            if self.phase == "lobby":
                raise ProtocolError("not_in_game", "no game view before the start")
            self.watchers.send_view(watcher, "resync")
        elif kind == "ready":
            self.lobby.ready(peer.seat, msg["ready"])
        elif kind == "say":
            self._say(peer.seat, msg)
        elif kind == "deck":
            self._deck(peer.seat, msg)
        elif kind == "resync":
            if self.phase == "lobby":
                raise ProtocolError("not_in_game", "no game view before the start")
            self.send_view(self.seats[peer.seat], "resync", None)
        elif kind == "act":
            if self.phase != "playing" or self.stream is None:
                raise ProtocolError("not_in_game", "the game is not running")
            self.stream.act(peer.seat, msg)

    def _say(self, seat: int, msg: dict[str, Any]) -> None:
        """A seat's table talk, told to every joined connection (talk.py)."""
        said = check_say(msg)
        if not self.talk.allow(seat, self.clock.now()):
            raise ProtocolError("talk_too_fast", f"a seat may say {BURST:g} lines at once, then one every "
                                                 f"{1 / RATE:g} s: this one was not told")
        out = {"type": "said", "seat": seat, "name": self.seats[seat].name, **said}
        for p in list(self.peers.values()):
            if p.joined:
                self.send(p, out)

    def _deck(self, seat: int, msg: dict[str, Any]) -> None:
        """A seat brings a deck of its own, or goes back to the host's (own_decks.py); a refused
        one changes nothing (the error's reason says why)."""
        brought = own_decks.brought(self.game, self.phase, seat, msg)
        s = self.seats[seat]
        s.deck = brought
        self.log(f"seat {seat}: {s.name} brings the deck {brought.name!r}" if brought is not None
                 else f"seat {seat}: {s.name} plays the host's deck")
        self.lobby.changed()

    def on_dropped(self, peer: Peer, reason: str | None) -> None:
        """``peer`` is gone; its seat (if any) waits for a reconnection."""
        self.lobby.dropped(peer, reason)

    # ---- the game -----------------------------------------------------------------------
    def _flush_updates(self) -> None:
        if self.stream is None or self.session is None or self.phase == "lobby":
            return
        if self.stream.flush() and self.session.over and self.phase == "playing":
            self._game_over()

    def send_view(self, seat: HostSeat, reason: str, last: int | None) -> None:
        """Send ``seat`` its whole view (nothing before the game)."""
        if self.stream is not None:
            self.stream.send_view(seat, reason, last)

    def _game_over(self) -> None:
        self.phase = "over"
        self.over_at = self.clock.now()
        assert self.session is not None and self.stream is not None
        self.log(f"game over after {len(self.session.record.actions)} actions: winner {self.describe_winner()}")
        self.publish_snapshot()  # before the clients hear it, so a UI never lags them
        for peer in list(self.peers.values()):
            if peer.joined:
                self.send(peer, self.stream.game_over_msg())
        self.watchers.reveal()
        if self.ai is not None:
            self.ai.close()

    def describe_winner(self) -> str:
        w = winner(self.session)
        if w is None:
            return "nobody"
        seats = w if isinstance(w, list) else [w]
        return " and ".join(f"seat {i} ({self.seats[i].name})" for i in seats)

    # ---- timers -------------------------------------------------------------------------
    def _timers(self) -> None:
        now = self.clock.now()
        for peer in list(self.peers.values()):
            conn = peer.conn
            if not peer.joined and now - peer.accepted > self.cfg.hello_timeout:
                self.error(peer, "timeout", "no hello in time")
                self.drop(peer, "no hello")
            elif now - conn.last_received > self.cfg.timeout:
                self.error(peer, "timeout", f"nothing received for {self.cfg.timeout:g} s")
                self.drop(peer, "silent")
            elif now - conn.last_sent > self.cfg.heartbeat:
                self.send(peer, {"type": "ping", "t": now})
        self.lobby.watch_away(now)

    # ---- saving -------------------------------------------------------------------------
    def write_sidecar(self) -> None:
        """Write the seats file (a failure is logged and retried by :meth:`_watch_saves`)."""
        self.saves.write_sidecar(self.cfg.name, self.seats)

    def _watch_saves(self) -> None:
        """Try a failed autosave (and seats file) again every few seconds and tell the
        log (``saving.py``). In the lobby, a game that could not start (its first save
        failed) is started again."""
        if self.session is None:
            if self.saves.start_due() and self.phase == "lobby" and self.cfg.autostart and room.can_start(self.seats):
                self.lobby.autostart()
            return
        self.saves.watch(self.session, self.cfg.name, self.seats)

    def _last_save(self) -> None:
        self.saves.last_save(self.session, self.cfg.name, self.seats)

    def setup(self) -> setups.Setup:
        """The hosted game's setup, as told to players."""
        if self.session is not None:
            return setups.of_state(self.game, self.session.state)
        return setups.planned(self.game, self.cfg.format, self.cfg.modules, self.cfg.rulings)

    def discovery_reply(self) -> dict[str, Any] | None:
        free = sum(1 for s in self.seats if s.kind == "remote" and not s.claimed) if self.phase != "over" else 0
        return {"type": "game", **self.setup().fields(), "id": self.host_id, "version": PROTOCOL_VERSION,
                "app": __version__, "name": self.cfg.name, "port": self.port, "seats": len(self.seats),
                "seats_free": free, "phase": self.phase}
