"""The LAN host's and client's timers, on a clock the test moves (fake_clock.py): a
stranger's hello, a silent peer, the heartbeat, a seat dropped in the lobby opened
again, a dropped seat taken over by an AI, a client's reconnection window. The host
is turned step by step on the test's thread; only the sockets' bytes are real. One
test runs the same timer on the real clock (the host's default)."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

from game.net.client import RemoteClient
from game.net.host import HostConfig, NetHost
from tests.net.fake_clock import FakeClock


def _host(tmp_path: Path, seats: list[str], clock: FakeClock | None, **kw: Any) -> NetHost:
    options: dict[str, Any] = {"port": 0, "bind": "127.0.0.1", "discovery_port": None, "autostart": False,
                               "save": tmp_path / "s.json", "ai_inline": True, **kw}
    if clock is not None:
        options["clock"] = clock
    return NetHost(HostConfig(seats=seats, **options))


class Raw:
    """A connection that speaks only when told, and keeps what the host sends."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setblocking(False)
        self.seq = 0
        self.got: list[dict[str, Any]] = []
        self.closed = False
        self._buf = b""

    def say(self, msg: dict[str, Any]) -> None:
        self.seq += 1
        self.sock.sendall(json.dumps({**msg, "seq": self.seq}).encode() + b"\n")

    def read(self) -> None:
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    self.closed = True
                    break
                self._buf += chunk
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self.closed = True
        *lines, self._buf = self._buf.split(b"\n")
        self.got += [json.loads(line) for line in lines]

    def types(self) -> list[str]:
        return [m["type"] for m in self.got]

    def close(self) -> None:
        self.sock.close()


def _turn(host: NetHost, *raws: Raw, turns: int = 3) -> None:
    """A few turns of the host's loop (the bytes cross loopback between them)."""
    for _ in range(turns):
        host.step(0.005)
        for r in raws:
            r.read()


def _until(host: NetHost, done: Any, *raws: Raw) -> None:
    """Turn the host until ``done()`` (the sockets' bytes take real, if tiny, time; far
    less than any timer of these tests, so a host reading the real clock fails them)."""
    end = time.monotonic() + 2
    while not done():
        assert time.monotonic() < end, [r.got[-3:] for r in raws]
        _turn(host, *raws, turns=1)


def _joined(host: NetHost, name: str, **hello: Any) -> Raw:
    r = Raw(host.port)
    r.say({"type": "hello", "version": 2, "name": name, **hello})
    _until(host, lambda: "welcome" in r.types(), r)
    return r


def test_a_stranger_who_never_says_hello_is_dropped_after_the_hello_timeout(tmp_path: Path) -> None:
    clock = FakeClock()
    host = _host(tmp_path, ["remote", "remote"], clock, hello_timeout=5.0)
    stranger = Raw(host.port)
    try:
        _until(host, lambda: len(host.peers) == 1)
        clock.advance(4.9)
        _turn(host, stranger)
        assert len(host.peers) == 1 and "error" not in stranger.types()  # pinged (the heartbeat), kept
        clock.advance(0.2)
        _until(host, lambda: stranger.closed, stranger)
        errors = [(m["code"], m["reason"]) for m in stranger.got if m["type"] == "error"]
        assert errors == [("timeout", "no hello in time")]
        assert not host.peers
    finally:
        stranger.close()
        host.close()


def test_a_quiet_player_is_pinged_every_heartbeat_and_a_silent_one_dropped_after_the_timeout(tmp_path: Path) -> None:
    clock = FakeClock()
    host = _host(tmp_path, ["remote", "remote"], clock, heartbeat=2.0, timeout=10.0)
    ana = _joined(host, "Ana")
    try:
        for _ in range(4):  # quiet but answering: each ping answered keeps the seat
            before = len(ana.got)
            clock.advance(2.1)
            _until(host, lambda since=before: "ping" in ana.types()[since:], ana)
            _turn(host, ana)
            pings = [m for m in ana.got[before:] if m["type"] == "ping"]
            assert len(pings) == 1 and pings[0]["t"] == clock.now()
            ana.say({"type": "pong", "t": pings[0]["t"]})
            _turn(host, ana)
        assert host.seats[0].connected and not ana.closed
        clock.advance(9.9)  # now silent: pinged, and kept until the timeout
        _turn(host, ana)
        assert host.seats[0].connected and not ana.closed
        clock.advance(0.2)
        _until(host, lambda: ana.closed, ana)
        assert ("error", "timeout") in [(m["type"], m.get("code")) for m in ana.got]
        assert host.snapshot()["seats"][0]["status"] == "waiting"
    finally:
        ana.close()
        host.close()


def test_a_seat_whose_player_left_the_lobby_without_a_word_opens_after_the_timeout(tmp_path: Path) -> None:
    clock = FakeClock()
    lines: list[str] = []
    host = _host(tmp_path, ["remote", "remote"], clock, timeout=10.0, log=lines.append)
    ana = _joined(host, "Ana", seat=1)
    try:
        ana.close()  # the cable, not a bye
        _until(host, lambda: host.seats[1].status() == "waiting")
        clock.advance(9.9)
        _turn(host)
        assert host.seats[1].status() == "waiting"
        clock.advance(0.2)
        _turn(host)
        assert host.seats[1].status() == "open" and host.snapshot()["seats"][1]["status"] == "open"
        assert "seat 1: Ana did not come back; the seat is open again" in lines
    finally:
        host.close()


def test_a_seat_dropped_in_a_game_is_played_by_the_ai_after_takeover_after(tmp_path: Path) -> None:
    clock = FakeClock()
    host = _host(tmp_path, ["remote", "random"], clock, takeover_after=60.0, takeover_agent="random",
                 autostart=True, seed=5)
    ana = _joined(host, "Ana")
    try:
        ana.say({"type": "ready", "ready": True})
        _until(host, lambda: host.phase == "playing", ana)
        ana.close()
        _until(host, lambda: host.seats[0].status() == "waiting")
        clock.advance(45.0)
        _turn(host)
        assert host.snapshot()["seats"][0]["takeover_in"] == 15.0 and not host.seats[0].taken_over
        clock.advance(15.1)
        _turn(host)
        assert host.seats[0].taken_over and host.snapshot()["seats"][0]["status"] == "ai"
        assert host.session is not None
        n = len(host.session.record.actions)
        _until(host, lambda: host.session is not None and (len(host.session.record.actions) > n + 5
                                                           or host.session.over))
    finally:
        host.close()


def test_a_client_waits_for_its_host_the_reconnection_window_then_gives_up(tmp_path: Path) -> None:
    clock = FakeClock()
    host = _host(tmp_path, ["remote", "remote"], clock)
    client = RemoteClient("127.0.0.1", host.port, "Ana", reconnect_window=120.0, clock=clock)
    try:
        end = time.monotonic() + 5
        while client.status != "lobby":
            assert time.monotonic() < end, client.closed_reason
            host.step(0.005)
            client.pump(0.005)
        for peer in list(host.peers.values()):  # the host's machine is gone, without a word
            peer.conn.close()
        host.close_sockets()
        end = time.monotonic() + 5
        while client.status != "reconnecting":
            assert time.monotonic() < end, client.status
            client.pump(0.005)
        for _ in range(119):
            clock.advance(1.0)
            client.pump(0.0)
        assert client.status == "reconnecting" and client.reconnects > 1
        clock.advance(2.5)
        client.pump(0.0)
        assert client.status == "closed" and "lost the connection to" in (client.closed_reason or "")
    finally:
        client.close()
        if not host._closed:
            host.close()


def test_on_the_real_clock_a_stranger_who_never_says_hello_is_dropped(tmp_path: Path) -> None:
    """The host's default clock is the system's: the same timer, really waited for."""
    host = _host(tmp_path, ["remote", "remote"], None, hello_timeout=0.3)
    stranger = Raw(host.port)
    try:
        start = time.monotonic()
        _until(host, lambda: stranger.closed, stranger)
        assert time.monotonic() - start >= 0.3
        assert [(m["type"], m["code"]) for m in stranger.got] == [("error", "timeout")]
    finally:
        stranger.close()
        host.close()
