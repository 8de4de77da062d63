"""The hint key (H) on the HerosDeï table (game/ui/herosdei/hints.py): the Medium AI's move
for the seat at the screen, from its view alone, legal, framed on the table and told in
the table's words, and gone once the player moves."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.herosdei.record import Record
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.herosdei.table import HdTableScene
from game.ui.tablekit.hint import Hint, suggest
from tests.ui.helpers import press
from tests.ui.herosdei.helpers import settle

WAIT_S = 60.0  # the worker process starts on the first H (a few seconds on a busy machine)

BASE: dict[str, Any] = {
    "variant": "standard", "seed": 3, "turn": 2, "phase": "placement", "first": 0, "to_act": 0,
    "players": [
        {"civ": "round_table", "hand": ["lancelot", "excalibur", "haubert", "prouesse", "ecuyer"],
         "future": ["perceval", "heaume", "faucon", "galaad"], "characters": [{"card": "arthur"}]},
        {"civ": "vikings", "hand": ["bjorn", "mur_de_boucliers", "broigne"],
         "future": ["ragnar", "gram", "troll", "hugin"], "characters": [{"card": "siegfried"}, {"card": "skalde"}]},
    ]}


def _other_hidden() -> dict[str, Any]:
    """BASE with every hidden card moved: the viewer's future order, the opponent's hand and future."""
    doc: dict[str, Any] = json.loads(json.dumps(BASE))
    doc["players"][0]["future"] = ["galaad", "faucon", "heaume", "perceval"]
    doc["players"][1]["hand"] = ["troll", "hugin", "gram"]
    doc["players"][1]["future"] = ["broigne", "bjorn", "mur_de_boucliers", "ragnar"]
    return doc


def _open(app: App) -> HdTableScene:
    rec = Record.position(BASE)
    seats = [SeatConfig("human", "P0"), SeatConfig("remote", "P1")]
    sc = HdTableScene(app, LocalClient(Session(rec, seats)), ["P0", "P1"], ["human", "remote"], rec=rec)
    app.reset(sc)
    settle(app, sc)
    return sc


def _drawn(app: App, table: HdTableScene) -> pygame.Surface:
    surf = pygame.Surface(app.screen.get_size())
    table.draw(surf)
    return surf


def _changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    r = rect.inflate(12, 12).clip(a.get_rect())
    return any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(r.left, r.right, 2) for y in (r.top, r.top + 1, r.top + 2, r.top + 3))


def test_the_same_view_gets_the_same_hint_whatever_the_hidden_cards() -> None:
    a, b = Record.position(BASE).replay(), Record.position(_other_hidden()).replay()
    va, vb = a.view(0), b.view(0)
    assert va == vb and a.state_hash() != b.state_hash()
    line = suggest("herosdei", va, va["legal"])
    assert line in va["legal"] and line == suggest("herosdei", vb, vb["legal"])


def test_the_hint_is_legal_framed_and_told_and_goes_once_the_player_moves(app: App) -> None:
    table = _open(app)
    before = _drawn(app, table)
    press(app, pygame.K_h)
    assert table.hints.wait(WAIT_S), "no hint came"
    hint = table.hints.shown
    assert hint is not None
    client = table.client
    assert isinstance(client, LocalClient)
    client.session.state.clone().apply(hint.line)  # legal
    assert hint.words and hint.words != hint.line  # in the table's words ("Place Lancelot of the Lake")
    targets = table.hint_targets(hint.line)
    assert targets
    assert _changed(before, _drawn(app, table), targets[0])
    assert table.submit(next(x for x in table.model.legal if x != hint.line and x != "done"))
    settle(app, table)
    assert table.hints.shown is None  # the player moved: the hint was for before
    table.hints.close()


def test_each_kind_of_line_is_framed_and_told(app: App) -> None:
    table = _open(app)
    legal = table.model.legal
    for line in ("play lancelot", "play excalibur on 0:arthur", "done"):
        assert line in legal
        assert len(table.hint_targets(line)) == (1 if line == "done" else 2), line
    assert table.hint_targets("play excalibur on 0:arthur")[1] == table.char_rects(0)[0][0]
    assert table.hint_words("play excalibur on 0:arthur") == "Give Excalibur to King Arthur"
    assert table.hint_words("play lancelot") == "Place Lancelot of the Lake"
    assert table.hint_words("done") == "Done"
    assert table.hint_targets("attack 0:arthur 1:skalde") == [table.char_rects(0)[0][0], table.char_rects(1)[1][0]]
    assert table.hint_words("attack 0:arthur 1:skalde") == "King Arthur attacks Skald"
    assert table.hint_targets("play nothing_such") == [] and table.hint_words("") == ""


def test_the_log_ends_above_the_hints_panel(app: App) -> None:
    table = _open(app)
    lay = table.lay
    _drawn(app, table)
    assert table.log_cache is not None and table.log_cache[1].get_height() == lay.log.height
    table.hints.shown = Hint("play lancelot", table.hint_words("play lancelot"))
    _drawn(app, table)
    reserved = table.hints.reserved(lay.log, lay.scale)
    assert reserved > 0
    assert table.log_cache is not None and table.log_cache[1].get_height() == lay.log.height - reserved
    table.hints.shown = None
    _drawn(app, table)
    assert table.log_cache[1].get_height() == lay.log.height
    table.hints.close()
