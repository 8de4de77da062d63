"""A HerosDeï guest's lobby: the row that chooses one of the player's own legal decks or the
host's choice, clicked; the host names the deck in the seat's entry, deals it at the start,
and a deck it refuses is shown with its reason while the seat keeps the host's deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core.refusal import Refusal
from game.herosdei import decks
from game.ui.app import App
from game.ui.i18n import Tr
from game.ui.widgets.basic import Cycle, Label
from tests.ui.helpers import click, frames_until, join_lobby

api = pytest.importorskip("game.net.api")


def _own_deck(name: str) -> dict[str, Any]:
    """A deck of the player's, written in their folder as the deck builder writes one."""
    deck = {**decks.load(decks.find("amazons")).to_dict(), "name": name}
    lines = [f'name = "{name}"', f'civ = "{deck["civ"]}"', ""]
    lines += [f'[[cards]]\ncard = "{e["card"]}"\ncount = {e["count"]}\n' for e in deck["cards"]]
    folder = decks.user_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.toml").write_text("\n".join(lines), encoding="utf-8")
    return deck


def _host(tmp_path: Path) -> Any:
    return api.host_in_background(api.HostConfig(seats=["random", "remote"], port=0, bind="127.0.0.1",
                                                 discovery_port=None, save=tmp_path / "lan.json", ai_inline=True,
                                                 game="herosdei", format="initiation", modules=["vikings,greeks"]))


def _seat_entry(lobby: Any) -> dict[str, Any]:
    return next(e for e in lobby.client.lobby["seats"] if e["seat"] == lobby.client.seat)


def _deck_cycle(lobby: Any) -> Cycle:
    return next(w for w in lobby.group.widgets if isinstance(w, Cycle) and any(
        v is None for v, _ in w.options))


def test_the_guest_picks_a_deck_of_its_own_and_the_host_deals_it(app: App, tmp_path: Path) -> None:
    deck = _own_deck("My Amazons")
    handle = _host(tmp_path)
    try:
        lobby = join_lobby(app, handle.port)
        frames_until(app, lambda: lobby.own_decks is not None)
        app.step(1 / 60, [])
        cycle = _deck_cycle(lobby)
        assert [label for _, label in cycle.options] == [lobby.tr("landeck.hosts_choice"), "My Amazons"]
        click(app, cycle.rect.center)  # the next option: the player's deck
        frames_until(app, lambda: _seat_entry(lobby).get("deck") == "My Amazons")
        app.step(1 / 60, [])
        assert any(isinstance(w, Label) and "My Amazons" in w.text for w in lobby.group.widgets)
        lobby.client.set_ready(True)
        frames_until(app, lambda: lobby.client.phase == "playing")
        frames_until(app, lambda: (tmp_path / "lan.json").is_file())
        rec, _st = api_load(tmp_path / "lan.json")
        assert rec.setup["decks"][1] == deck
    finally:
        handle.stop()


def test_a_deck_the_host_refuses_is_said_and_the_seat_keeps_the_hosts(app: App, tmp_path: Path) -> None:
    _own_deck("My Amazons")
    handle = _host(tmp_path)
    try:
        lobby = join_lobby(app, handle.port)
        frames_until(app, lambda: lobby.own_decks is not None)
        short = {**lobby.own_decks[0][1], "name": "Short"}
        short["cards"] = [dict(e) for e in short["cards"]]
        short["cards"][-1]["count"] -= 1  # changed after it was read: 79 cards
        lobby.own_decks = [("Short", short)]
        lobby.layout(lobby.w, lobby.h)
        app.step(1 / 60, [])
        click(app, _deck_cycle(lobby).rect.center)
        frames_until(app, lambda: bool(lobby.deck_refusal))
        app.step(1 / 60, [])
        assert "79 cards (a deck has 80)" in lobby.deck_refusal
        assert any(isinstance(w, Label) and "79 cards" in w.text for w in lobby.group.widgets)
        assert "deck" not in _seat_entry(lobby) and _deck_cycle(lobby).value is None
        app.tr = Tr("fr")  # the host's keyed refusal, worded in the guest's language
        assert lobby._deck_words(Refusal("deck_size", "79 cards (a deck has 80)", {"n": 79, "size": 80})) == \
            "79 cartes (un deck en a 80)"
        assert "Ulysse" in lobby._deck_words(Refusal("deck_copies", "", {"n": 2, "card": "ulysse", "cap": 1}))
        assert lobby._deck_words(Refusal("no_own_decks", "the host takes no deck of your own")) == \
            "cet hôte ne joue qu'avec ses propres decks"
    finally:
        handle.stop()


def test_with_no_deck_of_its_own_the_guest_is_told_it_plays_the_hosts(app: App, tmp_path: Path) -> None:
    handle = _host(tmp_path)
    try:
        lobby = join_lobby(app, handle.port)
        frames_until(app, lambda: lobby.own_decks is not None)
        app.step(1 / 60, [])
        assert lobby.own_decks == []
        assert any(isinstance(w, Label) and w.text == lobby.tr("landeck.none_yours") for w in lobby.group.widgets)
    finally:
        handle.stop()


def api_load(path: Path) -> Any:
    from game import games

    return games.load(path)
