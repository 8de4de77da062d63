"""A HerosDeï guest's own deck over the LAN: brought in the lobby, judged by the host as a
deck file is (a legal one named in every seat's lobby entry and dealt to that seat, the save
replaying without the player's file), refused with the reason `herosdei-deck check` gives
(the seat keeps what it had), refused in a game played with the host's cards, after the
start, for another seat and from a spectator; the messages match game/net/schema/deck.json."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import game.net
from game.core.tomlcompat import load_file
from game.herosdei import decks
from game.herosdei.cards import library
from game.net import own_decks
from game.net.client import RemoteClient
from game.net.protocol import ProtocolError
from tests.net.net_helpers import Player, Proxy, drive, replay, start_host

HD = "herosdei"
SCHEMA = json.loads((Path(game.net.__file__).parent / "schema" / "deck.json").read_text(encoding="utf-8"))


def _shipped(name: str) -> dict[str, Any]:
    return decks.load(decks.find(name)).to_dict()


def _amazons(name: str = "Ben's Amazons") -> dict[str, Any]:
    return {**_shipped("amazons"), "name": name}


def _lobby(tmp_path: Path, **kw: Any) -> tuple[Any, Proxy, list[RemoteClient], list[Player]]:
    handle = start_host(tmp_path, ["remote", "remote"], seed=5, game=HD, format="initiation",
                        modules=["vikings,greeks"], autostart=False, **kw)
    sent: list[bytes] = []
    proxy = Proxy(handle.port, to_host=lambda line: (sent.append(line), line)[1])
    proxy.sent = sent  # type: ignore[attr-defined]
    told: list[str] = []
    handle.host.log = told.append  # the host's console: one line a table event
    handle.told = told
    ana = RemoteClient("127.0.0.1", handle.port, "Ana", seat=0)
    ben = RemoteClient("127.0.0.1", proxy.port, "Ben", seat=1)  # what Ben sends and is sent, recorded
    clients = [ana, ben]
    players = [Player(c, play=False) for c in clients]
    drive(players, lambda: all(c.status == "lobby" and c.lobby is not None for c in clients), timeout=10)
    return handle, proxy, clients, players


def _entry(client: RemoteClient, seat: int) -> dict[str, Any]:
    assert client.lobby is not None
    return next(e for e in client.lobby["seats"] if e["seat"] == seat)


def _sent(proxy: Proxy, kind: str) -> list[dict[str, Any]]:
    lines = [json.loads(x) for x in proxy.sent if x.strip()]  # type: ignore[attr-defined]
    return [m for m in lines if m.get("type") == kind]


Lobby = tuple[Any, Proxy, list[RemoteClient], list[Player]]


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[Lobby]:
    """A HerosDeï host in its lobby with Ana (seat 0) and Ben (seat 1, through a recording proxy)."""
    found = _lobby(tmp_path)
    yield found
    _close(found[0], found[1], found[2])


def _close(handle: Any, proxy: Proxy, clients: list[RemoteClient]) -> None:
    for c in clients:
        c.close()
    proxy.close()
    handle.stop()


def test_a_legal_deck_is_named_in_the_lobby_and_dealt_to_its_seat(lobby: Lobby, tmp_path: Path) -> None:
    handle, proxy, clients, players = lobby
    ana, ben = clients
    deck = _amazons()
    assert ben.bring_deck(deck)
    drive(players, lambda: all(_entry(c, 1).get("deck") == "Ben's Amazons" for c in clients), timeout=10)
    assert "deck" not in _entry(ana, 0) and ben.deck_refused is None
    assert any("seat 1: Ben brings the deck" in line and "Ben's Amazons" in line for line in handle.told)
    validator = Draft202012Validator(SCHEMA)
    (sent,) = _sent(proxy, "deck")
    assert not list(validator.iter_errors(sent))
    for c in clients:
        c.set_ready(True)
    drive(players, lambda: handle.snapshot()["can_start"], timeout=10)
    handle.start_game()
    drive(players, lambda: all(c.phase == "playing" for c in clients), timeout=20)
    rec, st = replay(tmp_path / "autosave.json")  # the save alone deals it again: no file of Ben's needed
    assert rec.setup["decks"][1] == deck and rec.setup["decks"][0]["civ"] == "vikings"
    assert handle.host.problems == []


def test_going_back_to_the_hosts_choice_drops_the_deck(lobby: Lobby) -> None:
    handle, proxy, clients, players = lobby
    _ana, ben = clients
    ben.bring_deck(_amazons())
    drive(players, lambda: _entry(ben, 1).get("deck") == "Ben's Amazons", timeout=10)
    ben.bring_deck(None)
    drive(players, lambda: "deck" not in _entry(ben, 1), timeout=10)
    assert ben.deck_refused is None


def _short() -> dict[str, Any]:
    deck = _amazons()
    cards = [dict(e) for e in deck["cards"]]
    cards[-1]["count"] -= 1
    return {**deck, "cards": cards}


def _legend_twice() -> dict[str, Any]:
    deck = _amazons()
    cards = [dict(e) for e in deck["cards"]]
    legend = next(e for e in cards if library()[e["card"]].legendary)
    legend["count"] = 2
    cards[-1]["count"] -= 1
    return {**deck, "cards": cards}


@pytest.mark.parametrize("deck, why", [
    (_short(), "79 cards (a deck has 80)"),
    ({**_amazons(), "cards": _amazons()["cards"][:-1] + [{"card": "zeus", "count": _amazons()["cards"][-1]["count"]}]},
     "zeus"),
    ({**_amazons(), "civ": "martians"}, "civ"),
    ({**_amazons(), "cards": [{"card": f"c{i}", "count": 1} for i in range(101)]}, "at most 100 entries"),
    ({**_amazons(), "name": "x" * 65}, "at most 64 characters"),
    ({**_amazons(), "colour": "red"}, "unknown field"),
])
def test_a_bad_deck_is_refused_with_its_reason_and_the_seat_keeps_its_deck(lobby: Lobby, deck: dict[str, Any],
                                                                           why: str) -> None:
    handle, proxy, clients, players = lobby
    _ana, ben = clients
    ben.bring_deck(_amazons("Kept"))
    drive(players, lambda: _entry(ben, 1).get("deck") == "Kept", timeout=10)
    ben.bring_deck(deck)
    drive(players, lambda: ben.deck_refused is not None, timeout=10)
    assert why in ben.deck_refused.text and "\n" not in ben.deck_refused.text
    assert _entry(ben, 1).get("deck") == "Kept"  # a refusal changes nothing
    assert handle.host.problems == [] and handle.snapshot()["phase"] == "lobby"


def test_the_legendary_copy_limit_is_the_hosts_to_judge(lobby: Lobby) -> None:
    handle, proxy, clients, players = lobby
    _ana, ben = clients
    ben.bring_deck(_legend_twice())
    drive(players, lambda: ben.deck_refused is not None, timeout=10)
    assert ben.deck_refused.key == "deck_copies" and "copies" in ben.deck_refused.text and "deck" not in _entry(ben, 1)


def test_a_deck_that_is_not_an_object_is_a_bad_message(lobby: Lobby) -> None:
    handle, proxy, clients, players = lobby
    _ana, ben = clients
    ben._send({"type": "deck", "deck": ["amazons"]})
    drive(players, lambda: any(e.startswith("bad_message") for e in players[1].errors), timeout=10)
    assert "deck" not in _entry(ben, 1) and handle.host.problems == []


def test_no_deck_for_another_seat_nor_after_the_start(lobby: Lobby) -> None:
    handle, proxy, clients, players = lobby
    ana, ben = clients
    ben._send({"type": "deck", "deck": _amazons(), "seat": 0})
    drive(players, lambda: "wrong_seat: you play seat 1, not seat 0" in players[1].errors, timeout=10)
    assert "deck" not in _entry(ana, 0)
    for c in clients:
        c.set_ready(True)
    drive(players, lambda: handle.snapshot()["can_start"], timeout=10)
    handle.start_game()
    drive(players, lambda: all(c.phase == "playing" for c in clients), timeout=20)
    ben.bring_deck(_amazons())
    drive(players, lambda: ben.deck_refused is not None, timeout=10)
    assert ben.deck_refused.key == "not_in_game" and "before the game is dealt" in ben.deck_refused.text


def test_a_spectator_brings_no_deck(tmp_path: Path) -> None:
    handle, proxy, clients, players = _lobby(tmp_path)
    eve = RemoteClient("127.0.0.1", handle.port, "Eve", watch=True)
    watcher = Player(eve, play=False)
    try:
        drive([*players, watcher], lambda: eve.status == "lobby", timeout=10)
        eve.bring_deck(_amazons())
        drive([*players, watcher], lambda: eve.deck_refused is not None, timeout=10)
        assert eve.deck_refused.key == "not_a_seat" and "spectator" in eve.deck_refused.text
    finally:
        eve.close()
        _close(handle, proxy, clients)


def test_a_game_played_with_the_hosts_cards_takes_no_deck(tmp_path: Path) -> None:
    handle = start_host(tmp_path, ["remote", "remote"], seed=5, autostart=False)  # Hero Realms
    ben = RemoteClient("127.0.0.1", handle.port, "Ben", seat=1)
    players = [Player(ben, play=False)]
    try:
        drive(players, lambda: ben.status == "lobby", timeout=10)
        ben.bring_deck(_amazons())
        drive(players, lambda: ben.deck_refused is not None, timeout=10)
        assert ben.deck_refused.key == "no_own_decks" and "host's cards" in ben.deck_refused.text
        assert own_decks.yours("hero_realms") == [] and not own_decks.takes_decks("fantasy_realms")
    finally:
        ben.close()
        handle.stop()


def test_an_older_host_that_knows_no_deck_is_taken_as_a_refusal(tmp_path: Path) -> None:
    """A version 2 host from before answers ``deck`` with unknown_type (here: a proxy
    that renames the message on its way, as such a host would not know it)."""
    handle = start_host(tmp_path, ["remote", "remote"], seed=5, game=HD, format="initiation",
                        modules=["vikings,greeks"], autostart=False)
    proxy = Proxy(handle.port, to_host=lambda line: line.replace(b'"type":"deck"', b'"type":"deck_v9"'))
    ben = RemoteClient("127.0.0.1", proxy.port, "Ben", seat=1)
    players = [Player(ben, play=False)]
    try:
        drive(players, lambda: ben.status == "lobby" and ben.lobby is not None, timeout=10)
        ben.bring_deck(_amazons())
        drive(players, lambda: ben.deck_refused is not None, timeout=10)
        assert ben.deck_refused.key == "no_own_decks" and "deck" not in _entry(ben, 1)
    finally:
        ben.close()
        proxy.close()
        handle.stop()


def test_the_players_own_legal_decks_are_offered_and_the_host_judges_them_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))
    folder = decks.user_folder()
    folder.mkdir(parents=True)
    deck = _amazons("My Amazons")
    lines = [f'name = "{deck["name"]}"', f'civ = "{deck["civ"]}"', ""]
    lines += [f'[[cards]]\ncard = "{e["card"]}"\ncount = {e["count"]}\n' for e in deck["cards"]]
    (folder / "my_amazons.toml").write_text("\n".join(lines), encoding="utf-8")
    (folder / "broken.toml").write_text('name = "Broken"\ncivil = 1\n', encoding="utf-8")
    assert load_file(folder / "my_amazons.toml")["name"] == "My Amazons"
    offered = own_decks.yours(HD)
    assert offered == [("My Amazons", deck)]  # the bad file is not offered
    assert own_decks.brought(HD, "lobby", 1, {"deck": offered[0][1]}) is not None
    with pytest.raises(ProtocolError, match="79 cards"):
        own_decks.brought(HD, "lobby", 1, {"deck": _short()})
