"""Clicks, drags and keys on the Fantasy Realms table, turned into legal lines.

Draw: drag the deck or a discard-area card onto your hand, or click it (D draws
from the deck; digits take the numbered discard-area cards). Discard: drag one of
your cards onto the discard area; or click it to lift it and click again (or press
Enter) to discard it; digits lift the numbered card. Items: the Use and Swap
buttons (I, S). Space/Enter ends the turn when that is all that is left. Every
line sent is one of the view's legal lines. The pointer, hover and drag
machinery is the table kit's (:mod:`game.ui.tablekit.controller`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.dialogs import DIGITS
from game.ui.tablekit.controller import Controller, Press, Target

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable


@dataclass
class Drag(Press):
    """A press on a hand card, a discard-area card or the deck (kind: "hand" | "discard" | "deck")."""

    card: str | None = None


class FantasyController(Controller["FantasyTable", Drag]):
    def __init__(self, scene: FantasyTable) -> None:
        super().__init__(scene)
        self.selected: int | None = None  # a lifted hand card (display index) waiting for a second click

    # ---- lines -------------------------------------------------------------------------
    def draw_deck_line(self) -> str | None:
        for line in ("draw deck", "draw two"):
            if line in self.legal:
                return line
        return None

    def take_line(self, cid: str | None) -> str | None:
        if cid is None:
            return None
        line = f"draw {self.scene.model.slug(cid)}"
        return line if line in self.legal else None

    def discard_line(self, cid: str | None) -> str | None:
        if cid is None:
            return None
        line = f"discard {self.scene.model.slug(cid)}"
        return line if line in self.legal and self.scene.model.phase in ("discard",) else None

    def discarding(self) -> bool:
        return self.scene.model.phase == "discard" and any(x.startswith("discard ") for x in self.legal)

    def drawing(self) -> bool:
        return self.scene.model.phase == "draw" and any(x.startswith("draw ") for x in self.legal)

    def takeable(self) -> list[int]:
        """Indices of discard-area cards the viewer may take now."""
        m = self.scene.model
        return [i for i, c in enumerate(m.discard) if self.take_line(c) is not None]

    # ---- where is the pointer ---------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> Target | None:
        sc = self.scene
        lay = sc.lay
        hand = [] if sc.hand_hidden else sc.hand_cards()  # a face-down hand cannot be hovered
        for i in range(len(hand) - 1, -1, -1):
            r = sc.hand_rect(i)
            if r.collidepoint(pos) or (i == self.selected and r.move(0, lay.lift).collidepoint(pos)):
                return ("hand", i, hand[i])
        for i, c in enumerate(sc.model.discard):
            if lay.discard_slot(i).collidepoint(pos):
                return ("discard", i, c)
        if lay.deck.collidepoint(pos):
            return ("deck",)
        if sc.model.items_on:
            if lay.my_item.collidepoint(pos) and sc.viewer is not None and sc.model.players[sc.viewer].item:
                return ("item", sc.viewer, sc.model.players[sc.viewer].item)
            for i, r in enumerate(sc.down_rects()):
                if r.collidepoint(pos):
                    return ("down", i, sc.model.players[sc.viewer].items_used[i] if sc.viewer is not None else None)
        for seat, ol in lay.opps.items():
            if not ol.panel.collidepoint(pos):
                continue
            p = sc.model.players[seat]
            if p.item and sc.opp_item_rect(seat).collidepoint(pos):
                return ("item", seat, p.item)
            for r, cid in sc.taken_chips(seat):
                if r.collidepoint(pos):
                    return ("taken", seat, cid)
            return ("opp", seat)
        return None

    # ---- mouse ---------------------------------------------------------------------------------
    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        h = self.hit(pos)
        self.hover = h
        if h is None or not self.scene.can_act:
            return
        if h[0] == "hand" and self.discarding():
            self.drag = Drag("hand", h[1], pos, pos, card=h[2])
        elif h[0] == "discard" and self.take_line(h[2]) is not None:
            self.drag = Drag("discard", h[1], pos, pos, card=h[2])
        elif h[0] == "deck" and self.draw_deck_line() is not None:
            self.drag = Drag("deck", 0, pos, pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        d = self.drag
        self.drag = None
        if d is None:
            return
        lay = self.scene.lay
        if not d.active:  # a click
            self.click(d)
            return
        if d.kind == "hand" and lay.discard_zone.collidepoint(pos):
            self.send(self.discard_line(d.card))
        elif d.kind in ("discard", "deck") and (lay.hand_zone.collidepoint(pos) or lay.header.collidepoint(pos)):
            self.send(self.draw_deck_line() if d.kind == "deck" else self.take_line(d.card))

    def click(self, d: Drag) -> None:
        if d.kind == "deck":
            self.send(self.draw_deck_line())
        elif d.kind == "discard":
            self.send(self.take_line(d.card))
        elif d.kind == "hand":
            if self.selected == d.index:
                self.send(self.discard_line(d.card))
            else:
                self.selected = d.index

    # ---- keys -------------------------------------------------------------------------------------
    def escape(self) -> None:
        """Escape puts a lifted card back first; then it opens the pause menu."""
        if self.selected is not None:
            self.selected = None
        else:
            self.scene.pause()

    def keyed(self, event: pygame.event.Event) -> None:
        sc = self.scene
        k = event.key
        if k == pygame.K_u:
            sc.undo()
            return
        if k == pygame.K_h:
            sc.hints.press()  # it says itself when no hint may be asked
            return
        if not sc.can_act:
            return
        if k in DIGITS:
            n = DIGITS[k] - 1
            if self.discarding() and n < len(sc.hand_cards()):
                if self.selected == n:
                    self.send(self.discard_line(sc.hand_cards()[n]))
                else:
                    self.selected = n
            elif self.drawing():
                takeable = self.takeable()
                if n < len(takeable):
                    self.send(self.take_line(sc.model.discard[takeable[n]]))
            return
        if k == pygame.K_d and self.drawing():
            self.send(self.draw_deck_line())
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is not None and self.discarding():
                hand = sc.hand_cards()
                if self.selected < len(hand):
                    self.send(self.discard_line(hand[self.selected]))
            elif "end" in self.legal:
                self.send("end")
            elif "pass" in self.legal and sc.model.phase == "draw":
                self.send("pass")
        elif k == pygame.K_i:
            sc.use_item()
        elif k == pygame.K_s:
            sc.swap_item()

    def send(self, line: str | None) -> bool:
        if line is None or line not in self.legal:
            return False
        self.selected = None
        return self.scene.submit(line)
