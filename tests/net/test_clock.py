"""The LAN host's loop runs the session's clock while a game is played, and only then
(a game played against time, Chaos Realms, reaches its time limit only so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.net.host import HostConfig, NetHost
from game.session.session import Session


def test_each_turn_of_the_loop_ticks_the_session_clock_while_playing_and_not_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ticks: list[int] = []

    def tick(self: Session, now: float | None = None) -> list[Any]:
        ticks.append(self.n)
        return []

    monkeypatch.setattr(Session, "tick", tick)
    host = NetHost(HostConfig(seats=["random", "random"], port=0, bind="127.0.0.1", discovery_port=None,
                              save=tmp_path / "s.json", ai_inline=True, seed=3))
    try:
        assert host.phase == "playing"  # AI seats only: started at once
        host.step(0.0)
        host.step(0.0)
        assert len(ticks) == 2
        host.phase = "over"
        host.step(0.0)
        assert len(ticks) == 2
    finally:
        host.close()
