"""New game: a seat's default name follows its type until the player types one."""

from __future__ import annotations

from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.hero_realms.setup import GameSetup
from game.ui.scenes.newgame import NewGameScene
from game.ui.widgets.basic import TextField


def _name_fields(ng: NewGameScene) -> list[TextField]:
    """The seats' name fields, seat by seat (the seed field comes last)."""
    return [w for w in ng.group.widgets if isinstance(w, TextField)][: len(ng.seats)]


def _shown(ng: NewGameScene, i: int) -> str:
    field = _name_fields(ng)[i]
    return field.value or field.placeholder


def test_the_default_name_follows_the_seat_type(app: App) -> None:
    ng = NewGameScene(app)
    app.push(ng)
    app.step(1 / 60, [])
    assert _shown(ng, 1) == "Medium bot B"
    ng._set_kind(1, "ai:easy")
    assert _shown(ng, 1) == "Easy bot B"
    ng._set_kind(1, "human")
    assert _shown(ng, 1) == "Guest B"
    ng._set_kind(0, "ai:hard")
    assert _shown(ng, 0) == "Hard bot A"
    assert [s.name for s in ng.setup().seats] == ["Hard bot A", "Guest B"]
    app.step(1 / 60, [])


def test_a_typed_name_stays_whatever_the_type(app: App) -> None:
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_name(1, "Zed")
    ng._set_kind(1, "ai:hard")
    assert _shown(ng, 1) == "Zed"
    ng._set_name(1, "")  # cleared: the default is back
    ng._set_kind(1, "ai:easy")
    assert _shown(ng, 1) == "Easy bot B" and ng.setup().seats[1].name == "Easy bot B"


def test_a_setup_s_default_names_still_follow_the_type(app: App) -> None:
    setup = GameSetup("ffa", [SeatConfig("human", "Ana"), SeatConfig("ai", "Easy bot B", "easy")], None)
    ng = NewGameScene(app, setup)
    app.push(ng)
    ng._set_kind(1, "human")
    assert [s.name for s in ng.setup().seats] == ["Ana", "Guest B"]
    assert setup.seats[1].kind == "ai"  # the game's own setup is not changed
