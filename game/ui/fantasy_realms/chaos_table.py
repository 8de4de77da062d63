"""The Chaos Realms table: everybody trades at once until the clock runs out.

Like the other tables the scene holds a :class:`~game.session.clients.GameClient` and
reads views; unlike them it never waits for a turn: it polls the client every
frame, logs and toasts each event as it comes (a new offer slides in, a trade
lights the card received) and re-reads the view. The viewer offers one of its
cards by dragging it onto a seat (or onto "anyone") and picking the card it asks
for; it accepts an offer by dragging the card asked for onto it (or with its
Accept button), declines one made to it, withdraws its own. After the time the
Necromancer's draw, the Genie's wish and the hand cap are asked in dialogs, then
the Fantasy Realms end screen shows the scores.

A game hosted here runs its clock from this scene (:meth:`Session.tick` with the
scene's ``now``), so the pause menu stops it; a LAN host runs its own. The dialog of
the card an offer asks for does not stop it, and says so: the rulebook's variant has
no turns, one time limit for everyone and everybody trading at once, so choosing a
card is part of the trading time, the other seats keep trading meanwhile, and over
the LAN one player's dialog could not stop the others' time anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from game.fantasy_realms.chaos import MAX_OFFERS
from game.fantasy_realms.chaos_events import ANYONE
from game.fantasy_realms.scoring import Table
from game.ui.fantasy_realms import chaos_draw, chaos_hints
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.chaos_controller import ChaosController
from game.ui.fantasy_realms.chaos_director import ChaosDirector
from game.ui.fantasy_realms.chaos_layout import ChaosLayout, compute
from game.ui.fantasy_realms.chaos_model import ChaosLog, ChaosModel, OfferView
from game.ui.fantasy_realms.dialogs import CANCELLED, PickDialog
from game.ui.fantasy_realms.faces import ASPECT
from game.ui.fantasy_realms.table_base import FantasyTableBase
from game.ui.tablekit.hint import HintAnswers
from game.ui.tablekit.prompts import Option, Question
from game.ui.widgets.basic import Button, Group


class ChaosTableScene(FantasyTableBase):
    hint_answers: ClassVar[HintAnswers] = chaos_hints

    def build_pieces(self) -> None:
        self.model: ChaosModel = ChaosModel(self.first_view, self.viewer)
        self.log: ChaosLog = ChaosLog(self.names)
        self.log.viewer = self.viewer
        self.director: ChaosDirector = ChaosDirector(self)
        self.ctrl: ChaosController = ChaosController(self)
        self.now: Callable[[], float] = time.monotonic  # the clock a hosted game runs on (tests set it)
        self.paused = False
        self.counted = 0.0  # seconds counted since the view's clock last changed (the countdown between steps)
        self._clock_seen = self.model.clock_ms
        self.asking = False
        self.lay: ChaosLayout = self._compute(self.w, self.h)

    # ---- the base table's hooks ----------------------------------------------------------------
    def seated(self, seat: int) -> None:
        self.model.viewer = self.log.viewer = seat
        self.model.sync(self.view_of(seat), self.t)

    def submitted(self) -> None:
        self.ctrl.selected = None

    # ---- layout --------------------------------------------------------------------------------
    def others(self) -> list[int]:
        return [s for s in range(self.model.n) if s != self.viewer]

    def _compute(self, w: int, h: int) -> ChaosLayout:
        return compute(w, h, self.others())

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.lay = self._compute(w, h)
        self.menu_btn = Button("≡", self.pause, self.lay.menu_btn)
        self.menu_btn.tooltip = self.tr("table.tip_menu")
        self.menu_btn.app_sound = self.app.sound.play
        self.group = Group()
        self.group.add(self.menu_btn)
        self.log_cache = None

    def hand_rect(self, i: int) -> pygame.Rect:
        r = self.lay.hand_slot(i, len(self.model.hand))
        card = self.model.sorted_hand()[i] if i < len(self.model.hand) else None
        c = self.ctrl
        lifted = card is not None and card == c.selected
        hovered = c.hover == ("hand", i) and (c.drag is None or not c.drag.active)
        return r.move(0, -self.lay.lift) if lifted or hovered else r

    def offer_tiles(self) -> list[tuple[pygame.Rect, OfferView]]:
        """Every offer tile shown, with its offer (columns: to the viewer, open, the viewer's own)."""
        m = self.model
        out: list[tuple[pygame.Rect, OfferView]] = []
        for name, offers in (("to_me", m.to_me()), ("open", m.open_offers()), ("mine", m.mine())):
            out += list(zip(self.lay.tiles(name, len(offers)), offers))
        return out

    def tile_buttons(self, r: pygame.Rect, o: OfferView) -> list[tuple[pygame.Rect, str, str | None]]:
        """A tile's buttons: (rect, verb, the legal line or None when greyed)."""
        m, u = self.model, self.lay.u
        if o.seat == self.viewer:
            verbs = ["withdraw"]
        elif o.to == self.viewer:
            verbs = ["accept", "decline"]
        else:
            verbs = ["accept"]
        bw, bh = u(86), u(26)
        out = []
        for i, verb in enumerate(verbs):
            rr = pygame.Rect(r.right - u(6) - bw, r.bottom - u(6) - (len(verbs) - i) * (bh + u(4)) + u(4), bw, bh)
            out.append((rr, verb, m.may(verb, o.id)))
        return out

    def toast_top(self) -> int:
        """Toasts sit low over the offers' columns (the tiles fill them from the top), above the hand."""
        return int(self.lay.header.top - self.u(64)) if hasattr(self, "lay") else super().toast_top()

    # ---- the controller's geometry -------------------------------------------------------
    def tile_cards(self, r: pygame.Rect, o: OfferView) -> list[tuple[pygame.Rect, str | None]]:
        """The two cards of a tile: what its maker gives, then what it asks for."""
        u = self.lay.u
        cw = max(u(24), int((r.height - u(10)) / ASPECT))
        ch = int(cw * ASPECT)
        top = r.top + (r.height - ch) // 2
        give = pygame.Rect(r.left + u(8), top, cw, ch)
        want = pygame.Rect(give.right + u(24), top, cw, ch)
        return [(give, o.give), (want, o.want)]

    # ---- trading ---------------------------------------------------------------------------
    @property
    def can_trade(self) -> bool:
        return (self.viewer is not None and self.synced and self.model.trading and self.on_top
                and self.curtain_for is None)

    def card_name(self, cid: Any) -> str:
        return scoring.card_name(cid, self.tr.lang) if cid else "?"

    def seat_name(self, seat: int) -> str:
        return str(self.tr("chaos.anyone")) if seat == ANYONE else self.names[seat]

    def drop_on_offer(self, card: str, number: int) -> None:
        """The viewer's card dropped on offer ``number``: accepted when it is the card asked for."""
        o = self.model.offer(number)
        if o is None or o.seat == self.viewer:
            return
        if o.want != card:
            self.app.toast(self.tr("chaos.wants_other", want=self.card_name(o.want)), 3)
            self.app.sound.play("error")
            return
        line = self.model.may("accept", number)
        if line is not None:
            self.submit(line)

    def ask_want(self, give: str, to: int) -> None:
        """Offer ``give`` to seat ``to`` (or anyone): the dialog of the cards it may ask for."""
        if not self.model.may_offer():
            self.app.toast(self.tr("chaos.too_many", n=MAX_OFFERS), 3)
            return
        hand = list(self.model.hand)
        table = Table(players=self.model.n, discard=(), items=(), modules=frozenset(self.model.modules),
                      rulings=self.rulings)
        now = scoring.score(hand, table).total
        by_suit: dict[str, list[tuple[int, Option]]] = {}
        for cid in self.model.wantable():
            swapped = [cid if c == give else c for c in hand]
            total = scoring.score(swapped, table).total
            by_suit.setdefault(self.model.suit(cid), []).append(
                (total, Option(cid, self.card_name(cid), cid, self.model.suit(cid), self.tr("chaos.ask_caption", n=total))))
        # a row per suit, the suit with the best trade first; in each, the best trade first
        rows = sorted(by_suit.values(), key=lambda row: -max(t for t, _ in row))
        options = [o for row in rows for _, o in sorted(row, key=lambda p: -p[0])]
        q = Question(self.tr("chaos.ask_title", name=self.seat_name(to)),
                     self.tr("chaos.ask_subtitle", give=self.card_name(give), n=now) + "\n" + self.tr("chaos.ask_clock"),
                     options, cancellable=True, chips=True, grouped=True)
        self.asking = True
        self.app.push(PickDialog(self.app, q,  # the whole window: some fifty cards, their names readable
                                 corner=lambda: str(self.tr("chaos.ask_left", time=chaos_draw.clock_words(self)))),
                      lambda v: self._asked(give, to, v))

    def _asked(self, give: str, to: int, want: Any) -> None:
        self.asking = False
        if want is CANCELLED or not isinstance(want, str):
            return
        self.submit(self.model.offer_line(to, give, want))

    # ---- after the time ------------------------------------------------------------------
    def end_question(self) -> Question | None:
        """The viewer's decision after the time, as a dialog question (legal lines only)."""
        lines = self.model.end_lines()
        if not lines:
            return None
        verb = lines[0].split()[1]
        if verb in ("draw", "pass"):
            return Question(self.tr("chaos.necro_title"), self.tr("chaos.necro_sub"), [],
                            [Option(line, self.tr(f"chaos.necro_{line.split()[1]}")) for line in lines])
        options = []
        for line in lines:
            cid = self.model.card_id(line.split()[2])
            options.append(Option(line, self.card_name(cid), cid, self.model.suit(cid) if cid else None))
        title = self.tr(f"chaos.{verb}_title")
        return Question(title, self.tr(f"chaos.{verb}_sub"), options, chips=len(options) > 12)

    def _ask_end(self) -> None:
        q = self.end_question()
        if q is None:
            return
        self.asking = True

        def answered(v: Any) -> None:
            self.asking = False
            if isinstance(v, str):
                self.submit(v)

        self.app.push(PickDialog(self.app, q, region=pygame.Rect(0, 0, self.lay.play.width, self.lay.hand_zone.top),
                                 clear=self.lay.hand_zone), answered)

    # ---- the clock ---------------------------------------------------------------------
    def pause(self) -> None:
        self.paused = True
        session = getattr(self.client, "session", None)
        if session is not None:
            session.pause_clock()
        super().pause()

    def _pause_result(self, choice: Any) -> None:
        self.paused = False
        super()._pause_result(choice)

    def _run_clock(self, dt: float) -> None:
        if self.model.clock_ms != self._clock_seen:
            self._clock_seen, self.counted = self.model.clock_ms, 0.0
        if self.paused:
            return
        self.counted += dt
        session = getattr(self.client, "session", None)
        if session is not None:
            session.tick(self.now())

    def left_ms(self) -> int:
        return self.model.left_ms(self.counted * 1000)

    # ---- frame (the kit's loop: tablekit/base.py; trading is live, so every frame reads the
    # client, and the director shows each batch at once)
    def tick(self, dt: float) -> None:
        self.t += dt
        self.ctrl.hover_time += dt
        self._run_clock(dt)

    def picture(self) -> object | None:
        """While trading, the clock and the glow of a card received move on by themselves:
        drawn again as often as any scene that cannot say; after the time, as every table."""
        base = super().picture()
        return None if base is None or self.model.trading or self.director.glow else base

    def sync_model(self, view: dict[str, Any]) -> None:
        self.model.sync(view, self.t)  # an offer slides in from when it was first seen

    def caught_up(self) -> None:
        self.ctrl.forget_gone()

    def act(self) -> None:
        if self.on_top and not self.asking and self.viewer is not None and self.model.end_lines():
            self._ask_end()

    def refresh_buttons(self) -> None:
        """No Undo: a trade is seen by the other seats at once."""

    def setup_again(self) -> Any:
        from game.session import local as games
        from game.ui.fantasy_realms.chaos_setup import ChaosSetup

        if self.rec is None:
            return None
        s = self.rec.setup
        return ChaosSetup(games.seats_of(self.rec), list(s.get("modules", [])), rulings=self.rulings.to_dict(),
                          limit_s=int(s.get("limit_s", 300)))

    def draw_table(self, surf: pygame.Surface) -> None:
        chaos_draw.draw_table(self, surf)

    # ---- the hint key's answers (game/ui/tablekit/hint.py) ---------------------------------------
    def may_hint(self) -> bool:
        """A hint may be asked while the viewer may trade (offers are not among the legal lines)."""
        return self.can_trade and self.director.idle and not self.asking
