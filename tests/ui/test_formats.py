"""Every format opens at every seat count; team turns (``@seat`` moves) and the
hotseat curtain work through the table."""

from __future__ import annotations

import pygame
import pytest

from game.hero_realms.formats import FORMATS
from game.hero_realms.record import Record
from game.ui.app import App
from game.ui.scenes.dialogs import Curtain
from tests.ui.helpers import actions, open_table, press, settle

CASES = [(name, n) for name, f in FORMATS.items() for n in range(f.min_seats, f.max_seats + 1) if f.seats_problem(n) is None]


@pytest.mark.parametrize(("fmt", "seats"), CASES)
def test_every_format_and_seat_count_opens_and_plays(app: App, fmt: str, seats: int) -> None:
    rec = Record.standard(seats, fmt, seed=seats, first=0)
    t = open_table(app, rec, ["human"] + ["ai"] * (seats - 1))
    assert len(t.lay.seats) == seats
    hand = sorted(c.card for c in t.model.seats[0].hand)
    assert hand, "the first seat holds no cards"
    press(app, pygame.K_a)
    settle(app, t)
    # a starting hand is coins and weapons, which play without a question: Play all plays
    # every card, as seat 0 (a team turn prefixes its moves with the seat)
    mine = sorted(a.removeprefix("@0 ") for a in actions(t) if a.startswith("@0 ") or not a.startswith("@"))
    assert mine == [f"play {c}" for c in hand]
    assert t.model.seats[0].hand == [] and sorted(c.card for c in t.model.seats[0].in_play) == hand


def test_hydra_hotseat_team_turn_passes_the_screen_to_the_teammate(app: App) -> None:
    if "hydra" not in FORMATS:
        pytest.skip("no hydra format")
    rec = Record.standard(4, "hydra", seed=2, first=0)
    t = open_table(app, rec, ["human", "human", "ai", "ai"])
    assert t.viewer == 0
    press(app, pygame.K_1)
    settle(app, t)
    assert actions(t)[0].startswith("@0 play")
    while t.can_act and t.model.seats[0].hand:
        press(app, pygame.K_1)
        settle(app, t)
    press(app, pygame.K_SPACE)
    if not isinstance(app.top, Curtain):
        press(app, pygame.K_RETURN)  # the end-of-turn warning, if any
    settle(app, t)
    assert isinstance(app.top, Curtain) and t.curtain_for == 1
    app.step(1 / 60, [])
    app.top.age = 1.0  # type: ignore[union-attr]
    press(app, pygame.K_SPACE)
    assert t.viewer == 1 and app.top is t
    press(app, pygame.K_1)
    settle(app, t)
    assert actions(t)[-1].startswith("@1 play")


def test_hotseat_opens_on_the_curtain_when_the_second_player_starts(app: App) -> None:
    rec = Record.standard(2, "ffa", seed=1, first=1)
    t = open_table(app, rec, ["human", "human"])
    assert isinstance(app.top, Curtain) and t.curtain_for == 1
    assert app.stack[-2][0] is t
    app.top.age = 1.0  # type: ignore[union-attr]
    press(app, pygame.K_SPACE)
    assert app.top is t and t.viewer == 1 and t.can_act
