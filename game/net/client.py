"""The table's side of a LAN game: :class:`RemoteClient`, a GameClient over a socket.

The table plays a LAN game through the same :class:`~game.session.clients.GameClient` protocol as
a local one: ``view``, ``submit``, ``poll``, ``errors``, ``status``, ``close``. Everything is
non-blocking and driven by ``poll()`` (or ``pump()``), so it runs inside the frame loop. The client
keeps the view the host sent, patches it with every update, checks the host's hash of it and asks
for a fresh copy when they differ. When the connection drops it reconnects with its seat token
(status "reconnecting") and resumes where the game stands, with the events it missed.

Before the game starts the same object is the lobby: ``lobby`` holds the seats, ``set_ready()``
says you are ready, ``bring_deck()`` brings a deck of one's own to a game that takes one, and
``phase`` becomes "playing" at the start.

The client plays whatever game the host serves (``game``, ``format``, ``modules``: from its ``welcome``,
before the lobby or the first view, so the UI knows which table to open); ``game=NAME`` joins only its host.
"""

from __future__ import annotations

import errno
import select
import selectors
import socket
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from game import __version__
from game.core.errors import IllegalActionError
from game.core.refusal import Refusal
from game.net import own_decks
from game.net.clock import REAL, Clock
from game.net.protocol import (
    HEARTBEAT_S,
    MAX_HOST_MESSAGE,
    PROTOCOL_VERSION,
    TIMEOUT_S,
    PatchError,
    ProtocolError,
    apply_patch,
    decode,
    view_hash,
)
from game.net.talk import MAX_TALK
from game.net.wire import Closed, LineConn
from game.session import history
from game.session.clients import GameClient

Batch = tuple[int | None, list[dict[str, Any]]]


class RemoteClient:
    """A seat at a LAN host. Construct it to start connecting; call ``poll()`` often.

    ``status``: "connecting", "lobby", "ok" (playing), "reconnecting", "closed".
    ``phase``: "connecting", "lobby", "playing", "over", "closed".
    """

    def __init__(self, host: str, port: int, name: str, token: str | None = None, seat: int | None = None,
                 reconnect_window: float = 120.0, connect_timeout: float = 5.0,
                 protocol_version: int = PROTOCOL_VERSION, game: str | None = None, watch: bool = False,
                 clock: Clock = REAL) -> None:
        """``watch``: join as a spectator (no seat; the view of no seat, and what every seat sees).
        ``clock``: the time of its heartbeats, timeouts and reconnection (tests move one by hand)."""
        self.clock = clock
        self.host = host
        self.port = port
        self.name = name
        self.token = token
        self.wanted_seat = seat
        self.reconnect_window = reconnect_window
        self.connect_timeout = connect_timeout
        self.protocol_version = protocol_version  # tests speak other versions to see the refusal
        self.wanted_game = game  # None: whatever game the host serves
        self.game: str | None = game  # the host's game, from its welcome
        self.format = ""  # the host's setup label (Hero Realms format; Fantasy Realms modules joined by "+")
        self.modules: list[str] = []  # Fantasy Realms modules of the hosted game
        self.rulings: dict[str, bool] = {}  # Fantasy Realms disputed rulings of the hosted game (every one named)
        self.seats: list[int] = []
        self.seat: int | None = None
        self.watch = watch
        self.revealed = False  # a spectator was shown the finished game's hands (a "reveal" view)
        self.spectators: list[str] = []  # the names of the game's spectators (lobby, seat_status)
        self.phase = "connecting"
        self.lobby: dict[str, Any] | None = None  # the latest "lobby" message
        self.seat_status: list[dict[str, Any]] = []  # every seat: name, kind, status (connected/waiting/ai)
        self.host_name = ""
        self.host_id = ""  # the running host's id, from its welcome (as in discovery replies)
        self.ended = False  # the host said the game is over (the seat's token is of no more use)
        self.n = 0  # actions applied in the game, as of the view held
        self.winner: Any = None
        self.names: list[str] = []  # seat names, from the lobby and the end of the game
        self.closed_reason: str | None = None  # why the client closed, for the player
        self.refused_code: str | None = None
        self.rtt: float | None = None
        self.resyncs = 0  # desyncs detected and healed
        self.reconnects = 0
        self.rejected: tuple[int, str, str] | None = None  # (at, code, reason) of the last refused action
        self.save_ok = True  # the host's autosave holds the game (its latest save_status)
        self._save_notices: list[dict[str, Any]] = []
        self._view: dict[str, Any] = {}
        self._views_taken = 0  # views taken from the host (each replaces the last)
        self.past: list[dict[str, Any]] = []  # a seat taken back by this new process: the game's recent events
        self._addresses: list[tuple[Any, Any, Any, Any]] = []  # the host's addresses this attempt has yet to try
        self._hash_ok = True
        self._events: deque[Batch] = deque()
        self._errors: list[str] = []
        self._refused: list[Refusal] = []  # the host's refusals of this seat's actions, as values
        self._talk: list[dict[str, Any]] = []
        self.deck_refused: Refusal | None = None  # why the host refused the deck brought last (None: not refused)
        self._deck_seq: int | None = None  # the seq of that ``deck`` message, which a refusal names
        self._acts: dict[int, tuple[int, float]] = {}  # seq of an act -> (the "at" it was chosen on, when)
        self._unsent = 0  # keys below 0 of ``_acts``: acts whose send failed (no seq of the host refers to them)
        self._conn: LineConn | None = None
        self._connecting_since = 0.0
        self._lost_at: float | None = None
        self._next_try = 0.0
        self._recv_seq = 0
        # message type -> its handler; a type missing here is a newer host's, ignored
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "welcome": self._on_welcome, "refused": self._on_refused, "lobby": self._on_lobby,
            "seat_status": self._on_seat_status, "view": self._on_view, "update": self._on_update,
            "error": self._on_error, "save_status": self._on_save_status, "game_over": self._on_game_over,
            "ping": self._on_ping, "said": self._on_said, "pong": self._on_pong, "bye": self._on_bye,
        }
        self._heartbeat = HEARTBEAT_S
        self._timeout = TIMEOUT_S
        self._sel = selectors.DefaultSelector()
        self._said_hello = False
        # what this seat received, for the history of finished games (game/session/history.py);
        # written at the end when ``keep_history`` (the table sets it), else forgotten
        self.keep_history = False
        self.seen = history.SeenLog()
        self.history_path: Any = None
        self._started = time.time()
        self._connect()

    # ---- the GameClient protocol --------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The latest view of this client's seat (a LAN client knows no other view)."""
        return self._view

    def view_version(self) -> int:
        """A number that changes whenever the view does (each one the host sends)."""
        return self._views_taken

    def submit(self, seat: int, line: str) -> None:
        if seat not in self.seats:
            raise IllegalActionError(f"seat {seat} is not played here")
        if self.phase != "playing":
            self._errors.append("the game is not running")
            return
        conn = self._conn
        if self.status != "ok" or conn is None:
            self._errors.append("not connected to the host: the action was not sent")
            key = self._unsent_key()
        elif self._send({"type": "act", "line": line, "at": self.n, "seat": seat}):
            key = conn.sent_seq
        else:  # the connection died under this send
            key = self._unsent_key()
        self._acts[key] = (self.n, self.clock.now())
        if len(self._acts) > 256:
            for key in sorted(self._acts)[:-64]:
                del self._acts[key]

    def _unsent_key(self) -> int:
        """A key of ``_acts`` for an act the host never got (below 0: no ``ref`` of the
        host names it). Kept as an act of the lost connection, the resumed view reports it
        lost and the seat chooses again, instead of the player waiting for an answer."""
        self._unsent -= 1
        return self._unsent

    def poll(self) -> list[Batch]:
        self.pump(0.0)
        out = list(self._events)
        self._events.clear()
        return out

    def errors(self) -> list[str]:
        out, self._errors = self._errors, []
        return out

    def refused(self) -> list[Refusal]:
        """The host's refusals of this seat's actions since the last call: the engine's
        key and parameters (the table words them), or the reason alone from a host
        that sends no key."""
        out, self._refused = self._refused, []
        return out

    # ---- table talk (game/net/talk.py) ------------------------------------------------
    def say(self, emote: str | None = None, text: str | None = None) -> None:
        """Say a preset emote or a line to the table (the host tells every seat and spectator)."""
        msg: dict[str, Any] = {"type": "say"}
        if emote is not None:
            msg["emote"] = emote
        else:
            msg["text"] = text or ""
        if self.status not in ("lobby", "ok"):
            self._errors.append("not connected to the host: nothing was said")
            return
        self._send(msg)

    def talk(self) -> list[dict[str, Any]]:
        """What was said at the table since the last call: ``seat``, ``name`` and ``emote`` or ``text``."""
        out, self._talk = self._talk, []
        return out

    def save_notices(self) -> list[dict[str, Any]]:
        """The host's autosave health changes since the last call: ``save_status``
        messages (``ok``, ``reason``, ``n``), for the table to show."""
        out, self._save_notices = self._save_notices, []
        return out

    @property
    def status(self) -> str:
        if self.phase == "closed":
            return "closed"
        if self._lost_at is not None:
            return "reconnecting"
        if self.phase in ("connecting", "lobby"):
            return self.phase
        return "ok"

    def close(self) -> None:
        """Say goodbye and close (waits at most 0.2 s for the host to take the goodbye)."""
        conn = self._conn
        if conn is not None and not conn.closed and self._said_hello:
            self._send({"type": "bye"})
            _goodbye(conn, 0.2)
        self._shut()
        if self.phase != "closed":
            self.phase = "closed"
            self.closed_reason = self.closed_reason or "you left the game"
        self._sel.close()

    # ---- lobby ---------------------------------------------------------------------------
    def set_ready(self, ready: bool = True) -> None:
        self._send({"type": "ready", "ready": ready})

    def bring_deck(self, deck: dict[str, Any] | None) -> bool:
        """Lobby: play this seat with a deck as its file reads, or None: the host's (False: not sent)."""
        self.deck_refused = None
        self._deck_seq = self._conn.sent_seq if self._send({"type": "deck", "deck": deck}) and self._conn else None
        return self._deck_seq is not None

    def resync(self) -> None:
        """Ask the host for a fresh view (done automatically on a hash mismatch)."""
        self._send({"type": "resync"})

    @property
    def over(self) -> bool:
        return self.phase == "over"

    # ---- I/O ------------------------------------------------------------------------------
    def pump(self, timeout: float = 0.0) -> None:
        """Do the network work: connect, read, heartbeat, reconnect. Waits up to
        ``timeout`` seconds for input (0: never blocks)."""
        if self.phase == "closed":
            return
        now = self.clock.now()
        if self._conn is None:
            if self._lost_at is not None and now >= self._next_try:
                if now - self._lost_at > self.reconnect_window:
                    self._give_up(f"{'lost the connection to' if self.seat is not None else 'cannot reach'} "
                                  f"{self.host}:{self.port}")
                    return
                self._connect()
            elif timeout:
                self.clock.sleep(min(timeout, max(0.0, self._next_try - now)))
            if self._conn is None:
                return
        conn = self._conn
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.wants_write or not self._said_hello else 0)
        try:
            self._sel.modify(conn.sock, events)
            ready = self.clock.select(self._sel, timeout)
        except (OSError, ValueError):
            ready = []
        try:
            if not self._said_hello:
                if not self._finish_connect(any(mask & selectors.EVENT_WRITE for _, mask in ready)):
                    return
            if conn.wants_write:
                conn.flush()
            for line in conn.read_lines():
                self._handle(line)
                if self._conn is not conn:
                    return
            self._tick()
        except Closed as exc:
            self._lose(exc.reason)
        except ProtocolError as exc:
            self._errors.append(f"bad message from the host: {exc.reason}")
            self._lose(exc.reason)

    def fileno(self) -> int | None:
        return self._conn.fileno() if self._conn is not None else None

    def _connect(self) -> None:
        self._said_hello = False
        self._recv_seq = 0
        self._connecting_since = self.clock.now()
        if not self._addresses:  # a new attempt: every address the name has, in the system's order
            try:
                infos = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)
            except OSError as exc:
                self._fail_connect(f"cannot find {self.host}: {exc.strerror or exc}")
                return
            self._addresses = [(family, kind, proto, addr) for family, kind, proto, _, addr in infos]
            if not self._addresses:
                self._fail_connect(f"cannot find {self.host}: no address")
                return
        family, kind, proto, addr = self._addresses.pop(0)
        try:
            sock = socket.socket(family, kind, proto)
        except OSError as exc:
            self._next_address(f"cannot connect to {self.host}:{self.port} ({exc.strerror or exc})")
            return
        sock.setblocking(False)
        code = sock.connect_ex(addr)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN, getattr(errno, "WSAEWOULDBLOCK", -1)):
            sock.close()
            self._next_address(f"cannot connect to {self.host}:{self.port} ({errno.errorcode.get(code, code)})")
            return
        self._conn = LineConn(sock, MAX_HOST_MESSAGE, clock=self.clock)
        self._sel.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE)

    def _next_address(self, reason: str) -> None:
        """This address of the host did not connect: the next one the name has (``localhost``
        may give ::1 first, where the host listens on IPv4 only), else the attempt failed."""
        if self._addresses:
            self._shut()
            self._connect()
            return
        self._fail_connect(reason)

    def _finish_connect(self, writable: bool) -> bool:
        conn = self._conn
        assert conn is not None
        if not writable:
            if self.clock.now() - self._connecting_since > self.connect_timeout:
                self._next_address(f"cannot connect to {self.host}:{self.port} (no answer)")
            return False
        code = conn.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self._next_address(f"cannot connect to {self.host}:{self.port} ({errno.errorcode.get(code, code)})")
            return False
        self._addresses = []  # connected: a later attempt asks the name again
        self._said_hello = True
        conn.peer = f"{self.host}:{self.port}"
        conn.last_received = self.clock.now()
        hello: dict[str, Any] = {"type": "hello", "version": self.protocol_version, "app": __version__,
                                 "name": self.name}
        game = self.wanted_game or (self.game if self.token else None)  # a seat is in one game
        if game is not None:
            hello["game"] = game
        if self.watch:
            hello["watch"] = True
        elif self.token:
            hello["token"] = self.token
            if self._view:
                hello["last"] = self.n
        elif self.wanted_seat is not None:
            hello["seat"] = self.wanted_seat
        conn.send(hello)
        return True

    def _fail_connect(self, reason: str) -> None:
        self._shut()
        if (self.token is not None or self.watch) and self.phase not in ("over", "closed"):
            if self._lost_at is None:
                self._lost_at = self.clock.now()
            self._next_try = self.clock.now() + min(2.0, 0.25 * (1 + self.reconnects))
            self.reconnects += 1
            return
        self._give_up(reason)

    def _lose(self, reason: str) -> None:
        """The connection is gone: reconnect if we hold a seat, else close."""
        self._shut()
        if self.phase in ("over", "closed"):
            return
        if self.token is None and not self.watch:  # a spectator comes back as a spectator
            self._give_up(f"lost the connection to the host ({reason})")
            return
        if self._lost_at is None:
            self._lost_at = self.clock.now()
            self._errors.append(f"connection lost ({reason}); reconnecting")
        self._next_try = self.clock.now() + 0.2

    def _give_up(self, reason: str) -> None:
        self._shut()
        self.phase = "closed"
        self.closed_reason = self.closed_reason or reason
        self._lost_at = None
        self._errors.append(self.closed_reason)

    def _shut(self) -> None:
        if self._conn is not None:
            try:
                self._sel.unregister(self._conn.sock)
            except (KeyError, ValueError, OSError):
                pass
            self._conn.close()
            self._conn = None
        self._said_hello = False

    def _send(self, msg: dict[str, Any]) -> bool:
        if self._conn is None or not self._said_hello:
            return False
        try:
            self._conn.send(msg)
            return True
        except Closed as exc:
            self._lose(exc.reason)
            return False

    def _tick(self) -> None:
        conn = self._conn
        if conn is None:
            return
        now = self.clock.now()
        if now - conn.last_received > self._timeout:
            self._lose(f"nothing from the host for {self._timeout:g} s")
            return
        if now - conn.last_sent > self._heartbeat:
            self._send({"type": "ping", "t": now})
        for seq, (at, when) in list(self._acts.items()):
            if at != self.n:
                del self._acts[seq]  # answered: the game moved on
            elif now - when > self._timeout:
                # neither applied nor refused: lost (a flood limit, a bug); choose again
                del self._acts[seq]
                self.rejected = (at, "lost", "the host did not answer the action")

    # ---- messages from the host -----------------------------------------------------------
    def _handle(self, line: bytes) -> None:
        msg = decode(line)
        seq = msg.get("seq")
        if seq != self._recv_seq + 1:
            raise ProtocolError("bad_seq", f"message {seq!r} after {self._recv_seq}")
        self._recv_seq = seq
        kind = msg.get("type")
        try:
            handler = self._handlers.get(kind) if kind is not None else None
            if handler is None:
                return  # a newer host's message: ignore it
            handler(msg)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ProtocolError("bad_message", f"{kind}: {type(exc).__name__} {exc}") from None

    def _on_welcome(self, msg: dict[str, Any]) -> None:
        if self.watch:  # a spectator's welcome names no seat and gives no token
            self.seat, self.seats, self.token = None, [], None
        else:
            self.seat = int(msg["seat"])
            self.seats = [self.seat]
            self.token = str(msg["token"])
        self.name = str(msg["name"])
        self.host_name = str(msg.get("host", ""))
        self.host_id = str(msg.get("id") or "")[:64]
        self._read_setup(msg)
        self._heartbeat = float(msg.get("heartbeat", HEARTBEAT_S))
        self._timeout = float(msg.get("timeout", TIMEOUT_S))
        if self.phase != "playing":
            self._lost_at = None  # in a game, reconnected means holding the fresh view
        if self.phase == "connecting" and msg["phase"] == "lobby":
            self.phase = "lobby"  # a game in progress: "playing" comes with the first view

    def _on_refused(self, msg: dict[str, Any]) -> None:
        self.refused_code = str(msg.get("code"))
        reason = f"the host refused: {msg.get('reason')}"
        if self.refused_code == "full" and self.token is not None:
            self._lose(reason)  # busy with other connections: our seat is still ours, retry
            return
        self.closed_reason = reason
        self.token = None  # a refused token is no use: do not retry
        self._give_up(self.closed_reason)

    def _read_setup(self, msg: dict[str, Any]) -> None:
        if isinstance(msg.get("game"), str):
            self.game = msg["game"]
        if isinstance(msg.get("format"), str):
            self.format = msg["format"]
        if isinstance(msg.get("modules"), list):
            self.modules = [str(m) for m in msg["modules"]]
        if isinstance(msg.get("rulings"), dict):
            self.rulings = {str(k): v for k, v in msg["rulings"].items() if isinstance(v, bool)}

    def _on_lobby(self, msg: dict[str, Any]) -> None:
        self.lobby = msg
        self._read_setup(msg)
        self.names = [str(s.get("name", "")) for s in msg["seats"]]
        self._read_spectators(msg)

    def _on_seat_status(self, msg: dict[str, Any]) -> None:
        self.seat_status = list(msg["seats"])
        self.names = [str(s.get("name", "")) for s in self.seat_status]
        self._read_spectators(msg)

    def _read_spectators(self, msg: dict[str, Any]) -> None:
        names = msg.get("spectators")  # a host from before spectators sends none
        if isinstance(names, list):
            self.spectators = [str(n)[:64] for n in names[:32]]

    def _on_view(self, msg: dict[str, Any]) -> None:
        view = msg["view"]
        if not isinstance(view, dict) or view_hash(view) != msg["view_hash"]:
            raise ProtocolError("bad_message", "a view that does not match its hash")
        fresh = not self._view  # a new process taking its seat back: what it is sent is the game's past
        self._view = view
        self._views_taken += 1
        self.n = int(msg["n"])
        self._hash_ok = True
        self._lost_at = None
        if msg.get("reason") == "reveal":
            self.revealed = True
        if msg.get("reason") == "resume":
            # actions sent on the lost connection that the host never applied are void:
            # the seat must choose again from this view
            if any(at == self.n for at, _t in self._acts.values()):
                self.rejected = (self.n, "lost", "the connection dropped before the host got the action")
            self._acts.clear()
        if self.phase in ("connecting", "lobby"):
            self.phase = "playing"
        if fresh and msg.get("reason") == "resume":
            self.past = list(msg.get("events") or [])  # for the table's log, not to be played again
            self._events.append((self.seat, []))
        else:
            self._events.append((self.seat, list(msg.get("events") or [])))  # what it missed; none: still news
        self.seen.view(view, list(msg.get("events") or []), self.n)

    def _on_update(self, msg: dict[str, Any]) -> None:
        # one batch an action, even one that showed this seat nothing (the other player passed
        # a window): as a local client's, it tells the table that its view moved on
        self._events.append((self.seat, list(msg.get("events") or [])))
        if not self._hash_ok:
            return  # waiting for the fresh view already asked for
        try:
            view = apply_patch(self._view, msg["patch"])
        except PatchError:
            view = None
        self.n = int(msg["n"])
        if isinstance(view, dict) and view_hash(view) == msg["view_hash"]:
            self._view = view
            self._views_taken += 1
            self.seen.patch(msg["patch"], list(msg.get("events") or []), self.n)
            return
        self._hash_ok = False  # a desync: keep the last good view until the fresh one comes
        self.resyncs += 1
        self.resync()

    def _on_error(self, msg: dict[str, Any]) -> None:
        code, reason = str(msg.get("code")), str(msg.get("reason"))
        ref = msg.get("ref")
        if isinstance(ref, int) and ref in self._acts:
            self.rejected = (self._acts.pop(ref)[0], code, reason)
        if ref is not None and ref == self._deck_seq:  # whatever the code: a host from before answers unknown_type
            self.deck_refused = own_decks.refusal(code, reason, refusal_of(msg.get("refusal"), reason))
            return
        if code == "replaced":  # the same seat opened elsewhere: do not fight over it
            self.token = None
            self.closed_reason = "your seat was opened on another connection"
            self._give_up(self.closed_reason)
            return
        if code == "illegal_action":
            self._refused.append(refusal_of(msg.get("refusal"), reason))
            return
        self._errors.append(reason if code in ("not_your_turn", "stale") else f"{code}: {reason}")

    def _on_save_status(self, msg: dict[str, Any]) -> None:
        ok = msg["ok"]
        if not isinstance(ok, bool):
            raise ValueError("save_status: ok must be true or false")
        reason = msg.get("reason")
        self.save_ok = ok
        self._save_notices.append({"type": "save_status", "ok": ok, "n": int(msg.get("n") or 0),
                                   "reason": str(reason)[:200] if reason is not None else None})

    def _on_game_over(self, msg: dict[str, Any]) -> None:
        self.winner = msg.get("winner")
        self.names = [str(n) for n in msg.get("names", self.names)]
        self.phase = "over"
        self.ended = True
        if self.keep_history and self.seat is not None:
            self._keep_history(self.seat)

    def _keep_history(self, seat: int) -> None:
        """Keep the game in the history: the host's full record when a host in this
        process wrote one (this seat is then marked as the player's), else what this
        seat saw. A failure is one line among the errors (the table shows it)."""
        try:
            self.history_path = history.claim(self.host_id, seat) if self.host_id else None
            if self.history_path is None:
                self.history_path = history.keep_seen(self.seen.document(
                    self.game or "", self.seen_setup(), self.seen_meta(seat)))
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self._errors.append(f"the game was not kept in the history: {reason}")

    def seen_setup(self) -> dict[str, Any]:
        """The setup fields this client got from the host."""
        return {"format": self.format, "modules": list(self.modules), "rulings": dict(self.rulings),
                "names": list(self.names), "seat": self.seat}

    def seen_meta(self, seat: int) -> dict[str, Any]:
        """The ``history`` table of this seat's seen record."""
        table = self.seat_status or list((self.lobby or {}).get("seats") or [])
        entries = {i: e for i, e in enumerate(table) if isinstance(e, dict)}
        kinds = ["ai" if entries.get(i, {}).get("kind") == "ai" else "remote" for i in range(len(self.names))]
        agents = [str(entries.get(i, {}).get("agent") or "") if k == "ai" else "" for i, k in enumerate(kinds)]
        if 0 <= seat < len(kinds):
            kinds[seat] = "human"
        players = history.Players(list(self.names), kinds, agents, [seat])
        turn = self._view.get("turn")
        return history.game_meta(self.game or "", players, self.winner, turn if isinstance(turn, int) else None,
                                 "lan-client", self._started, seat=seat, tag=self.host_id[:16])

    def _on_ping(self, msg: dict[str, Any]) -> None:
        self._send({"type": "pong", "t": msg["t"]})

    def _on_said(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        said = {"seat": seat if isinstance(seat, int) else None, "name": str(msg.get("name", ""))[:64]}
        if isinstance(msg.get("emote"), str):
            said["emote"] = msg["emote"][:40]
        elif isinstance(msg.get("text"), str):
            said["text"] = msg["text"][:MAX_TALK]
        else:
            return
        self._talk.append(said)

    def _on_pong(self, msg: dict[str, Any]) -> None:
        t = msg.get("t")
        if isinstance(t, (int, float)):
            self.rtt = max(0.0, self.clock.now() - t)

    def _on_bye(self, msg: dict[str, Any]) -> None:
        reason = str(msg.get("reason", "the host closed the game"))
        if self.phase == "over":
            self._shut()  # the game ended: a normal goodbye
            return
        if msg.get("resume") is True and self.phase == "playing":
            self._lose(reason)  # the host will come back with the autosave: keep the seat
            return
        self.closed_reason = reason
        self._give_up(reason)


def _goodbye(conn: LineConn, wait: float) -> None:
    """Flush, half-close, and read until the host closes too: closing with unread input
    would reset the connection, and the host could lose the goodbye."""
    end = time.monotonic() + wait
    try:
        while conn.wants_write and time.monotonic() < end:
            conn.flush()
            if conn.wants_write:
                time.sleep(0.005)
        conn.sock.shutdown(socket.SHUT_WR)
        while time.monotonic() < end:
            ready, _, _ = select.select([conn.sock], [], [], max(0.0, end - time.monotonic()))
            if ready and not conn.sock.recv(65536):
                return
    except (OSError, Closed):
        return


def wait_any(clients: list[RemoteClient], timeout: float) -> None:
    """Block until one of ``clients`` has input or ``timeout`` passes (headless tools)."""
    sel = selectors.DefaultSelector()
    try:
        for c in clients:
            fd = c.fileno()
            if fd is not None:
                sel.register(fd, selectors.EVENT_READ)
        if sel.get_map():
            sel.select(timeout)
        else:
            time.sleep(timeout)
    finally:
        sel.close()
    for c in clients:
        c.pump(0.0)


def as_game_client(client: RemoteClient) -> GameClient:
    """The table's view of a RemoteClient (mypy checks here that it fits the protocol)."""
    return client


def refusal_of(doc: Any, reason: str) -> Refusal:
    """An ``error`` message's ``refusal`` as a value: its key and parameters when they
    are well formed (a key, plain values), else the reason alone (key ``other``)."""
    if isinstance(doc, dict) and isinstance(doc.get("key"), str) and isinstance(doc.get("params", {}), dict):
        params = doc.get("params", {})
        if all(isinstance(k, str) and isinstance(v, (str, int, bool)) for k, v in params.items()):
            return Refusal(doc["key"][:64], reason, dict(params))
    return Refusal("other", reason)

