"""The Fantasy Realms table: a game played, animated from the engine's events.

Like the Hero Realms table, the scene holds a :class:`~game.session.clients.GameClient`
and nothing of the engine's state: it polls the client (only when the last events
have been shown, so AI moves come one at a time), plays the viewer's redacted
events through the director, and re-reads the view once they are played. Input
is taken only then. The engine's questions (draft, Cursed Items, end-of-game
draws) open as dialogs with legal answers only; hotseat passes the screen behind
a curtain; the live score comes from the engine's scorer.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.fantasy_realms.scoring import Table
from game.session import local as games
from game.ui.fantasy_realms import draw, hints, targets
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.controller import FantasyController
from game.ui.fantasy_realms.dialogs import PickDialog, reveal_question
from game.ui.fantasy_realms.director import FantasyDirector
from game.ui.fantasy_realms.faces import ASPECT
from game.ui.fantasy_realms.layout import FantasyLayout, compute
from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.fantasy_realms.prompts import Asker
from game.ui.fantasy_realms.table_base import FantasyTableBase
from game.ui.scene import Scene
from game.ui.tablekit.asking import AskingTable
from game.ui.tablekit.hint import HintAnswers
from game.ui.tablekit.prompts import Question, Step
from game.ui.tablekit.protocols import LessonTargets
from game.ui.widgets.basic import Button, Group


class FantasyTableScene(AskingTable[Question], FantasyTableBase):
    hint_answers: ClassVar[HintAnswers] = hints
    lesson_targets: ClassVar[LessonTargets] = targets

    def build_pieces(self) -> None:
        self.model: FantasyModel = FantasyModel(self.first_view, self.viewer)
        self.log: FantasyLog = FantasyLog(self.names)
        self.director: FantasyDirector = FantasyDirector(self.model, self.log, lambda: self.app.settings.speed,
                                                          self.app.sound.play, self._where)
        self.ctrl: FantasyController = FantasyController(self)
        self._lay_key: tuple[int, ...] = ()
        self.lay: FantasyLayout = self._compute(self.w, self.h)

    # ---- layout ------------------------------------------------------------------------------
    def _compute(self, w: int, h: int) -> FantasyLayout:
        m = self.model
        key = (w, h, len(m.hand), len(m.discard), m.hand_size, m.end_at, self.viewer if self.viewer is not None else -1)
        self._lay_key = key
        return compute(w, h, m.n, self.viewer, len(m.hand), m.hand_size, len(m.discard), m.end_at, m.items_on)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.lay = self._compute(w, h)
        self._buttons()
        self.log_cache = None
        self._warm()

    def _buttons(self) -> None:
        lay = self.lay
        self.menu_btn = self.menu_button()
        self.undo_btn = self.undo_button()
        self.end_btn = self.sidebar_button(self.tr("table.end_turn"), self.end_or_pass, lay.end_btn, "fantasy.tip_end", primary=True)
        self.use_btn = self.sidebar_button(self.tr("fantasy.use"), self.use_item, lay.use_btn, "fantasy.tip_use")
        self.swap_btn = self.sidebar_button(self.tr("fantasy.swap"), self.swap_item, lay.swap_btn, "fantasy.tip_swap")
        g = Group()
        for b in (self.menu_btn, self.undo_btn, self.end_btn, self.use_btn, self.swap_btn):
            g.add(b)
        self.use_btn.visible = self.swap_btn.visible = self.model.items_on
        self.group = g

    def _warm(self) -> None:
        lang = self.tr.lang
        cards = list(self.model.cards)
        lay = self.lay
        self.art.warm([(c, lay.discard_w, lang, lay.discard_compact) for c in cards]
                      + [(c, lay.hand_w, lang, lay.hand_compact) for c in cards])

    def _relayout_if_needed(self) -> None:
        m = self.model
        key = (self.w, self.h, len(m.hand), len(m.discard), m.hand_size, m.end_at, self.viewer if self.viewer is not None else -1)
        if key != self._lay_key:
            self.lay = self._compute(self.w, self.h)
            old = {b: b.enabled for b in self.group.widgets if isinstance(b, Button)}
            self._buttons()
            for b in self.group.widgets:
                if isinstance(b, Button):
                    b.enabled = next((v for k, v in old.items() if k.label == b.label), True)

    # ---- what sits where (the controller, the director and the drawing share these) -----------
    def hand_cards(self) -> list[str]:
        return self.model.sorted_hand()

    def hand_rect(self, i: int, count: int | None = None) -> pygame.Rect:
        lay = self.lay
        n = len(self.model.hand) if count is None else count
        if count is None and i < len(lay.hand_slots):
            r = lay.hand_slots[i]
        else:
            gap = lay.u(8)
            total = n * lay.hand_w + (n - 1) * gap
            x0 = lay.play.centerx - total // 2
            top = lay.header.bottom + lay.u(10)
            r = pygame.Rect(x0 + i * (lay.hand_w + gap), top, lay.hand_w, int(lay.hand_w * ASPECT))
        h = self.ctrl.hover if hasattr(self, "ctrl") else None
        lifted = self.ctrl.selected == i if hasattr(self, "ctrl") else False
        if (h and h[0] == "hand" and h[1] == i and (self.ctrl.drag is None or not self.ctrl.drag.active)) or lifted:
            r = r.move(0, -lay.lift)
        return r

    def opp_hand_rect(self, seat: int) -> pygame.Rect:
        ol = self.lay.opps.get(seat)
        if ol is None:
            return pygame.Rect(self.lay.play.centerx, -80, 40, 56)
        w = max(16, int(min(self.lay.u(44), ol.hand.height * 0.8 / ASPECT)))
        return pygame.Rect(ol.hand.left, ol.hand.top + (ol.hand.height - int(w * ASPECT)) // 2, w, int(w * ASPECT))

    def opp_item_rect(self, seat: int) -> pygame.Rect:
        ol = self.lay.opps[seat]
        w = max(16, min(ol.item.width - self.lay.u(6), int(ol.item.height / ASPECT)))
        return pygame.Rect(ol.item.left, ol.item.top + (ol.item.height - int(w * ASPECT)) // 2, w, int(w * ASPECT))

    def taken_chips(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        """The cards a seat took from the discard area (the latest first), as chips."""
        ol = self.lay.opps[seat]
        taken = [c for c in reversed(self.model.players[seat].taken)]
        u = self.lay.u
        if ol.taken.width < u(130):  # narrow panels: suit badges (hover names and zooms them)
            size = u(22)
            per_row = max(1, (ol.taken.width + u(3)) // (size + u(3)))
            rows = max(0, (ol.taken.height + u(3)) // (size + u(3)))
            return [(pygame.Rect(ol.taken.left + (i % per_row) * (size + u(3)), ol.taken.top + (i // per_row) * (size + u(3)),
                                 size, size), cid) for i, cid in enumerate(taken[: per_row * rows])]
        ch = u(20)
        top = ol.taken.top + u(18)
        rows = max(0, (ol.taken.bottom - top) // (ch + u(3)))
        cols = 2 if ol.taken.width > u(230) else 1
        cw = (ol.taken.width - (cols - 1) * u(4)) // cols
        out = []
        for i, cid in enumerate(taken[: rows * cols]):
            row, col = divmod(i, cols)
            out.append((pygame.Rect(ol.taken.left + col * (cw + u(4)), top + row * (ch + u(3)), cw, ch), cid))
        return out

    def down_rects(self) -> list[pygame.Rect]:
        if self.viewer is None or not self.model.items_on:
            return []
        used = self.model.players[self.viewer].items_used
        r = self.lay.my_down
        if not used or r.height < 10:
            return []
        w = max(16, min(int((r.height - self.lay.u(18)) / ASPECT), (r.width - self.lay.u(4) * (len(used) - 1)) // max(1, len(used))))
        step = min(w + self.lay.u(4), (r.width - w) // max(1, len(used) - 1)) if len(used) > 1 else 0
        return [pygame.Rect(r.left + i * step, r.top + self.lay.u(18), w, int(w * ASPECT)) for i in range(len(used))]

    def _where(self, e: dict[str, Any], end: bool) -> tuple[pygame.Rect, str | None] | None:
        """Where an event's card takes off from (``end`` False) or lands (True)."""
        t = e["type"]
        seat = e.get("seat")
        m = self.model
        lay = self.lay
        card = e.get("card")
        if t == "card_drawn":
            if not end:
                return lay.deck, None
            return self._seat_spot(seat, card, e.get("why") in ("draft", "cauldron")), None
        if t == "card_taken":
            if not end:
                return (lay.discard_slot(m.discard.index(card)), card) if card in m.discard else None
            return self._seat_spot(seat, card, False), card
        if t == "card_discarded":
            if end:
                return lay.discard_slot(len(m.discard)), card
            if seat is None or seat < 0:
                return lay.deck, card
            if seat == self.viewer and card in m.hand:
                return self.hand_rect(self.hand_cards().index(card)), card
            return self._seat_spot(seat, None, False), card
        if t == "cards_to_deck" and isinstance(seat, int):
            return (lay.deck, None) if end else (self._seat_spot(seat, None, False), None)
        return None

    def _seat_spot(self, seat: Any, card: str | None, aside: bool) -> pygame.Rect:
        if seat == self.viewer and self.viewer is not None:
            if aside:
                z = self.lay.discard_zone
                return pygame.Rect(z.centerx - self.lay.hand_w // 2, z.centery - self.lay.hand_w * 7 // 10, self.lay.hand_w,
                                   int(self.lay.hand_w * ASPECT))
            hand = self.model.sorted_ids([*self.model.hand, card] if card else self.model.hand)
            i = hand.index(card) if card in hand else len(hand)
            return self.hand_rect(i, len(hand) + (0 if card else 1))
        return self.opp_hand_rect(int(seat)) if isinstance(seat, int) else self.lay.deck

    # ---- acting --------------------------------------------------------------------------------
    def submitted(self) -> None:
        self.ctrl.selected = None

    def end_or_pass(self) -> None:
        if self.can_act:
            for line in ("end", "pass"):
                if line in self.model.legal:
                    self.submit(line)
                    return

    def use_item(self) -> None:
        if not self.can_act:
            return
        uses = [x for x in self.model.legal if x.startswith("item use")]
        if len(uses) == 1 and uses[0] == "item use":
            self.submit(uses[0])
            return
        asker = self.asker()
        mine = self.model.players[self.viewer].item if self.viewer is not None else None
        step = asker.item_use(uses, self.tr("fprompt.item_use_named", item=self._my_item_name()), subtitle=asker.effect_text(mine))
        if step is not None:
            self.ask(step)

    def swap_item(self) -> None:
        if self.can_act and "item swap" in self.model.legal:
            self.submit("item swap")

    def _my_item_name(self) -> str:
        if self.viewer is None:
            return ""
        return scoring.card_name(self.model.players[self.viewer].item, self.tr.lang)

    def asker(self) -> Asker:
        return Asker(self.model, self.tr, self.names)

    def dialog_for(self, question: Question) -> Scene:
        """The question over the table, above the hand, each card captioned with what the hand would score."""
        self._annotate(question)
        region = pygame.Rect(0, 0, self.lay.play.width, self.lay.hand_zone.top)
        return PickDialog(self.app, question, region=region, clear=self.lay.hand_zone)

    def _annotate(self, q: Any) -> None:
        """Under each card the question offers: what the hand would score with it (or without it)."""
        if self.viewer is None:
            return
        hand = list(self.model.hand)
        table = scoring.table_of(self.model.view, self.viewer, self.rulings)
        lib = self.art.lib
        for o in q.options:
            if o.caption or not isinstance(o.value, str) or not o.card or o.card not in lib.cards:
                continue
            verb = o.value.split()[0]
            if verb in ("keep", "take", "wish", "draw", "trade") and o.card not in hand:
                grown = [*hand, o.card]
                if verb == "trade" and self.model.wagon_card in hand:
                    grown.remove(self.model.wagon_card)
                rest = tuple(c for c in table.discard if c != o.card)
                total = scoring.score(grown, Table(table.players, rest, table.items, table.modules, table.rulings)).total
                o.caption = self.tr("fantasy.caption", n=total)
            elif verb == "discard" and o.card in hand:
                o.caption = self.tr("fantasy.caption", n=scoring.without(hand, o.card, table))

    # ---- frame (the kit's loop: tablekit/base.py) -------------------------------------------------
    def shown_moved(self, dt: float) -> None:
        self._relayout_if_needed()
        self.ctrl.hover_time += dt
        if self.director.idle and self.ctrl.drag is None:
            self.art.warm_step()

    def act(self) -> None:
        if self.on_top and self.director.idle and self.synced and self.model.reveals:
            self._show_reveals()
        else:
            self.ask_next()

    def next_step(self) -> Step[Question] | None:
        return self.asker().decision()

    def refresh_buttons(self) -> None:
        legal = self.model.legal if self.can_act else []
        self.refresh_undo()
        self.end_btn.visible = not self.replaying and ("end" in legal or ("pass" in legal and self.model.phase == "draw"))
        self.end_btn.label = self.tr("table.end_turn") if "end" in legal else self.tr("fantasy.pass")
        self.end_btn.glow = 1.0 if self.end_btn.visible else 0.0
        self.use_btn.enabled = any(x.startswith("item use") for x in legal) and self.model.phase in ("draw", "discard", "end_turn")
        self.swap_btn.enabled = "item swap" in legal

    def caught_up(self) -> None:
        self.ctrl.hover = self.ctrl.hit(self.ctrl.mouse)  # the cards moved under the pointer

    def seated(self, seat: int) -> None:
        self.model.sync(self.view_of(seat), seat)
        self.model.reveals.clear()
        self.ctrl.selected = None

    def _show_reveals(self) -> None:
        shown = self.model.reveals.pop(0)
        names = {c: scoring.card_name(c, self.tr.lang) for c in shown.get("cards", [])}
        why = shown.get("why", "")
        whose = shown.get("seat", -1)
        title = self.tr(f"freveal.{why}", name=self.names[whose] if isinstance(whose, int) and 0 <= whose < len(self.names) else "")
        region = pygame.Rect(0, 0, self.lay.play.width, self.lay.hand_zone.top)
        self.app.push(PickDialog(self.app, reveal_question(title, list(names), names), closable=True, region=region,
                                 clear=self.lay.hand_zone))

    def setup_again(self) -> Any:
        from game.ui.fantasy_realms.setup import FantasySetup

        if self.rec is None:
            return None
        return FantasySetup(games.seats_of(self.rec), list(self.rec.setup.get("modules", [])), rulings=self.rulings.to_dict())

    def draw_table(self, surf: pygame.Surface) -> None:
        draw.draw_table(self, surf)
