"""Table talk at the LAN tables: a player opens the menu, Say something, and picks an
emote or types a line; the other table shows it in its log and a toast, in its own
language, unless its player muted table talk in Settings."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.net import api
from game.ui.app import App
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.talk import TalkDialog
from game.ui.settings import Settings
from game.ui.tablekit.entry import table_entry
from tests.ui.helpers import click, click_button, key, started


def _tables(tmp_path: Any, langs: tuple[str, str] = ("en", "fr")) -> tuple[Any, list[App], list[Any]]:
    handle = api.host_in_background(api.HostConfig(seats=["remote", "remote"], port=0, bind="127.0.0.1",
                                                   discovery_port=None, seed=4, save=tmp_path / "lan.json",
                                                   ai_inline=True, name="Talk"))
    apps = [App(Settings(anim_speed="instant", language=lang, language_chosen=True), size=(1280, 720), persist=False)
            for lang in langs]
    clients = [api.join("127.0.0.1", handle.port, n, seat=i) for i, n in enumerate(("Ana", "Ben"))]
    started(*clients)
    tables = [table_entry("hero_realms").open_remote(a, c, ["Ana", "Ben"], None) for a, c in zip(apps, clients)]
    for a, t in zip(apps, tables):
        a.reset(t)
    return handle, apps, tables


def _frames(apps: list[App], until: Any, seconds: float = 5) -> None:
    end = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < end, "timed out"
        for a in apps:
            a.step(1 / 60, [])
        time.sleep(0.005)


def _log(app: App, table: Any) -> list[str]:
    return [t for _, _, t in table.log.lines(app.tr, table.viewer, 400)]


def test_an_emote_and_a_line_said_at_one_table_show_at_the_other(tmp_path: Any) -> None:
    handle, apps, tables = _tables(tmp_path)
    try:
        ana, ben = apps
        ana.step(1 / 60, [key(pygame.K_ESCAPE)])  # the menu
        menu = ana.top
        assert isinstance(menu, PauseScene)
        click_button(ana, menu, "pause.talk")
        talk = ana.top
        assert isinstance(talk, TalkDialog)
        click_button(ana, talk, "talk.good_game")
        _frames(apps, lambda: any("Ana" in t and "Bien joué la partie" in t for t in _log(ben, tables[1])))
        assert any("Bien joué la partie" in words for words, _ in ben.toasts)  # in the other player's language
        ana.step(1 / 60, [key(pygame.K_ESCAPE)])
        click_button(ana, ana.top, "pause.talk")
        talk = ana.top
        field = next(w for w in talk.group.widgets if hasattr(w, "editing"))
        click(ana, field.rect.center)
        for ch in "gg!":
            ana.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])
        click_button(ana, talk, "talk.send")
        _frames(apps, lambda: any(t.endswith(": gg!") for t in _log(ben, tables[1])))
    finally:
        handle.stop()
        for a in apps:
            a.close()


def test_a_player_who_muted_table_talk_sees_none(tmp_path: Any) -> None:
    handle, apps, tables = _tables(tmp_path, ("en", "en"))
    try:
        apps[1].settings.mute_talk = True
        tables[0].client.say(emote="oops")
        tables[1].client.say(emote="hello")  # its own lines too: a muted table shows no talk
        _frames(apps, lambda: any("Oops" in t for t in _log(apps[0], tables[0])) and
                any("Hello" in t for t in _log(apps[0], tables[0])))
        for _ in range(30):
            apps[1].step(1 / 60, [])
        assert not any("Oops" in t or "Hello" in t for t in _log(apps[1], tables[1]))
        assert not any("Oops" in w for w, _ in apps[1].toasts)
    finally:
        handle.stop()
        for a in apps:
            a.close()
