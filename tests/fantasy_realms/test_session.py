"""Fantasy Realms through the shared Session: hotseat, AI seats, undo, saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError, IllegalActionError
from game.fantasy_realms.record import Record
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session


def test_session_hosts_a_fantasy_game_with_ai(tmp_path: Path) -> None:
    rec = Record.standard(3, ["promo", "cursed_items"], seed=4, first=0)
    seats = [SeatConfig("human", "Ann"), SeatConfig("ai", "B", "medium"), SeatConfig("ai", "C", "easy")]
    save = tmp_path / "auto.json"
    session = Session(rec, seats, autosave=save)
    client = LocalClient(session, AISeats(session, inline=True))
    assert session.game == "fantasy_realms" and session.waiting_for() == [0]
    with pytest.raises(IllegalActionError):
        client.submit(1, "draw deck")  # not that seat's turn
    steps = 0
    while not session.over and steps < 400:
        if session.waiting_for() == [0]:
            client.submit(0, client.view(0)["legal"][0])
        client.poll()
        steps += 1
    assert session.over and session.state.outcome() is not None
    rec2, st2 = games.load(save)  # the autosave replays to the same game
    assert st2.state_hash() == session.state.state_hash() and rec2.actions == rec.actions


def test_undo_stops_at_a_revealed_card() -> None:
    rec = Record.standard(3, [], seed=2, first=0)
    session = Session(rec, [SeatConfig("human", f"P{i}") for i in range(3)])
    session.submit(0, "draw deck")  # a hidden card was shown: no undo past it
    assert not session.can_undo(0)
    card = session.state.hands[0][0]
    session.submit(0, f"discard {card}")
    slug = session.state.lib.cards[card].slug
    session.submit(1, f"draw {slug}")  # taking a face-up card reveals nothing
    assert session.can_undo(1)
    session.undo(1)
    assert card in session.state.discard and session.waiting_for() == [1]


def test_registry() -> None:
    assert games.names()[:2] == ["hero_realms", "fantasy_realms"]  # HerosDeï follows, engine first
    assert games.playable() == ["hero_realms", "fantasy_realms", "herosdei"]
    with pytest.raises(DataError, match="unknown game"):
        games.game("chess")
    with pytest.raises(DataError, match="unknown game"):
        games.loads('{"kind": "realms-table-save", "game": "chess"}')
