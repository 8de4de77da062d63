"""The LAN protocol's vocabulary: versions, limits, error codes, framing and checks.

Host and client share this module so that both ends agree on what a valid message
is. Every message is one JSON object on one line (UTF-8, ending in ``\\n``), with a
``type`` and a per-connection ``seq``. Client messages are validated here against a
small schema before the host looks at them, so a hostile peer can only ever earn an
``error`` reply. Views travel as a full snapshot once and then as patches; both ends
hash the view with :func:`view_hash` to detect a desync (see PROTOCOL.md).
"""

from __future__ import annotations

import json
import math
from typing import Any

from game.core.patch import PatchError as PatchError
from game.core.patch import apply_patch as apply_patch
from game.core.patch import canonical as canonical
from game.core.patch import diff as diff
from game.core.patch import view_hash as view_hash
from game.core.refusal import Refusal

# Version 2: one host and protocol for every game of the table (Hero Realms, Fantasy
# Realms): ``hello.game`` became optional (the client learns the game from the host),
# ``welcome``, ``lobby`` and discovery replies carry ``game``, ``format`` and ``modules``.
# They later gained ``rulings`` (a Fantasy Realms game's disputed rulings), an added
# field that older version 2 peers ignore (PROTOCOL.md §2), so the version stayed 2.
# So did the client's ``deck`` (a deck of one's own, own_decks.py): a host from before
# answers it ``unknown_type``, which the player is shown, and deals the host's decks.
PROTOCOL_VERSION = 2

DEFAULT_PORT = 47380
DISCOVERY_PORT = 47381

#: A client line longer than this (bytes, newline included) closes the connection.
MAX_CLIENT_MESSAGE = 16 * 1024
#: A host line longer than this is refused by the client (views are a few KiB).
MAX_HOST_MESSAGE = 1024 * 1024
#: A peer that lets this much output pile up (it stopped reading) is dropped.
MAX_OUTPUT_BUFFER = 8 * 1024 * 1024

HEARTBEAT_S = 2.0
TIMEOUT_S = 10.0
HELLO_TIMEOUT_S = 5.0

MAX_NAME = 32
MAX_LINE = 200

# error code -> what it means (PROTOCOL.md lists the same table)
ERRORS: dict[str, str] = {
    "bad_json": "the line is not a JSON object",
    "bad_message": "a field is missing or has the wrong type",
    "unknown_type": "no such message type",
    "bad_seq": "seq must be a whole number larger than the previous one",
    "too_large": "the line exceeds the size limit (the connection is closed)",
    "not_joined": "send hello first",
    "already_joined": "hello was already accepted on this connection",
    "version_mismatch": "the two programs speak different protocol versions",
    "wrong_game": "the host runs another game",
    "bad_token": "no seat has this token",
    "seat_taken": "the requested seat is not free",
    "full": "no free seat (or too many connections)",
    "game_started": "the game has started and has no open seat",
    "not_in_game": "the game has not started (or is over)",
    "not_your_turn": "your seat may not act now",
    "wrong_seat": "the message names another seat than yours",
    "bad_notation": "the action line does not parse",
    "illegal_action": "the action is not legal now",
    "stale": "the action was chosen on an older view than the host's",
    "rate_limited": "too many messages: some were dropped",
    "timeout": "nothing received for too long (the connection is closed)",
    "replaced": "the seat reconnected on another connection",
    "internal": "the host hit an unexpected problem with this message",
    "not_a_seat": "a spectator watches the game: it has no seat to play or be ready for",
    "no_spectators": "the host takes no (more) spectators",
    "talk_too_fast": "too much table talk: the line was not told (a few lines a minute)",
    "bad_deck": "the deck brought is malformed or not legal (the reason says why): the seat keeps the host's deck",
    "no_own_decks": "this game is played with the host's cards: no seat brings a deck of its own",
}

FATAL = {"too_large", "version_mismatch", "wrong_game", "bad_token", "seat_taken", "full", "game_started",
         "timeout", "replaced", "no_spectators"}

# Every field each message may carry (besides "type" and "seq"); PROTOCOL.md explains them.
CLIENT_FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("version", "game", "app", "name", "token", "seat", "last", "watch"),
    "ready": ("ready",),
    "act": ("line", "at", "seat"),
    "resync": (),
    "say": ("emote", "text"),
    "deck": ("deck", "seat"),
    "ping": ("t",),
    "pong": ("t",),
    "bye": (),
}
HOST_FIELDS: dict[str, tuple[str, ...]] = {
    "welcome": ("version", "app", "game", "format", "modules", "rulings", "seat", "token", "name", "host", "id", "seats",
                "phase", "heartbeat", "timeout", "max_message"),
    "refused": ("code", "reason"),
    "lobby": ("phase", "host", "game", "format", "modules", "rulings", "seats", "can_start", "spectators"),
    "view": ("reason", "n", "view", "view_hash", "events", "truncated"),
    "update": ("n", "events", "patch", "view_hash"),
    "seat_status": ("seats", "spectators"),
    "save_status": ("ok", "reason", "n"),
    "error": ("code", "reason", "ref", "refusal"),
    "game_over": ("winner", "n", "names"),
    "said": ("seat", "name", "emote", "text"),
    "ping": ("t",),
    "pong": ("t",),
    "bye": ("reason", "resume"),
}
CLIENT_TYPES = tuple(CLIENT_FIELDS)
HOST_TYPES = tuple(HOST_FIELDS)


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is one of :data:`ERRORS`; for an
    illegal action, ``refusal`` is the engine's reason as a key with parameters."""

    def __init__(self, code: str, reason: str, refusal: Refusal | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.refusal = refusal


# ---- framing ------------------------------------------------------------------------
def encode(msg: dict[str, Any]) -> bytes:
    """One message as one line (compact, UTF-8, no embedded newline)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """Parse one line (without its newline); raises ProtocolError(bad_json)."""
    try:
        doc = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not JSON ({type(exc).__name__})") from None
    if not isinstance(doc, dict):
        raise ProtocolError("bad_json", f"a message must be a JSON object, not {type(doc).__name__}")
    return doc


# ---- checking client messages -------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v)


def _want(msg: dict[str, Any], field: str, check: Any, what: str, optional: bool = False) -> None:
    if field not in msg or (optional and msg[field] is None):
        if optional:
            return
        raise ProtocolError("bad_message", f"{msg['type']}: missing field {field!r}")
    if not check(msg[field]):
        raise ProtocolError("bad_message", f"{msg['type']}: {field!r} must be {what}")


def clean_name(name: str) -> str:
    """A player name as shown at the table: printable, trimmed, at most MAX_NAME chars."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME]


def check_client_message(msg: dict[str, Any]) -> dict[str, Any]:
    """Validate a decoded client message; returns it or raises ProtocolError.

    Fields not listed in PROTOCOL.md are ignored (a newer client may add some)."""
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "missing or non-text 'type'")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    if not _is_int(msg.get("seq")) or msg["seq"] < 1:
        raise ProtocolError("bad_seq", f"{kind}: 'seq' must be a whole number from 1")
    if kind == "hello":
        _want(msg, "version", _is_int, "a whole number")
        _want(msg, "game", lambda v: isinstance(v, str), "text", optional=True)
        _want(msg, "name", lambda v: isinstance(v, str) and len(v) <= 4 * MAX_NAME and clean_name(v) != "",
              f"a non-empty name of at most {MAX_NAME} characters")
        _want(msg, "token", lambda v: isinstance(v, str) and 0 < len(v) <= 128, "text", optional=True)
        _want(msg, "seat", lambda v: _is_int(v) and 0 <= v < 16, "a seat number", optional=True)
        _want(msg, "last", lambda v: _is_int(v) and v >= 0, "a whole number", optional=True)
        _want(msg, "watch", lambda v: isinstance(v, bool), "true or false", optional=True)
    elif kind == "ready":
        _want(msg, "ready", lambda v: isinstance(v, bool), "true or false")
    elif kind == "act":
        _want(msg, "line", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_LINE,
              f"an action line of at most {MAX_LINE} characters")
        _want(msg, "at", lambda v: _is_int(v) and v >= 0, "a whole number", optional=True)
        _want(msg, "seat", _is_int, "a seat number", optional=True)
    elif kind == "deck":  # its contents are the game's to judge (own_decks.py): a bad_deck with the reason
        _want(msg, "deck", lambda v: v is None or isinstance(v, dict), "a deck (name, civ, cards) or null")
        _want(msg, "seat", _is_int, "a seat number", optional=True)
    elif kind in ("ping", "pong"):
        _want(msg, "t", _is_number, "a number")
    return msg


