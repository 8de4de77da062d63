"""The HerosDeï table: a game played, animated from the engine's events.

Like the other tables, the scene holds a :class:`~game.session.clients.GameClient` and nothing
of the engine's state: it polls the client (only once the last events are shown, so an
AI's moves come one at a time), plays the viewer's redacted events through the
director, and re-reads the view once they are shown. Input is taken only then.
Placements, declarations and destinies are gestures (:mod:`.controller`); the
engine's prompts (hand limit, Monster step, a Stable card's Character) open as
dialogs with legal answers only; a destiny window or Monster step the viewer can only
pass is passed for them. Hotseat passes the screen behind the kit's curtain.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any, ClassVar

import pygame

from game.core.errors import RealmsError
from game.core.game import SECRET_PAUSE
from game.core.refusal import Refusal
from game.herosdei.view import secret_choice
from game.ui.herosdei import draw, gestures, hints, overlays, targets
from game.ui.herosdei import layout as geometry
from game.ui.herosdei.controller import HdController
from game.ui.herosdei.dialogs import PickDialog
from game.ui.herosdei.director import HdDirector
from game.ui.herosdei.layout import HdLayout, compute
from game.ui.herosdei.logtext import HdLog, card_name
from game.ui.herosdei.model import HdModel, reload_card_defs, split_ref
from game.ui.herosdei.prompts import Asker, onto_lines, target_of
from game.ui.scene import Scene
from game.ui.tablekit.asking import AskingTable
from game.ui.tablekit.hint import HintAnswers
from game.ui.tablekit.prompts import Question, Step
from game.ui.tablekit.protocols import LessonTargets
from game.ui.widgets.basic import Group


class HdTableScene(AskingTable[Question]):
    game = "herosdei"
    hint_answers: ClassVar[HintAnswers] = hints
    lesson_targets: ClassVar[LessonTargets] = targets

    def build(self, more: Mapping[str, object]) -> None:
        reload_card_defs()
        self.model: HdModel = HdModel(self.first_view, self.viewer)
        self.log: HdLog = HdLog(self.names)
        self.director: HdDirector = HdDirector(self.model, self.log, lambda: self.app.settings.speed,
                                                self.app.sound.play, self._where)
        self.ctrl: HdController = HdController(self)
        self.hold_passes = False  # after an undo, forced windows wait for the player (else undo would loop)
        self.pass_at: float | None = None  # LAN: when the window the viewer can only pass is passed
        self.pauses = random.SystemRandom()
        self.pass_pause = SECRET_PAUSE  # the range of that pause
        # a LAN client's count of actions when it sent one: its view is stale until the host's answer moves it on
        self.lay: HdLayout = compute(self.w, self.h, self.viewer, draw.aspect(self.tr.lang))

    # ---- layout ------------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.lay = compute(w, h, self.viewer, draw.aspect(self.tr.lang))
        self.menu_btn = self.menu_button()
        self.undo_btn = self.undo_button()
        self.end_btn = self.sidebar_button(self.tr("hdtable.done"), self.end_button, self.lay.end_btn, "hdtable.tip_end",
                                           primary=True)
        g = Group()
        for b in (self.menu_btn, self.undo_btn, self.end_btn):
            g.add(b)
        self.group = g
        self.log_cache = None

    # ---- what sits where (the controller, the director and the drawing share these) --------------------
    def char_rects(self, seat: int) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        """Each Character of ``seat``'s row and the strips of its given cards; the attacker
        of the combat under way lunges toward the defender."""
        lay = self.lay
        chars = self.model.sides[seat].chars
        slots = geometry.row_slots(lay, seat, len(chars))
        out = []
        fighting = self._lunge()
        for i, (r, ch) in enumerate(zip(slots, chars)):
            if fighting is not None and fighting[0] == (seat, i):
                r = r.move(fighting[1])
            out.append((r, geometry.given_slots(lay, r, len(ch.given), lay.rows[seat].bottom)))
        return out

    def _lunge(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The attacker's place and how far it has moved toward the defender: within its
        own row (with the cards given to it), so that the middle band's prompt and the
        other row never cover it, nor it them."""
        c = self.model.combat
        if c is None:
            return None
        a, d = self.model.find(str(c["attacker"])), self.model.find(str(c["defender"]))
        if a is None or d is None:
            return None
        lay = self.lay
        ra = geometry.row_slots(lay, a[0], len(self.model.sides[a[0]].chars))[a[1]]
        rd = geometry.row_slots(lay, d[0], len(self.model.sides[d[0]].chars))[d[1]]
        k = self.director.lunge * 0.3  # toward the defender, never over it (it stays a drop target)
        dx, dy = int((rd.centerx - ra.centerx) * k), int((rd.centery - ra.centery) * k)
        row = lay.rows[a[0]]
        fan = geometry.given_slots(lay, ra, len(self.model.sides[a[0]].chars[a[1]].given), row.bottom)
        bottom = fan[-1].bottom if fan else ra.bottom
        dy = max(row.top - ra.top, min(dy, row.bottom - bottom))
        return a, (dx, dy)

    def fighting(self, seat: int, index: int) -> bool:
        """The Character at ``index`` of ``seat``'s row is the attacker or the defender of the combat under way."""
        c = self.model.combat
        return (c is not None and index < len(self.model.sides[seat].chars)
                and self.model.ref(seat, index) in (c.get("attacker"), c.get("defender")))

    def fighter_rect(self, ref: str) -> pygame.Rect | None:
        at = self.model.find(ref)
        if at is None:
            return None
        rects = self.char_rects(at[0])
        return rects[at[1]][0] if at[1] < len(rects) else None

    def hand_rects(self) -> list[pygame.Rect]:
        if self.viewer is None:
            return []
        rects = geometry.hand_slots(self.lay, self.model.sides[self.viewer].hand_count if self.hand_hidden
                                    else len(self.model.sides[self.viewer].hand))
        h = self.ctrl.hover if hasattr(self, "ctrl") else None
        if h and h[0] == "hand" and int(h[1]) < len(rects) and (self.ctrl.drag is None or not self.ctrl.drag.active):
            rects[int(h[1])] = rects[int(h[1])].move(0, -self.lay.u(14))
        return rects

    def stack_rects(self) -> list[pygame.Rect]:
        return geometry.stack_slots(self.lay, len(self.model.stack))

    def in_play_chips(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        return draw.chip_rects(self, seat)

    def _where(self, e: dict[str, Any], end: bool) -> tuple[pygame.Rect, str | None] | None:
        """Where an event's card takes off from (``end`` False) or lands (True)."""
        t = e["type"]
        lay = self.lay
        seat = e.get("seat")
        card = e.get("card")
        if t == "card_placed" and isinstance(seat, int):
            if not end:
                return self._from_hand(seat, str(card)), str(card)
            onto = self.model.find(str(e["onto"])) if e.get("onto") else None
            if onto is not None:
                r = self.char_rects(onto[0])[onto[1]][0]
                return r, str(card)
            if self.model.kind(str(card)) in ("god", "place", "black_magic"):
                return pygame.Rect(lay.bars[seat].right - lay.u(120), lay.bars[seat].top, lay.u(60), lay.bars[seat].height), str(card)
            slots = geometry.row_slots(lay, seat, len(self.model.sides[seat].chars) + 1)
            return slots[-1], str(card)
        if t in ("destiny_played",) and isinstance(seat, int):
            if not end:
                return self._from_hand(seat, str(card)), str(card)
            slots = geometry.stack_slots(lay, len(self.model.stack) + 1)
            return slots[-1], str(card)
        if t == "card_discarded" and isinstance(seat, int):
            return (lay.museums[seat], str(card)) if end else (self._from_hand(seat, str(card)), str(card))
        if t == "monster_played" and isinstance(seat, int):
            if not end:
                return self._from_hand(seat, str(card)), str(card)
            return geometry.row_slots(lay, seat, len(self.model.sides[seat].chars) + 1)[-1], str(card)
        if t == "character_killed":
            got = split_ref(str(card))
            if got is None:
                return None
            if end:
                return lay.museums[got[0]], got[1]
            at = self.model.find(str(card))
            return (self.char_rects(at[0])[at[1]][0], got[1]) if at is not None else None
        if t == "control_taken":
            ref = str(e["card"]) if not end else str(e["now"])
            at = self.model.find(ref)
            got = split_ref(ref)
            if at is None or got is None:
                return None
            return self.char_rects(at[0])[at[1]][0], got[1]
        return None

    def _from_hand(self, seat: int, card: str) -> pygame.Rect:
        """Where a card of ``seat``'s hand takes off: the viewer's own card, or the other's bar."""
        if seat == self.viewer and not self.hand_hidden:
            hand = self.model.sides[seat].hand
            rects = self.hand_rects()
            if card in hand and hand.index(card) < len(rects):
                return rects[hand.index(card)]
        bar = self.lay.bars[seat]
        w = self.lay.pile_w
        return pygame.Rect(bar.centerx - w // 2, bar.centery - self.lay.height_of(w) // 2, w, self.lay.height_of(w))

    # ---- what the viewer may do ------------------------------------------------------------------
    def card_usable(self, card: str) -> bool:
        """A hand card some legal line plays now (lit)."""
        if not self.can_act:
            return False
        return any(x.startswith("play ") and x.split()[1].partition("#")[0] == card for x in self.model.legal)

    def lit_char(self, seat: int, i: int) -> str | None:
        """How a Character is outlined: in the combat, picked as attacker, able to attack or be attacked."""
        m = self.model
        ref = m.ref(seat, i)
        if m.combat is not None and ref in (m.combat.get("attacker"), m.combat.get("defender")):
            return "fight"
        if not self.can_act:
            return None
        held = self.ctrl.drag
        if held is not None and held.active and held.kind == "hand" and self.viewer is not None:
            hand = m.sides[self.viewer].hand
            card = hand[held.index] if held.index < len(hand) else ""
            return "target" if any(target_of(x) == ref for x in onto_lines(m.legal, card)) else None
        if seat == self.viewer and self.ctrl.selected == i:
            return "picked"
        attacks = [x.split() for x in m.legal if x.startswith("attack ")]
        if self.ctrl.selected is not None and self.viewer is not None:
            mine = m.ref(self.viewer, self.ctrl.selected)
            return "target" if any(a[1] == mine and a[2] == ref for a in attacks) else None
        if any(a[1] == ref for a in attacks):
            return "act"
        return None

    def end_button(self) -> None:
        """The sidebar's button: done placing, pass a combat, or pass a destiny window."""
        if not self.can_act:
            return
        for line in ("done", "pass", "skip"):
            if line in self.model.legal and (line != "skip" or self.model.pending is None):
                self.submit(line)
                return
        if self.end_btn.visible and not self.end_btn.enabled:  # Enter on a greyed button: the rule that holds it
            self.refuse(str(self.end_btn.tooltip))

    def refusal_params(self, why: Refusal) -> dict[str, object]:
        return gestures.refusal_params(self.model, self.tr, why)

    def refuse(self, reason: str) -> None:
        """A gesture the rules refuse: the reason, in a toast."""
        self.app.toast(reason, 3)
        self.app.sound.play("error")

    def asker(self) -> Asker:
        return Asker(self.model, self.tr, self.names)

    def dialog_for(self, question: Question) -> Scene:
        """The question over the table, above the hand (which stays readable)."""
        region = pygame.Rect(0, 0, self.lay.play.width, self.lay.hand_zone.top)
        return PickDialog(self.app, question, region=region, clear=self.lay.hand_zone, aspect=self.lay.aspect)

    def show_museum(self, seat: int) -> None:
        if not self.model.sides[seat].museum:
            return
        self.app.push(PickDialog(self.app, self.asker().museum(seat), closable=True, aspect=self.lay.aspect))

    # ---- the hint key's answers (game/ui/tablekit/hint.py) and a lesson's targets (game/ui/tutorial) ----
    # ---- hovering -------------------------------------------------------------------------------
    def hovered_card(self, h: tuple[Any, ...]) -> str:
        kind = h[0]
        if kind in ("hand", "stack"):
            return str(h[2])
        if kind == "char":
            return str(h[3])
        if kind == "given":
            return str(h[4])
        if kind in ("museum", "inplay"):
            return str(h[2])
        return ""

    def hovered_rect(self, h: tuple[Any, ...]) -> pygame.Rect:
        kind = h[0]
        if kind == "hand":
            rects = self.hand_rects()
            if int(h[1]) < len(rects):
                return rects[int(h[1])]
        if kind in ("char", "given"):
            placed = self.char_rects(int(h[1]))
            if int(h[2]) < len(placed):
                card, strips = placed[int(h[2])]
                return strips[int(h[3])] if kind == "given" and int(h[3]) < len(strips) else card
        if kind == "stack":
            rects = self.stack_rects()
            if int(h[1]) < len(rects):
                return rects[int(h[1])]
        if kind == "museum":
            return self.lay.museums[int(h[1])]
        if kind == "inplay":
            for r, cid in self.in_play_chips(int(h[1])):
                if cid == h[2]:
                    return r
        return pygame.Rect(self.ctrl.mouse, (1, 1))

    # ---- frame (the kit's loop: tablekit/base.py) ----------------------------------------------------
    def shown_moved(self, dt: float) -> None:
        self.ctrl.track_hover(self.ctrl.mouse)  # the cards move under a still pointer as events are shown
        self.ctrl.hover_time += dt

    def act(self) -> None:
        if not self._pass_forced_windows():
            self.ask_next()

    def next_step(self) -> Step[Question] | None:
        return self.asker().decision()

    def refresh_buttons(self) -> None:
        self.refresh_undo()
        self._refresh_end_button()

    def _refresh_end_button(self) -> None:
        """Done or Pass, lit when it may be pressed; greyed, with the rule in its tooltip,
        when the rules hold the player back (a Sovereign Good to give first, the first
        combat of the phase, which is compulsory); hidden when it means nothing now."""
        m = self.model
        legal = m.legal if self.can_act else []
        label = "hdtable.done" if "done" in legal else "hdtable.pass" if ("pass" in legal or "skip" in legal) else None
        tip, held = "hdtable.tip_end", None
        if label is None and self.can_act and m.pending is None:
            good = m.good_to_give()
            if good is not None:
                label, held = "hdtable.done", self.tr("hdtable.tip_done_good", card=card_name(good, self.tr.lang))
            elif m.phase == "attack" and not m.window_open() and any(x.startswith("attack ") for x in legal):
                label, held = "hdtable.pass", self.tr("hdtable.tip_pass_first")
        b = self.end_btn
        b.visible = label is not None and m.pending is None
        b.enabled = held is None
        b.tooltip = held if held is not None else self.tr(tip)
        if label is not None:
            b.label = self.tr(label)
        b.glow = 1.0 if b.visible and b.enabled else 0.0

    def _pass_forced_windows(self) -> bool:
        """A destiny window or Monster step a seat of this screen can only pass is passed
        for it, without the curtain: there is nothing to decide. Over the LAN it is passed
        after a random pause, as the AI seats do, so that the other player cannot tell by
        the time that nothing could be played. True while one is passed or waits to be."""
        if (self.hold_passes or not self.director.idle or not self.synced or self._pending() or self.model.over or not self.on_top
                or self.curtain_for is not None):
            return False
        for seat in self.humans:
            view = self.view_of(seat)
            if view.get("legal") != ["skip"] or not secret_choice(view):
                continue
            if self.on_lan and self.model.legal != ["skip"]:
                continue  # the pause runs from the window the table shows, not from a newer view it has yet to show
            now = time.monotonic()
            if self.on_lan and self.pass_at is None:
                self.pass_at = now + self.pauses.uniform(*self.pass_pause)
            if self.pass_at is not None and now < self.pass_at:
                return True
            try:
                self.client.submit(seat, "skip")
            except RealmsError as exc:  # refused: say so once, do not loop
                self.app.toast(str(exc), 3)
                return False
            self.synced = False
            self.model.legal = []
            self.pass_at = None
            self.await_host()
            return True
        return False

    def caught_up(self) -> None:
        self.pass_at = None  # a new view: a window met in it waits a pause of its own
        self.ctrl.hover = self.ctrl.hit(self.ctrl.mouse)  # the cards moved under the pointer
        if self.ctrl.selected is not None and self.viewer is not None and self.ctrl.selected >= len(self.model.sides[self.viewer].chars):
            self.ctrl.selected = None

    def submitted(self) -> None:
        self.ctrl.selected = None
        self.hold_passes = False

    def undone(self) -> None:
        self.hold_passes = True

    def seated(self, seat: int) -> None:
        self.model.sync(self.view_of(seat), seat)
        self.ctrl.selected = None

    def end_screen(self) -> Scene:
        from game.ui.herosdei.gameover import HdGameOverScene

        return HdGameOverScene(self.app, self, self.conceded)

    def setup_again(self) -> Any:
        from game.ui.herosdei.gameover import setup_of

        return setup_of(self.rec) if self.rec is not None else None

    def draw_table(self, surf: pygame.Surface) -> None:
        draw.draw_table(self, surf)
        overlays.draw(self, surf)

