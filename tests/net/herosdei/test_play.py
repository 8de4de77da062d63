"""HerosDeï through the LAN host: hosted headless before its table exists (the host
needs only the door and the agents), its variant and decks told in the welcome, the
lobby and the autosave, played to the replayed end in one process and between real
processes, resumed from its autosave; a bad variant or deck refused in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import games
from game.cli import main
from game.net import setups
from game.net.client import RemoteClient
from tests.net.net_helpers import (
    Player,
    Proxy,
    assert_clients_end_as,
    drive,
    finish,
    host_port,
    kill_all,
    output_lines,
    replay,
    spawn,
    start_host,
)

HD = "herosdei"


def test_herosdei_is_hosted_on_the_lan_before_the_table_offers_it() -> None:
    assert HD in games.hostable() and HD in setups.game_names() and setups.check_game(HD) is None
    assert set(games.playable()) <= set(games.hostable())
    assert "medium" in setups.agents(HD) and setups.best_agent(HD) == "medium"


def test_a_hosted_game_is_played_with_its_variant_and_decks_to_the_replayed_end(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=3, game=HD, format="initiation",
                        modules=["vikings,greeks"], autostart=False)
    players = [Player(RemoteClient("127.0.0.1", handle.port, f"P{i}", seat=i), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.lobby is not None for p in players), timeout=10)
        for p in players:
            c = p.client
            assert (c.game, c.format, c.modules) == (HD, "initiation: vikings vs greeks", ["vikings", "greeks"])
            assert c.lobby is not None and c.lobby["modules"] == ["vikings", "greeks"]
        drive(players, lambda: handle.snapshot()["can_start"], timeout=10)
        handle.start_game()
        drive(players, lambda: all(p.client.over for p in players), timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert rec.game == HD and st.phase == "over" and rec.setup["variant"] == "initiation"
        assert [d["civ"] for d in rec.setup["decks"]] == ["vikings", "greeks"]
        assert setups.of_state(HD, st).fields()["modules"] == ["vikings", "greeks"]
        for p in players:
            assert p.client.view() == st.view(p.client.seat) and p.client.resyncs == 0
            assert p.client.winner == st.winner
        assert handle.host.problems == []
    finally:
        for p in players:
            p.client.close()
        handle.stop()


def test_a_stopped_herosdei_host_resumes_from_its_autosave(tmp_path: Path) -> None:
    first = start_host(tmp_path, ["remote", "remote"], seed=37, game=HD, format="tournament",
                       modules=["round_table,amazons"])
    players = [Player(RemoteClient("127.0.0.1", first.port, f"P{i}", reconnect_window=30), seed=i) for i in range(2)]
    try:
        drive(players, lambda: all(p.client.n >= 20 for p in players), timeout=30)
        port = first.port
        first.stop(resumable=True)
        drive(players, lambda: all(p.client.status == "reconnecting" for p in players), timeout=10)
        before = replay(tmp_path / "autosave.json")[0].actions
        second = start_host(tmp_path, [], port=port, resume=True)
        snap = second.snapshot()
        assert snap["game"] == HD and snap["phase"] == "playing" and snap["n"] == len(before)
        assert snap["modules"] == ["round_table", "amazons"]
        drive(players, lambda: all(p.client.over for p in players), timeout=60)
        rec, st = replay(tmp_path / "autosave.json")
        assert rec.actions[:len(before)] == before and st.phase == "over" and rec.setup["variant"] == "tournament"
        assert all(p.client.view() == st.view(p.client.seat) for p in players)
        second.stop()
    finally:
        for p in players:
            p.client.close()
        first.stop()


def test_the_host_and_join_commands_play_a_game_between_processes(tmp_path: Path) -> None:
    save = tmp_path / "hd.json"
    host = spawn("host", "--game", HD, "--format", "initiation", "--modules", "greeks,vikings", "--port", "0",
                 "--bind", "127.0.0.1", "--seats", "remote,random", "--seed", "4", "--save", str(save),
                 "--no-discovery", "--ai-inline", "--secret-pause", "0,0")  # the pause: tests/ui/herosdei/test_secret_choices.py
    client = None
    try:
        with Proxy(host_port(host)) as proxy:
            client = spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "random", "--headless", "--ai-inline",
                           "--secret-pause", "0,0")
            result = finish(client)
            code, out, err = finish(host)
    finally:
        kill_all(host, *([client] if client else []))
    assert code == 0, err
    assert output_lines(result[1], "game:") == ["herosdei initiation: greeks vs vikings"]
    rec, st = replay(save)
    assert rec.setup["seed"] == 4 and st.phase == "over"
    assert output_lines(out, "state_hash:") == [st.state_hash()]
    assert_clients_end_as([result], out, st)


@pytest.mark.parametrize("args, reason", [
    (["--modules", "greeks"], "two decks, one a seat (like greeks,vikings), not 1"),
    (["--modules", "greeks,vikings,trojans"], "not 3"),
    (["--modules", "greeks,atlantis"], "unknown HerosDeï deck 'atlantis' (known: "),
    (["--format", "ffa"], "unknown HerosDeï variant 'ffa' (known: initiation, standard, tournament)"),
    (["--seats", "remote,remote,remote"], "HerosDeï is played by 2 players, not 3"),
    (["--seats", "remote,zeus"], "neither 'remote' nor an agent"),
    (["--rule", "collector_all_suits=no"], "HerosDeï has no optional rulings"),
    (["--time-limit", "5m"], "not played against time"),
])
def test_a_bad_herosdei_setup_gives_one_line_and_status_2(args: list[str], reason: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--game", HD, "--port", "0", "--no-discovery", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and reason in err, err


def test_a_draw_goes_on_the_wire_as_no_winner() -> None:
    from types import SimpleNamespace

    from game.core.game import Outcome
    from game.net.stream import winner

    def ended(*seats: int) -> Any:
        return SimpleNamespace(outcome=Outcome(seats, "draw" if not seats else "kills"))

    assert winner(ended()) is None  # HerosDeï's draw: both reached victory at once
    assert winner(ended(1)) == 1 and winner(ended(0, 2)) == [0, 2]
    playing: Any = SimpleNamespace(outcome=None)
    assert winner(playing) is None
