"""Hotseat privacy: whenever the next human at the screen may not be the one whose
hand is shown, the hand is face down and the curtain comes before it shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.hero_realms.record import Record
from game.session import local as games
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.hero_realms.table import TableScene
from game.ui.scenes.dialogs import ConfirmDialog, Curtain
from tests.ui.helpers import open_table, press


def _watch_hand(t: TableScene) -> list[tuple[int | None, str | None]]:
    """Every drawing of a card of the viewer's hand from now on: (viewer, card or None face down)."""
    seen: list[tuple[int | None, str | None]] = []
    real = t.renderer.sprite

    def sprite(surf: pygame.Surface, sp: Any, ctx: Any, lang: str) -> pygame.Rect:
        hand = t.model.seats[t.viewer].hand if t.viewer is not None else []
        if any(sp.uid == h.uid for h in hand):
            seen.append((t.viewer, sp.card))
        return real(surf, sp, ctx, lang)

    t.renderer.sprite = sprite  # type: ignore[method-assign]
    return seen


def _frames_until_curtain(app: App, limit: int = 600, dt: float = 1 / 60) -> Curtain:
    for _ in range(limit):
        if isinstance(app.top, Curtain):
            return app.top
        app.step(dt, [])
    raise AssertionError(f"no curtain, {type(app.top).__name__} on top")


def _lift(app: App) -> None:
    app.top.age = 1.0  # type: ignore[union-attr]
    press(app, pygame.K_SPACE)


def test_a_hand_drawn_at_the_end_of_a_turn_stays_face_down_through_the_ai_turns(app: App) -> None:
    rec = Record.standard(3, "ffa", seed=3, first=0)
    t = open_table(app, rec, ["human", "ai", "human"])
    assert t.viewer == 0 and t.can_act and not t.hand_hidden and not isinstance(app.top, Curtain)
    app.settings.anim_speed = "fast"  # the cards fly: frames show the table while the AI plays
    press(app, pygame.K_SPACE)
    seen = _watch_hand(t)
    if isinstance(app.top, ConfirmDialog):
        seen.clear()  # the warning is drawn over the hand of the player still at the screen
        press(app, pygame.K_RETURN)
    assert t.hand_hidden  # at once: the new hand is drawn face down
    curtain = _frames_until_curtain(app, dt=0.05)
    assert t.curtain_for == 2 and t.client.session.record.actions[-1].endswith("end")  # the AI played in between
    assert seen and all(card is None for _, card in seen)
    assert curtain is app.top and t.hand_hidden
    _lift(app)
    app.step(1 / 60, [])
    assert t.viewer == 2 and not t.hand_hidden and t.can_act
    assert any(viewer == 2 and card is not None for viewer, card in seen)


def test_when_the_ais_move_first_the_first_player_s_hand_waits_for_a_curtain(app: App) -> None:
    rec = Record.standard(3, "ffa", seed=4, first=2)
    t = open_table(app, rec, ["human", "human", "ai"])
    seen = _watch_hand(t)
    if not isinstance(app.top, Curtain):
        _frames_until_curtain(app)
    assert t.curtain_for == 0 and t.hand_hidden
    assert all(card is None for _, card in seen)
    _lift(app)
    app.step(1 / 60, [])
    assert t.viewer == 0 and not t.hand_hidden and t.can_act


def test_a_loaded_hotseat_game_opens_on_the_curtain(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.common import open_table as open_saved
    from game.ui.scenes.title import TitleScene

    seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
    client = games.start(Record.standard(2, "ffa", seed=5, first=0), seats, inline_ai=True, ai_pace=0)
    hand = client.view(0)["players"][0]["hand"]
    client.submit(0, f"play {hand[0]}")
    path = tmp_path / "hotseat.json"
    games.save(client, path)
    client.close()
    rec, loaded = games.load(path)
    app.reset(TitleScene(app))
    assert open_saved(app, rec, loaded, autosave=False)
    assert isinstance(app.top, Curtain)
    t = app.stack[-2][0]
    assert isinstance(t, TableScene) and t.curtain_for == 0 and t.hand_hidden
    app.step(1 / 60, [])
    _lift(app)
    app.step(1 / 60, [])
    assert app.top is t and t.viewer == 0 and not t.hand_hidden and t.can_act


def test_fantasy_realms_hides_the_hand_and_its_score_until_the_curtain(app: App) -> None:
    from game.ui.fantasy_realms.draw_hand import preview_text
    from tests.ui.fantasy_realms.helpers import open_fr, state

    rec, st = state(3, seed=12, first=2)
    sc = open_fr(app, rec, st, ["human", "human", "ai"])
    if not isinstance(app.top, Curtain):
        _frames_until_curtain(app)
    assert sc.curtain_for == 0 and sc.hand_hidden
    sc.draw(app.screen)  # the hand zone says it is hidden; no card, no score
    assert sc.ctrl.hit(sc.hand_rect(0).center) is None or sc.ctrl.hit(sc.hand_rect(0).center)[0] != "hand"
    assert preview_text(sc, ("discard", 0, "x")) == ""
    _lift(app)
    app.step(1 / 60, [])
    assert sc.viewer == 0 and not sc.hand_hidden
