"""The Statistics screen's words (issue 55, item 12): a HerosDeï game in learning mode
and its decks named as such (the CSV had them right, the screen said "standard"), each
count with its own plural ("1 game", "1 partie gagnée"), and the average length once,
at one rounding (it said "Average game: 4 turns" beside "Turns per game: 3.5")."""

from __future__ import annotations

from typing import Any

import pytest

from game import games as registry
from game.ai.agent import make_agent
from game.session import history
from game.session.session import SeatConfig, Session
from game.ui import theme
from game.ui.app import App
from game.ui.i18n import Tr
from game.ui.scenes.stats import StatsScene, tally_words


def _play_hd(variant: str, seed: int) -> int:
    """A HerosDeï game against an Easy bot, played out by random moves and kept in the history; its turns."""
    rec = registry.game("herosdei").new_record(2, seed, variant, ("greeks", "vikings"))
    session = Session(rec, [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")], keep_history={})
    agents = [make_agent("random", k, "herosdei") for k in range(2)]
    while not session.over:
        seat = session.waiting_for()[0]
        session.submit(seat, agents[seat].choose(session.view(seat), session.view(seat)["legal"]))
    return int(session.state.turn)


def _drawn(app: App, scene: StatsScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    words: list[str] = []
    real_text, real_fit = theme.text, theme.fit_text

    def text(s: str, *a: Any, **kw: Any) -> Any:
        words.append(s)
        return real_text(s, *a, **kw)

    def fit(s: str, *a: Any, **kw: Any) -> Any:
        words.append(s)
        return real_fit(s, *a, **kw)

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "fit_text", fit)
    scene.draw(app.screen)
    monkeypatch.undo()
    return words


def test_a_learning_mode_game_and_its_decks_are_named_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = [_play_hd("initiation", 3), _play_hd("standard", 4)]
    scene = StatsScene(app, history.history_dir())
    app.push(scene)
    app.step(1 / 60, [])
    assert sorted(r["variant"] for r in scene.rows) == ["initiation: greeks vs vikings", "standard: greeks vs vikings"]
    words = _drawn(app, scene, monkeypatch)
    tr = app.tr
    decks = tr("hdnew.versus", a=tr("hdnew.deck_greeks"), b=tr("hdnew.deck_vikings"))
    learning = tr("hdnew.words", decks=decks, variant=tr("hdnew.words_initiation"))
    standard = tr("hdnew.words", decks=decks, variant=tr("hdnew.words_standard"))
    assert any(w.startswith(f"{learning}: ") for w in words), words
    assert any(w.startswith(f"{standard}: ") for w in words), words
    # the average length once, rounded as the figures are
    mean = sum(turns) / 2
    prefix = tr("stats.length", turns="X").split("X")[0]  # "Average game: "
    assert [w for w in words if w.startswith(prefix)] == [tr("stats.length", turns=f"{round(mean, 1):g}")]
    assert not any(w.startswith("Turns per game") for w in words)


def test_each_count_agrees_with_its_own_word() -> None:
    one = {"played": 1, "won": 1, "lost": 0}
    assert tally_words(Tr("en"), one) == "1 game · 1 won · 0 lost"
    assert tally_words(Tr("fr"), one) == "1 partie · 1 gagnée · 0 perdue"  # French agrees in the singular with 0
    assert tally_words(Tr("en"), {"played": 3, "won": 1, "lost": 2}) == "3 games · 1 won · 2 lost"
    assert tally_words(Tr("fr"), {"played": 3, "won": 2, "lost": 1}) == "3 parties · 2 gagnées · 1 perdue"


def test_one_game_in_the_history_is_one_game_on_the_screen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _play_hd("initiation", 5)
    scene = StatsScene(app, history.history_dir())
    app.push(scene)
    app.step(1 / 60, [])
    words = _drawn(app, scene, monkeypatch)
    assert any(w.startswith("1 game · ") for w in words) and not any("1 games" in w for w in words)
