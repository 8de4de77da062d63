"""HerosDeï through the house's Session with the door's ``revealing``: a player takes
back their own decisions, never across a move that showed something hidden (a draw,
the coin toss, a random discard of the other hand) nor across the other player's move;
an autosave of the game loads back to the same state."""

from __future__ import annotations

import random
from pathlib import Path

from game import games
from game.session.session import SeatConfig, Session

DOOR = games.game("herosdei")


def _session(seed: int, autosave: Path | None = None) -> Session:
    rec = DOOR.new_record(2, seed, "standard", ("greeks", "vikings"))
    return Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")], autosave=autosave)


def test_undo_takes_back_own_moves_up_to_a_reveal_through_a_whole_game() -> None:
    s = _session(8)
    kind = games.game("herosdei")
    rng = random.Random(8)
    undone = blocked = 0
    while not s.over:
        (seat,) = s.waiting_for()
        legal = s.view(seat)["legal"]
        before = s.state.state_hash()
        line = legal[rng.randrange(len(legal))]
        events = s.submit(seat, line)
        if s.over or seat not in s.waiting_for():
            assert not s.can_undo(seat)  # the move passed the hand (or ended the game)
            continue
        if kind.revealing(events, seat):
            assert s.undo_blocked(seat) == "revealed"
            blocked += 1
            continue
        assert s.can_undo(seat)
        s.undo(seat)
        assert s.state.state_hash() == before
        undone += 1
        s.submit(seat, line)  # and the game goes on as it would have
    assert undone > 10 and blocked > 0, (undone, blocked)


def test_no_undo_across_the_other_players_move() -> None:
    s = _session(9)
    while True:
        (seat,) = s.waiting_for()
        s.submit(seat, s.view(seat)["legal"][0])
        (now,) = s.waiting_for()
        if now != seat:
            break
    assert not s.can_undo(seat) and s.undo_blocked(now) == "nothing"


def test_an_autosave_of_a_game_in_progress_loads_back_to_the_same_state(tmp_path: Path) -> None:
    save = tmp_path / "hd.json"
    s = _session(10, autosave=save)
    for _ in range(25):
        (seat,) = s.waiting_for()
        s.submit(seat, s.view(seat)["legal"][-1])
    rec, st = games.load(save)
    assert rec.game == "herosdei" and st.state_hash() == s.state.state_hash()
    assert DOOR.state_setup(st) == ("standard: greeks vs vikings", ("greeks", "vikings"), {})
