"""Shared pieces of the LAN tests: an in-thread host, clients played by agents,
the schema checks every client of a test makes on what it receives, and a loopback
TCP proxy that records every byte and can cut the cable."""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.ai.agent import make_agent
from game.net.api import HostHandle, host_in_background
from game.net.client import RemoteClient, wait_any
from game.net.host import HostConfig
from game.net.protocol import view_hash
from tests.schema_helpers import check_events, check_setup, check_view

ROOT = Path(__file__).resolve().parents[2]


def start_host(tmp: Path, seats: list[str], seed: int | None = 0, **kw: Any) -> HostHandle:
    options: dict[str, Any] = {"port": 0, "bind": "127.0.0.1", "discovery_port": None,
                               "save": tmp / "autosave.json", "ai_inline": True, **kw}
    return host_in_background(HostConfig(seats=seats, seed=seed, **options))


class Player:
    """A RemoteClient whose seat is played by an agent, driven by :func:`drive`.
    The agent is made for the game the host announces (``client.game``). What the
    client receives is checked against the schemas by :func:`check_what_clients_receive`."""

    def __init__(self, client: RemoteClient, agent: str = "random", seed: int = 0, play: bool = True) -> None:
        self.client = client
        self.play = play
        self.agent_name = agent
        self.seed = seed
        self.agent: Any = None
        self.sent_at: int | None = None
        self.batches: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.errors: list[str] = []
        self.statuses: list[str] = []
        self.ready_sent = False

    def step(self) -> None:
        c = self.client
        batches = c.poll()
        self.batches += batches
        self.errors += c.errors() + [str(r) for r in c.refused()]
        if not self.statuses or self.statuses[-1] != c.status:
            self.statuses.append(c.status)
        if c.status == "lobby" and not self.ready_sent:
            c.set_ready(True)
            self.ready_sent = True
        if self.agent is None and c.game is not None:
            self.agent = make_agent(self.agent_name, self.seed, c.game)
        view = c.view()
        if self.play and self.agent is not None and c.status == "ok" and view.get("legal") and (self.sent_at != c.n or self._rejected()):
            c.submit(c.seat or 0, self.agent.choose(view, view["legal"]))
            self.sent_at = c.n

    def _rejected(self) -> bool:
        r = self.client.rejected
        if r is not None and r[0] == self.sent_at:
            self.client.rejected = None
            return True
        return False


def check_what_clients_receive(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on every RemoteClient checks what it receives against its game's published
    schemas (game/<game>/schema): the setup fields of each ``welcome`` and ``lobby``,
    every event, and every view it comes to hold, each patched one (with its prompt)
    and not only the latest at a poll. A failure raises where the message is handled
    and is also added to the returned list, for a test whose client runs where an
    exception could go unseen."""
    failures: list[str] = []

    def checked(handler: Callable[[RemoteClient, dict[str, Any]], None],
                check: Callable[[RemoteClient, dict[str, Any], dict[str, Any]], None]) -> Any:
        def on_message(client: RemoteClient, msg: dict[str, Any]) -> None:
            held = client._view
            handler(client, msg)
            try:
                check(client, msg, held)
            except Exception as exc:  # a KeyError of a malformed view is a schema failure too
                failures.append(f"{msg.get('type')} to seat {client.seat}: {exc}")
                raise AssertionError(failures[-1]) from exc
        return on_message

    def setup(client: RemoteClient, msg: dict[str, Any], held: dict[str, Any]) -> None:
        check_setup(msg)

    def view(client: RemoteClient, msg: dict[str, Any], held: dict[str, Any]) -> None:
        check_events(str(client.game), msg.get("events") or [])
        if client._view is not held:  # a view taken (a patch that missed its hash is not)
            check_view(client._view, client.seat, revealed=msg.get("reason") == "reveal")

    for kind, check in (("welcome", setup), ("lobby", setup), ("view", view), ("update", view)):
        name = f"_on_{kind}"
        monkeypatch.setattr(RemoteClient, name, checked(getattr(RemoteClient, name), check))
    return failures


def drive(players: list[Player], until: Any, timeout: float = 60.0) -> None:
    """Step every player until ``until()`` is true; fails after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not until():
        if time.monotonic() > end:
            raise AssertionError(f"timed out; statuses {[p.client.status for p in players]}, "
                                 f"n {[p.client.n for p in players]}, errors {[p.errors[-3:] for p in players]}")
        wait_any([p.client for p in players], 0.005)
        for p in players:
            p.step()


def replay(save: Path) -> Any:
    """(record, state) of the autosave's game (either game) replayed from its setup
    (seed) and actions; loading checks the replay reaches the saved state hash."""
    return games.load(save)


class Proxy:
    """A TCP proxy on loopback: records what the host sends (``to_client``, and each
    link's bytes apart in ``streams``), and can cut every link. A client that connects
    while the host is down is disconnected, as the host's closed port would."""

    def __init__(self, target_port: int, to_host: Callable[[bytes], bytes] | None = None) -> None:
        self.target = ("127.0.0.1", target_port)
        self.to_host = to_host  # rewrites each whole line a client sends (the newline included)
        self._partial: dict[int, bytes] = {}  # a client's bytes after its last newline, when rewriting
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.to_client = bytearray()
        self.streams: list[bytearray] = []
        self.links: list[tuple[socket.socket, socket.socket]] = []
        self.blocked = False
        self._stop = False
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        self.server.setblocking(False)
        sel.register(self.server, selectors.EVENT_READ, None)
        while not self._stop:
            for key, _ in sel.select(0.05):
                if key.data is None:
                    try:
                        a, _ = self.server.accept()
                    except OSError:
                        continue
                    if self.blocked:
                        a.close()
                        continue
                    try:
                        b = socket.create_connection(self.target)
                    except OSError:
                        a.close()
                        continue
                    stream = bytearray()
                    with self._lock:
                        self.links.append((a, b))
                        self.streams.append(stream)
                    sel.register(a, selectors.EVENT_READ, (a, b, None))
                    sel.register(b, selectors.EVENT_READ, (b, a, stream))
                    continue
                src, dst, stream = key.data
                try:
                    data = src.recv(65536)
                except OSError:
                    data = b""
                if not data or self.blocked:
                    for s in (src, dst):
                        try:
                            sel.unregister(s)
                        except (KeyError, ValueError):
                            pass
                        s.close()
                    continue
                if stream is not None:
                    self.to_client += data
                    stream += data
                elif self.to_host is not None:
                    data = self._rewrite(src, data)
                try:
                    dst.sendall(data)
                except OSError:
                    pass
        sel.close()

    def _rewrite(self, src: socket.socket, data: bytes) -> bytes:
        assert self.to_host is not None
        held = self._partial.pop(src.fileno(), b"") + data
        *lines, rest = held.split(b"\n")
        if rest:
            self._partial[src.fileno()] = rest
        return b"".join(self.to_host(line + b"\n") for line in lines)

    def cut(self) -> None:
        """Pull the cable: every current link is closed (both ends see it)."""
        with self._lock:
            links, self.links = self.links, []
        for a, b in links:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._stop = True
        self.cut()
        self.thread.join(2)
        self.server.close()

    def __enter__(self) -> Proxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---- real processes ---------------------------------------------------------------------
def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")


def spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def host_port(proc: subprocess.Popen[str]) -> int:
    """The port a host process listens on; the lines before it go to ``proc.early``."""
    assert proc.stdout is not None
    early: list[str] = []
    for line in proc.stdout:
        if line.startswith("listening on "):
            proc.early = early  # type: ignore[attr-defined]
            return int(line.rsplit(":", 1)[1])
        early.append(line)
    raise AssertionError(f"the host did not start: {''.join(early)}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def output_lines(text: str, prefix: str) -> list[str]:
    return [line[len(prefix):].strip() for line in text.splitlines() if line.startswith(prefix)]


def save_actions(save: Path) -> list[str]:
    """The action lines of a save a host process is writing ([] while it is unreadable)."""
    try:
        return list(json.loads(save.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return []


def wait_for(check: Callable[[], bool], timeout: float, what: str, every: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(every)


def finish(proc: subprocess.Popen[str], timeout: float = 60) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a process that must end by itself within ``timeout``."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"process did not end: {out[-2000:]} {err[-2000:]}") from None
    return proc.returncode, out, err


def kill_all(*procs: subprocess.Popen[str]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.communicate()


def resume_args(port: int) -> list[str]:
    """A host's options for the kill-and-resume tests: a fixed port (its clients come
    back to it), quick timeouts, AI inline."""
    return ["--port", str(port), "--bind", "127.0.0.1", "--no-discovery", "--ai-inline", "--timeout", "3",
            "--heartbeat", "0.5"]


def reconnecting_clients(port: int) -> list[subprocess.Popen[str]]:
    """Two headless random clients that wait up to a minute for a lost host."""
    return [spawn("join", f"127.0.0.1:{port}", "--agent", "random", "--headless", "--ai-inline",
                  "--seed", str(i), "--reconnect", "60") for i in range(2)]


def kill_host(host: subprocess.Popen[str], save: Path, clients: list[subprocess.Popen[str]]) -> list[str]:
    """Kill the host process outright; the actions of its autosave then. Its seats file
    stays beside the save, and its clients wait for it."""
    host.send_signal(signal.SIGKILL)
    host.wait()
    before = save_actions(save)
    assert (save.parent / (save.name + ".lan.json")).exists()
    time.sleep(0.5)
    assert all(c.poll() is None for c in clients)  # the clients wait for the host
    return before


def assert_reconnected(results: list[tuple[int, str, str]]) -> None:
    for c_code, c_out, c_err in results:
        assert c_code == 0, c_err
        assert "connection lost: reconnecting" in c_out and "reconnected at action" in c_out


def assert_clients_end_as(results: list[tuple[int, str, str]], host_out: str, st: Any) -> None:
    """Each headless client ended well, with the host's winner and its seat's view of ``st``."""
    winner = output_lines(host_out, "winner:")
    for c_code, c_out, c_err in results:
        assert c_code == 0, c_err
        assert output_lines(c_out, "winner:") == winner
        seat = int(output_lines(c_out, "joined")[0].split("as seat ")[1].split()[0])
        assert output_lines(c_out, "view_hash:") == [view_hash(st.view(seat))]
