"""A seed typed in the New game screen for a LAN game is never dealt silently (issue 56.6):
whoever knows a seed knows every hidden card, so hosting asks first, as the command line
warns about ``--seed``: host with that seed, host with a secret one, or go back. Without
a typed seed, hosting asks nothing and the host draws a secret seed."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui.app import App
from game.ui.scenes import newgame as newgame_module
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.scenes.newgame import NewGameScene


@pytest.fixture
def hosted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The setups the New game screen hands to the LAN host (nothing is really hosted)."""
    got: list[Any] = []
    monkeypatch.setattr(newgame_module, "host_game", lambda app, setup: got.append(setup) or True)
    return got


def _screen(app: App, seed: str) -> NewGameScene:
    scene = NewGameScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    scene._set_seed(seed)
    return scene


@pytest.mark.parametrize(("answer", "seed"), [(True, 31337), (False, None)])
def test_hosting_with_a_typed_seed_asks_first(app: App, hosted: list[Any], answer: bool, seed: int | None) -> None:
    scene = _screen(app, "31337")
    scene.host()
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and hosted == []  # nothing is dealt before the answer
    assert "31337" in dialog.title and dialog.subtitle
    dialog.close(answer)
    app.step(1 / 60, [])
    assert len(hosted) == 1 and hosted[0].seed == seed


def test_going_back_hosts_nothing_and_keeps_the_screen(app: App, hosted: list[Any]) -> None:
    scene = _screen(app, "31337")
    scene.host()
    assert isinstance(app.top, ChoiceDialog)
    app.top.close(None)
    app.step(1 / 60, [])
    assert hosted == [] and app.top is scene and scene.seed_text == "31337"


def test_hosting_without_a_seed_asks_nothing(app: App, hosted: list[Any]) -> None:
    scene = _screen(app, "")
    scene.host()
    assert len(hosted) == 1 and hosted[0].seed is None


def test_a_local_game_with_a_seed_asks_nothing(app: App, hosted: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    monkeypatch.setattr(newgame_module, "open_table", lambda app, rec, seats: opened.append(rec))
    scene = _screen(app, "31337")
    scene.start()
    assert len(opened) == 1 and opened[0].setup["seed"] == 31337 and hosted == []
