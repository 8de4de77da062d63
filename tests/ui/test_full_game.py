"""A whole game against an AI, played through the table with simulated input only."""

from __future__ import annotations

import pygame

from game.hero_realms.record import Record
from game.ui.app import App
from game.ui.hero_realms import intents
from game.ui.hero_realms.dialogs import AttackDialog, CardPickerDialog
from game.ui.hero_realms.gameover import GameOverScene
from game.ui.scenes.dialogs import ChoiceDialog, ConfirmDialog
from tests.ui.helpers import click, drag, open_table, press, settle


def human_move(app: App, t) -> None:  # type: ignore[no-untyped-def]
    """One decision, the way a player would make it: keys, clicks and drags."""
    top = app.top
    if isinstance(top, (ChoiceDialog, ConfirmDialog, AttackDialog)):
        press(app, pygame.K_RETURN if isinstance(top, (ConfirmDialog, AttackDialog)) else pygame.K_1)
        return
    if isinstance(top, CardPickerDialog):
        click(app, top.rects[0].center) if top.rects else press(app, pygame.K_ESCAPE)
        return
    if top is not t or not t.can_act:
        app.step(1 / 60, [])
        return
    me = t.model.seats[0]
    pend = t.ctrl.my_pending()
    legal = t.model.legal
    if pend is not None:
        if pend["kind"] in ("discard", "forced_discard"):
            press(app, pygame.K_1)
        elif pend["kind"] == "target_opponent":
            click(app, t.lay.seats[1].panel.center)
        elif pend["kind"] == "target_champion" or pend.get("zone") == "champions":
            press(app, pygame.K_1)
        else:
            app.step(1 / 60, [])
        return
    if me.hand:
        press(app, pygame.K_1)
        return
    if me.combat > 0 and intents.find(legal, "attack") is not None:
        foe = t.model.seats[1]
        target = t.lay.seats[1].panel.center
        if intents.attack_line(legal, 1) is None and foe.champions:
            i = next(i for i, c in enumerate(foe.champions) if t.ctrl.attack_reason(1, i) is None)
            target = (int(foe.champions[i].x), int(foe.champions[i].y))
        drag(app, t.lay.seats[0].combat.center, target)
        return
    for sp in t.model.row:
        if sp is not None and intents.find(legal, "buy", sp.card) is not None:
            click(app, (int(sp.x), int(sp.y)))
            return
    press(app, pygame.K_SPACE)


def test_a_whole_game_against_the_ai_through_the_ui(app: App) -> None:
    rec = Record.standard(2, "ffa", seed=8, first=0)
    t = open_table(app, rec, ["human", "ai"])
    for _ in range(6000):
        if isinstance(app.top, GameOverScene):
            break
        human_move(app, t)
        settle(app, t, 50)
    assert isinstance(app.top, GameOverScene), "the game did not finish"
    sess = t.client.session
    assert sess.over
    assert t.model.phase == "over" and t.model.winner == sess.state.winner
    assert sum(s.stats["turns"] for s in t.model.seats) >= 4
    press(app, pygame.K_ESCAPE)  # game over -> title
    from game.ui.scenes.title import TitleScene

    assert isinstance(app.top, TitleScene)


def test_watching_two_ai_play_to_the_end(app: App) -> None:
    rec = Record.standard(2, "ffa", seed=4, first=0)
    t = open_table(app, rec, ["ai", "ai"])
    assert t.viewer is None and not t.can_act
    for _ in range(3000):
        if isinstance(app.top, GameOverScene):
            break
        app.step(1 / 60, [])
    assert isinstance(app.top, GameOverScene)
    assert t.model.winner == t.client.session.state.winner
