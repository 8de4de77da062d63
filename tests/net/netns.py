"""Machines for the LAN tests: Linux network namespaces joined by veth pairs.

Each namespace is a machine with its own adapters, addresses, routes and ports; a veth
pair is a cable between two of them. Addresses are in 198.18.0.0/15 (set aside for
benchmarking networks, RFC 2544) and exist only inside the namespaces. Making them needs
root and iproute2: where the system refuses, :func:`lab` skips the test with the reason.
Programs run in a machine with ``ip netns exec`` as real processes, as on two computers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


class Lab:
    """The machines of one test, named after the test's process so that runs never meet."""

    def __init__(self) -> None:
        self.tag = f"rt{os.getpid() % 100000}"
        self.machines: list[str] = []
        self.cables = 0

    def machine(self, name: str) -> str:
        ns = f"{self.tag}-{name}"
        _ip("netns", "add", ns)
        self.machines.append(ns)
        _ip("-n", ns, "link", "set", "lo", "up")
        return ns

    def cable(self, a: str, a_addr: str, b: str, b_addr: str) -> tuple[str, str]:
        """A cable between machines ``a`` and ``b``, with an address (CIDR) at each end;
        the two adapters' names."""
        self.cables += 1
        ea, eb = f"v{self.cables}a", f"v{self.cables}b"
        _ip("link", "add", ea, "netns", a, "type", "veth", "peer", "name", eb, "netns", b)
        for ns, dev, addr in ((a, ea, a_addr), (b, eb, b_addr)):
            _ip("-n", ns, "addr", "add", addr, "dev", dev)
            _ip("-n", ns, "link", "set", dev, "up")
        return ea, eb

    def address(self, ns: str, dev: str, cidr: str) -> None:
        """One more address on ``dev`` (an IPv6 one usable at once: no duplicate detection)."""
        _ip("-n", ns, "addr", "add", cidr, "dev", dev, *(["nodad"] if ":" in cidr else []))

    def route(self, ns: str, via: str) -> None:
        """``ns``'s default route goes through ``via`` (the other adapter's side of the machine)."""
        _ip("-n", ns, "route", "add", "default", "via", via)

    def link(self, ns: str, dev: str, up: bool) -> None:
        """Plug ``dev`` of ``ns`` in or pull its cable out."""
        _ip("-n", ns, "link", "set", dev, "up" if up else "down")

    def run(self, ns: str, *args: str) -> subprocess.Popen[str]:
        """``python -m game ARGS`` on machine ``ns``."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                                text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def close(self) -> None:
        for ns in self.machines:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def why_not() -> str | None:
    """Why this machine cannot make network namespaces (None: it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if shutil.which("ip") is None:
        return "no ip command (iproute2)"
    probe = f"rtprobe{os.getpid() % 100000}"
    done = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        return f"ip netns add: {done.stderr.strip() or 'refused'}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


@contextmanager
def lab() -> Iterator[Lab]:
    """Machines for a test, removed after it; the test skips, saying why, where none can be made."""
    reason = why_not()
    if reason is not None:
        pytest.skip(f"no network namespaces here: {reason}")
    machines = Lab()
    try:
        yield machines
    finally:
        machines.close()


def listening(proc: subprocess.Popen[str], timeout: float = 20) -> int:
    """The TCP port a host process says it listens on."""
    assert proc.stdout is not None
    end = time.monotonic() + timeout
    seen: list[str] = []
    for line in proc.stdout:
        if line.startswith("listening on "):
            return int(line.rsplit(":", 1)[1])
        seen.append(line)
        if time.monotonic() > end:
            break
    raise AssertionError(f"the host did not start: {''.join(seen)}")


class Lines:
    """What a running process prints, read as it comes (a thread per stream), so that a
    test waits for a line the program says instead of sleeping for a guess."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.out: list[str] = []
        self.err: list[str] = []
        self._news = threading.Condition()
        self._readers = [threading.Thread(target=self._read, args=(stream, into), daemon=True)
                         for stream, into in ((proc.stdout, self.out), (proc.stderr, self.err))]
        for r in self._readers:
            r.start()

    def _read(self, stream: object, into: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            with self._news:
                into.append(line)
                self._news.notify_all()
        with self._news:
            self._news.notify_all()

    def text(self) -> str:
        with self._news:
            return "".join(self.out) + "".join(self.err)

    def wait_for(self, words: str, timeout: float) -> None:
        """Until the process prints a line holding ``words``; fails, showing what it printed,
        when it ends or ``timeout`` passes first."""
        end = time.monotonic() + timeout
        with self._news:
            while not any(words in line for line in self.out + self.err):
                left = end - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not any(r.is_alive() for r in self._readers)):
                    raise AssertionError(f"no line saying {words!r}: {(''.join(self.out + self.err))[-1500:]}")
                self._news.wait(min(left, 0.2))

    def finish(self, timeout: float) -> tuple[int, str, str]:
        """(exit status, stdout, stderr) of a process that must end by itself within ``timeout``."""
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"process did not end: {self.text()[-2000:]}") from None
        for r in self._readers:
            r.join(10)
        return code, "".join(self.out), "".join(self.err)
