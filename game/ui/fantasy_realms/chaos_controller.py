"""The Chaos Realms table's pointer and keys, on the table kit's controller.

A hand card pressed becomes a drag past the kit's threshold: dropped on a seat (or on
"anyone") it is offered there, dropped on an offer it accepts the offer when it is
the card asked for. A click selects a hand card, and the next seat clicked gets the
offer. H asks for a hint; Escape lets go of what is held, else opens the pause menu.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.tablekit.controller import Controller, Press, Target
from game.ui.tablekit.protocols import Point

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import ChaosTable

DRAG_START = 6  # pixels (design scale) the mouse moves before a press becomes a drag


@dataclass
class CardPress(Press):
    """A hand card pressed, by its id: the hand is sorted again as trades come in."""

    card: str = ""


class ChaosController(Controller["ChaosTable", CardPress]):
    def __init__(self, scene: ChaosTable) -> None:
        super().__init__(scene)
        self.selected: str | None = None  # a hand card clicked: the next seat clicked gets an offer of it

    @property
    def drag_threshold(self) -> float:
        return float(self.scene.u(DRAG_START))

    def dragged(self, drag: CardPress) -> bool:
        return True  # the seats and offers under a dragged card light up: the hover follows it

    def hit(self, pos: Point) -> Target | None:
        sc = self.scene
        for r, o in sc.offer_tiles():
            if r.collidepoint(pos):
                for rr, verb, line in sc.tile_buttons(r, o):
                    if rr.collidepoint(pos):
                        return ("button", verb, o.id, line)
                for cr, cid in sc.tile_cards(r, o):
                    if cid and cr.collidepoint(pos):
                        return ("tile_card", o.id, cid)
                return ("tile", o.id)
        for seat, r in sc.lay.seats.items():
            if r.collidepoint(pos):
                return ("seat", seat)
        for i in reversed(range(len(sc.model.hand))):
            if sc.hand_rect(i).collidepoint(pos):
                return ("hand", i)
        return None

    def send(self, line: str | None) -> bool:
        return line is not None and self.scene.can_trade and self.scene.submit(line)

    def mouse_down(self, pos: Point) -> None:
        sc = self.scene
        h = self.hit(pos)
        if h is None:
            self.selected = None
            return
        if h[0] == "button":
            self.send(h[3])
        elif h[0] == "hand" and sc.can_trade:
            self.drag = CardPress("hand", h[1], pos, pos, card=sc.model.sorted_hand()[h[1]])
        elif h[0] == "seat" and self.selected is not None and sc.can_trade:
            sc.ask_want(self.selected, h[1])

    def mouse_up(self, pos: Point) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        if not d.active:  # a click: select the card (click a seat next) or let it go
            self.selected = None if self.selected == d.card else d.card
            return
        h = self.hit(pos)
        if h is None or not self.scene.can_trade:
            return
        if h[0] == "seat":
            self.scene.ask_want(d.card, h[1])
        elif h[0] in ("tile", "tile_card", "button"):
            self.scene.drop_on_offer(d.card, h[2] if h[0] == "button" else h[1])

    def keyed(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_h:
            self.scene.hints.press()  # it says itself when no hint may be asked

    def escape(self) -> None:
        if self.drag is not None or self.selected is not None:
            self.drag, self.selected = None, None
        else:
            self.scene.pause()

    def forget_gone(self) -> None:
        """After a new view: let go of a card the hand no longer holds; the hover as it is now."""
        hand = self.scene.model.hand
        if self.selected is not None and self.selected not in hand:
            self.selected = None
        if self.drag is not None and self.drag.card not in hand:
            self.drag = None
        self.hover = self.hit(self.mouse)
