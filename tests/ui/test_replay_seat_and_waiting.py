"""A replay as every game shows it: it opens on the player's own
seat by one rule for every game (a file that does not say whose it was: its first human
seat), and its table waits for nobody ("Waiting for ...", an AI's animated dots) and
offers nothing to take back (no Undo)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import games as registry
from game.ai.agent import make_agent
from game.session.session import SeatConfig, Session
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene

GAMES = ["hero_realms", "fantasy_realms", "herosdei"]


def _finished(game: str, seed: int = 4) -> Path:
    """A game of a person against an Easy bot, played out by random moves and kept in the history."""
    rec = registry.game(game).new_record(2, seed)
    session = Session(rec, [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")], keep_history={})
    agents = [make_agent("random", k, game) for k in range(2)]
    while not session.over:
        seat = session.waiting_for()[0]
        session.submit(seat, agents[seat].choose(session.view(seat), session.view(seat)["legal"]))
    assert session.history_path is not None
    return session.history_path


def _frames(app: App, n: int = 5) -> None:
    for _ in range(n):
        app.step(1 / 60, [])


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_replay_opens_on_the_player_s_seat(app: App, game: str, tmp_path: Path) -> None:
    path = _finished(game)
    scene = ReplayScene(app, path)
    assert scene.seat == 0 and scene.table.viewer == 0
    doc = json.loads(path.read_text())
    doc["meta"].pop("history")  # a file that does not say whose game it was (a save): its first human seat
    doc["setup"]["players"] = [{"name": "Bot", "kind": "ai", "agent": "easy"}, {"name": "Ana", "kind": "human"}]
    unsaid = tmp_path / f"{game}.json"
    unsaid.write_text(json.dumps(doc))
    assert ReplayScene(app, unsaid).seat == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_waits_for_nobody_and_takes_nothing_back(app: App, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = ReplayScene(app, _finished(game))
    app.push(scene)
    _frames(app)
    said: list[str] = []
    real_text, real_fit, real_dots = theme.text, theme.fit_text, theme.fit_text_dots

    def text(s: str, *a: Any, **kw: Any) -> Any:
        said.append(s)
        return real_text(s, *a, **kw)

    def fit(s: str, *a: Any, **kw: Any) -> Any:
        said.append(s)
        return real_fit(s, *a, **kw)

    def dots(s: str, n: int, *a: Any, **kw: Any) -> Any:
        said.append(s + "." * n)
        return real_dots(s, n, *a, **kw)

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "fit_text", fit)
    monkeypatch.setattr(theme, "fit_text_dots", dots)
    waiting = [app.tr(k, name="Bot").split("Bot")[0] for k in ("prompt.waiting", "hdtable.waiting", "chaos.hint_waiting")]
    for _ in range(40):  # step through the first actions: the bot's turns and decisions among them
        scene.step_forward()
        _frames(app, 3)
        app.draw(app.screen)
        table = scene.table
        assert not table.undo_btn.visible
        assert not any(w and s.startswith(w) for s in said for w in waiting), [s for s in said if "Bot" in s]
        assert not any(s.startswith(app.tr("table.their_turn", name="Bot")) and s.endswith(".") for s in said)
        said.clear()
    assert not any(getattr(b, "label", "") == app.tr("table.undo") and b.visible for b in scene.table.group.widgets)
