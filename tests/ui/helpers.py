"""Driving the table headless: an app at instant speed, positions, and input events."""

from __future__ import annotations

from typing import Any

import pygame

from game.hero_realms.record import Record
from game.session import SeatConfig
from game.ui import games
from game.ui.app import App
from game.ui.scenes.table import TableScene


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


def settle(app: App, table: TableScene, limit: int = 400) -> None:
    """Run frames until the table shows the latest state."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if table.director.idle and table.synced and not table._pending_batches() and not table.auto:
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
