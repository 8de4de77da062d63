"""The Puzzles screen on a real App: ten puzzles a game, a puzzle of each game opened from
its row and played on its table to "Solved!" (the progress file says so, the row shows
it), a wrong line to "Not solved" (not marked solved), a bad file of the player's listed
with its reason, the title's Puzzles button."""

from __future__ import annotations

from typing import Any

import pytest

from game import games
from game.core.puzzle import Goal, failed, still_open
from game.session.ai_seats import AISeats
from game.session.puzzle_progress import Progress
from game.session.puzzles import listing, user_dir
from game.session.session import Session
from game.ui.i18n import Tr
from game.ui.puzzles.start import PuzzlePanel, ResultDialog, goal_words, verdict_words
from game.ui.scenes.puzzles import PuzzlesScene
from game.ui.scenes.title import TitleScene
from tests.ui.helpers import click, click_button

GAMES = ["hero_realms", "fantasy_realms", "herosdei"]


def _inline(session: Session) -> AISeats:
    return AISeats(session, inline=True, min_delay=0.0001)


def _screen(app: Any, game: str) -> PuzzlesScene:
    app.persist = True  # the user's folders are a temporary one here (tests/ui/conftest.py)
    app.reset(TitleScene(app))
    scene = PuzzlesScene(app, ai=_inline)
    app.push(scene)
    app.step(1 / 60, [])
    scene.choose(game)
    return scene


def _play(app: Any, table: Any, line: tuple[str, ...]) -> None:
    """Each action of ``line`` submitted through the table once it lets the player act,
    then frames until the result is up."""
    for action in line:
        for _ in range(600):
            app.step(1 / 60, [])
            if table.can_act or table.client.decided:
                break
        if table.client.decided:
            break
        assert action in table.model.legal or action.startswith("@"), (action, table.model.legal)
        table.submit(action)
    for _ in range(600):
        app.step(1 / 60, [])
        if isinstance(app.top, ResultDialog):
            return


@pytest.mark.parametrize("game", GAMES)
def test_the_screen_lists_ten_puzzles_of_each_game(app: Any, game: str) -> None:
    scene = _screen(app, game)
    assert len(scene.rows) == 10
    assert all(r.puzzle.game == game and r.title and r.goal for r in scene.rows)
    assert not any(r.solved for r in scene.rows)
    app.step(1 / 60, [])


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_opened_from_its_row_is_solved_on_its_table(app: Any, game: str) -> None:
    scene = _screen(app, game)
    row = scene.rows[0]
    click(app, row.rect.center)
    table = app.top
    assert isinstance(table.overlay, PuzzlePanel) and table.client.puzzle.id == row.puzzle.id
    _play(app, table, row.puzzle.solution)
    result = app.top
    assert isinstance(result, ResultDialog) and result.verdict.solved
    entry = Progress().of(row.puzzle.id)  # read back from the file
    assert entry.solved and entry.attempts == 1 and entry.best is not None
    click_button(app, result, "puzzles.back")
    assert app.top is scene
    app.step(1 / 60, [])
    assert scene.rows[0].solved and not scene.rows[1].solved


def test_a_wrong_line_is_not_solved_and_retry_starts_again(app: Any) -> None:
    scene = _screen(app, "fantasy_realms")
    puzzle = scene.rows[0].puzzle
    click(app, scene.rows[0].rect.center)
    table = app.top
    _play(app, table, puzzle.wrong[0])
    result = app.top
    assert isinstance(result, ResultDialog) and result.verdict.status == "failed"
    assert app.tr("puzzles.not_solved", reason="")[:5] in result.text
    entry = Progress().of(puzzle.id)
    assert not entry.solved and entry.attempts == 1
    click_button(app, result, "puzzles.retry")
    again = app.top
    assert again is not table and again.client.puzzle.id == puzzle.id and not again.client.decided
    assert again.client.session.state.state_hash() == puzzle.attempt().start.state_hash()


def test_the_hint_is_shown_when_asked_and_next_opens_the_next_puzzle(app: Any) -> None:
    scene = _screen(app, "fantasy_realms")
    click(app, scene.rows[0].rect.center)
    table = app.top
    for _ in range(30):
        app.step(1 / 60, [])
    panel = table.overlay
    assert not panel.hint_shown
    click(app, panel.hint_btn.rect.center)
    assert panel.hint_shown and not panel.hint_btn.enabled
    _play(app, table, scene.rows[0].puzzle.solution)
    click_button(app, app.top, "puzzles.next")
    assert app.top.client.puzzle.id == scene.rows[1].puzzle.id


def test_a_bad_file_of_the_player_is_listed_with_its_reason(app: Any) -> None:
    folder = user_dir() / "mine"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text('game = "hero_realms"\nid = "mine-1"\n', encoding="utf-8")
    scene = _screen(app, "hero_realms")
    assert any("broken.toml" in p and "needs a 'title'" in p for p in scene.problems)
    assert len(scene.rows) == 10
    app.step(1 / 60, [])  # drawn, not a crash


def test_a_corrupt_progress_file_is_told_and_set_aside(app: Any) -> None:
    path = Progress().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops", encoding="utf-8")
    _screen(app, "hero_realms")
    assert any("set aside" in text for text in [t[0] if isinstance(t, tuple) else str(t) for t in app.toasts])
    assert path.with_name("progress.json.bad").is_file()


def test_the_title_opens_the_puzzles(app: Any) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "puzzles.button")
    assert isinstance(app.top, PuzzlesScene)


def test_goals_and_verdicts_are_worded_in_the_players_language() -> None:
    fr, en = Tr("fr"), Tr("en")
    assert goal_words(fr, "fantasy_realms", Goal("score", {"score": 5}, "score at least 5")) == "Marquez au moins 5 points"
    assert goal_words(en, "fantasy_realms", Goal("score", {"score": 5}, "score at least 5")) == "Score at least 5"
    assert verdict_words(fr, "fantasy_realms", failed("your hand scores 3, short of 5", "short", score=3, want=5)) == \
        "Votre main vaut 3, il fallait 5."
    assert verdict_words(en, "fantasy_realms", failed("your hand scores 3, short of 5", "short", score=3, want=5)) == \
        "Your hand scores 3, short of 5"
    # words that name a figure this verdict does not give: the engine's own sentence
    assert verdict_words(fr, "fantasy_realms", still_open("too many lines of seat 1 to search", "search_limit")) == \
        "Too many lines of seat 1 to search"
    assert verdict_words(fr, "fantasy_realms", failed("a reason of its own", "a_key_with_no_words")) == "A reason of its own"


def test_a_goal_names_its_character_by_the_cards_name_not_its_reference() -> None:
    puzzle = next(e.puzzle for e in listing() if e.puzzle is not None and e.puzzle.goal.kind == "kill")
    goal = puzzle.goal
    assert ":" not in goal.text and str(goal.params["name"]) in goal.text
    fr = Tr("fr")
    words = goal_words(fr, "herosdei", goal)
    assert words.startswith("Tuez ") and str(goal.params["target"]) not in words
    assert games.game("herosdei").card_name(str(goal.params["card"]), "fr") in words
    # a card the position made itself (no shipped card of that id): its own name
    inline = Goal("kill", {"target": "1:x", "card": "no_such_card", "name": "Xanthe"}, "kill Xanthe this turn")
    assert goal_words(fr, "herosdei", inline) == "Tuez Xanthe ce tour-ci"
