"""An action sent on a connection that has just died is never waited for in silence
(issue 49.1): across real processes, a host is killed (kill -9) while its client must act,
the client's heartbeat touches the dead socket, the player sends a line, and the host comes
back with ``--resume``. The client then reports the line lost at the view it was chosen
on, so its player (or the table) chooses again, and the game goes on; for every game."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from game.net.client import RemoteClient, wait_any
from tests.net.net_helpers import free_port, host_port, kill_all, resume_args, spawn

GAMES = {
    "hero_realms": ["--seats", "remote,random"],
    "fantasy_realms": ["--seats", "remote,random"],
    "herosdei": ["--seats", "remote,easy", "--format", "initiation"],
}


def pump_until(client: RemoteClient, cond: object, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not cond():  # type: ignore[operator]
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}: status {client.status}, n {client.n}, "
                                 f"rejected {client.rejected}, errors {client.errors()}")
        wait_any([client], 0.02)


def my_move(client: RemoteClient) -> bool:
    return client.status == "ok" and bool(client.view().get("legal"))


def kill_while_my_move(game: str, save: Path, port: int) -> tuple[object, RemoteClient]:
    """A host of ``game`` with this test's client at seat 0, killed outright while the
    client must act; the client's next send goes to a dead socket."""
    host = spawn("host", "--game", game, *GAMES[game], "--seed", "3", "--save", str(save), "--no-takeover",
                 *resume_args(port))
    host_port(host)
    client = RemoteClient("127.0.0.1", port, "Ana", reconnect_window=60)
    try:
        pump_until(client, lambda: client.status in ("lobby", "ok"), 10, "the lobby")
        client.set_ready(True)
        pump_until(client, lambda: my_move(client), 30, "the client's move")
    except BaseException:
        client.close()
        kill_all(host)
        raise
    host.send_signal(signal.SIGKILL)
    host.wait()
    time.sleep(0.2)  # the host's end of the socket is closed by the kernel
    # one message on the dead socket, as the heartbeat sends one: the peer answers it with
    # a reset, so the next send fails
    client._send({"type": "ping", "t": time.monotonic()})
    time.sleep(0.2)
    return host, client


@pytest.mark.parametrize("game", list(GAMES))
def test_an_action_sent_as_the_host_dies_is_reported_lost_after_the_resume(game: str, tmp_path: Path) -> None:
    save, port = tmp_path / "game.json", free_port()
    host, client = kill_while_my_move(game, save, port)
    again = None
    try:
        n = client.n
        line = client.view()["legal"][0]
        client.submit(client.seat or 0, line)  # the connection dies under this send
        again = spawn("host", "--resume", str(save), "--no-takeover", *resume_args(port))
        host_port(again)
        pump_until(client, lambda: client.rejected is not None or client.n > n, 20,
                   "the lost action to be reported after the resume")
        assert client.n == n and client.rejected is not None and client.rejected[:2] == (n, "lost")
        # the player chooses again from the resumed view, and the game goes on
        client.rejected = None
        client.submit(client.seat or 0, client.view()["legal"][0])
        pump_until(client, lambda: client.n > n, 20, "the action chosen again to be applied")
        assert client.rejected is None
    finally:
        client.close()
        kill_all(host, *([again] if again is not None else []))
