"""Shared pieces of the byte-capture tests (the leak tests net/test_leak.py for Hero
Realms and net/fantasy_realms/test_leak.py for Fantasy Realms; the tests whose clients are
other processes): a whole game captured on the wire to one seat, its messages checked
against the protocol and the published schemas, the views and events rebuilt from them,
and the differential replay that perturbs what the seat may not see."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game.core.errors import IllegalActionError
from game.net.api import HostHandle
from game.net.client import RemoteClient
from game.net.protocol import HOST_FIELDS, MAX_HOST_MESSAGE, apply_patch, view_hash
from tests.net.net_helpers import Player, Proxy, drive
from tests.schema_helpers import check_events, check_setup, check_view


def captured_game(handle: HostHandle, seat: int, timeout: float) -> bytes:
    """Seats 0 and ``seat`` played by agents to the end; what the host sent ``seat``,
    byte for byte (through a recording proxy)."""
    proxy = Proxy(handle.port)
    players = [Player(RemoteClient("127.0.0.1", handle.port, "A", seat=0), seed=1),
               Player(RemoteClient("127.0.0.1", proxy.port, "B", seat=seat), seed=2)]
    try:
        drive(players, lambda: all(p.client.over for p in players), timeout=timeout)
        for p in players:
            p.client.close()
        raw = bytes(proxy.to_client)
    finally:
        for p in players:
            p.client.close()
        proxy.close()
        handle.stop()
    return raw


def documented_messages(raw: bytes) -> list[dict[str, Any]]:
    """Every line on the wire, checked to be a documented message with only its
    documented fields, numbered from 1 without a gap; the setup fields of ``welcome``
    and ``lobby`` and every event checked against the game's published schemas."""
    messages = []
    game = None
    for line in raw.split(b"\n")[:-1]:
        assert len(line) + 1 <= MAX_HOST_MESSAGE
        msg = json.loads(line)
        assert msg["type"] in HOST_FIELDS, msg["type"]
        assert set(msg) <= {"type", "seq", *HOST_FIELDS[msg["type"]]}, msg
        if msg["type"] in ("welcome", "lobby"):
            check_setup(msg)
            game = msg["game"]
        if msg["type"] in ("view", "update"):
            assert game is not None, "a view before the welcome"
            check_events(game, msg["events"])
        messages.append(msg)
    assert [m["seq"] for m in messages] == list(range(1, len(messages) + 1))
    return messages


def rebuilt(messages: list[dict[str, Any]]) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """The seat's views (by action count) and events, rebuilt from the stream; each view
    checked against the hash the host sent with it and against its game's schema."""
    views: dict[int, dict[str, Any]] = {}
    events: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for m in messages:
        if m["type"] == "view":
            current = m["view"]
        elif m["type"] == "update":
            current = apply_patch(current, m["patch"])
        else:
            continue
        assert view_hash(current) == m["view_hash"]
        check_view(current)  # the published schema of its game (game/<game>/schema/view.json)
        views[m["n"]] = current
        events += m["events"]
    return views, events


def checked_streams(proxy: Proxy) -> int:
    """Every connection that went through ``proxy`` (a client process's, which the test
    cannot hook like its own clients), checked by :func:`documented_messages` and
    :func:`rebuilt`: each message documented, each setup, event and view valid for the
    published schemas. Call it once the proxy is closed; returns how many views were checked."""
    views = 0
    for stream in proxy.streams:
        messages = documented_messages(bytes(stream))
        rebuilt(messages)
        views += sum(m["type"] in ("view", "update") for m in messages)
    return views


def replayed_against(local: Any, actions: list[str], views: dict[int, dict[str, Any]], seat: int,
                     perturbed: Callable[[Any], Any], others: list[int],
                     searching: Callable[[Any], bool] = lambda _st: False) -> tuple[list[dict[str, Any]], int, int]:
    """Replay ``actions`` on ``local``: every view the stream gave must be ``local.view(seat)``
    and, after each action, a clone with other hidden cards (``perturbed``) must show
    ``seat`` the same view. Returns the engine's events redacted for ``seat``, how many
    perturbed clones were compared, and how many of them ``others`` saw differ."""
    expected_events: list[dict[str, Any]] = []
    perturbed_checks = own_changes = 0
    assert views[0] == local.view(seat)
    for n, line in enumerate(actions, start=1):
        twin = perturbed(local)  # other hidden cards before the action: the game goes on from both
        shown = [e.redacted_for(seat).to_dict() for e in local.apply(line)]
        expected_events += shown
        if n in views:
            assert views[n] == local.view(seat), f"view after action {n}"
        if twin is not None:
            # what the action leads to (who is asked next, which prompt opens) must not hang on
            # the other hands: the same line, where the twin allows it and nothing it shows
            # differs (a revealed card is shown to all), leaves the seat the same view
            try:
                twin_shown = [e.redacted_for(seat).to_dict() for e in twin.apply(line)]
            except IllegalActionError:
                twin_shown = None  # a move of a hidden card the twin does not hold
            if twin_shown == shown and not searching(local):  # (``searching``: the seat is shown a hidden pile)
                assert twin.view(seat) == local.view(seat), f"the other hands decide what follows action {n} ({line})"
        # the seat's view does not depend on the hidden cards
        other = perturbed(local)
        if other is not None:
            assert other.state_hash() != local.state_hash()
            assert other.view(seat) == local.view(seat), f"hidden cards show in the view after action {n}"
            perturbed_checks += 1
            own_changes += any(other.view(s) != local.view(s) for s in others)  # the owners do see it
    return expected_events, perturbed_checks, own_changes


def all_keys(doc: Any, out: set[str] | None = None) -> set[str]:
    """Every key of every mapping in ``doc``, at any depth."""
    out = set() if out is None else out
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.add(k)
            all_keys(v, out)
    elif isinstance(doc, list):
        for v in doc:
            all_keys(v, out)
    return out
