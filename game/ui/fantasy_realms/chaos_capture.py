"""The Chaos Realms part of the screenshot tour (``python -m game play --screenshot-dir``).

A six-seat game against AI seats, its clock driven by the tour: the New game
screen with the variant, the table with offers in every column (one made to the
viewer by name, the AIs' open offers, the viewer's own), a card dragged onto a
seat, the dialog of the cards to ask for, a hovered offer card, and the end screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.session.session import SeatConfig
from game.ui.tablekit.tour import new_game

NAMES = ["Ana", "Ben", "Chloé", "Dario", "Elif", "Farid", "Gus"]
KINDS = ["human", "ai", "ai", "remote", "ai", "ai"]  # seat 3 is played by the tour: it makes an offer to Ana
Shot = Callable[[str], None]


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _step(app: Any, clock: _Clock, n: int = 1, dt: float = 0.0, events: list[pygame.event.Event] | None = None) -> None:
    for _ in range(n):
        clock.t += dt
        app.step(1 / 60, events or [])
        events = None


def _mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def chaos_tour(app: Any, shot: Shot) -> None:
    from game.ui.fantasy_realms.chaos_setup import set_variant
    from game.ui.fantasy_realms.options import FantasyOptions

    def chaos(opts: object) -> None:
        assert isinstance(opts, FantasyOptions)
        set_variant(opts, "chaos")

    new_game(app, "fantasy_realms", 6, chaos)
    shot("fr_13_chaos_new_game")
    _table(app, shot)


def _open(app: Any) -> tuple[Any, Any, _Clock]:
    from game.fantasy_realms.record import ChaosRecord
    from game.session.ai_seats import AISeats
    from game.session.clients import LocalClient
    from game.session.session import Session
    from game.ui.fantasy_realms.chaos_table import ChaosTableScene

    rec = ChaosRecord.chaos(len(KINDS), ["promo"], seed=8, limit_s=300)
    cfg = [SeatConfig(k, NAMES[i], "medium") for i, k in enumerate(KINDS)]
    session = Session(rec, cfg)
    client = LocalClient(session, AISeats(session, inline=True))
    sc = ChaosTableScene(app, client, [c.name for c in cfg], KINDS, rec=rec)
    clock = _Clock()
    sc.now = clock
    app.reset(sc)
    _step(app, clock, 3)
    return sc, session, clock


def _table(app: Any, shot: Shot) -> None:
    from game.ui.fantasy_realms.dialogs import PickDialog

    sc, session, clock = _open(app)
    _step(app, clock, 40, 1.0)  # 40 s of trading: the AIs offer, take and withdraw
    st = session.state
    give = st.hands[3][0]
    want = st.hands[0][0]
    session.submit(3, f"3 offer 0 {st.slug(give)} {st.slug(want)}")  # an offer to Ana by name
    hand = sc.model.sorted_hand()
    own = next((c for c in hand if c != want), hand[0])
    wanted = next(c for c in sc.model.wantable() if c not in st.hands[1])
    sc.submit(sc.model.offer_line(1, own, wanted))
    _step(app, clock, 40)
    shot("fr_14_chaos_offers")
    # a card dragged onto a seat, then the dialog of the cards to ask for
    i = min(1, len(sc.model.hand) - 1)
    a = sc.hand_rect(i).center
    b = sc.lay.seats[2].center
    _step(app, clock, 1, events=[_mouse(pygame.MOUSEMOTION, a), _mouse(pygame.MOUSEBUTTONDOWN, a)])
    _step(app, clock, 1, events=[_mouse(pygame.MOUSEMOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))])
    _step(app, clock, 4, events=[_mouse(pygame.MOUSEMOTION, b)])
    shot("fr_15_chaos_drag")
    _step(app, clock, 1, events=[_mouse(pygame.MOUSEBUTTONUP, b)])
    if isinstance(app.top, PickDialog):
        dialog = app.top
        _step(app, clock, 3)
        _step(app, clock, 30, events=[_mouse(pygame.MOUSEMOTION, dialog.rects[0].center)])
        shot("fr_16_chaos_ask")
        dialog.close(None)
    _step(app, clock, 3)
    tiles = sc.offer_tiles()
    if tiles:
        rect, o = tiles[0]
        spot = sc.tile_cards(rect, o)[0][0].center
        _step(app, clock, 30, events=[_mouse(pygame.MOUSEMOTION, spot)])
        shot("fr_17_chaos_hover")
    _step(app, clock, 1, events=[_mouse(pygame.MOUSEMOTION, (2, 2))])
    _finish(app, sc, clock, shot)


def _finish(app: Any, sc: Any, clock: _Clock, shot: Shot) -> None:
    """The time runs out (the remote seat's decisions are the tour's), then the end screen."""
    from game.ui.fantasy_realms.dialogs import PickDialog
    from game.ui.fantasy_realms.gameover import FantasyGameOverScene

    session = sc.client.session
    for _ in range(600):
        if isinstance(app.top, FantasyGameOverScene):
            break
        if isinstance(app.top, PickDialog):
            dialog = app.top
            dialog.close(dialog.q.options[0].value if dialog.q.options else dialog.q.buttons[0].value)
        if 3 in session.waiting_for() and not session.state.phase == "trade":
            session.submit(3, session.state.legal_actions(3)[0])
        _step(app, clock, 1, 5.0)
    _step(app, clock, 20)
    shot("fr_18_chaos_game_over")
