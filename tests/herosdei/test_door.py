"""HerosDeï through the registry: an engine-only entry whose door answers the Session."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError, IllegalActionError
from game.herosdei import decks
from game.herosdei.actions import parse
from game.herosdei.events import CardDiscarded, CardsDrawn, CombatDeclared
from tests.herosdei.helpers import new


def test_the_entry_has_agents_and_the_lan_hosts_it_with_or_without_a_table() -> None:
    entry = games.listing("herosdei")
    assert (games.title("herosdei"), entry.agents, entry.tournament) == (
        "HerosDeï", "game.ai.herosdei.registry", "game.ai.herosdei.tournament")
    assert "herosdei" in games.hostable()  # the door is complete: the table is all the New game screen waits for
    assert ("herosdei" in games.playable()) == (entry.table is not None)


def test_the_kind_answers_the_session() -> None:
    kind = games.game("herosdei")
    st = new(4)
    assert kind.parse("@0 discard page") == parse("@0 discard page")
    assert st.waiting_for() == [0]  # seat 0 answers the hand limit first
    line = st.legal_actions()[0]
    assert kind.bind(st, line, 0) == line
    with pytest.raises(IllegalActionError):
        kind.bind(st, parse("@1 " + str(line)), 0)
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        st.apply(parse("@1 " + str(line)))


def test_what_reveals_hidden_information() -> None:
    kind = games.game("herosdei")
    assert kind.revealing([CardsDrawn(1, 4, ())], 0)
    assert kind.revealing([CardDiscarded(1, "page")], 0)  # a random discard of the other hand
    assert not kind.revealing([CardDiscarded(0, "page")], 0)  # one's own choice
    assert not kind.revealing([CombatDeclared(0, "0:knight", "1:sage")], 0)


def test_new_record_takes_the_doors_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    door = games.game("herosdei")
    assert door.selftest_modules == ("greeks", "vikings")
    with pytest.raises(DataError, match="2 players"):
        door.new_record(3, 1)
    with pytest.raises(DataError, match="unknown HerosDeï deck 'chaos'"):
        door.new_record(2, 1, "standard", ("chaos", "greeks"))
    with pytest.raises(DataError, match="no optional rulings"):
        door.new_record(2, 1, "standard", (), {"x": True})
    assert games.game("herosdei").new_record(2, 1, "standard", (), None, decks=["vikings", "trojans"]) is not None
    monkeypatch.setattr(decks, "installed", lambda: [])
    with pytest.raises(DataError, match="two HerosDeï decks"):
        door.new_record(2, 1, "standard", (), None)


def test_new_record_refuses_an_illegal_deck_file(tmp_path: Path) -> None:
    short = tmp_path / "short.toml"
    short.write_text('name = "Short"\nciv = "vikings"\ncards = [{ card = "berserk", count = 5 }]\n',
                     encoding="utf-8")
    with pytest.raises(DataError, match="5 cards \\(a deck has 80\\)"):
        games.game("herosdei").new_record(2, 1, "standard", (), None, decks=["vikings", str(short)])
