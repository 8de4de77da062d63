"""Real processes on loopback: ``python -m game host`` and ``join --headless``.

Full games end in the state a local replay of the same seed and actions reaches;
a client killed mid-turn comes back with its token; a killed host restarted with
``--resume`` continues from its autosave while its clients reconnect by themselves.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game.cli import main
from tests.net.leak_helpers import checked_streams
from tests.net.net_helpers import (
    Proxy,
    assert_clients_end_as,
    assert_reconnected,
    finish,
    free_port,
    host_port,
    kill_all,
    kill_host,
    output_lines,
    reconnecting_clients,
    replay,
    resume_args,
    save_actions,
    spawn,
    wait_for,
)


def test_host_and_two_clients_play_to_the_state_of_a_local_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,remote", "--seed", "4",
                 "--save", str(save), "--no-discovery")
    clients: list[subprocess.Popen[str]] = []
    try:
        with Proxy(host_port(host)) as proxy:  # what the clients receive, checked against the schemas
            clients = [spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "random", "--headless", "--name", "Worker"),
                       spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "random", "--headless", "--name", "Inline",
                             "--seed", "3", "--ai-inline")]
            results = [finish(c) for c in clients]
            code, out, err = finish(host)
    finally:
        kill_all(host, *clients)
    assert code == 0, err
    assert checked_streams(proxy) > 100
    rec, st = replay(save)
    assert rec.setup["seed"] == 4 and st.phase == "over"
    assert output_lines(out, "state_hash:") == [st.state_hash()]
    assert output_lines(out, "actions:") == [str(len(rec.actions))]
    assert_clients_end_as(results, out, st)


def test_a_client_killed_mid_turn_comes_back_with_its_token(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,random", "--seed", "5",
                 "--save", str(save), "--no-discovery", "--ai-inline", "--no-takeover", "--timeout", "3",
                 "--heartbeat", "0.5")
    procs = [host]
    try:
        with Proxy(host_port(host)) as proxy:  # what the client receives, checked against the schemas
            port = proxy.port
            first = spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline")
            procs.append(first)
            assert first.stdout is not None
            token = first.stdout.readline().split("token: ")[1].strip()

            def in_my_turn() -> bool:
                actions = save_actions(save)
                if len(actions) < 30 or actions[-1] == "end":
                    return False
                from game.hero_realms.record import Record

                st = Record(json.loads(save.read_text())["setup"], actions).replay()
                return st.phase == "main" and st.active == 0

            wait_for(in_my_turn, 30, "the client's turn")
            first.send_signal(signal.SIGKILL)
            first.wait()
            time.sleep(0.3)  # an action already on the wire may still be applied, and the AI answer it
            frozen = save_actions(save)
            time.sleep(0.5)
            assert save_actions(save) == frozen and st_waits_for_seat_0(save)  # the game waits for seat 0
            again = spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline",
                          "--token", token)
            procs.append(again)
            code, out, err = finish(again)
            assert code == 0, err
            assert output_lines(out, "playing seat")[0].startswith("0 ")
            h_code, h_out, h_err = finish(host)
            assert h_code == 0, h_err
            assert "seat 0: random bot disconnected" in h_out and "seat 0: random bot reconnected" in h_out
            rec, st = replay(save)
            assert st.phase == "over" and rec.actions[:len(frozen)] == frozen
            assert output_lines(h_out, "state_hash:") == [st.state_hash()]
    finally:
        kill_all(*procs)
    assert checked_streams(proxy) > 30


def st_waits_for_seat_0(save: Path) -> bool:
    _rec, st = replay(save)
    seat = st.pending.seat if st.pending is not None else st.active
    return bool(st.phase == "main" and seat == 0)


def test_a_killed_host_resumes_from_its_autosave_and_the_clients_reconnect(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    port = free_port()
    common = resume_args(port)
    host = spawn("host", "--seats", "remote,remote", "--seed", "9", "--save", str(save), *common)
    procs = [host]
    proxy = Proxy(port)  # the clients' way to the host and to the resumed one; what they receive is checked
    try:
        host_port(host)
        clients = reconnecting_clients(proxy.port)
        procs += clients
        wait_for(lambda: len(save_actions(save)) >= 40, 30, "40 actions")
        before = kill_host(host, save, clients)
        again = spawn("host", "--resume", str(save), *common)
        procs.append(again)
        assert host_port(again) == port
        results = [finish(c) for c in clients]
        code, out, err = finish(again)
        assert code == 0, err
        assert f"resumed {save} at action {len(before)}\n" in "".join(again.early) + out  # type: ignore[attr-defined]
        assert_reconnected(results)
        rec, st = replay(save)
        assert st.phase == "over" and rec.actions[:len(before)] == before
        assert output_lines(out, "state_hash:") == [st.state_hash()]
    finally:
        kill_all(*procs)
        proxy.close()
    assert checked_streams(proxy) > 100


@pytest.mark.parametrize("argv, reason", [
    (["host", "--seats", "remote,nobody"], "neither 'remote' nor an agent"),
    (["host", "--seats", "remote"], "2 to 4 players"),
    (["host", "--format", "chaos"], "format"),
    (["host", "--port", "70000"], "port"),
    (["host", "--resume", "/nonexistent/save.json"], "no such save file"),
    (["host", "--takeover-agent", "zeus"], "unknown agent"),
    (["host", "--timeout", "1", "--heartbeat", "2"], "twice"),
    (["join", "host:port"], "not a port number"),
    (["join", "127.0.0.1:5000", "--headless"], "needs --agent"),
    (["join", "127.0.0.1:5000", "--agent", "random"], "needs --headless"),
    (["join", "127.0.0.1:5000", "--agent", "zeus", "--headless"], "unknown agent"),
    (["discover", "--timeout", "-1"], "must be"),
])
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], reason: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc_info:
        raise SystemExit(main(argv))
    assert exc_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and reason in err, err


def test_a_bad_save_to_resume_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not a save")
    assert main(["host", "--resume", str(bad), "--port", "0", "--no-discovery"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not a save file" in err
