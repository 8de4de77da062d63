"""The host's listener when ``accept`` fails, and the budget of sockets it holds.

A host driven step by step on the test's thread; its listening socket is wrapped
so that ``accept`` fails as it does in a process with no descriptor left. Its back-off
runs on a clock the test moves (fake_clock.py): a second of pauses takes no second.
"""

from __future__ import annotations

import errno
import json
import selectors
import socket
import time
from pathlib import Path
from typing import Any

from game.net.host import HostConfig, NetHost
from game.net.limits import FD_HEADROOM, Backoff, LogThrottle, socket_budget
from game.net.server import LineServer
from tests.net.fake_clock import FakeClock


def _host(tmp_path: Path, lines: list[str], clock: FakeClock | None = None) -> NetHost:
    more: dict[str, Any] = {"clock": clock} if clock is not None else {}
    return NetHost(HostConfig(seats=["remote", "remote"], port=0, bind="127.0.0.1", discovery_port=None,
                              save=tmp_path / "s.json", ai_inline=True, log=lines.append, **more))


class OutOfDescriptors:
    """The host's listener, whose ``accept`` fails with EMFILE while ``failing`` (and,
    with ``reserve_helps``, succeeds while the host has given up its reserve descriptor)."""

    def __init__(self, host: LineServer, reserve_helps: bool) -> None:
        self.host = host
        self.real = host.listener
        self.reserve_helps = reserve_helps
        self.failing = True
        self.calls = 0
        host.sel.unregister(self.real)
        host.listener = self  # type: ignore[assignment]
        host.sel.register(self, selectors.EVENT_READ, "listen")

    def fileno(self) -> int:
        return self.real.fileno()

    def accept(self) -> tuple[socket.socket, Any]:
        self.calls += 1
        if self.failing and not (self.reserve_helps and self.host._reserve.fd is None):
            raise OSError(errno.EMFILE, "Too many open files")
        return self.real.accept()

    def close(self) -> None:
        self.real.close()


def _run(host: NetHost, clock: FakeClock, seconds: float) -> None:
    """Turn the host's loop through ``seconds`` of its clock, 10 ms a turn."""
    for _ in range(round(seconds / 0.01)):
        clock.advance(0.01)
        host.step(0.0)


def test_accept_failures_back_off_instead_of_spinning_and_are_logged_once(tmp_path: Path) -> None:
    lines: list[str] = []
    clock = FakeClock()
    host = _host(tmp_path, lines, clock)
    listener = OutOfDescriptors(host, reserve_helps=False)
    waiting = socket.create_connection(("127.0.0.1", host.port))  # in the backlog: the listener stays ready
    try:
        _run(host, clock, 1.0)
        assert listener.calls < 30  # the delay doubles from 50 ms to 1 s (a spinning loop: thousands)
        assert [line for line in lines if "accept failed" in line] == ["problem: accept failed: Too many open files"]
        listener.failing = False
        _run(host, clock, 1.2)  # the listener is watched again within the longest pause
        assert len(host.peers) == 1 and host._accept_backoff.delay == 0.0
    finally:
        waiting.close()
        host.close()


def test_out_of_descriptors_the_reserve_one_takes_the_waiting_connection_and_closes_it(tmp_path: Path) -> None:
    lines: list[str] = []
    host = _host(tmp_path, lines)
    OutOfDescriptors(host, reserve_helps=True)
    waiting = socket.create_connection(("127.0.0.1", host.port))
    try:
        waiting.settimeout(2)
        host.step(0.5)
        try:
            assert waiting.recv(100) == b""  # closed by the host, unserved
        except ConnectionResetError:
            pass
        assert host._reserve.fd is not None and not host.peers
    finally:
        waiting.close()
        host.close()


def test_the_sockets_held_stay_within_the_budget_and_a_player_still_joins(tmp_path: Path) -> None:
    lines: list[str] = []
    host = _host(tmp_path, lines)
    host.socket_budget = 12
    flood: list[socket.socket] = []
    try:
        most = 0
        for _ in range(60):
            flood.append(socket.create_connection(("127.0.0.1", host.port)))
            host.step(0.0)
            most = max(most, host.held_sockets())
        host.step(0.05)
        most = max(most, host.held_sockets())
        assert most <= 12
        with socket.create_connection(("127.0.0.1", host.port)) as player:
            player.sendall(b'{"type":"hello","seq":1,"version":2,"name":"Ana"}\n')
            player.settimeout(0.05)
            got = b""
            end = time.monotonic() + 3
            while b"\n" not in got and time.monotonic() < end:
                host.step(0.01)
                try:
                    got += player.recv(65536)
                except TimeoutError:
                    pass
            assert json.loads(got.split(b"\n")[0])["type"] == "welcome"
        assert not any("problem" in line for line in lines), lines
    finally:
        for s in flood:
            s.close()
        host.close()


def test_refusals_of_a_flood_of_hellos_are_logged_in_a_few_lines(tmp_path: Path) -> None:
    lines: list[str] = []
    host = _host(tmp_path, lines)
    answers: list[bytes] = []
    try:
        for i in range(30):
            with socket.create_connection(("127.0.0.1", host.port)) as s:
                s.sendall(b'{"type":"hello","seq":1,"version":2,"name":"x","token":"%d"}\n' % i)
                s.settimeout(0.005)
                got = b""
                end = time.monotonic() + 2
                while b"\n" not in got and time.monotonic() < end:
                    host.step(0.01)
                    try:
                        got += s.recv(4096)
                    except TimeoutError:
                        pass
                answers.append(got)
        assert all(b'"bad_token"' in a for a in answers)
        assert len([line for line in lines if line.startswith("refused")]) == 1, lines
    finally:
        host.close()


def test_the_budget_leaves_headroom_below_the_descriptor_limit() -> None:
    assert socket_budget(1024) == 768
    assert socket_budget(256) == 256 - FD_HEADROOM - 16
    assert socket_budget(100) == 100 - FD_HEADROOM
    assert socket_budget(20) == 8
    assert 8 <= socket_budget() < 1 << 16


def test_the_backoff_doubles_to_a_ceiling_and_resets() -> None:
    b = Backoff(0.05, 1.0)
    assert [b.failed() for _ in range(7)] == [0.05, 0.1, 0.2, 0.4, 0.8, 1.0, 1.0]
    b.succeeded()
    assert b.failed() == 0.05


def test_a_repeated_failure_is_logged_once_then_counted() -> None:
    said: list[str] = []
    log = LogThrottle(said.append, every=5.0)
    for i in range(1000):
        log.note(f"accept failed {i}", now=100.0 + i / 1000)
    assert said == ["accept failed 0"]
    log.tick(104.0)
    assert len(said) == 1
    log.tick(105.0)
    assert said[1] == "accept failed 999 (the last of 999 in 5 s)"
    log.tick(200.0)
    log.note("accept failed again", now=200.0)
    assert said[2:] == ["accept failed again"]
