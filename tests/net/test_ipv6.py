"""IPv6 and names: the host listens on IPv6 and IPv4 at once on every interface, and a
client tries each address a name resolves to (``localhost`` may give ::1 first, where a
host listens on IPv4 only), not the first alone."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest

from game.net.client import RemoteClient, wait_any
from tests.net.net_helpers import start_host


def _joined(client: RemoteClient, timeout: float = 10) -> bool:
    end = time.monotonic() + timeout
    while client.status not in ("lobby", "ok", "closed") and time.monotonic() < end:
        wait_any([client], 0.02)
        client.poll()
    return client.status in ("lobby", "ok")


def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


def test_a_host_on_every_interface_is_joined_by_ipv4_and_by_ipv6(tmp_path: Path) -> None:
    if not (_ipv6_loopback() and socket.has_dualstack_ipv6()):
        pytest.skip("no IPv6 loopback or no dual-stack sockets here")
    handle = start_host(tmp_path, ["remote", "remote"], bind="0.0.0.0")
    clients = [RemoteClient("127.0.0.1", handle.port, "Ana"), RemoteClient("::1", handle.port, "Ben")]
    try:
        assert all(_joined(c) for c in clients), [c.closed_reason for c in clients]
        end = time.monotonic() + 5  # the host's snapshot follows its loop
        while {s["name"] for s in handle.snapshot()["seats"]} != {"Ana", "Ben"}:
            assert time.monotonic() < end, handle.snapshot()["seats"]
            time.sleep(0.02)
    finally:
        for c in clients:
            c.close()
        handle.stop()


def test_a_client_tries_every_address_of_the_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    handle = start_host(tmp_path, ["remote", "random"], bind="127.0.0.1")  # IPv4 only
    real = socket.getaddrinfo

    def both(host: str, port: Any, *args: Any, **kw: Any) -> list[Any]:
        if host != "friend.lan":
            return real(host, port, *args, **kw)
        v4 = real("127.0.0.1", port, *args, **kw)
        v6: list[Any] = [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", port, 0, 0))] if _ipv6_loopback() else []
        # a name whose first address has no host behind it: nothing listens there
        dead: list[Any] = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.2", 1))]
        return [*v6, *dead, *v4]

    monkeypatch.setattr(socket, "getaddrinfo", both)
    client = RemoteClient("friend.lan", handle.port, "Ana")
    try:
        assert _joined(client), client.closed_reason
    finally:
        client.close()
        handle.stop()
