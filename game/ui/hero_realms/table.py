"""The table: the game being played, animated from the engine's events.

The scene holds a :class:`~game.session.clients.GameClient` and nothing of the engine.
Each frame it polls the client, hands the redacted events of the seat sitting at
the screen (the *viewer*) to the director, which replays them on the displayed
model; once the queue is drained the model is checked against the client's view.
Input is accepted only then (the player acts on what is actually shown).
In hotseat a curtain hides the table while the next player sits down; with AI
seats the agents think in worker processes and the table keeps animating.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

import pygame

from game.core.refusal import Refusal
from game.session import local as games
from game.ui.hero_realms import hints, intents, table_draw, targets
from game.ui.hero_realms.controller import HeroController
from game.ui.hero_realms.dialogs import CardPickerDialog
from game.ui.hero_realms.director import HeroDirector
from game.ui.hero_realms.draw import TableRenderer
from game.ui.hero_realms.fit import ladder
from game.ui.hero_realms.gameover import GameOverScene
from game.ui.hero_realms.layout import TableLayout, compute, place
from game.ui.hero_realms.logtext import HeroLog
from game.ui.hero_realms.model import HeroModel, Sprite
from game.ui.hero_realms.setup import GameSetup
from game.ui.hero_realms.tracker_panel import TrackerPanel
from game.ui.scene import Scene
from game.ui.tablekit.asking import AskingTable
from game.ui.tablekit.frame import play_area
from game.ui.tablekit.hint import HintAnswers
from game.ui.tablekit.protocols import LessonTargets
from game.ui.widgets.basic import Group

SETTLE_RATE = 11.0  # how fast sprites glide to their place at normal speed (1/s)


class TableScene(AskingTable[Scene]):
    """Hero Realms on the table kit: its questions come as ready-made dialogs."""

    game = "hero_realms"
    hint_answers: ClassVar[HintAnswers] = hints
    lesson_targets: ClassVar[LessonTargets] = targets

    def refusal_params(self, why: Refusal) -> dict[str, object]:
        out = super().refusal_params(why)
        faction, fmt = why.params.get("faction"), why.params.get("format")
        if isinstance(faction, str):
            out["faction"] = self.tr(f"tracker.faction_{faction}")
        if isinstance(fmt, str):
            out["format"] = self.tr(f"newgame.format_{fmt}")
        return out

    def build(self, more: Mapping[str, object]) -> None:
        view = self.first_view
        self.model: HeroModel = HeroModel(view, self.names)
        stats = cast("dict[int, dict[str, int]] | None", more.get("stats"))
        if stats:
            for seat, st in stats.items():
                if seat < len(self.model.seats):
                    self.model.seats[seat].stats.update(st)
        elif self.model.turn == 1:
            self.model.seats[self.model.active].stats["turns"] = 1
        self.log: HeroLog = HeroLog(self.names)
        self.director: HeroDirector = HeroDirector(self.model, self.log, lambda: self.app.settings.speed,
                                                    self.app.sound.play)
        self.renderer = TableRenderer(lambda: self.t)
        self.ctrl: HeroController = HeroController(self)
        self.auto: list[str] = []  # "play all": cards still to play
        self.tracker = TrackerPanel()  # T: the deck tracker
        self.lay: TableLayout = compute(self.w, self.h, view["seats"], self.viewer)

    def dialog_for(self, question: Scene) -> Scene:
        return question  # the prompts build their dialogs (game/ui/hero_realms/prompts.py)

    # ---- life cycle --------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.lay = compute(w, h, len(self.model.seats), self.viewer)
        lay = self.lay
        g = Group()
        self.end_btn = self.sidebar_button(self.tr("table.end_turn"), self.ctrl.end_turn, lay.end_btn, "table.tip_end", primary=True)
        self.undo_btn = self.undo_button()
        self.play_all_btn = self.sidebar_button(self.tr("table.play_all"), self.play_all, lay.play_all_btn, "table.tip_play_all")
        self.menu_btn = self.menu_button()
        self.tracker_btn = self.sidebar_button(self.tr("tracker.button"), self.tracker.toggle, lay.tracker_btn, "tracker.tip")
        self.more_btn = self.sidebar_button("…", self.ctrl.show_other_moves,
                                            pygame.Rect(lay.turn_box.right - lay.turn_box.height, lay.turn_box.top,
                                                        lay.turn_box.height, lay.turn_box.height), "table.more_moves")
        self.skip_btn = self.sidebar_button(self.tr("prompt.skip"), lambda: self.ctrl.send(intents.find(self.ctrl.legal, "skip")),
                                            pygame.Rect(lay.banner.right - self.u(130), lay.banner.top + self.u(4), self.u(120),
                                                        lay.banner.height - self.u(8)), "table.tip_skip")
        for b in (self.end_btn, self.undo_btn, self.play_all_btn, self.menu_btn, self.more_btn, self.skip_btn, self.tracker_btn):
            g.add(b)
        self.group = g
        self.log_cache = None
        self._settle(0.0, snap=True)
        self._warm_faces()

    def _warm_faces(self) -> None:
        """Queue every card of this game at every size the layout uses, rendered a
        little each frame so a card seen for the first time costs no frame."""
        view = self.view_of(self.viewer)
        cards = set(view.get("market_cards", [])) | {"gold", "shortsword", "dagger", "ruby", "fire_gem"}
        sizes = {self.lay.market_w} | {sl.pile_w for sl in self.lay.seats.values()}
        sizes |= {ladder(sl.card_w) for sl in self.lay.seats.values()}  # champions are fitted on the ladder
        if self.viewer is not None:
            sizes.add(self.lay.seats[self.viewer].hand_w)
        lang = self.tr.lang
        self.app.art.warm([(c, w, lang) for w in sorted(sizes) for c in sorted(cards)])

    # ---- acting ----------------------------------------------------------------------------------
    def play_all(self) -> None:
        if not self.can_act or self.viewer is None:
            return
        hand = [c.card for c in self.model.seats[self.viewer].hand]
        self.auto = intents.play_all_candidates(hand, self.model.legal)

    # ---- viewers --------------------------------------------------------------------------------------
    def show_discard(self, seat: int) -> None:
        s = self.model.seats[seat]
        cards = [(None, sp.card, "") for sp in s.discard if sp.card]
        self.app.push(CardPickerDialog(self.app, self.tr("table.discard_view", name=self.names[seat]), cards,
                                       [(None, self.tr("table.close"))], closable=True))

    def show_deck(self, seat: int) -> None:
        s = self.model.seats[seat]
        cards = [(None, c, "") for c in s.deck_contents]
        self.app.push(CardPickerDialog(self.app, self.tr("table.deck_view", name=self.names[seat], n=s.deck_count), cards,
                                       [(None, self.tr("table.close"))], closable=True))

    def show_sacrificed(self) -> None:
        cards = [(None, sp.card, "") for sp in self.model.sacrificed if sp.card]
        self.app.push(CardPickerDialog(self.app, self.tr("table.sacrificed_view"), cards, [(None, self.tr("table.close"))], closable=True))

    # ---- frame (the kit's loop: tablekit/base.py) ---------------------------------------------------
    polls_while_showing = True  # events are applied, then lingered on: the AI's pause runs meanwhile

    def shown_moved(self, dt: float) -> None:
        if self.director.idle and self.ctrl.drag is None:
            self.app.art.warm_step()
        self.renderer.update(dt, self.model.seats, self.app.settings.speed)
        self._settle(dt)
        self.ctrl.refresh_hover()
        self.ctrl.hover_time += dt

    def act(self) -> None:
        if not self.can_act:
            return
        if self.auto:
            card = self.auto.pop(0)
            line = intents.find(self.model.legal, "play", card)
            if line is None or self.model.pending is not None:
                self.auto = []
            else:
                self.submit(line)
        else:
            self.ctrl.open_prompt()

    def refresh_buttons(self) -> None:
        self.tracker_btn.glow = 1.0 if self.tracker.open else 0.0
        self.refresh_undo()
        self.play_all_btn.enabled = self.can_act and self.model.pending is None and self.viewer is not None and bool(
            intents.play_all_candidates([c.card for c in self.model.seats[self.viewer].hand], self.model.legal))
        self.end_btn.enabled = self.can_act and intents.find(self.model.legal, "end") is not None
        self.end_btn.glow = 1.0 if self.end_btn.enabled and self.viewer is not None and not self.model.seats[self.viewer].hand else 0.0
        self.more_btn.visible = bool(self.ctrl.other_moves())
        self.end_btn.visible = self.play_all_btn.visible = not self.replaying  # a replay is only shown
        pend = self.ctrl.my_pending()
        self.skip_btn.visible = pend is not None and any(o.split()[-1] == "skip" for o in pend.get("options", []))

    def undone(self) -> None:
        self.model.sync(self.view_of(self.viewer), hard=True)  # the sprites jump back to where they were

    def seated(self, seat: int) -> None:
        self.model.sync(self.view_of(seat), hard=True)

    def _settle(self, dt: float, snap: bool = False) -> None:
        d = self.ctrl.drag
        lift = None
        h = self.ctrl.hover
        if self.viewer is not None and h and h[0] == "hand" and h[1] == self.viewer and (d is None or not d.active):
            lift = h[2]
        skip = d.sprite if d is not None and d.active else None
        place(self.model, self.lay, lift, skip)
        speed = self.app.settings.speed
        rate = 0.0 if snap or speed <= 0 else SETTLE_RATE / speed
        for sp in self.model.all_sprites():
            if sp is not skip:
                sp.settle(dt, rate)
        keep = []
        for t in self.model.transients:
            t[0].settle(dt, rate)
            if t[0].moving:
                keep.append(t)
        self.model.transients = keep

    def end_screen(self) -> Scene:
        winner = self.model.winner
        if self.conceded is not None:
            others = [s.seat for s in self.model.seats if s.alive and s.seat != self.conceded]
            winner = others[0] if len(others) == 1 else (others or None)
        stats = [s.stats for s in self.model.seats]
        health = [s.health for s in self.model.seats]
        return GameOverScene(self.app, self.names, winner, stats, health, self.viewer, self.conceded,
                             can_rematch=self.rec is not None, area=play_area)

    def setup_again(self) -> GameSetup | None:
        if self.rec is None:
            return None
        return GameSetup(str(self.rec.setup.get("format", "ffa")), games.seats_of(self.rec))

    # ---- drawing -------------------------------------------------------------------------------------
    def draw_order(self) -> list[tuple[Sprite, tuple[Any, ...]]]:
        """Every visible sprite with where it lies, in drawing order (flying ones last)."""
        out: list[tuple[Sprite, tuple[Any, ...]]] = []
        for s in self.model.seats:
            for i, sp in enumerate(s.discard):
                if not sp.hidden:
                    out.append((sp, ("discard", s.seat, i)))
        for i, sp in enumerate(self.model.sacrificed):
            if not sp.hidden:
                out.append((sp, ("sacrificed", i)))
        for i, m in enumerate(self.model.row):
            if m is not None:
                out.append((m, ("market", i)))
        for s in self.model.seats:
            for i, sp in enumerate(s.champions):
                out.append((sp, ("champion", s.seat, i)))
            for i, sp in enumerate(s.in_play):
                out.append((sp, ("in_play", s.seat, i)))
        for s in self.model.seats:
            for i, sp in enumerate(s.hand):
                out.append((sp, ("hand", s.seat, i)))
        out.sort(key=lambda t: t[0].z)
        return out

    def draw_table(self, surf: pygame.Surface) -> None:
        table_draw.draw_table(self, surf)
        self.tracker.draw(self, surf)

    def draw_above(self, surf: pygame.Surface) -> None:
        table_draw.draw_hover(self, surf)
