"""Where a lesson's target is on the Fantasy Realms table (the table's ``target_rect``).

A guided game (game/ui/tutorial) names what it points at as a zone, a card of it and
a seat (``game.session.tutorial.Target``); this module finds that on the table as it is shown
now: a card of the player's hand or of the discard area (by slug or id), the deck, the
discard area, the hand, an opponent's panel, or a sidebar button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable


def _index(sc: FantasyTable, cards: list[str], ref: str) -> int | None:
    """Where the card ``ref`` (a slug or an id) is in ``cards`` (ids), if there."""
    for i, cid in enumerate(cards):
        if ref in (cid, sc.model.slug(cid)):
            return i
    return None


def target_rect(sc: FantasyTable, target: Any) -> pygame.Rect | None:
    """The rectangle of ``target`` on the screen now, or None when it is not in sight."""
    lay, zone, ref = sc.lay, target.zone, target.card
    if zone == "button":
        buttons = {"end_turn": sc.end_btn, "undo": sc.undo_btn, "menu": sc.menu_btn, "use": sc.use_btn,
                   "swap": sc.swap_btn}
        b = buttons.get(ref or "")
        return b.rect if b is not None and b.visible else None
    if zone == "hand":
        if ref is None:
            return lay.hand_zone.clip(lay.play)
        i = _index(sc, sc.hand_cards(), ref)
        return sc.hand_rect(i) if i is not None else None
    if zone == "discard_area":
        if ref is None:
            return lay.discard_zone
        i = _index(sc, list(sc.model.discard), ref)
        return lay.discard_slot(i) if i is not None else None
    if zone == "deck":
        return lay.deck
    if zone == "player" and target.seat in lay.opps:
        return lay.opps[target.seat].panel
    return None
