"""Fantasy Realms between real processes on loopback: ``python -m game host --game
fantasy_realms`` and ``join --headless`` clients that are never told the game.

A full game ends in the state a local replay of the same seed and actions reaches;
a killed host restarted with ``--resume`` (no ``--game``: the save says which)
continues while its clients reconnect by themselves; bad arguments about games,
formats and modules give one line and status 2.
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
from game.fantasy_realms.record import Record
from game.net.protocol import view_hash


def _actions(save: Path) -> list[str]:
    try:
        return list(json.loads(save.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return []


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


def test_two_processes_play_fantasy_realms_to_the_state_of_a_local_replay(tmp_path: Path) -> None:
    save = tmp_path / "fr.json"
    host = spawn("host", "--game", "fantasy_realms", "--port", "0", "--bind", "127.0.0.1",
                 "--seats", "remote,remote,medium", "--modules", "promo,cursed_items", "--seed", "4",
                 "--save", str(save), "--no-discovery", "--ai-inline")
    clients: list[subprocess.Popen[str]] = []
    try:
        port = host_port(host)
        assert host.stdout is not None
        hosting = host.stdout.readline()  # read here: communicate() skips what this pipe buffered
        # neither client names the game: each learns it from the host and makes its agent for it
        clients = [spawn("join", f"127.0.0.1:{port}", "--agent", "medium", "--headless", "--name", "Worker"),
                   spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--name", "Inline",
                         "--seed", "3", "--ai-inline")]
        results = [_finish(c) for c in clients]
        code, out, err = _finish(host)
    finally:
        _kill_all(host, *clients)
    assert code == 0, err
    assert "fantasy_realms base+cursed_items+promo for 3" in hosting
    saved, _st = replay(save)
    local = Record.standard(3, ["promo", "cursed_items"], 4)  # the same seed and actions, replayed here
    for line in saved.actions:
        local.add(line)
    st = local.replay()
    assert st.phase == "over" and saved.game == "fantasy_realms"
    assert output_lines(out, "state_hash:") == [st.state_hash()]
    assert output_lines(out, "actions:") == [str(len(saved.actions))]
    winner = output_lines(out, "winner:")
    for c_code, c_out, c_err in results:
        assert c_code == 0, c_err
        assert output_lines(c_out, "game:") == ["fantasy_realms base+cursed_items+promo"]
        assert output_lines(c_out, "winner:") == winner
        seat = int(output_lines(c_out, "joined")[0].split("as seat ")[1].split()[0])
        assert output_lines(c_out, "view_hash:") == [view_hash(st.view(seat))]


def test_a_killed_fantasy_realms_host_resumes_and_its_clients_reconnect(tmp_path: Path) -> None:
    save = tmp_path / "fr.json"
    port = free_port()
    common = ["--port", str(port), "--bind", "127.0.0.1", "--no-discovery", "--ai-inline", "--timeout", "3",
              "--heartbeat", "0.5"]
    host = spawn("host", "--game", "fantasy_realms", "--seats", "remote,remote", "--modules", "cursed_items",
                 "--seed", "9", "--save", str(save), *common)
    procs = [host]
    try:
        host_port(host)
        clients = [spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline",
                         "--seed", str(i), "--reconnect", "60") for i in range(2)]
        procs += clients
        end = time.monotonic() + 30
        while len(_actions(save)) < 12:
            assert time.monotonic() < end, "timed out waiting for 12 actions"
            time.sleep(0.005)
        host.send_signal(signal.SIGKILL)
        host.wait()
        before = _actions(save)
        assert (save.parent / (save.name + ".lan.json")).exists()
        time.sleep(0.5)
        assert all(c.poll() is None for c in clients)  # the clients wait for the host
        again = spawn("host", "--resume", str(save), *common)  # the save says which game
        procs.append(again)
        assert host_port(again) == port
        assert again.stdout is not None
        hosting = again.stdout.readline()
        results = [_finish(c) for c in clients]
        code, out, err = _finish(again)
        assert code == 0, err
        early = "".join(again.early)  # type: ignore[attr-defined]
        assert f"resumed {save} at action {len(before)}\n" in early + out
        assert "fantasy_realms base+cursed_items for 2" in hosting
        for c_code, c_out, c_err in results:
            assert c_code == 0, c_err
            assert "connection lost: reconnecting" in c_out and "reconnected at action" in c_out
        rec, st = replay(save)
        assert rec.game == "fantasy_realms" and st.phase == "over" and rec.actions[:len(before)] == before
        assert output_lines(out, "state_hash:") == [st.state_hash()]
    finally:
        _kill_all(*procs)


@pytest.mark.parametrize("argv, reason", [
    (["host", "--game", "fantasy_realms", "--seats", "remote"], "2 to 6 players"),
    (["host", "--game", "fantasy_realms", "--seats", "remote,remote,remote,remote,remote,remote,remote"],
     "2 to 6 players"),
    (["host", "--game", "fantasy_realms", "--format", "ffa"], "no formats"),
    (["host", "--game", "fantasy_realms", "--modules", "wings"], "unknown module"),
    (["host", "--game", "fantasy_realms", "--seats", "remote,zeus"], "neither 'remote' nor an agent"),
    (["host", "--game", "fantasy_realms", "--takeover-agent", "zeus"], "unknown agent"),
    (["host", "--modules", "promo"], "no modules"),
    (["host", "--game", "chess"], "invalid choice"),
    (["join", "127.0.0.1:5000", "--game", "chess", "--agent", "random", "--headless"], "unknown game"),
    (["discover", "--game", "chess"], "unknown game"),
])
def test_bad_game_arguments_give_one_line_and_status_2(argv: list[str], reason: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc_info:  # argparse exits by itself, the commands return 2
        raise SystemExit(main(argv))
    assert exc_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and reason in err, err


def test_resuming_a_save_as_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = Record.standard(2, [], 1)
    save = tmp_path / "fr.json"
    rec.save(save)
    assert main(["host", "--resume", str(save), "--game", "hero_realms", "--port", "0", "--no-discovery"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "is a fantasy_realms game" in err
