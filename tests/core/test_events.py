"""Both engines' events share one base (game/core/events.py): one JSON form, one redaction hook."""

from __future__ import annotations

from game.core.events import Event
from game.fantasy_realms import events as fr
from game.hero_realms import events as hr


def test_both_games_events_are_core_events() -> None:
    assert hr.Event is Event and fr.Event is Event
    assert issubclass(hr.CleanedUp, Event) and issubclass(fr.HandScored, Event)


def test_to_dict_gives_lists_all_the_way_down_and_public_events_redact_to_themselves() -> None:
    e = hr.CleanedUp(seat=1, gold_lost=2, combat_lost=0, in_play=("gold",), hand=())
    assert e.to_dict() == {"type": "cleaned_up", "seat": 1, "gold_lost": 2, "combat_lost": 0, "in_play": ["gold"], "hand": []}
    assert e.redacted_for(0) is e
    s = fr.HandScored(seat=0, total=9, base_total=7, cards=("a",), per_card=(("a", 9),), blanked=(), choices=())
    assert s.to_dict()["per_card"] == [["a", 9]]
    assert fr.CardDrawn(seat=0, card="x").redacted_for(1).to_dict() == {"type": "card_drawn", "seat": 0, "card": None,
                                                                       "why": "draw"}
