"""The Chaos Realms table driven headless: offers made and accepted by dragging, the
clock run by the table (and stopped by the pause menu), the end decisions and the end
screen; the New game screen's variant (and why hotseat cannot play it)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.fantasy_realms.chaos import ChaosState
from game.fantasy_realms.chaos_events import ANYONE
from game.fantasy_realms.record import ChaosRecord
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.fantasy_realms.chaos_setup import ChaosSetup, set_limit, set_variant
from game.ui.fantasy_realms.chaos_table import ChaosTableScene
from game.ui.fantasy_realms.dialogs import PickDialog
from game.ui.fantasy_realms.gameover import FantasyGameOverScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.pause import PauseScene
from tests.ui.fantasy_realms.helpers import center
from tests.ui.helpers import click, drag, press

SEED = 8  # an AI's first open offer asks for a card seat 0 holds


class Clock:
    """The table's ``now``, moved by the test."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def open_chaos(app: App, seats: int = 4, seed: int = SEED, limit_s: int = 60,
               kinds: tuple[str, ...] = ()) -> tuple[ChaosTableScene, Session, Clock]:
    """Seat 0 at the table, the others AI (or ``kinds``: "remote" seats are played by the test)."""
    rec = ChaosRecord.chaos(seats, seed=seed, limit_s=limit_s)
    kinds = kinds or ("human",) + ("ai",) * (seats - 1)
    configs = [SeatConfig(k, "Ana" if i == 0 else f"Bot{i}", "medium") for i, k in enumerate(kinds)]
    session = Session(rec, configs)
    client = LocalClient(session, AISeats(session, inline=True))
    sc = ChaosTableScene(app, client, [c.name for c in configs], [c.kind for c in configs], rec=rec)
    clock = Clock()
    sc.now = clock
    app.reset(sc)
    frames(app)
    return sc, session, clock


def frames(app: App, n: int = 3, clock: Clock | None = None, step: float = 0.0) -> None:
    for _ in range(n):
        if clock is not None:
            clock.t += step
        app.step(1 / 60, [])


def state(session: Session) -> ChaosState:
    st = session.state
    assert isinstance(st, ChaosState)
    return st


def until(app: App, cond: Callable[[], bool], clock: Clock, step: float = 1.0, limit: int = 300) -> None:
    for _ in range(limit):
        if cond():
            return
        frames(app, 1, clock, step)
    raise AssertionError("the table never got there")


def test_a_chaos_game_against_ai_seats_finishes_through_the_table(app: App) -> None:
    sc, session, clock = open_chaos(app)
    st = state(session)
    # an AI's offer that asks for one of our cards: we drag that card onto it
    offer = next(o for o in st.offers if o.seat != 0 and o.to in (0, -1) and o.want in st.hands[0])
    gave, got = offer.want, offer.give
    tile = next(r for r, o in sc.offer_tiles() if o.id == offer.id)
    i = sc.model.sorted_hand().index(gave)
    drag(app, center(sc.hand_rect(i)), center(tile))
    frames(app)
    assert f"0 accept #{offer.id}" in session.record.actions
    assert got in state(session).hands[0] and gave not in state(session).hands[0] and st.trades == 1
    assert any("Bot" in ln and "trade" in ln.lower() for _, _, ln in sc.log.lines(app.tr, 0))
    # our own offer: a card dragged onto a seat, then the card asked for picked in the dialog
    card = sc.model.sorted_hand()[0]
    drag(app, center(sc.hand_rect(0)), center(sc.lay.seats[1]))
    dlg = app.top
    assert isinstance(dlg, PickDialog) and card not in [o.value for o in dlg.q.options]
    want = dlg.q.options[0].value
    click(app, center(dlg.rects[0]))
    frames(app)
    line = f"0 offer 1 {st.slug(card)} {st.slug(want)}"
    assert line in session.record.actions
    mine = [o for o in state(session).offers if o.seat == 0]
    if mine:  # still out (seat 1 neither took nor declined it): it shows in our column, and we withdraw it
        rect, o = next((r, o) for r, o in sc.offer_tiles() if o.id == mine[0].id)
        withdraw = next(b for b in sc.tile_buttons(rect, o) if b[1] == "withdraw")
        click(app, center(withdraw[0]))
        frames(app)
        assert f"0 withdraw #{mine[0].id}" in session.record.actions
    # the time runs out: the table's clock, then our decisions (if any) in dialogs, then the scores
    for _ in range(400):
        top = app.top
        if isinstance(top, FantasyGameOverScene):
            break
        if isinstance(top, PickDialog):
            target = top.rects[0] if top.rects else next(iter(top.group.widgets)).rect
            click(app, center(target))
        frames(app, 1, clock, 2.0)
    assert isinstance(app.top, FantasyGameOverScene)
    assert session.over and state(session).clock_ms == state(session).limit_ms
    assert sc.model.over and len(sc.model.scores) == 4


def test_the_pause_menu_stops_the_clock_of_a_game_hosted_here(app: App) -> None:
    sc, session, clock = open_chaos(app, seed=3, limit_s=20)
    frames(app, 4, clock, 1.0)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and sc.paused
    frames(app, 10, clock, 10.0)  # 100 s in the pause menu
    assert state(session).phase == "trade"
    press(app, pygame.K_ESCAPE)  # resume
    assert app.top is sc and not sc.paused
    frames(app, 3, clock, 1.0)
    st = state(session)
    assert st.phase == "trade" and st.clock_ms < 10_000
    assert 13_000 <= sc.left_ms() <= 20_000  # the countdown shows the time before the pause, less what ran since
    until(app, lambda: state(session).phase != "trade", clock)
    assert state(session).clock_ms == 20_000


def test_declining_an_offer_made_to_us_by_name(app: App) -> None:
    sc, session, clock = open_chaos(app, seed=5, kinds=("human", "remote", "ai", "ai"))
    st = state(session)
    mine = st.hands[1][0]
    session.submit(1, f"1 offer 0 {st.slug(mine)} {st.slug(st.hands[0][0])}")
    frames(app)
    rect, o = next((r, o) for r, o in sc.offer_tiles() if o.seat == 1 and o.to == 0)
    assert rect.colliderect(sc.lay.columns["to_me"])
    decline = next(b for b in sc.tile_buttons(rect, o) if b[1] == "decline")
    click(app, center(decline[0]))
    frames(app)
    assert f"0 decline #{o.id}" in session.record.actions and all(x.id != o.id for x in state(session).offers)


def test_a_card_dropped_on_an_offer_asking_for_another_is_refused_with_a_reason(app: App) -> None:
    sc, session, _ = open_chaos(app)
    st = state(session)
    offer = next(o for o in st.offers if o.seat != 0 and o.to == -1)
    other = next(c for c in sc.model.sorted_hand() if c != offer.want)
    tile = next(r for r, o in sc.offer_tiles() if o.id == offer.id)
    before = len(session.record.actions)
    drag(app, center(sc.hand_rect(sc.model.sorted_hand().index(other))), center(tile))
    assert len(session.record.actions) == before
    assert any(app.tr("chaos.wants_other", want=sc.card_name(offer.want)) == t for t, _ in app.toasts)


def _new_chaos_game(app: App) -> NewGameScene:
    ng = NewGameScene(app)
    app.reset(ng)
    ng._set_game("fantasy_realms")
    set_variant(ng.options, "chaos")
    app.step(1 / 60, [])
    return ng


def _start_button(app: App, ng: NewGameScene) -> object:
    return next(b for b in ng.group.widgets if getattr(b, "label", "") == app.tr("newgame.start"))


def test_new_game_offers_chaos_realms_against_ai_seats(app: App) -> None:
    ng = _new_chaos_game(app)
    assert [len(ng.seats), ng.seats[0].kind, ng.seats[1].kind] == [3, "human", "ai"]
    assert ng._counts() == [3, 4, 5, 6, 7]
    set_limit(ng.options, 180)
    ng.start()
    frames(app)
    table = app.top
    assert isinstance(table, ChaosTableScene)
    rec = table.client.session.record
    assert rec.setup["kind"] == "chaos" and rec.setup["limit_s"] == 180 and rec.setup["seats"] == 3
    table.client.close()


def test_hotseat_chaos_realms_is_disabled_with_the_reason(app: App) -> None:
    ng = _new_chaos_game(app)
    ng._set_kind(1, "human")
    start = _start_button(app, ng)
    assert not start.enabled and start.tooltip == app.tr("chaos.no_hotseat")
    assert any(getattr(w, "text", "") == app.tr("chaos.no_hotseat_short") for w in ng.group.widgets)
    ng.start()  # Enter, or any other way to start: refused with the reason
    assert app.top is ng and any(t == app.tr("chaos.no_hotseat") for t, _ in app.toasts)
    ng._set_kind(1, "ai:medium")
    assert _start_button(app, ng).enabled


def test_a_rematch_keeps_the_variant_and_time_limit() -> None:
    setup = ChaosSetup([SeatConfig("human", "A"), SeatConfig("ai", "B"), SeatConfig("ai", "C")],
                       ["cursed_items", "promo"], 5, limit_s=180)
    rec = setup.record()
    assert rec.setup["modules"] == ["promo"] and rec.setup["limit_s"] == 180 and rec.setup["seed"] == 5


def test_the_rules_screen_explains_chaos_realms_and_its_rulings() -> None:
    from game.ui.scenes.rules import rules_text

    en, fr = rules_text("en", "fantasy_realms"), rules_text("fr", "fantasy_realms")
    assert "# Chaos Realms (3-7 players)" in en and "# Les royaumes du chaos (3 à 7 joueurs)" in fr
    for words in ("lapses when the time runs out", "draws from the set-aside cards", "Not in hotseat",
                  "stops the clock"):
        assert words in en
    assert "tombent à la fin du temps" in fr and "arrête l'horloge" in fr


def test_the_log_names_what_the_viewer_may_see_and_skips_the_others_withdrawals(app: App) -> None:
    sc, session, _ = open_chaos(app, seed=5, kinds=("human", "remote", "remote", "ai"))
    st = state(session)
    a, b = st.hands[1][0], st.hands[2][0]
    session.submit(1, f"1 offer 2 {st.slug(a)} {st.slug(b)}")  # private between two others
    session.submit(1, "1 withdraw #" + str(max(o.id for o in st.offers if o.seat == 1)))
    session.submit(2, f"2 offer 0 {st.slug(b)} {st.slug(st.hands[0][0])}")
    frames(app)
    lines = [t for _, _, t in sc.log.lines(app.tr, 0)]
    assert "Bot1 makes Bot2 an offer" in lines
    assert not any("Bot1 withdraws" in t for t in lines)
    assert f"Bot2 offers you {sc.card_name(b)} for {sc.card_name(st.hands[0][0])}" in lines


def test_a_card_clicked_then_a_seat_clicked_makes_an_offer_and_escape_lets_go(app: App) -> None:
    sc, session, _ = open_chaos(app, seed=5)
    card = sc.model.sorted_hand()[2]
    click(app, center(sc.hand_rect(2)))
    assert sc.ctrl.selected == card
    press(app, pygame.K_ESCAPE)  # lets the card go (a second Esc opens the menu)
    assert sc.ctrl.selected is None and app.top is sc
    click(app, center(sc.hand_rect(2)))
    click(app, center(sc.lay.seats[-1]))  # "anyone"
    dlg = app.top
    assert isinstance(dlg, PickDialog)
    totals = [int(o.caption) for o in dlg.q.options]
    assert totals[0] == max(totals)  # the best trade first, then a row per suit, the best of each first
    rows: dict[str | None, list[int]] = {}
    for o in dlg.q.options:
        rows.setdefault(o.suit, []).append(int(o.caption))
    assert all(row == sorted(row, reverse=True) for row in rows.values())
    bests = [row[0] for row in rows.values()]
    assert bests == sorted(bests, reverse=True)
    press(app, pygame.K_1)
    frames(app)
    st = state(session)
    assert f"0 offer any {st.slug(card)} {st.slug(dlg.q.options[0].value)}" in session.record.actions


def test_the_hint_key_suggests_a_trade_framed_and_told(app: App) -> None:
    from game.ai.agent import IDLE

    sc, session, clock = open_chaos(app)
    until(app, sc.may_hint, clock, step=0.0)
    press(app, pygame.K_h)
    assert sc.hints.wait(60.0), "no hint came"
    hint = sc.hints.shown
    assert hint is not None and hint.words and hint.words != hint.line
    assert hint.line == IDLE or hint.line in session.view(0)["legal"]
    give, want = sc.model.sorted_hand()[0], sc.model.wantable()[0]
    offer = sc.model.offer_line(ANYONE, give, want)
    rects = sc.hint_targets(offer)  # the hand card offered and the "anyone" panel
    assert rects[0] == sc.hand_rect(sc.model.sorted_hand().index(give)) and rects[1] == sc.lay.seats[ANYONE]
    assert sc.hint_words(offer).startswith("You offer ") and sc.hint_words(offer).endswith(" to anyone")
    assert sc.hint_words(IDLE) == app.tr("chaos.hint_wait")
    sc.hints.close()


def test_an_offer_past_the_most_says_the_engines_limit(app: App) -> None:
    from game.fantasy_realms.chaos import MAX_OFFERS

    sc, _, _ = open_chaos(app)
    sc.model.can_offer = False  # as the view says once the seat has MAX_OFFERS out
    sc.ask_want(sc.model.sorted_hand()[0], -1)
    assert app.tr("chaos.too_many", n=MAX_OFFERS) in [t for t, _ in app.toasts]
    assert str(MAX_OFFERS) in app.tr("chaos.too_many", n=MAX_OFFERS)
