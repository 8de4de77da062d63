"""The history of finished games: a game that ends (against AI, hotseat) is kept in the
user's data folder with its meta, the cap drops the oldest, and a folder that cannot take
it never stops the game (one line, once, among the client's errors)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.ai.agent import make_agent
from game.session import history
from game.session import local as local_games
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def play_out(session: Session, seed: int = 0) -> None:
    """Every seat played by a random agent until the game ends."""
    agents = [make_agent("random", seed + i, session.game) for i in range(session.n)]
    while not session.over:
        seat = session.waiting_for()[0]
        session.submit(seat, agents[seat].choose(session.view(seat), session.state.legal_actions()))


def fantasy_session(kinds: list[str], seed: int = 3, keep: dict[str, Any] | None = None) -> Session:
    rec = games.game("fantasy_realms").new_record(len(kinds), seed)
    seats = [SeatConfig(k, f"P{i + 1}", "easy") for i, k in enumerate(kinds)]
    return Session(rec, seats, keep_history=keep)


def test_a_game_against_ai_is_kept_with_its_meta() -> None:
    client = local_games.start(games.game("hero_realms").new_record(2, 5),
                               [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "medium")], inline_ai=True,
                               keep_history=True)
    play_out(client.session)
    files = history.history_files()
    assert files == [client.session.history_path]
    assert files[0].name.endswith("-hero_realms.json")
    doc = json.loads(files[0].read_text())
    meta = doc["meta"]["history"]
    assert meta["game"] == "hero_realms" and meta["mode"] == "ai" and meta["you"] == [0]
    assert meta["players"] == [{"name": "Ana", "kind": "human", "agent": ""},
                               {"name": "Bot", "kind": "ai", "agent": "medium"}]
    assert meta["winner"] == [client.session.state.winner] and meta["turns"] == client.session.state.turn
    assert isinstance(meta["minutes"], float) and meta["date"]
    rec, st = games.load(files[0])  # the history file is a save: it loads and verifies
    assert st.state_hash() == client.session.state.state_hash()


def test_a_hotseat_game_is_kept_once() -> None:
    session = fantasy_session(["human", "human"], keep={})
    play_out(session)
    assert len(history.history_files()) == 1
    assert history.read_entry(history.history_files()[0]).meta["mode"] == "hotseat"


def test_a_session_that_keeps_no_history_writes_none() -> None:
    play_out(fantasy_session(["human", "ai"], keep=None))
    assert history.history_files() == []


def test_the_cap_drops_the_oldest(home: Path) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"history_cap": 3}))
    assert history.history_cap() == 3
    folder = history.history_dir()
    folder.mkdir(parents=True)
    for day in range(1, 5):  # older games already kept
        (folder / f"2026010{day}-120000-fantasy_realms.json").write_text("{}")
    session = fantasy_session(["human", "ai"], keep={})
    play_out(session)
    names = [p.name for p in history.history_files()]
    assert len(names) == 3 and names[:2] == ["20260103-120000-fantasy_realms.json", "20260104-120000-fantasy_realms.json"]
    assert session.history_path is not None and names[2] == session.history_path.name


@pytest.mark.parametrize("value", [0, -4, "many", True, 10**9])
def test_a_bad_cap_in_the_settings_is_the_default(home: Path, value: object) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"history_cap": value}))
    assert history.history_cap() == history.DEFAULT_CAP


def test_a_folder_that_cannot_take_the_game_never_stops_it(home: Path) -> None:
    (home / "data").mkdir(parents=True)
    (home / "data" / "history").write_text("a file where the folder should be")
    session = fantasy_session(["human", "ai"], keep={})
    client = LocalClient(session)
    play_out(session)
    assert session.over and session.history_path is None
    assert session.history_error is not None and "\n" not in session.history_error
    client.poll()
    assert client.errors() == [session.history_error]
    client.poll()
    assert client.errors() == []  # said once
    client.close()
