"""The hint key's two answers on the Hero Realms table (game/ui/tablekit/hint.py):
where a suggested line's cards and target lie, and the line in the log's words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.hero_realms import intents
from game.ui.hero_realms.logtext import HeroLogLine

if TYPE_CHECKING:
    from game.ui.hero_realms.model import Sprite
    from game.ui.hero_realms.parts import HeroTable


def _copy(sprites: list[Sprite], card: str | None, k: int) -> Sprite | None:
    """The ``k``-th sprite showing ``card`` (the notation's ``card#k``), else the first."""
    found = [sp for sp in sprites if sp.card == card]
    return found[k - 1] if 0 < k <= len(found) else (found[0] if found else None)


def targets(sc: HeroTable, line: str) -> list[pygame.Rect]:
    """The rects the line ``line`` names: the card it plays, buys or uses, what it attacks
    or targets, or the button that sends it."""
    a = intents._parse(line)
    if a is None or sc.viewer is None:
        return []
    me = sc.model.seats[a.actor if a.actor is not None else sc.viewer]
    lay = sc.lay
    rect = sc.ctrl.sprite_rect
    sprites: list[Sprite | None] = []
    rects: list[pygame.Rect] = []
    if a.verb in ("play", "discard"):
        sprites.append(_copy(me.hand, a.card, a.k))
    elif a.verb == "buy":
        if a.card == "fire_gem":
            rects.append(lay.gems)
        else:
            sprites.append(next((m for m in sc.model.row if m is not None and m.card == a.card), None))
    elif a.verb == "expend":
        sprites.append(_copy(me.champions, a.card, a.k))
    elif a.verb in ("ally", "sacrifice"):
        sprites.append(_copy(me.in_play + me.champions, a.card, a.k))
    elif a.verb in ("attack", "target", "give") and a.seat is not None and a.seat in lay.seats:
        if a.card is not None:
            sprites.append(_copy(sc.model.seats[a.seat].champions, a.card, a.k))
        else:
            rects.append(lay.seats[a.seat].panel)
        if a.verb == "attack":
            rects.append(lay.seats[me.seat].combat)
    elif a.verb == "select":
        zone = (sc.model.pending or {}).get("zone")
        if zone == "champions":
            sprites.append(_copy(me.champions, a.card, a.k))
        elif zone == "hand+discard" and a.k <= sum(1 for sp in me.hand if sp.card == a.card):
            sprites.append(_copy(me.hand, a.card, a.k))
        else:
            rects.append(lay.seats[me.seat].discard)
    elif a.verb == "end":
        rects.append(sc.end_btn.rect)
    elif a.verb == "skip" and sc.skip_btn.visible:
        rects.append(sc.skip_btn.rect)
    return rects + [rect(sp) for sp in sprites if sp is not None]


def words(sc: HeroTable, line: str) -> str:
    """The line as the log would tell it of the viewer ("You play Spark", "You attack Ben: 5 damage")."""
    a = intents._parse(line)
    tr = sc.tr
    if a is None:
        return line
    seat = a.actor if a.actor is not None else sc.viewer
    entry: HeroLogLine | None = None
    params: dict[str, Any] = {"card": a.card} if a.card is not None else {}
    if a.verb in ("play", "buy", "expend", "ally", "sacrifice", "discard", "end"):
        entry = HeroLogLine(seat, a.verb, params)
    elif a.verb == "attack":
        key = "attack_player" if a.card is None else "attack_champion"
        entry = HeroLogLine(seat, key, {**params, "target": a.seat, "amount": a.amount or 0})
    elif a.verb == "target":
        entry = HeroLogLine(seat, "owes" if a.card is None else "stun", {**params, "target": a.seat})
    elif a.verb == "give":
        entry = HeroLogLine(seat, "give", {"target": a.seat, "n": a.amount or 0})
    elif a.verb == "select":
        zone = (sc.model.pending or {}).get("zone")
        entry = HeroLogLine(seat, {"champions": "prepare", "discard": "to_deck"}.get(str(zone), "sacrificed"), params)
    elif a.verb == "skip":
        return str(tr("prompt.skip"))
    if entry is None:
        pend = sc.ctrl.my_pending()
        return f"{sc.ctrl.prompt_title(pend)}: {line}" if pend is not None else line
    return sc.log.text(entry, tr, sc.viewer)
