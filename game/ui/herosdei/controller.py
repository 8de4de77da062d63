"""The HerosDeï table's gestures: what lies under the pointer, drags and clicks as lines.

A card of the hand dragged onto a Character is given to it (or a destiny played on
it); dragged onto the table it is placed (a Hero, a Character, a God...) or played (a
destiny with no target). One of the viewer's Characters dragged onto one of the other
side's declares that combat. A click does the same in two steps where it is clear: a
card with one use is played, a card with several asks where it goes; a Character
clicked is picked as the attacker, and the defender clicked next. While a card is
held over a spot the table says what the drop would do, or why it is refused.
Clicking a museum shows its cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.herosdei import gestures
from game.ui.herosdei.gestures import Verdict
from game.ui.herosdei.prompts import alone_line, onto_lines
from game.ui.tablekit.controller import Controller, Press, Target
from game.ui.tablekit.protocols import Point

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable


class HdController(Controller["HdTable", Press]):
    def __init__(self, scene: HdTable) -> None:
        super().__init__(scene)
        self.selected: int | None = None  # the viewer's Character picked as the attacker by a click

    # ---- what is where -------------------------------------------------------------------------
    def hit(self, pos: Point) -> Target | None:
        sc = self.scene
        if sc.viewer is not None and not sc.hand_hidden:
            slots = sc.hand_rects()
            hand = sc.model.sides[sc.viewer].hand
            for i in range(len(slots) - 1, -1, -1):
                if slots[i].collidepoint(pos) and i < len(hand):
                    return ("hand", i, hand[i])
        for seat in (0, 1):
            placed = sorted(enumerate(sc.char_rects(seat)), key=lambda p: sc.fighting(seat, p[0]))  # as drawn
            for i, (card_rect, strips) in reversed(placed):  # the topmost first: a crowded row overlaps
                chars = sc.model.sides[seat].chars
                if i >= len(chars):
                    continue
                for j in range(len(strips) - 1, -1, -1):
                    if strips[j].collidepoint(pos) and j < len(chars[i].given):
                        return ("given", seat, i, j, chars[i].given[j])
                if card_rect.collidepoint(pos):
                    return ("char", seat, i, chars[i].card)
        for i, r in enumerate(sc.stack_rects()):
            if r.collidepoint(pos) and i < len(sc.model.stack):
                return ("stack", i, sc.model.stack[i]["card"])
        lay = sc.lay
        for seat in (0, 1):
            if lay.museums[seat].collidepoint(pos):
                museum = sc.model.sides[seat].museum
                return ("museum", seat, museum[-1] if museum else "")
            if lay.futures[seat].collidepoint(pos):
                return ("future", seat)
            for r, cid in sc.in_play_chips(seat):
                if r.collidepoint(pos):
                    return ("inplay", seat, cid)
            if lay.rows[seat].collidepoint(pos):
                return ("row", seat)
        if lay.middle.collidepoint(pos):
            return ("middle",)
        return None

    def hover_key(self, target: Target | None) -> object:
        return target[:3] if target else None

    # ---- pressing and dropping --------------------------------------------------------------
    def mouse_down(self, pos: Point) -> None:
        self.mouse = pos
        h = self.hit(pos)
        if h is None or not self.scene.can_act:
            return
        if h[0] == "hand":
            self.drag = Press("hand", int(h[1]), pos, pos)
        elif h[0] == "char" and h[1] == self.scene.viewer:
            self.drag = Press("char", int(h[2]), pos, pos)

    def mouse_up(self, pos: Point) -> None:
        self.mouse = pos
        d = self.drag
        self.drag = None
        target = self.hit(pos)
        if d is not None and d.active:
            self.drop(d, target)
        else:
            self.click(target)
        self.track_hover(pos)

    def dragged(self, drag: Press) -> bool:
        return True  # the hover follows the pointer: what the drop would do shows as it moves

    def verdict(self, d: Press, target: Target | None) -> Verdict | None:
        """What dropping ``d`` on ``target`` would do (None: nothing at all, a drop back home)."""
        sc = self.scene
        m = sc.model
        tr = sc.tr
        if d.kind == "hand":
            hand = m.sides[sc.viewer].hand if sc.viewer is not None else []
            if not 0 <= d.index < len(hand) or target is None or target[0] == "hand":
                return None
            card = hand[d.index]
            if target[0] in ("char", "given"):
                return gestures.card_onto(m, tr, card, int(target[1]), int(target[2]))
            return gestures.card_on_table(m, tr, card)
        if d.kind == "char" and target is not None and target[0] in ("char", "given"):
            mine = m.sides[sc.viewer].chars if sc.viewer is not None else []
            if (target[1] == sc.viewer and target[2] == d.index) or d.index >= len(mine):
                return None
            return gestures.attack(m, tr, d.index, int(target[1]), int(target[2]))
        return None

    def drop(self, d: Press, target: Target | None) -> None:
        v = self.verdict(d, target)
        if v is None:
            return
        self.follow(v)

    def follow(self, v: Verdict) -> None:
        """Send a verdict's line, ask which Character among its choices, or say why not."""
        sc = self.scene
        if v.line is not None:
            self.send(v.line)
        elif v.choose:
            card = v.choose[0].split()[1].partition("#")[0]
            step = sc.asker().onto(card, list(v.choose))
            if step is not None:
                sc.ask(step)
        elif v.reason:
            sc.refuse(v.reason)

    def click(self, target: Target | None) -> None:
        sc = self.scene
        if target is None:
            self.selected = None
            return
        kind = target[0]
        if kind == "museum":
            sc.show_museum(int(target[1]))
            return
        if not sc.can_act:
            return
        if kind == "hand":
            self.selected = None
            self.play_card(str(target[2]))
        elif kind in ("char", "given") and target[1] == sc.viewer and sc.model.phase == "attack" and "skip" not in sc.model.legal:
            self.selected = None if self.selected == target[2] else int(target[2])
        elif kind in ("char", "given") and self.selected is not None and target[1] != sc.viewer:
            self.follow(gestures.attack(sc.model, sc.tr, self.selected, int(target[1]), int(target[2])))
            self.selected = None

    def play_card(self, card: str) -> None:
        """A hand card clicked: played at once when it has one use, else asked where it goes."""
        sc = self.scene
        m = sc.model
        alone = alone_line(m.legal, card)
        onto = onto_lines(m.legal, card)
        if alone is not None and not onto:
            self.send(alone)
        elif onto:
            step = sc.asker().onto(card, onto, alone)
            if step is not None:
                sc.ask(step)
        else:
            self.follow(gestures.card_on_table(m, sc.tr, card))

    def send(self, line: str | None) -> bool:
        if line is None or line not in self.legal:
            return False
        return self.scene.submit(line)

    # ---- keys ---------------------------------------------------------------------------------------
    def escape(self) -> None:
        if self.drag is not None or self.selected is not None:
            self.drag = None
            self.selected = None
            return
        super().escape()

    def keyed(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_h:
            self.scene.hints.press()  # it says itself when no hint may be asked
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.scene.end_button()
