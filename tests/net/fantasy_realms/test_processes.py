"""Fantasy Realms between real processes on loopback: ``python -m game host --game
fantasy_realms`` and ``join --headless`` clients that are never told the game.

A full game ends in the state a local replay of the same seed and actions reaches;
a killed host restarted with ``--resume`` (no ``--game``: the save says which)
continues while its clients reconnect by themselves; bad arguments about games,
formats and modules give one line and status 2.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from game.cli import main
from game.fantasy_realms.record import Record
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


def test_two_processes_play_fantasy_realms_to_the_state_of_a_local_replay(tmp_path: Path) -> None:
    save = tmp_path / "fr.json"
    host = spawn("host", "--game", "fantasy_realms", "--port", "0", "--bind", "127.0.0.1",
                 "--seats", "remote,remote,medium", "--modules", "promo,cursed_items", "--seed", "4",
                 "--save", str(save), "--no-discovery", "--ai-inline")
    clients: list[subprocess.Popen[str]] = []
    try:
        with Proxy(host_port(host)) as proxy:  # what the clients receive, checked against the schemas
            assert host.stdout is not None
            hosting = host.stdout.readline()  # read here: communicate() skips what this pipe buffered
            # neither client names the game: each learns it from the host and makes its agent for it
            clients = [spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "medium", "--headless", "--name", "Worker"),
                       spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "random", "--headless", "--name", "Inline",
                             "--seed", "3", "--ai-inline")]
            results = [finish(c) for c in clients]
            code, out, err = finish(host)
    finally:
        kill_all(host, *clients)
    assert code == 0, err
    assert checked_streams(proxy) > 20
    assert "fantasy_realms base+cursed_items+promo for 3" in hosting
    saved, _st = replay(save)
    local = Record.standard(3, ["promo", "cursed_items"], 4)  # the same seed and actions, replayed here
    for line in saved.actions:
        local.add(line)
    st = local.replay()
    assert st.phase == "over" and saved.game == "fantasy_realms"
    assert output_lines(out, "state_hash:") == [st.state_hash()]
    assert output_lines(out, "actions:") == [str(len(saved.actions))]
    assert_clients_end_as(results, out, st)
    for _c_code, c_out, _c_err in results:
        assert output_lines(c_out, "game:") == ["fantasy_realms base+cursed_items+promo"]


def test_a_killed_fantasy_realms_host_resumes_and_its_clients_reconnect(tmp_path: Path) -> None:
    save = tmp_path / "fr.json"
    port = free_port()
    common = resume_args(port)
    host = spawn("host", "--game", "fantasy_realms", "--seats", "remote,remote", "--modules", "cursed_items",
                 "--seed", "9", "--save", str(save), *common)
    procs = [host]
    proxy = Proxy(port)  # the clients' way to the host and to the resumed one; what they receive is checked
    try:
        host_port(host)
        clients = reconnecting_clients(proxy.port)
        procs += clients
        wait_for(lambda: len(save_actions(save)) >= 12, 30, "12 actions", every=0.005)
        before = kill_host(host, save, clients)
        again = spawn("host", "--resume", str(save), *common)  # the save says which game
        procs.append(again)
        assert host_port(again) == port
        assert again.stdout is not None
        hosting = again.stdout.readline()
        results = [finish(c) for c in clients]
        code, out, err = finish(again)
        assert code == 0, err
        early = "".join(again.early)  # type: ignore[attr-defined]
        assert f"resumed {save} at action {len(before)}\n" in early + out
        assert "fantasy_realms base+cursed_items for 2" in hosting
        assert_reconnected(results)
        rec, st = replay(save)
        assert rec.game == "fantasy_realms" and st.phase == "over" and rec.actions[:len(before)] == before
        assert output_lines(out, "state_hash:") == [st.state_hash()]
    finally:
        kill_all(*procs)
        proxy.close()
    assert checked_streams(proxy) > 20


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
