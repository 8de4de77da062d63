"""A HerosDeï game hosted by the house's Session (the table's only way to the engine):
the state answers the Session's door (seats, views, clones), and undo takes back a
player's own decision."""

from __future__ import annotations

from game import games
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session


def _session() -> Session:
    rec = games.game("herosdei").new_record(2, 5, "standard", ())
    return Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")])


def test_a_session_hosts_a_herosdei_game_with_views_per_seat() -> None:
    s = _session()
    assert s.n == 2
    mine, theirs, nobody = s.view(0), s.view(1), s.view(None)
    assert isinstance(mine["players"][0]["hand"], list) and isinstance(mine["players"][1]["hand"], int)
    assert isinstance(theirs["players"][0]["hand"], int) and isinstance(theirs["players"][1]["hand"], list)
    assert all(isinstance(p["hand"], int) for p in nobody["players"]) and nobody["legal"] == []


def test_a_clone_is_independent_and_undo_takes_back_a_placement() -> None:
    s = _session()
    c = LocalClient(s, None)
    while s.state.phase != "placement":
        seat = s.waiting_for()[0]
        c.submit(seat, s.view(seat)["legal"][0])
    twin = s.state.clone()
    seat = s.waiting_for()[0]
    line = next(x for x in s.view(seat)["legal"] if x != "done")
    before = s.state.state_hash()
    c.submit(seat, line)
    assert twin.state_hash() == before != s.state.state_hash()
    assert c.can_undo(seat)
    c.undo(seat)
    assert s.state.state_hash() == before


def test_the_view_says_how_many_seats_the_table_lays_out() -> None:
    s = _session()
    assert s.view(0)["seats"] == s.view(None)["seats"] == 2
