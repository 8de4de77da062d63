"""Driving the Fantasy Realms table headless: states made to order, the table opened
on them, and the dialog on top answered."""

from __future__ import annotations

from typing import Any

from game.fantasy_realms.record import Record
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.fantasy_realms.dialogs import PickDialog
from game.ui.fantasy_realms.table import FantasyTableScene


def state(seats: int = 3, modules: tuple[str, ...] = (), seed: int = 1, first: int = 0) -> tuple[Record, GameState]:
    rec = Record.standard(seats, list(modules), seed, first=first)
    return rec, new_game(seats, modules, seed, first=first)


def with_item(st: GameState, slug: str, seat: int = 0) -> str:
    """Give ``seat`` the face-up Cursed Item ``slug`` (taken from wherever it is)."""
    iid = next(i for i, it in st.lib.items.items() if it.slug == slug)
    if iid in st.item_deck:
        st.item_deck.remove(iid)
    for s in range(st.n):
        if st.face_up[s] == iid:
            st.face_up[s] = st.item_deck.pop()
    st.face_up[seat] = iid
    return iid


def card(st: GameState, slug: str) -> str:
    return next(c for c in st.cards if st.lib.cards[c].slug == slug)


def open_fr(app: App, rec: Record, st: GameState | None = None, kinds: list[str] | None = None,
            agent: str = "easy") -> FantasyTableScene:
    n = st.n if st is not None else int(rec.setup["seats"])
    kinds = kinds or ["human"] + ["ai"] * (n - 1)
    seats = [SeatConfig(k, f"P{i}", agent) for i, k in enumerate(kinds)]
    session = Session(rec, seats, state=st)
    client = LocalClient(session, AISeats(session, inline=True))
    sc = FantasyTableScene(app, client, [s.name for s in seats], kinds, rec=rec)
    app.reset(sc)
    settle(app, sc)
    return sc


def settle(app: App, sc: FantasyTableScene, limit: int = 400) -> None:
    """Run frames until the table shows the latest state (or a dialog is up)."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if sc.director.idle and sc.synced and not sc._pending():
            break
    app.step(1 / 60, [])


def dialog(app: App) -> PickDialog:
    top = app.top
    assert isinstance(top, PickDialog), f"expected a dialog, got {type(top).__name__}"
    return top


def actions(sc: FantasyTableScene) -> list[str]:
    return list(sc.client.session.record.actions)


def center(rect: Any) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))
