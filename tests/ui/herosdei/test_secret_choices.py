"""A HerosDeï window or Monster step is a secret choice (spec ruling 7): whether the
seat holds a card to play must not show to the other seat, not in what is asked and not
in the time the answer takes. An AI seat answers one after a random pause whatever it
holds; a LAN table passes a window its player can only pass after such a pause too."""

from __future__ import annotations

import random
import time
from typing import Any

from game.herosdei.record import Record
from game.net import api
from game.session.ai_seats import AISeats
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.herosdei.table import HdTableScene
from game.ui.settings import Settings
from tests.ui.herosdei.helpers import answer_dialog

PAUSE = (0.25, 0.3)


def _position(other_hand: list[str]) -> Record:
    """Seat 0 to open the window before the first combat; seat 1 holds ``other_hand``."""
    rec = Record.position({
        "variant": "standard", "turn": 2, "phase": "attack", "first": 0, "to_act": 0,
        "players": [{"hand": ["xiphos"], "future": ["hoplon"] * 4, "characters": [{"card": "achille"}]},
                    {"hand": other_hand, "future": ["hoplon"] * 4, "characters": [{"card": "persee"}]}]})
    rec.setup["ask_all"] = True
    return rec


def _seconds_to_answer(other_hand: list[str]) -> tuple[float, list[str]]:
    """Seat 0 (a person) passes the window; how long seat 1's AI takes to answer, and its lines."""
    session = Session(_position(other_hand), [SeatConfig("human", "A"), SeatConfig("ai", "B", "easy")])
    ai = AISeats(session, inline=True, secret_pause=PAUSE)
    assert session.view(0)["legal"][-1] == "skip" and session.waiting_for() == [0]
    session.submit(0, "skip")
    asked = session.view(1)["legal"]
    start = time.monotonic()
    while not ai.pump():
        assert time.monotonic() - start < 5
        time.sleep(0.005)
    return time.monotonic() - start, asked


def test_an_ai_seat_answers_a_window_after_the_pause_whether_or_not_it_holds_a_destiny() -> None:
    waited_holding, asked_holding = _seconds_to_answer(["oracle_de_delphes", "xiphos"])
    waited_empty, asked_empty = _seconds_to_answer(["hoplon", "xiphos"])
    assert asked_empty == ["skip"] and len(asked_holding) > 1  # asked either way (ask_all)
    for waited in (waited_holding, waited_empty):
        assert PAUSE[0] - 0.01 <= waited <= PAUSE[1] + 0.2


def test_an_ai_seat_answers_other_decisions_at_once() -> None:
    session = Session(_position(["hoplon"]), [SeatConfig("ai", "A", "easy"), SeatConfig("human", "B")])
    ai = AISeats(session, inline=True, secret_pause=PAUSE)
    session.submit(0, "skip")  # the window: seat 1 then seat 0 ... (a person answers for seat 1 here)
    session.submit(1, "skip")
    assert session.view(0)["legal"][0].startswith("attack ")  # a declaration: no secret
    start = time.monotonic()
    assert ai.pump() >= 1 and time.monotonic() - start < 0.1


def _lan_table(app: App, tmp_path: Any) -> tuple[HdTableScene, Any]:
    handle = api.host_in_background(api.HostConfig(
        game="herosdei", format="standard", modules=["greeks", "amazons"], seats=["remote", "easy"], port=0,
        bind="127.0.0.1", discovery_port=None, seed=3, save=tmp_path / "lan.json", ai_inline=True, name="Pause",
        secret_pause=(0.0, 0.0)))
    client = api.join("127.0.0.1", handle.port, "Ana", seat=0)
    end = time.monotonic() + 20
    while client.phase != "playing":
        assert time.monotonic() < end
        client.poll()
        if client.status == "lobby":
            client.set_ready(True)
        time.sleep(0.01)
    table = HdTableScene(app, client, ["Ana", "Easy"], None)
    app.reset(table)
    return table, handle


def test_a_lan_table_passes_a_window_its_player_can_only_pass_after_a_pause(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = App(Settings(anim_speed="instant"), size=(1280, 720), persist=False)
    table, handle = _lan_table(app, tmp_path)
    table.pass_pause = PAUSE
    sent: list[tuple[float, str]] = []
    send = table.client.submit

    def spy(seat: int, line: str) -> None:
        sent.append((time.monotonic(), line))
        send(seat, line)

    table.client.submit = spy  # type: ignore[method-assign]
    try:
        waits: list[float] = []
        rng = random.Random(1)
        end = time.monotonic() + 60
        while len(waits) < 3 and not table.model.over:
            assert time.monotonic() < end, "no window to pass"
            app.step(1 / 60, [])
            time.sleep(0.002)
            if app.top is not table:
                answer_dialog(app, rng)  # the hand limit, a Monster...
                continue
            if not table.can_act:
                continue
            if table.model.legal == ["skip"]:
                shown = time.monotonic()
                before = len(sent)
                while len(sent) == before:
                    assert time.monotonic() - shown < 2, "the table did not pass the window"
                    app.step(1 / 60, [])
                    time.sleep(0.002)
                assert sent[-1][1] == "skip"
                waits.append(sent[-1][0] - shown)
            else:  # any other decision: the first line (windows with a destiny are passed)
                line = "skip" if "skip" in table.model.legal else table.model.legal[0]
                table.submit(line)
        assert waits and all(PAUSE[0] - 0.02 <= w <= PAUSE[1] + 0.2 for w in waits), waits
    finally:
        handle.stop()
        app.close()
