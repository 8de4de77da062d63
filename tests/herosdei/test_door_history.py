"""A finished HerosDeï game in the history of finished games, through the door: kept
with its meta, replayed to its end with the saved state hash, printed as a position by
``python -m game replay --json`` (everything, or one seat's view), and counted by the
statistics with its own figures (kills, victory points, Heroes placed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import games
from game.ai.agent import make_agent
from game.cli import main
from game.session import history, replay, stats
from game.session.session import SeatConfig, Session

DOOR = games.game("herosdei")


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Session]:
    """A game between the player (seat 0, played by a random agent) and an Easy AI,
    kept in the history of a fresh user folder."""
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    rec = DOOR.new_record(2, 11, "standard", ("trojans", "round_table"))
    session = Session(rec, [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")], keep_history={})
    agents = [make_agent("random", 1, "herosdei"), make_agent("easy", 2, "herosdei")]
    while not session.over:
        seat = session.waiting_for()[0]
        session.submit(seat, agents[seat].choose(session.view(seat), session.view(seat)["legal"]))
    assert session.history_path is not None
    return session.history_path, session


def test_a_kept_game_replays_to_its_end_with_the_saved_state_hash(kept: tuple[Path, Session]) -> None:
    path, session = kept
    assert history.history_files() == [path] and path.name.endswith("-herosdei.json")
    doc = json.loads(path.read_text())
    assert doc["meta"]["history"]["you"] == [0] and doc["meta"]["history"]["turns"] == session.state.turn
    client = replay.ReplayClient(replay.load(path), None)
    while client.forward():
        pass
    assert client.at == len(doc["actions"]) and client.state_hash() == doc["state_hash"]
    final = client.view()
    assert final["phase"] == "over" and all(isinstance(p["hand"], list) for p in final["players"])  # all shown
    seat_view = replay.ReplayClient(replay.load(path), 1, at=client.at).view()
    assert isinstance(seat_view["players"][0]["hand"], int)  # a seat's replay stays that seat's


def test_replay_json_prints_the_runners_position_or_a_seats_view(kept: tuple[Path, Session],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path, session = kept
    assert main(["replay", str(path), "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["game"] == "herosdei" and full["phase"] == "over" and full["winner"] == session.state.winner
    assert [p["future"] for p in full["players"]] == [DOOR.position_json(session.state, None)["players"][s]["future"]
                                                      for s in (0, 1)]  # everything: the futures' cards too
    assert main(["replay", str(path), "--to-turn", "2", "--seat", "1", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["seat"] == 1 and view["turn"] == 2 and isinstance(view["players"][0]["hand"], int)
    assert main(["replay", str(path), "--seat", "2"]) == 2
    assert "no seat 2" in capsys.readouterr().err


def test_the_statistics_count_it_with_its_own_figures(kept: tuple[Path, Session],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path, session = kept
    st = session.state
    row = stats.summarize(path)
    assert (row["game"], row["variant"], row["levels"]) == ("herosdei", "standard: trojans vs round_table", ["easy"])
    figures = row["figures"]
    assert figures["kills"] == [p.kills for p in st.players] and figures["vp"] == [p.vp for p in st.players]
    assert figures["winner"] == st.winner and figures["turns"] == st.turn and figures["sides"] == [0]
    assert all(DOOR.card_name(c, "en") != c for side in figures["heroes"] for c in side)  # known cards
    assert main(["stats", "--json", "--history", str(path.parent)]) == 0
    doc = json.loads(capsys.readouterr().out)
    hd = doc["by_game"]["herosdei"]
    assert doc["games"] == 1 and hd["played"] == 1
    assert hd["figures"]["kills_per_game"] == st.players[0].kills and hd["turns"] == st.turn  # the length: the house's own figure
