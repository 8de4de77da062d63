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
from net_helpers import free_port, host_port, output_lines, replay, spawn

from game.cli import main
from game.net.protocol import view_hash


def _actions(save: Path) -> list[str]:
    try:
        return list(json.loads(save.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return []


def _wait_for(check: object, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _finish(proc: subprocess.Popen[str], timeout: float = 60) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"process did not end: {out[-2000:]} {err[-2000:]}") from None
    return proc.returncode, out, err


def _kill_all(*procs: subprocess.Popen[str]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.communicate()


def test_host_and_two_clients_play_to_the_state_of_a_local_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,remote", "--seed", "4",
                 "--save", str(save), "--no-discovery")
    clients: list[subprocess.Popen[str]] = []
    try:
        port = host_port(host)
        clients = [spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--name", "Worker"),
                   spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--name", "Inline",
                         "--seed", "3", "--ai-inline")]
        results = [_finish(c) for c in clients]
        code, out, err = _finish(host)
    finally:
        _kill_all(host, *clients)
    assert code == 0, err
    rec, st = replay(save)
    assert rec.setup["seed"] == 4 and st.phase == "over"
    assert output_lines(out, "state_hash:") == [st.state_hash()]
    assert output_lines(out, "actions:") == [str(len(rec.actions))]
    winner = output_lines(out, "winner:")
    for c_code, c_out, c_err in results:
        assert c_code == 0, c_err
        assert output_lines(c_out, "winner:") == winner
        seat = int(output_lines(c_out, "joined")[0].split("as seat ")[1].split()[0])
        assert output_lines(c_out, "view_hash:") == [view_hash(st.view(seat))]


def test_a_client_killed_mid_turn_comes_back_with_its_token(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,random", "--seed", "5",
                 "--save", str(save), "--no-discovery", "--ai-inline", "--no-takeover", "--timeout", "3",
                 "--heartbeat", "0.5")
    procs = [host]
    try:
        port = host_port(host)
        first = spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline")
        procs.append(first)
        assert first.stdout is not None
        token = first.stdout.readline().split("token: ")[1].strip()

        def in_my_turn() -> bool:
            actions = _actions(save)
            if len(actions) < 30 or actions[-1] == "end":
                return False
            from game.hero_realms.record import Record

            st = Record(json.loads(save.read_text())["setup"], actions).replay()
            return st.phase == "main" and st.active == 0

        _wait_for(in_my_turn, 30, "the client's turn")
        first.send_signal(signal.SIGKILL)
        first.wait()
        time.sleep(0.3)  # an action already on the wire may still be applied, and the AI answer it
        frozen = _actions(save)
        time.sleep(0.5)
        assert _actions(save) == frozen and st_waits_for_seat_0(save)  # the game waits for seat 0
        again = spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline",
                      "--token", token)
        procs.append(again)
        code, out, err = _finish(again)
        assert code == 0, err
        assert output_lines(out, "playing seat")[0].startswith("0 ")
        h_code, h_out, h_err = _finish(host)
        assert h_code == 0, h_err
        assert "seat 0: random bot disconnected" in h_out and "seat 0: random bot reconnected" in h_out
        rec, st = replay(save)
        assert st.phase == "over" and rec.actions[:len(frozen)] == frozen
        assert output_lines(h_out, "state_hash:") == [st.state_hash()]
    finally:
        _kill_all(*procs)


def st_waits_for_seat_0(save: Path) -> bool:
    _rec, st = replay(save)
    seat = st.pending.seat if st.pending is not None else st.active
    return st.phase == "main" and seat == 0


def test_a_killed_host_resumes_from_its_autosave_and_the_clients_reconnect(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    port = free_port()
    common = ["--port", str(port), "--bind", "127.0.0.1", "--no-discovery", "--ai-inline", "--timeout", "3",
              "--heartbeat", "0.5"]
    host = spawn("host", "--seats", "remote,remote", "--seed", "9", "--save", str(save), *common)
    procs = [host]
    try:
        host_port(host)
        clients = [spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline",
                         "--seed", str(i), "--reconnect", "60") for i in range(2)]
        procs += clients
        _wait_for(lambda: len(_actions(save)) >= 40, 30, "40 actions")
        host.send_signal(signal.SIGKILL)
        host.wait()
        before = _actions(save)
        assert (save.parent / (save.name + ".lan.json")).exists()
        time.sleep(0.5)
        assert all(c.poll() is None for c in clients)  # the clients wait for the host
        again = spawn("host", "--resume", str(save), *common)
        procs.append(again)
        assert host_port(again) == port
        results = [_finish(c) for c in clients]
        code, out, err = _finish(again)
        assert code == 0, err
        assert f"resumed {save} at action {len(before)}\n" in "".join(again.early) + out  # type: ignore[attr-defined]
        for c_code, c_out, c_err in results:
            assert c_code == 0, c_err
            assert "connection lost: reconnecting" in c_out and "reconnected at action" in c_out
        rec, st = replay(save)
        assert st.phase == "over" and rec.actions[:len(before)] == before
        assert output_lines(out, "state_hash:") == [st.state_hash()]
    finally:
        _kill_all(*procs)


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
