"""The hint key's two answers on the Chaos Realms table (game/ui/tablekit/hint.py):
where a suggested trade's cards lie (the hand card offered and the player it goes to,
an offer's tile or button), and the trade in the log's words. The Medium agent may
also answer that nothing is worth doing now (``idle``): the hint says to wait."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.agent import IDLE
from game.fantasy_realms.chaos_events import ANYONE
from game.ui.fantasy_realms.logtext import LogLine

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import ChaosTable


def _words(line: str) -> tuple[str, list[str]]:
    """The verb and its words of a line ``<seat> <verb> ...`` (an offer: ``<seat> offer <to|any> <give> <want>``)."""
    parts = line.split()
    return (parts[1], parts[2:]) if len(parts) > 1 else ("", [])


def _seat(word: str) -> int:
    """The seat an offer goes to (``any``: every player)."""
    return ANYONE if word == "any" else int(word)


def targets(sc: ChaosTable, line: str) -> list[pygame.Rect]:
    """The rects the line ``line`` names."""
    verb, args = _words(line)
    m = sc.model
    if verb == "offer" and len(args) == 3:
        out = []
        give, hand = m.card_id(args[1]), m.sorted_hand()
        if give in hand:
            out.append(sc.hand_rect(hand.index(give)))
        seat_rect = sc.lay.seats.get(_seat(args[0]))
        if seat_rect is not None:
            out.append(seat_rect)
        return out
    if verb in ("accept", "decline", "withdraw") and args:
        number = int(args[0].lstrip("#"))
        for r, o in sc.offer_tiles():
            if o.id == number:
                return [rr for rr, v, _ in sc.tile_buttons(r, o) if v == verb] or [r]
    return []


def words(sc: ChaosTable, line: str) -> str:
    """The line as the log would tell it of the viewer ("You offer Dragon for Unicorn to anyone")."""
    if line == IDLE:
        return str(sc.tr("chaos.hint_wait"))
    verb, args = _words(line)
    m = sc.model
    entry: LogLine | None = None
    if verb == "offer" and len(args) == 3:
        to = _seat(args[0])
        key = "c:offer_any" if to == ANYONE else "c:offer_to"
        entry = LogLine(sc.viewer, key, {"other": to, "gave": m.card_id(args[1]), "got": m.card_id(args[2])})
    elif verb == "accept" and args:
        o = m.offer(int(args[0].lstrip("#")))
        if o is not None:
            entry = LogLine(sc.viewer, "c:traded", {"other": o.seat, "gave": o.want, "got": o.give})
    elif verb == "decline":
        entry = LogLine(sc.viewer, "c:offer_declined")
    elif verb == "withdraw":
        entry = LogLine(sc.viewer, "c:offer_withdrawn")
    return line if entry is None else sc.log.text(entry, sc.tr, sc.viewer)
