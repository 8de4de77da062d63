"""Undo on the session: back to the last reveal, never across it or another seat."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError
from game.hero_realms.record import Record
from game.session.session import Session


def _session(hand: list[str], deck: list[str] | None = None) -> Session:
    doc = {"format": "ffa", "seed": 1, "active": 0, "players": [
        {"hand": hand, "deck": deck or ["gold"] * 5}, {"hand": ["gold"], "deck": ["gold"] * 5}],
        "market": {"row": ["spark", "profit"], "deck": ["bribe"], "fire_gems": 16}}
    return Session(Record.position(doc))


def test_undo_replays_to_the_same_state() -> None:
    s = _session(["gold", "dagger", "ruby"])
    before = s.state.state_hash()
    s.submit(0, "play gold")
    s.submit(0, "play dagger")
    assert s.can_undo(0)
    s.undo(0)
    assert s.record.actions == ["play gold"]
    s.undo(0)
    assert s.record.actions == [] and s.state.state_hash() == before
    assert not s.can_undo(0)
    with pytest.raises(IllegalActionError):
        s.undo(0)


def test_no_undo_across_a_draw_or_a_new_market_card() -> None:
    s = _session(["gold", "death_threat", "ruby"])
    s.submit(0, "play gold")
    s.submit(0, "play death_threat")  # draws a card
    assert not s.can_undo(0)
    s.submit(0, "play ruby")
    s.submit(0, "buy profit")  # refills the market from its deck
    assert not s.can_undo(0)


def test_undo_blocked_says_why() -> None:
    s = _session(["gold", "dagger", "ruby"])
    assert s.undo_blocked(0) == "nothing"
    s.submit(0, "play gold")
    assert s.undo_blocked(0) is None
    s.undo(0)  # back at the turn's start: nothing was revealed
    assert s.undo_blocked(0) == "nothing"
    s.submit(0, "play gold")
    s.submit(0, "play dagger")
    s.submit(0, "buy profit")  # a new market card is revealed
    assert s.undo_blocked(0) == "revealed" and s.undo_blocked(1) == "nothing"
    s.submit(0, "play ruby")
    s.undo(0)
    assert s.undo_blocked(0) == "revealed"
    s.submit(0, "end")
    assert s.undo_blocked(0) == "nothing"


def test_no_undo_for_another_seat_or_after_the_turn() -> None:
    s = _session(["gold"])
    s.submit(0, "play gold")
    assert not s.can_undo(1)
    s.submit(0, "end")
    assert not s.can_undo(0) and not s.can_undo(1)


def test_listeners_hear_about_an_undo_and_the_autosave_follows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.hero_realms import record

    path = tmp_path / "auto.json"
    s = _session(["gold", "dagger"])
    s.autosave = path
    heard: list[dict] = []
    s.subscribe(0, lambda seat, evs: heard.extend(evs))
    s.submit(0, "play gold")
    s.submit(0, "play dagger")
    s.undo(0)
    assert heard[-1]["type"] == "undone"
    rec, st = record.load(path)
    assert rec.actions == ["play gold"] and st.players[0].gold == 1
