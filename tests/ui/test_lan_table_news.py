"""What a LAN table says when the game around it changes: the host closing the game is
told once, in a dialog that leads back to the title, not also as a player who left; the
closed table takes no move; a seat taken back from a new process opens on a log with
the game's recent past; the Undo button says why there is no undo in a LAN game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.net import api
from game.net.client import RemoteClient
from game.ui.app import App
from game.ui.herosdei.entry import DOOR as entry
from game.ui.herosdei.table import HdTableScene
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.settings import Settings
from tests.ui.helpers import started


def _host(tmp_path: Path) -> Any:
    return api.host_in_background(api.HostConfig(
        game="herosdei", format="standard", modules=["greeks", "vikings"], seats=["remote", "remote"], port=0,
        bind="127.0.0.1", discovery_port=None, seed=2, save=tmp_path / "lan.json", ai_inline=True, name="Leftovers",
        takeover_after=60.0))


def _frames(apps: list[App], seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for a in apps:
            a.step(1 / 60, [])
        time.sleep(0.005)


def test_the_host_closing_is_told_once_and_the_closed_table_takes_no_move(tmp_path: Path) -> None:
    handle = _host(tmp_path)
    apps = [App(Settings(anim_speed="instant"), size=(1280, 720), persist=False) for _ in range(2)]
    try:
        mine, theirs = (api.join("127.0.0.1", handle.port, n, seat=i) for i, n in enumerate(("Ana", "Ben")))
        started(mine, theirs)
        host_table = entry.open_remote(apps[0], mine, ["Ana", "Ben"], handle.stop)
        table = entry.open_remote(apps[1], theirs, ["Ana", "Ben"], None)
        for a, t in zip(apps, (host_table, table)):
            a.reset(t)
        _frames(apps, 0.5)
        assert table.undo_tip() == apps[1].tr("table.tip_undo_lan")
        apps[0].reset(apps[0].new_screen("title"))  # the host's player leaves: the table closes, the host stops
        _frames(apps[1:], 1.5)
        notes = [e for e in table.log.entries if isinstance(e, dict) and e.get("type") == "table_note"]
        assert not notes, notes  # not "Ana left (seat kept...)" before "the host closed the game"
        top = apps[1].top
        assert isinstance(top, ChoiceDialog) and top.title == apps[1].tr("table.lan_lost")
        assert not any(t == top.subtitle for t, _ in apps[1].toasts)  # said in the dialog, not twice
        top.close("table")
        apps[1].step(1 / 60, [])
        assert apps[1].top is table and not table.can_act
    finally:
        handle.stop()
        for a in apps:
            a.close()


def test_a_seat_taken_back_by_a_new_process_opens_on_the_games_recent_past(tmp_path: Path) -> None:
    handle = _host(tmp_path)
    app = App(Settings(anim_speed="instant"), size=(1280, 720), persist=False)
    try:
        a, b = (api.join("127.0.0.1", handle.port, n, seat=i) for i, n in enumerate(("Ana", "Ben")))
        started(a, b)
        end = time.monotonic() + 20
        sent: dict[int, int] = {}
        while b.n < 6:  # a few moves: the hand limits, placements
            assert time.monotonic() < end
            for c in (a, b):
                c.poll()
                legal = c.view().get("legal") or []
                if legal and sent.get(id(c)) != c.n:  # one line a view: the host's answer moves it on
                    sent[id(c)] = c.n
                    c.submit(c.seat or 0, "done" if "done" in legal else legal[0])
            time.sleep(0.02)
        token = b.token
        b.close()
        again = RemoteClient("127.0.0.1", handle.port, "Ben", token=token)
        end = time.monotonic() + 10
        while again.phase != "playing":
            assert time.monotonic() < end
            again.poll()
            time.sleep(0.01)
        assert again.past  # the recent past came, for the log
        table = entry.open_remote(app, again, ["Ana", "Ben"], None)
        assert isinstance(table, HdTableScene)
        app.reset(table)
        _frames([app], 0.3)
        texts = [t for _, _, t in table.log.lines(app.tr, 0, 400)]
        assert len(texts) >= 4, texts
        assert table.director.idle  # shown in the log, not played again as moves
    finally:
        handle.stop()
        app.close()
