"""Where a lesson's target is on the Hero Realms table (the table's ``target_rect``).

A guided game (game/ui/tutorial) names what it points at as a zone, a card of it and
a seat (``game.session.tutorial.Target``); this module finds that on the table as it is shown
now: a card of a hand, of the cards in play, of the champions or of the market, the
ally and sacrifice marks on a card, a seat's combat, portrait, deck or discard pile,
the Fire Gems, the play area above the hand, or a sidebar button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.hero_realms.model import Sprite

if TYPE_CHECKING:
    from game.ui.hero_realms.parts import HeroTable


def _nth(sprites: list[Sprite | None], ref: str | None) -> Sprite | None:
    """The sprite of ``ref`` (``card`` or ``card#k``, the notation's k-th copy) in a zone;
    the zone's first card when ``ref`` is None."""
    cards = [sp for sp in sprites if sp is not None]
    if ref is None:
        return cards[0] if cards else None
    card, _, k = ref.partition("#")
    copies = [sp for sp in cards if sp.card == card]
    n = int(k) if k.isdigit() else 1
    return copies[n - 1] if 0 < n <= len(copies) else None


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None


def _buttons(sc: HeroTable) -> dict[str, pygame.Rect]:
    return {"end_turn": sc.end_btn.rect, "play_all": sc.play_all_btn.rect, "undo": sc.undo_btn.rect,
            "menu": sc.menu_btn.rect}


def target_rect(sc: HeroTable, target: Any) -> pygame.Rect | None:
    """The rectangle of ``target`` on the screen now, or None when it is not in sight."""
    zone, ref = target.zone, target.card
    if zone == "button":
        return _buttons(sc).get(ref or "")
    seat = target.seat if target.seat is not None else sc.viewer
    if seat is None or seat not in sc.lay.seats:
        return None
    sl = sc.lay.seats[seat]
    model = sc.model.seats[seat]
    if zone in ("ally", "sacrifice"):
        card = (ref or "").partition("#")[0]
        found = [r for r, kind, line, _f in sc.ctrl.ability_buttons() if kind == zone and line.split()[-1] == card]
        return found[0] if found else None
    piles: dict[str, list[Sprite | None]] = {"hand": list(model.hand), "in_play": list(model.in_play),
                                             "champion": list(model.champions), "market": list(sc.model.row)}
    if zone in piles:
        if zone == "in_play" and ref is None:
            return sl.in_play
        if zone == "hand" and ref is None:
            return _union([sc.ctrl.sprite_rect(sp) for sp in model.hand]) or sl.hand
        sp = _nth(piles[zone], ref)
        return sc.ctrl.sprite_rect(sp) if sp is not None else None
    places = {"combat": sl.combat, "player": sl.portrait, "deck": sl.deck, "discard": sl.discard,
              "gems": sc.lay.gems, "market_row": sc.lay.market}
    return places.get(zone)
