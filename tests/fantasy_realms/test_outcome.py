"""How a Fantasy Realms game ends, as the house reads it: both states follow core's
``GameState`` protocol, and ``outcome()`` gives the winners, every seat's score and a
termination key: ``score`` (the discard area filled), ``deck_empty`` (this table's
ruling for a game whose area can never fill), ``time_up`` (Chaos Realms) or ``tie``
(the tie-break on base strength left several winners)."""

from __future__ import annotations

from game.core.game import GameState as Protocol
from game.core.game import Outcome
from game.core.rng import Rng
from game.fantasy_realms import rules
from game.fantasy_realms.chaos import ChaosState, new_chaos
from game.fantasy_realms.ending import TERMINATIONS
from game.fantasy_realms.events import Event, GameEnding
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState
from tests.fantasy_realms.test_end import move_to

# two hands of seven with the same best score (76) and the same base strength (72)
TIED = (("cavern", "bell_tower", "swamp", "whirlwind", "knights", "sword_of_keth", "doppelganger"),
        ("great_flood", "fire_elemental", "light_cavalry", "enchantress", "unicorn", "gem_of_order", "mirage"))
END_CARDS = ("necromancer", "leprechaun", "genie")  # their end-of-game draws would change the hands


def play_random(st: GameState | ChaosState, rng: Rng) -> list[Event]:
    events: list[Event] = []
    while not st.over:
        legal = st.legal_actions()
        events += st.apply(legal[rng.below(len(legal))])
    return events


def test_both_states_follow_the_protocol_and_have_no_outcome_before_the_end() -> None:
    st, chaos = new_game(3, seed=1), new_chaos(4, seed=1)
    assert isinstance(st, Protocol) and isinstance(chaos, Protocol)
    assert st.outcome() is None and chaos.outcome() is None


def test_a_full_discard_area_ends_the_game_by_score() -> None:
    st = new_game(3, seed=11)
    events = play_random(st, Rng(1))
    ending = [e for e in events if isinstance(e, GameEnding)]
    assert [e.reason for e in ending] == ["discards"]
    out = st.outcome()
    assert st.results is not None and len(st.winners) == 1
    assert out == Outcome(st.winners, "score", tuple(r.total for r in st.results)) and out.winner == st.winners[0]
    assert out.termination in TERMINATIONS


def test_a_game_whose_discard_area_can_never_fill_ends_by_the_empty_deck() -> None:
    # as in test_end: six players, one holding 9 cards, leave 9 for the deck and the area
    st = new_game(6, ("cursed_items",), seed=3, first=0)
    st.limit[0] = 9
    move_to(st, st.deck[-2:], st.hands[0])
    events = play_random(st, Rng(7))
    assert [e.reason for e in events if isinstance(e, GameEnding)] == ["deck_empty"]
    out = st.outcome()
    assert out is not None and out.termination == ("tie" if len(st.winners) > 1 else "deck_empty")
    assert out.winners == st.winners


def test_hands_tied_on_score_and_base_strength_share_the_win() -> None:
    st = new_game(3, seed=4, first=2)
    by_slug = {st.lib.cards[c].slug: c for c in st.cards}
    for seat in range(st.n):
        move_to(st, list(st.hands[seat]), st.deck)
    for seat, hand in enumerate(TIED):
        move_to(st, [by_slug[s] for s in hand], st.hands[seat])
    used = {c for h in TIED for c in h} | set(END_CARDS)
    move_to(st, [c for c in st.deck if st.lib.cards[c].slug not in used][:7], st.hands[2])
    ev: list[Event] = []
    rules.begin_end(st, ev)
    out = st.outcome()
    assert out is not None and out.scores is not None and out.scores[:2] == (76, 76) and out.scores[2] < 76
    assert out.winners == (0, 1) and out.termination == "tie" and out.winner is None


def test_chaos_realms_ends_when_the_time_is_up() -> None:
    st = new_chaos(4, seed=5, limit_s=30)
    st.apply("clock 30000")
    play_random(st, Rng(2))
    out = st.outcome()
    assert st.results is not None and out is not None
    assert out.winners == st.winners and out.scores == tuple(r.total for r in st.results)
    assert out.termination == ("tie" if len(st.winners) > 1 else "time_up")
    assert st.turn is None  # no turns in Chaos Realms: the history counts none


def test_the_game_over_event_carries_the_outcomes_termination_key() -> None:
    from game.fantasy_realms.events import GameOver

    chaos = new_chaos(3, seed=4, limit_s=30)
    timed_out = list(chaos.apply("clock 30000"))  # the time is up: what is left is the end's draws
    for st, seed, before in ((new_game(3, seed=11), 1, []), (chaos, 4, timed_out)):
        events = before + play_random(st, Rng(seed))
        over = [e for e in events if isinstance(e, GameOver)]
        outcome = st.outcome()
        assert len(over) == 1 and outcome is not None
        assert over[0].termination == outcome.termination and over[0].to_dict()["termination"] in TERMINATIONS
