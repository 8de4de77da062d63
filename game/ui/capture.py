"""Scripted screenshots of every scene, for looking at the table without a person.

``python -m game play --screenshot-dir DIR [--size WxH] [--lang fr] [--text-size N] [--tour-game G]`` visits the
title, new game, rules, settings, the Load list and a LAN lobby, then each game's own
scenes from its table door's ``tour`` (``game/ui/<game>/capture.py``), then the lessons
(``game/ui/tutorial/tour.py``) and the Puzzles screen, saving one PNG each.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import games as registry
from game.core.record import save_meta
from game.core.userdirs import scratch_home
from game.ui.tablekit.entry import table_entry
from game.ui.tablekit.tour import frames

Shot = Callable[[str], None]


def settle_table(app: Any, table: Any, limit: int = 2000) -> None:
    for _ in range(limit):
        app.step(1 / 60, [])
        if table.director.idle and table.synced and not table._pending():
            break
    frames(app, 40)


def _lan_lobby(app: Any, shot: Any) -> None:
    """The host's lobby, with the addresses the other computers reach it at (a host on
    loopback only, for the picture; skipped in builds without the network layer)."""

    import tempfile
    import time

    from game.ui.lan_start import lan_api
    from game.ui.scenes.lan import LobbyScene
    from game.ui.scenes.title import TitleScene

    api = lan_api()
    if api is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        handle = api.host_in_background(api.HostConfig(
            seats=["remote", "remote", "medium"], port=0, bind="127.0.0.1", discovery_port=None,
            save=Path(tmp) / "lan.json", autostart=False, name=app.tr("lan.table_name", name="Ana")))
        try:
            app.reset(TitleScene(app))
            lobby = LobbyScene(app, api.join("127.0.0.1", handle.port, "Ana", seat=0), handle)
            app.push(lobby)
            end = time.monotonic() + 5.0
            while lobby.client.status != "lobby" and time.monotonic() < end:
                frames(app, 1)
                time.sleep(0.01)
            frames(app, 5)
            shot("15_lan_lobby")
        finally:
            app.reset(TitleScene(app))  # leaving the lobby closes its client and stops the host
            handle.stop()


def _load_list(app: Any, shot: Any) -> None:
    """The Load list over saves written for it in a scratch folder (the player's own
    saves are neither shown nor touched): names, games, players, turns, dates, an
    autosave and an unreadable file."""
    import os

    from game.core.userdirs import saves_dir
    from game.ui import save_names
    from game.ui.scenes.saves import LoadScene

    with scratch_home():
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        recs = [table_entry(name).saved_game() for name in registry.playable()]  # one game of each
        saves: list[tuple[Any, str, str | None, int]] = [(recs[0], "game-1.json", "Ana vs Easy, the long one", 1_795_000_000)]
        saves += [(rec, f"game-{i + 2}.json", None, 1_795_100_000 + i) for i, rec in enumerate(recs[1:])]
        saves.append((recs[0], "autosave.json", "", 1_795_200_000))
        for rec, file, name, when in saves:
            st = rec.replay()
            label = name if name is not None else save_names.default_save_name(rec, getattr(st, "turn", None), app.tr,
                                                                          time.strftime("%Y-%m-%dT%H:%M", time.localtime(when)))
            rec.save(folder / file, st, save_meta(st, label or None, time.strftime("%Y-%m-%dT%H:%M", time.localtime(when))))
            os.utime(folder / file, (when, when))
        (folder / "game-0.json").write_text("{ half a file", encoding="utf-8")
        os.utime(folder / "game-0.json", (1_790_000_000, 1_790_000_000))
        app.push(LoadScene(app))
        frames(app, 5)
        shot("04b_load_list")
        app.pop()


def tour(app: Any, out: Path, lang: str | None = None, game: str = "all", text_size: int | None = None) -> int:
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.title import TitleScene

    app.persist = False
    if lang or text_size:
        app.settings.language = lang or app.settings.language
        app.settings.text_size = text_size or app.settings.text_size
        app.apply_settings()
    out.mkdir(parents=True, exist_ok=True)
    tag = f"{app.size[0]}x{app.size[1]}_{app.tr.lang}" + (f"_text{text_size}" if text_size else "")

    def shot(name: str) -> None:
        app.screenshot(out / f"{name}_{tag}.png")

    chosen = registry.playable() if game == "all" else [game]
    for name in chosen:
        if name != registry.DEFAULT:
            table_entry(name).tour(app, shot)
    if registry.DEFAULT in chosen:  # the shared screens, shown with the default game's
        app.reset(TitleScene(app))
        frames(app, 10)
        shot("01_title")
        app.push(NewGameScene(app))
        frames(app, 5)
        shot("02_newgame")
        app.pop()
        app.push(RulesScene(app))
        frames(app, 3)
        shot("03_rules")
        app.push(app.new_screen("credits"))
        frames(app, 3)
        shot("03b_credits")
        app.pop()
        app.pop()
        app.push(SettingsScene(app))
        frames(app, 3)
        shot("04_settings")
        app.pop()
        from game.core.userdirs import log_dir

        app.push(app.new_screen("crash", "RuntimeError: what the crash screen looks like (the tour's example)",
                                log_dir() / "crash-20260102-153000-4242.txt", True))
        frames(app, 3)
        shot("04a_crash")
        app.pop()
        _load_list(app, shot)
        from game.ui.history_tour import tour as history_tour

        history_tour(app, shot, frames)  # the Replays list, a replay and the Statistics screen
        table_entry(registry.DEFAULT).tour(app, shot)
        _lan_lobby(app, shot)
    from game.ui.tutorial.tour import tour as tutorial_tour

    tutorial_tour(app, shot, frames, chosen)  # the lessons screen and a step of each game's lesson
    app.push(app.new_screen("puzzles"))
    frames(app, 3)
    shot("17_puzzles")
    app.pop()
    print(f"screenshots in {out}")
    pygame.quit()
    return 0
