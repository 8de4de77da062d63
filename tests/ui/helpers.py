"""Driving the table headless: an app at instant speed, positions, input events, the
buttons of a scene by their label, and the LAN join screens up to a lobby."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from game.hero_realms.record import Record
from game.session import local as games
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.hero_realms.table import TableScene


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1)


def move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [move(pos), down(pos), up(pos)])


def drag(app: App, a: tuple[int, int], b: tuple[int, int]) -> None:
    app.step(1 / 60, [move(a), down(a)])
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    app.step(1 / 60, [move(mid)])
    app.step(1 / 60, [move(b)])
    app.step(1 / 60, [up(b)])


def press(app: App, k: int, mod: int = 0) -> None:
    app.step(1 / 60, [key(k, mod)])


def button(app: App, scene: Any, key: str) -> Any:
    """The widget of ``scene`` labelled with the string ``key``."""
    return next(b for b in scene.group.widgets if getattr(b, "label", "") == app.tr(key))


def click_button(app: App, scene: Any, key: str) -> None:
    click(app, button(app, scene, key).rect.center)


def frames_until(app: App, cond: Callable[[], bool], timeout: float = 20.0) -> None:
    """Run frames (a LAN game's messages travel in real time) until ``cond()``."""
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60, [])
        time.sleep(0.005)


def started(*clients: Any, timeout: float = 20.0) -> None:
    """LAN clients that say they are ready in the lobby, until the host's game starts for all."""
    end = time.monotonic() + timeout
    while not all(c.phase == "playing" for c in clients):
        assert time.monotonic() < end, "the game did not start"
        for c in clients:
            c.poll()
            if c.status == "lobby":
                c.set_ready(True)
        time.sleep(0.01)


def join_lobby(app: App, port: int) -> Any:
    """From the title, the join screen to the host on ``port``: its lobby, once it shows."""
    from game.ui.scenes.lan import JoinScene, LobbyScene
    from game.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    join = JoinScene(app)
    app.push(join)
    app.step(1 / 60, [])
    join._set_address(f"127.0.0.1:{port}")
    join.join_typed()
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.client.status == "lobby")
    app.step(1 / 60, [])
    return lobby


def settle(app: App, table: TableScene, limit: int = 400) -> None:
    """Run frames until the table shows the latest state."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if table.director.idle and table.synced and not table._pending() and not table.auto:
            break
    app.step(1 / 60, [])


def position(players: list[dict[str, Any]], market: dict[str, Any] | None = None, **extra: Any) -> Record:
    doc: dict[str, Any] = {"format": "ffa", "seed": 1, "active": 0, "players": players}
    doc["market"] = market or {"row": ["spark", "dire_wolf", "orc_grunt", "profit", "bribe"], "deck": ["taxation", "influence"],
                               "fire_gems": 16}
    doc.update(extra)
    return Record.position(doc)


def open_table(app: App, rec: Record, kinds: list[str] | None = None) -> TableScene:
    kinds = kinds or ["human", "ai"]
    seats = [SeatConfig(k, f"P{i}", "random") for i, k in enumerate(kinds)]
    client = games.start(rec, seats, inline_ai=True, ai_pace=0)
    table = TableScene(app, client, [s.name for s in seats], kinds, rec=rec)
    app.reset(table)
    settle(app, table)
    return table


def actions(table: TableScene) -> list[str]:
    return list(table.client.session.record.actions)
