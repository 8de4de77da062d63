"""Where a lesson's target is on the HerosDeï table (the table's ``target_rect``).

A guided game (game/ui/tutorial) names what it points at as a zone, a card of it and
a seat (``game.session.tutorial.Target``; no seat: the player's); this module finds it on the
table as it is shown now:

- ``hand``: a card of the player's hand (its id, ``#k`` for the k-th copy), or the hand;
- ``character``: a Character in a seat's row (its id, ``#k`` likewise), or the row;
- ``row``: the free place at the end of a seat's row, where a card placed lands;
- ``stack``: a destiny on the stack (by id), or the stack's area;
- ``museum``, ``future``, ``player`` (a seat's bar);
- buttons: ``done`` and ``pass`` (the sidebar's one button, whichever it says now),
  ``undo``, ``menu``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.herosdei import layout as geometry

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable


def _copy(ref: str) -> tuple[str, int]:
    """``page#2`` as ("page", 2); a bare id is its first copy."""
    card, _, k = ref.partition("#")
    return card, int(k) if k.isdigit() and int(k) > 0 else 1


def hand_rect(sc: HdTable, ref: str) -> pygame.Rect | None:
    """The player's hand card ``ref`` (``id`` or ``id#k``), if in hand and shown."""
    if sc.viewer is None or sc.hand_hidden:
        return None
    card, k = _copy(ref)
    hand = sc.model.sides[sc.viewer].hand
    at = [i for i, c in enumerate(hand) if c == card]
    rects = sc.hand_rects()
    if len(at) < k or at[k - 1] >= len(rects):
        return None
    return rects[at[k - 1]]


def character_rect(sc: HdTable, ref: str) -> pygame.Rect | None:
    """The Character ``<seat>:<card>[#k]`` in its row, if in play."""
    at = sc.model.find(ref)
    if at is None:
        return None
    placed = sc.char_rects(at[0])
    return placed[at[1]][0] if at[1] < len(placed) else None


def _button(sc: HdTable, name: str) -> pygame.Rect | None:
    buttons = {"done": sc.end_btn, "pass": sc.end_btn, "undo": sc.undo_btn, "menu": sc.menu_btn}
    b = buttons.get(name)
    return b.rect if b is not None and b.visible else None


def target_rect(sc: HdTable, target: Any) -> pygame.Rect | None:
    """The rectangle of ``target`` on the screen now, or None when it is not in sight."""
    lay, zone, ref = sc.lay, target.zone, target.card
    if zone == "button":
        return _button(sc, ref or "")
    seat = target.seat if target.seat is not None else sc.viewer
    if seat not in (0, 1):
        return None
    if zone == "hand":
        return lay.hand_zone if ref is None else hand_rect(sc, ref)
    if zone == "character":
        return lay.rows[seat] if ref is None else character_rect(sc, f"{seat}:{ref}")
    if zone == "row":
        return geometry.row_slots(lay, seat, len(sc.model.sides[seat].chars) + 1)[-1]
    if zone == "stack":
        if ref is None:
            return lay.stack_area
        cards = [str(e.get("card")) for e in sc.model.stack]
        rects = sc.stack_rects()
        return rects[cards.index(ref)] if ref in cards and cards.index(ref) < len(rects) else None
    where = {"museum": lay.museums, "future": lay.futures, "player": lay.bars}.get(zone)
    return where[seat] if where is not None else None
