"""The hint key (H): the Medium AI's move for the seat at the screen, from its view alone,
worked out in a worker process and drawn on the table (Hero Realms and Fantasy Realms)."""

from __future__ import annotations

import json
from typing import Any, cast

import pygame

from game.fantasy_realms.actions import parse as fr_parse
from game.hero_realms.actions import parse
from game.hero_realms.setup import from_position
from game.session.clients import LocalClient
from game.ui.app import App
from game.ui.tablekit.hint import suggest
from tests.ui.fantasy_realms.helpers import open_fr, state
from tests.ui.helpers import open_table, position, press

WAIT_S = 60.0  # the worker process starts on the first H (a few seconds on a busy machine)

BASE = {"format": "ffa", "seed": 1, "active": 0, "players": [
    {"hand": ["gold", "gold", "spark", "dagger", "ruby"], "deck": ["gold", "shortsword", "gold", "gold"],
     "champions": ["street_thug"], "gold": 0, "combat": 0},
    {"hand": ["gold", "wolf_form", "bribe"], "deck": ["fire_bomb", "gold", "gold"], "champions": ["orc_grunt"]}],
    "market": {"row": ["spark", "dire_wolf", "orc_grunt", "profit", "bribe"], "deck": ["taxation", "influence"],
               "fire_gems": 16}}


def _other_hidden() -> dict[str, Any]:
    """BASE with every hidden card moved: the viewer's deck order, the opponent's hand and deck."""
    doc: dict[str, Any] = json.loads(json.dumps(BASE))
    doc["players"][0]["deck"] = ["gold", "gold", "gold", "shortsword"]
    doc["players"][1]["hand"] = ["fire_bomb", "gold", "gold"]
    doc["players"][1]["deck"] = ["bribe", "wolf_form", "gold"]
    return doc


def _drawn(app: App, table: object) -> pygame.Surface:
    surf = pygame.Surface(app.screen.get_size())
    table.draw(surf)  # type: ignore[attr-defined]
    return surf


def _changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    r = rect.inflate(12, 12).clip(a.get_rect())
    return any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(r.left, r.right, 2) for y in (r.top, r.top + 1, r.top + 2, r.top + 3))


def test_the_same_view_gets_the_same_hint_whatever_the_hidden_cards() -> None:
    a, b = from_position(BASE), from_position(_other_hidden())
    va, vb = a.view(0), b.view(0)
    assert va == vb
    line = suggest("hero_realms", va, va["legal"])
    assert line == suggest("hero_realms", vb, vb["legal"])
    a.clone().apply(parse(line))  # a legal move (an attack may name less than the most)


def test_the_hero_realms_hint_is_legal_framed_and_told_and_goes_once_the_player_moves(app: App) -> None:
    table = open_table(app, position(BASE["players"], BASE["market"]))  # type: ignore[arg-type]
    before = _drawn(app, table)
    press(app, pygame.K_h)
    assert table.hints.wait(WAIT_S), "no hint came"
    hint = table.hints.shown
    assert hint is not None
    cast(LocalClient, table.client).session.state.clone().apply(parse(hint.line))
    assert hint.words and hint.words != hint.line  # in the log's words ("You play Spark")
    targets = table.hint_targets(hint.line)
    assert targets
    after = _drawn(app, table)
    assert _changed(before, after, targets[0])
    assert table.submit(next(x for x in table.model.legal if x != hint.line and not x.startswith("end")))
    for _ in range(5):
        app.step(1 / 60, [])
    assert table.hints.shown is None  # the player moved: the hint was for before
    table.hints.close()


def test_no_hint_while_the_player_may_not_act_and_in_hotseat_the_seat_to_play_s(app: App) -> None:
    from game.ui.scenes.dialogs import Curtain

    table = open_table(app, position(BASE["players"], BASE["market"], active=1), ["human", "human"])  # type: ignore[arg-type]
    curtain = app.top
    assert isinstance(curtain, Curtain) and table.viewer == 0  # seat 1 must act: the screen is not passed yet
    table.hints.press()
    assert table.hints.moment() is None and table.hints._asked is None and table.hints._pool is None
    curtain.age = 1.0
    press(app, pygame.K_SPACE)
    assert app.top is table and table.viewer == 1
    now = table.hints.moment()
    assert now is not None and now[0] == 1
    table.model.legal = []  # a line on its way: nothing may be done until the view comes back
    table.hints.press()
    assert table.hints._asked is None
    table.hints.close()


def test_the_fantasy_realms_hint_is_legal_and_framed(app: App) -> None:
    rec, st = state(2, seed=5)
    sc = open_fr(app, rec, st)
    before = _drawn(app, sc)
    press(app, pygame.K_h)
    assert sc.hints.wait(WAIT_S), "no hint came"
    hint = sc.hints.shown
    assert hint is not None
    assert hint.line in cast(LocalClient, sc.client).session.state.view(0)["legal"]
    fr_parse(hint.line)
    assert hint.words
    targets = sc.hint_targets(hint.line)
    assert targets
    assert _changed(before, _drawn(app, sc), targets[0])
    sc.hints.close()


def test_the_fantasy_realms_hint_is_the_same_whatever_the_hidden_cards() -> None:
    _, st = state(3, seed=9)
    other = st.clone()
    other.hands[1][0], other.deck[0] = other.deck[0], other.hands[1][0]  # an opponent's card swapped with the deck's
    other.deck.reverse()
    v, w = st.view(0), other.view(0)
    assert v == w and st.state_hash() != other.state_hash()
    assert suggest("fantasy_realms", v, v["legal"]) == suggest("fantasy_realms", w, w["legal"])
