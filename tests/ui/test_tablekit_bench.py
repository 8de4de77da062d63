"""The kit's table bench: a table run for paced frames, its figures and the events it animated."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui.tablekit.bench import measure_table


class _App:
    def __init__(self, table: SimpleNamespace) -> None:
        self.table = table
        self.closed = False

    def step(self, dt: float, events: list[object]) -> None:
        self.table.director.applied += 1  # an event animated each frame

    def close(self) -> None:
        self.closed = True


def test_measure_table_counts_frames_and_events_and_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    quits: list[bool] = []
    monkeypatch.setattr(pygame, "quit", lambda: quits.append(True))
    table = SimpleNamespace(director=SimpleNamespace(applied=0))
    app = _App(table)
    acted: list[int] = []
    figures = measure_table(app, table, 5, lambda: acted.append(1))
    assert figures["frames"] == 5 and len(acted) == 5
    assert figures["events_animated"] == 45  # the 40 warm-up frames count too: the director runs from the start
    assert app.closed and quits == [True]
    assert figures["frame_ms_p50"] <= figures["frame_ms_max"]
