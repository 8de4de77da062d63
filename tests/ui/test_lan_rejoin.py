"""A LAN player who leaves can come back (issue 35): the guest's table keeps its seat
token, quitting asks first and says the seat is kept, the game is offered again in
the join list (and by its address) and the seat comes back; the host's table says
when a seat drops, when an AI plays it and when its player is back; the host's
lobby shows the addresses the other computers reach; the LAN menu is no "Paused".
Real loopback hosts, the scenes driven headless."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.userdirs import saves_dir
from game.session import local as games
from game.ui.app import App
from tests.ui.helpers import button, click, click_button, frames_until, join_lobby, press

api = pytest.importorskip("game.net.api")

from game.net import seat_tokens  # noqa: E402  (after the skip: builds without the network layer)
from game.net.discovery import GameInfo  # noqa: E402
from game.net.protocol import PROTOCOL_VERSION  # noqa: E402
from game.ui.hero_realms.table import TableScene  # noqa: E402
from game.ui.scenes import lan  # noqa: E402
from game.ui.scenes.dialogs import ConfirmDialog  # noqa: E402
from game.ui.scenes.lan import JoinScene, LobbyScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.saves import SaveNameDialog  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402


def host(tmp_path: Path, seats: list[str], **kw: Any) -> Any:
    options: dict[str, Any] = {"port": 0, "bind": "127.0.0.1", "discovery_port": None, "save": tmp_path / "lan.json",
                               "ai_inline": True, "name": "Test table", "seed": 5, **kw}
    return api.host_in_background(api.HostConfig(seats=seats, **options))


def quit_through_the_menu(app: App, table: Any) -> ConfirmDialog:
    """Menu, Quit to title: the question it asks (not answered yet)."""
    click(app, table.menu_btn.rect.center)
    menu = app.top
    assert isinstance(menu, PauseScene)
    click_button(app, menu, "pause.quit")
    confirm = app.top
    assert isinstance(confirm, ConfirmDialog)
    return confirm


def test_a_guest_who_quits_to_the_title_takes_the_seat_back(app: App, tmp_path: Path) -> None:
    handle = host(tmp_path, ["remote", "random"], takeover_after=None)
    try:
        lobby = join_lobby(app, handle.port)
        click_button(app, lobby, "lan.ready")
        frames_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        token = table.client.token
        held = seat_tokens.load()
        assert [(e.token, e.host_id, e.port, e.seat) for e in held] == [(token, handle.host.host_id, handle.port, 0)]

        # the guest's menu: "Menu", Save greyed and saying why
        click(app, table.menu_btn.rect.center)
        menu = app.top
        assert isinstance(menu, PauseScene) and menu.lan == "guest"
        save = button(app, menu, "pause.save_host_only")
        assert not save.enabled and save.tooltip == app.tr("pause.tip_save_host_only")
        app.step(1 / 60, [])  # drawn with its "Menu" title
        menu.close(None)

        confirm = quit_through_the_menu(app, table)
        assert confirm.title == app.tr("pause.quit_lan_guest") and app.tr("pause.quit_lan_guest_1") in confirm.lines
        click_button(app, confirm, "pause.stay")  # not yet: the menu is still there
        assert isinstance(app.top, PauseScene)
        app.top.close(None)
        confirm = quit_through_the_menu(app, table)
        click_button(app, confirm, "pause.quit")
        assert isinstance(app.top, TitleScene)
        frames_until(app, lambda: handle.snapshot()["seats"][0]["status"] == "waiting")

        # the join list offers the game in progress again, and it gives the seat back
        join = JoinScene(app)
        app.push(join)
        join.found = [GameInfo("Test table", "127.0.0.1", handle.port, 0, 2, "ffa", "playing", PROTOCOL_VERSION,
                               handle.host.host_id)]
        join._find_held()
        join.layout(*app.size)
        label = app.tr("lan.resume_line", name="Test table", address=f"127.0.0.1:{handle.port}", player=held[0].name)
        resume = next(b for b in join.group.widgets if getattr(b, "label", "") == label)
        assert resume.enabled
        click(app, resume.rect.center)
        frames_until(app, lambda: isinstance(app.top, TableScene))
        again = app.top
        assert again.client.seat == 0 and again.client.token == token and again.viewer == 0
        frames_until(app, lambda: handle.snapshot()["seats"][0]["status"] == "connected")
        assert again.names[1] == handle.snapshot()["seats"][1]["name"]  # names known before the table opened

        # once more, by the address typed by hand
        click_button(app, quit_through_the_menu(app, again), "pause.quit")
        join = JoinScene(app)
        app.push(join)
        join._set_address(f"127.0.0.1:{handle.port}")
        join.join_typed()
        frames_until(app, lambda: isinstance(app.top, TableScene))
        assert app.top.client.seat == 0 and app.top.client.token == token
    finally:
        handle.stop()


def test_a_stored_seat_the_host_does_not_know_joins_afresh(app: App, tmp_path: Path) -> None:
    handle = host(tmp_path, ["remote", "random"])
    try:
        seat_tokens.remember(seat_tokens.SeatToken("gone", "hero_realms", "127.0.0.1", handle.port, 1, "Carol",
                                                   "0123456789abcdef", 1e9))
        lobby = join_lobby(app, handle.port)
        assert lobby.client.seat == 0 and lobby.client.token != "0123456789abcdef"
        assert [e.token for e in seat_tokens.load()] == [lobby.client.token]
        assert any(text == app.tr("lan.seat_gone") for text, _t in app.toasts)
        lobby.leave_lobby()  # leaving the lobby gives the seat up: nothing to resume
        assert seat_tokens.load() == []
    finally:
        handle.stop()


def log_lines(app: App, table: Any) -> list[str]:
    return [text for _seat, _key, text in table.log.lines(app.tr, table.viewer)]


def test_the_host_table_says_when_a_seat_drops_is_played_by_an_ai_and_is_back(app: App, tmp_path: Path) -> None:
    handle = host(tmp_path, ["remote", "remote"], autostart=False, takeover_after=1.0, takeover_agent="random")
    ben: Any = None
    try:
        app.reset(TitleScene(app))
        lobby = LobbyScene(app, api.join("127.0.0.1", handle.port, "Ana", seat=0), handle)
        app.push(lobby)
        frames_until(app, lambda: lobby.client.status == "lobby")
        ben = api.join("127.0.0.1", handle.port, "Ben")

        def pumped(cond: Any) -> Any:
            return lambda: (ben.pump(0.0), cond())[1]

        frames_until(app, pumped(lambda: ben.status == "lobby"))
        ben.set_ready(True)
        frames_until(app, pumped(lambda: bool(handle.snapshot()["can_start"])))
        handle.start_game()
        frames_until(app, pumped(lambda: isinstance(app.top, TableScene)))
        table = app.top
        frames_until(app, pumped(lambda: table.seats_seen.get(1) == "connected"))
        token = ben.token
        ben.close()  # Ben quits to his title
        left = app.tr("lan.news_left", name="Ben", n=1)
        frames_until(app, lambda: left in log_lines(app, table), timeout=5)
        assert any(text == left for text, _t in app.toasts)
        frames_until(app, lambda: app.tr("lan.news_ai", name="Ben") in log_lines(app, table), timeout=5)
        ben = api.join("127.0.0.1", handle.port, "Ben", token=token)
        frames_until(app, pumped(lambda: app.tr("lan.news_back", name="Ben") in log_lines(app, table)), timeout=5)
        assert ben.seat == 1

        # the host's menu: "Menu", and the host saves the game
        click(app, table.menu_btn.rect.center)
        menu = app.top
        assert isinstance(menu, PauseScene) and menu.lan == "host"
        click_button(app, menu, "pause.save")
        assert isinstance(app.top, SaveNameDialog) and app.top.name.startswith("Hero Realms, Free for all, ")
        press(app, pygame.K_RETURN)  # the name it offers
        files = list(saves_dir().glob("game-*.json"))
        assert len(files) == 1 and games.load(files[0])[0].actions == handle.host.session.record.actions
        assert quit_through_the_menu(app, table).title == app.tr("pause.quit_lan_host")
    finally:
        if ben is not None:
            ben.close()
        handle.stop()
        app.close()


class FakeUdp:
    """A UDP socket that records where it was connected and sends nothing."""

    targets: list[str] = []

    def __init__(self, family: int, kind: int) -> None:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)

    def __enter__(self) -> FakeUdp:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, addr: tuple[str, int]) -> None:
        self.targets.append(addr[0])
        if addr[0].startswith("172."):
            raise OSError("Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        return ("192.0.2.77", 40000)


def test_the_addresses_others_reach_are_found_without_sending_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    # what many systems answer for their own name: loopback only (the old lobby then said 127.0.0.1)
    monkeypatch.setattr(lan.socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", 0))])
    FakeUdp.targets = []
    monkeypatch.setattr(lan.socket, "socket", FakeUdp)
    assert lan.lan_addresses() == ["10.1.2.3", "192.0.2.77"]
    assert FakeUdp.targets and all(ipaddress.IPv4Address(t).is_private for t in FakeUdp.targets)


def test_the_host_lobby_shows_the_addresses_the_others_reach(app: App, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    handle = host(tmp_path, ["remote", "remote"], autostart=False)
    try:
        monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.5", "10.0.0.7"])
        lobby = LobbyScene(app, api.join("127.0.0.1", handle.port, "Ana", seat=0), handle)
        app.reset(TitleScene(app))
        app.push(lobby)
        app.step(1 / 60, [])
        line = lobby.hosting_line()
        assert f"192.168.1.5:{handle.port}, 10.0.0.7:{handle.port}" in line and "127.0.0.1" not in line
        monkeypatch.setattr(lan, "lan_addresses", lambda: [])
        alone = LobbyScene(app, api.join("127.0.0.1", handle.port, "Ben"), handle)
        assert alone.hosting_line() == app.tr("lan.hosting_local", address=f"127.0.0.1:{handle.port}")
        alone.client.close()
    finally:
        app.close()


def test_both_games_logs_word_the_seat_news_in_either_language(app: App) -> None:
    from game.ui.fantasy_realms.logtext import FantasyLog
    from game.ui.hero_realms.logtext import HeroLog

    for log in (HeroLog(["Ana", "Ben"]), FantasyLog(["Ana", "Ben"])):
        log.add({"type": "table_note", "seat": 1, "note": "lan.news_left", "params": {"n": 60}})
        log.add({"type": "table_note", "seat": 1, "note": "lan.news_back", "params": {}})
        assert [t for _s, _k, t in log.lines(app.tr, 0)] == [app.tr("lan.news_left", name="Ben", n=60),
                                                             app.tr("lan.news_back", name="Ben")]
        app.settings.language = "fr"
        app.apply_settings()
        assert "Ben a quitté la table" in log.lines(app.tr, 0)[0][2]
        app.settings.language = "en"
        app.apply_settings()
