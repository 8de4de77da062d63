"""The Replays and Statistics screens, driven by synthetic input over the fixed history
(tests/history): the title opens them, a replay steps one action and one turn forward and
back, plays, jumps on its timeline, changes the view, refuses moves on its table and
reaches the saved game's state hash; the Statistics screen draws its charts and exports
its CSV to the user's data folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.userdirs import data_dir
from game.ui.app import App
from game.ui.scenes.replay import ReplayListScene, ReplayScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.title import TitleScene

from .helpers import click, click_button, key

FIXTURE = Path(__file__).resolve().parents[1] / "history"
HERO = "20261102-100000-hero_realms.json"
SEEN = "20261106-100000-fantasy_realms-cafe.json"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    dst = tmp_path / "history"
    shutil.copytree(FIXTURE, dst)
    return dst


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60, [])


def test_the_title_opens_replays_and_statistics(app: App) -> None:
    app.reset(TitleScene(app))
    frames(app)
    click_button(app, app.top, "replay.button")
    assert isinstance(app.top, ReplayListScene)
    frames(app)  # no history here (the app reads no player's files in tests): the empty list draws
    app.pop()
    click_button(app, app.top, "stats.button")
    assert isinstance(app.top, StatsScene)
    frames(app)


def test_the_list_is_newest_first_and_a_row_opens_its_replay(app: App, folder: Path) -> None:
    scene = ReplayListScene(app, folder)
    app.push(scene)
    frames(app)
    assert [e.path.name for e in scene.entries][:2] == [SEEN, "20261105-100000-hero_realms.json"]
    rows = [w for w in scene.group.widgets if hasattr(w, "details")]
    click(app, rows[0].rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.replay.seen


def open_replay(app: App, folder: Path, name: str = HERO) -> ReplayScene:
    scene = ReplayScene(app, folder / name)
    app.push(scene)
    frames(app)
    return scene


def test_stepping_by_action_and_by_turn_with_keys(app: App, folder: Path) -> None:
    scene = open_replay(app, folder)
    assert scene.client.at == 0 and scene.seat == 0  # the player's seat
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    frames(app, 20)
    assert scene.client.at == 1
    after_one = scene.client.state_hash()
    app.step(1 / 60, [key(pygame.K_UP)])
    turn_start = scene.client.at
    assert scene.replay.turns[turn_start] != scene.replay.turns[turn_start - 1]
    app.step(1 / 60, [key(pygame.K_DOWN)])
    assert scene.client.at < turn_start
    app.step(1 / 60, [key(pygame.K_UP)])
    assert scene.client.at == turn_start
    for _ in range(turn_start - 1):
        app.step(1 / 60, [key(pygame.K_LEFT)])
    assert scene.client.at == 1 and scene.client.state_hash() == after_one  # back and forth, the same position


def test_play_runs_on_its_own_and_pause_stops_it(app: App, folder: Path) -> None:
    scene = open_replay(app, folder)
    scene.set_speed(4.0)  # a step every STEP_S / 4 seconds once the table has shown the last one
    app.step(1 / 60, [key(pygame.K_SPACE)])
    assert scene.playing
    for _ in range(40):
        app.step(0.1, [])
    assert scene.client.at >= 3
    app.step(1 / 60, [key(pygame.K_SPACE)])
    at = scene.client.at
    for _ in range(20):
        app.step(0.1, [])
    assert not scene.playing and scene.client.at == at


def test_the_timeline_jumps_and_the_end_has_the_saved_hash(app: App, folder: Path) -> None:
    scene = open_replay(app, folder)
    line = scene.timeline.rect
    click(app, (line.left + line.width // 2, line.centery))
    assert abs(scene.client.at - scene.replay.length // 2) <= 1
    click(app, (line.right - 1, line.centery))
    while scene.client.at < scene.replay.length:
        app.step(1 / 60, [key(pygame.K_RIGHT)])
    frames(app, 30)
    saved = json.loads((folder / HERO).read_text())["state_hash"]
    assert scene.client.state_hash() == saved


def test_the_view_changes_seat_and_the_table_takes_no_moves(app: App, folder: Path) -> None:
    scene = open_replay(app, folder)
    click(app, scene.seat_cycle.rect.center)  # the next choice after the player's seat
    assert scene.seat == 1 and scene.table.viewer == 1
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    at = scene.client.at
    table = scene.table
    for y in range(40, scene.table_h() - 10, 60):  # clicks all over the table
        click(app, (scene.w // 2, y))
    assert scene.client.at == at and scene.table is table and app.top is scene


def test_a_seen_record_offers_only_its_seat(app: App, folder: Path) -> None:
    scene = open_replay(app, folder, SEEN)
    assert [v for v, _label in scene.seat_cycle.options] == [1]
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    frames(app, 10)
    assert scene.client.at == 1 and scene.client.view()["seat"] == 1


def test_a_file_that_cannot_be_replayed_is_a_toast(app: App, folder: Path) -> None:
    (folder / "20261201-000000-hero_realms.json").write_text("{broken")
    scene = ReplayListScene(app, folder)
    app.push(scene)
    scene.open(folder / "20261201-000000-hero_realms.json")
    assert app.top is scene and app.toasts


def test_statistics_draw_and_export_the_csv(app: App, folder: Path) -> None:
    scene = StatsScene(app, folder)
    app.push(scene)
    frames(app)
    assert scene.result["games"] == 6
    click(app, scene.group.widgets[0].rect.center)  # the game choice: the next game alone
    frames(app)
    assert {r["game"] for r in scene.shown_rows} == {scene.game}
    click_button(app, scene, "stats.export")
    written = sorted(data_dir().glob("statistics-*.csv"))
    assert len(written) == 1 and written[0].read_text().count("\n") == len(scene.shown_rows) + 1
    assert any(str(written[0]) in words for words, _until in app.toasts)


def test_a_saved_game_can_be_replayed_from_the_list(app: App, folder: Path, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(folder / HERO, saves / "game-1.json")  # a history file is a save file
    (saves / "game-0.json").write_text("{ half a file")
    scene = ReplayListScene(app, tmp_path / "no-history", saves)
    app.push(scene)
    frames(app)
    click(app, scene.group.widgets[0].rect.center)  # History -> Saved games
    assert scene.source == "saves"
    rows = [w for w in scene.group.widgets if hasattr(w, "details")]
    assert len(rows) == 2 and sum(not r.enabled for r in rows) == 1  # the broken file cannot be opened
    click(app, next(r for r in rows if r.enabled).rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.replay.length == len(json.loads((saves / "game-1.json").read_text())["actions"])


def test_a_game_the_table_starts_is_kept_when_it_ends(tmp_path: Path) -> None:
    from game import games as registry
    from game.ai.agent import make_agent
    from game.session import history
    from game.session.session import SeatConfig
    from game.ui.scenes.common import open_table
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant"), size=(1280, 720), persist=True)  # the player's folders: tmp_path
    try:
        rec = registry.game("fantasy_realms").new_record(2, 4)
        assert open_table(app, rec, [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")])
        table: Any = app.top
        session = table.client.session
        agents = [make_agent("random", k, "fantasy_realms") for k in range(2)]
        while not session.over:
            seat = session.waiting_for()[0]
            session.submit(seat, agents[seat].choose(session.view(seat), session.state.legal_actions()))
        assert history.history_files() == [session.history_path]
        assert history.read_entry(session.history_path).meta["mode"] == "ai"
    finally:
        app.close()


def test_a_game_without_turns_steps_by_actions_only(app: App) -> None:
    """Chaos Realms (no turns: every seat trades until the clock runs out)."""
    from game import games as registry
    from game.ai.agent import make_agent
    from game.session import history
    from game.session.session import SeatConfig, Session

    rec = registry.game("fantasy_realms").new_record(3, 7, "chaos:5")
    session = Session(rec, [SeatConfig("human", "A"), SeatConfig("ai", "B", "easy"), SeatConfig("ai", "C", "easy")],
                      keep_history={})
    agents = [make_agent("random", k, "fantasy_realms") for k in range(3)]
    t = 0.0
    session.tick(t)
    while not session.over:
        for seat in session.waiting_for()[:1]:
            choice = agents[seat].choose(session.view(seat), session.view(seat)["legal"])
            if choice != "idle":
                session.submit(seat, choice)
        t += 0.5
        session.tick(t)
    assert session.history_path is not None and history.history_files() == [session.history_path]
    scene = ReplayScene(app, session.history_path)
    app.push(scene)
    frames(app)
    labels = {getattr(w, "label", "") for w in scene.group.widgets}
    assert app.tr("replay.turn_forward") not in labels and app.tr("replay.step_forward") in labels
    app.step(1 / 60, [key(pygame.K_UP)])
    assert scene.client.at == 0
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    assert scene.client.at == 1


def test_the_statistics_name_formats_and_variants_in_the_players_words(app: App, folder: Path) -> None:
    scene = StatsScene(app, folder)
    assert scene.variant_words("hero_realms", "ffa") == app.tr("newgame.format_ffa")
    assert scene.variant_words("fantasy_realms", "base") == app.tr("lan.base_game")
    assert app.tr("chaos.title") in scene.variant_words("fantasy_realms", "chaos:300+base")


def test_a_fantasy_realms_replay_of_everyone_shows_every_hand_face_up(app: App, folder: Path) -> None:
    from game.ui.fantasy_realms.draw_hand import _everyone

    scene = open_replay(app, folder, "20261104-100000-fantasy_realms.json")
    for _ in range(len(scene.seat_cycle.options)):  # to the choice of everyone
        if scene.seat is None:
            break
        click(app, scene.seat_cycle.rect.center)
    assert scene.seat is None and scene.table.viewer is None
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    frames(app, 30)
    players = scene.table.model.players
    assert all(len(p.hand) == p.hand_size >= 7 for p in players)
    assert _everyone(scene.table, pygame.Surface(app.screen.get_size()))  # drawn face up, a row each
    scene.set_seat(0)
    frames(app, 3)
    assert not _everyone(scene.table, pygame.Surface(app.screen.get_size()))
