"""Redaction: a seat's view shows its own hand and nothing of the other hand, the
futures (so not where a Sovereign Good lies) or another seat's prompt; draws are
redacted for the other seat."""

from __future__ import annotations

import json

from game.herosdei.events import CardsDrawn
from game.herosdei.view import view
from tests.herosdei.helpers import new


def test_a_view_hides_the_other_hand_and_both_futures() -> None:
    st = new(3)
    for seat in (0, 1):
        v = view(st, seat)
        me, other = v["players"][seat], v["players"][1 - seat]
        assert me["hand"] == [st.cid[u] for u in st.players[seat].hand]
        assert other["hand"] == len(st.players[1 - seat].hand)
        assert me["future"] == len(st.players[seat].future) and isinstance(other["future"], int)
        text = json.dumps(v)
        # the Sovereign Good slipped into this seat's future is nowhere in its view
        if "grail" not in me["hand"] and all("grail" not in c["given"] for p in v["players"] for c in p["characters"]):
            assert "grail" not in text


def test_the_other_seats_prompt_is_only_named() -> None:
    st = new(3)
    assert st.pending is not None and st.pending.seat == 0  # the first hand limit
    assert view(st, 1)["pending"] == {"seat": 0, "kind": "hand_limit"}
    assert view(st, 1)["legal"] == []
    assert view(st, 0)["pending"]["options"] == [str(a) for a in st.legal_actions()] == view(st, 0)["legal"]


def test_draws_are_redacted_for_the_other_seat() -> None:
    st = new(3)
    drawn = [e for e in st.log if isinstance(e, CardsDrawn)]
    assert drawn
    for e in drawn:
        assert e.redacted_for(e.seat) is e
        hidden = e.redacted_for(1 - e.seat).to_dict()
        assert hidden["cards"] == [] and hidden["count"] == e.count
