"""HerosDeï between two people: two tables over the LAN (two apps, each with its own
client of one host) and one table in hotseat, every seat driven as a human would with
the table's gestures and buttons, through whole games where destiny windows are
answered both ways (a destiny played, and Pass pressed with a destiny in hand)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from game.herosdei.view import in_window
from game.net import api
from game.ui.app import App
from game.ui.herosdei.gameover import HdGameOverScene
from game.ui.herosdei.table import HdTableScene
from game.ui.scenes.dialogs import Curtain
from game.ui.settings import Settings
from tests.ui.helpers import started
from tests.ui.herosdei.helpers import act, open_hd

Answers = dict[str, int]


def _spy(sc: HdTableScene, answers: Answers) -> None:
    """Count how the windows are answered at this table: a destiny played, Pass chosen
    with a destiny in hand, and the windows the table passed for a hand with nothing to play."""
    client = sc.client
    send: Callable[[int, str], Any] = client.submit

    def spy(seat: int, line: str) -> Any:
        view = client.view(seat)
        legal = list(view.get("legal") or [])
        if in_window(str(view.get("phase")), view.get("pending"), legal):
            key = "played" if line.startswith("play ") else "passed" if len(legal) > 1 else "forced"
            answers[key] = answers.get(key, 0) + 1
        return send(seat, line)

    client.submit = spy  # type: ignore[method-assign]


def _forced(sc: HdTableScene) -> bool:
    """A window the seat can only pass: left to the table, which passes it for the player."""
    return sc.model.legal == ["skip"]


def test_two_tables_play_a_whole_lan_game_through_every_destiny_window(tmp_path) -> None:  # type: ignore[no-untyped-def]
    handle = api.host_in_background(api.HostConfig(
        game="herosdei", format="standard", modules=["greeks", "amazons"], seats=["remote", "remote"], port=0,
        bind="127.0.0.1", discovery_port=None, seed=1, save=tmp_path / "lan.json", ai_inline=True, name="Two tables"))
    apps = [App(Settings(anim_speed="instant"), size=(1280, 720), persist=False) for _ in range(2)]
    try:
        clients = [api.join("127.0.0.1", handle.port, f"Guest {i}", seat=i) for i in range(2)]
        started(*clients)
        tables = [HdTableScene(a, c, ["Guest 0", "Guest 1"], None) for a, c in zip(apps, clients)]
        answers: list[Answers] = [{}, {}]
        for a, t, got in zip(apps, tables, answers):
            a.reset(t)
            _spy(t, got)
            t.pass_pause = (0.001, 0.003)  # the pause itself is timed in tests/ui/herosdei/test_secret_choices.py
        rng = random.Random(3)
        end = time.monotonic() + 150
        moved_at, n = time.monotonic(), -1
        frame = 0
        while not all(isinstance(a.top, HdGameOverScene) for a in apps):
            frame += 1
            for a, t in zip(apps, tables):
                a.step(1 / 60, [], draw=frame % 30 == 0)
                if (t.can_act and not t.asking and not _forced(t)) or (a.top is not t and not isinstance(a.top, HdGameOverScene)):
                    act(a, t, rng)
            time.sleep(0.002)  # a frame's pause: the host's thread runs in this process
            if clients[0].n != n:
                moved_at, n = time.monotonic(), clients[0].n
            # neither table may sit waiting for the other while the game waits for one of them
            assert time.monotonic() - moved_at < 10, f"the game stands still at action {n}: " + "; ".join(
                f"table {t.viewer} shows {t.model.to_act} to act, legal {t.model.legal[:3]}, its client's view "
                f"{t.client.view(t.viewer).get('to_act')} {t.client.view(t.viewer).get('legal', [])[:3]}" for t in tables)
            assert time.monotonic() < end, "the game did not finish"
        assert tables[0].model.winner == tables[1].model.winner is not None
        both = {k: answers[0].get(k, 0) + answers[1].get(k, 0) for k in ("played", "passed", "forced")}
        assert both["played"] >= 1 and both["passed"] >= 1 and both["forced"] >= 1, both
        assert all(got for got in answers), answers  # each table answered windows
    finally:
        handle.stop()
        for a in apps:
            a.close()


def test_a_hotseat_game_answers_every_destiny_window_behind_the_curtain(app: App) -> None:
    sc = open_hd(app, kinds=("human", "human"), seed=4)
    answers: Answers = {}
    _spy(sc, answers)
    rng = random.Random(4)
    for _ in range(6000):
        top = app.top
        if isinstance(top, HdGameOverScene):
            break
        if isinstance(top, Curtain):
            top.close(None)
            app.step(1 / 60, [])
            continue
        if _forced(sc) or not act(app, sc, rng):
            app.step(1 / 60, [])
    assert isinstance(app.top, HdGameOverScene) and sc.model.over, answers
    assert answers.get("played", 0) >= 1 and answers.get("passed", 0) >= 1 and answers.get("forced", 0) >= 1, answers
