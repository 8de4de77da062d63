"""Table talk: short messages between the seats of a LAN game.

A seat says one of the preset emotes (``EMOTES``: "Good game", "Well played"...) or a
line of its own (at most ``MAX_TALK`` printable characters) with a ``say``; the host
checks it, rations it (``RATE`` a second, bursts of ``BURST``: a chat flood cannot
drown the game) and tells every joined connection, spectators included, with a
``said`` naming the seat. A bad ``say`` gets an error reply and is told to nobody.
The tables show what is said in their log and a toast, unless the player muted it.
"""

from __future__ import annotations

from typing import Any

from game.net.limits import TokenBucket
from game.net.protocol import ProtocolError

EMOTES = ("good_game", "well_played", "thinking", "oops", "hello", "thanks")
MAX_TALK = 120  # characters of a line of one's own
RATE, BURST = 0.5, 3.0  # lines a second a seat may say, and its burst


def clean_line(text: str) -> str:
    """A line as the table shows it: printable characters, trimmed."""
    return "".join(ch for ch in text if ch.isprintable()).strip()


def check_say(msg: dict[str, Any]) -> dict[str, Any]:
    """The ``said`` content of a ``say`` (``emote`` or ``text``), or ProtocolError."""
    emote, text = msg.get("emote"), msg.get("text")
    if (emote is None) == (text is None):
        raise ProtocolError("bad_message", "say: one of emote or text")
    if emote is not None:
        if emote not in EMOTES:
            raise ProtocolError("bad_message", f"say: unknown emote (one of {', '.join(EMOTES)})")
        return {"emote": emote}
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "say: text must be text")
    line = clean_line(text)
    if not line:
        raise ProtocolError("bad_message", "say: an empty line")
    if len(text) > 4 * MAX_TALK or len(line) > MAX_TALK:
        raise ProtocolError("bad_message", f"say: at most {MAX_TALK} characters")
    return {"text": line}


class Rations:
    """Each seat's ration of talk."""

    def __init__(self) -> None:
        self._buckets: dict[int, TokenBucket] = {}

    def allow(self, seat: int, now: float) -> bool:
        bucket = self._buckets.get(seat)
        if bucket is None:
            bucket = self._buckets[seat] = TokenBucket(RATE, BURST, now)
        return bucket.allow(now)
