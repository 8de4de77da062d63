"""The end of the game and the hand limits (issue 36): every game ends, the end comes
the moment the discard area is full, the first turn draws from the deck, never more
than 9 cards in hand, and the end-of-game cap protects only cards that drew.
Random games over every module set and player count check the same invariants."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError
from game.core.rng import Rng
from game.fantasy_realms import rules
from game.fantasy_realms.events import Event, GameEnding
from game.fantasy_realms.modules import HAND_MAX
from game.fantasy_realms.optimal import best
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState

ITEMS = ("cursed_items",)
SUITS = ("cursed_hoard_suits",)


def lines(st: GameState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def item_id(st: GameState, slug: str) -> str:
    return next(i for i, it in st.lib.items.items() if it.slug == slug)


def card(st: GameState, slug: str) -> str:
    cid = rules.card_id(st, slug)
    assert cid is not None and cid in st.cards
    return cid


def give_item(st: GameState, seat: int, slug: str) -> str:
    """Seat ``seat`` holds item ``slug`` face up (taken from wherever it was)."""
    iid = item_id(st, slug)
    if iid in st.item_deck:
        st.item_deck.remove(iid)
    for s in range(st.n):
        if st.face_up[s] == iid:
            st.face_up[s] = st.item_deck.pop()
    old = st.face_up[seat]
    if old is not None:
        st.item_deck.insert(0, old)
    st.face_up[seat] = iid
    return iid


def move_to(st: GameState, cids: list[str], where: list[str]) -> None:
    """Move cards (from any hand, the deck or the discard area) to ``where``."""
    for cid in cids:
        for pile in (st.deck, st.discard, *st.hands):
            if cid in pile:
                pile.remove(cid)
                break
        where.append(cid)


def fill_discard(st: GameState, k: int, avoid: tuple[str, ...] = ()) -> None:
    """Deck cards into the discard area until it holds ``k`` (turn 2: no first-turn rule)."""
    for cid in [c for c in reversed(st.deck) if c not in avoid][:k - len(st.discard)]:
        move_to(st, [cid], st.discard)
    st.turn = 2


def later_turn(st: GameState) -> None:
    st.turn = 2


def play(st: GameState, line: str) -> list[Event]:
    assert line in lines(st), (line, lines(st))
    return st.apply(line)


# ------------------------------------------------------------------ 1. every game ends
def test_a_game_whose_discard_area_can_never_fill_ends_when_the_deck_runs_out() -> None:
    # six players, one holding 9 cards (Portal, then a Repair Kit copying it): 53 - 44 = 9
    # cards are left for the deck and the discard area, which can never reach 10
    st = new_game(6, ITEMS, seed=3, first=0)
    st.limit[0] = 9
    move_to(st, st.deck[-2:], st.hands[0])
    assert len(st.deck) + len(st.discard) == 9
    rng = Rng(7)
    events: list[Event] = []
    for _ in range(600):
        if st.over:
            break
        legal = st.legal_actions()
        events += st.apply(legal[rng.below(len(legal))])
    assert st.over, f"still {st.phase} after 600 actions (deck {len(st.deck)}, discard {len(st.discard)})"
    ending = [e for e in events if isinstance(e, GameEnding)]
    assert len(ending) == 1 and ending[0].reason == "deck_empty" and ending[0].discards < st.end_at
    assert not st.deck


# ------------------------------------------------------------------ 2. never more than 9 cards
def used_portal(st: GameState, seat: int) -> None:
    """``seat`` used a Portal earlier (hand limit +1) and holds a Repair Kit."""
    portal = item_id(st, "portal")
    give_item(st, seat, "portal")
    st.face_up[seat] = None
    st.face_down[seat].append(portal)
    st.limit[seat] += 1
    move_to(st, st.deck[-1:], st.hands[seat])
    give_item(st, seat, "repair_kit")


def test_a_repair_kit_copying_the_portal_never_takes_a_hand_above_nine() -> None:
    st = new_game(3, (*ITEMS, *SUITS), seed=5, first=0)
    used_portal(st, 0)
    later_turn(st)
    assert st.limit[0] == 9 and len(st.hands[0]) == 9
    play(st, "draw deck")
    play(st, "item use portal")  # the Repair Kit copies the Portal: the limit stays 9
    assert st.limit[0] == HAND_MAX and st.phase == "discard" and st.to_move == 0 and len(st.hands[0]) == 10
    assert all(x.startswith("discard ") for x in lines(st))
    play(st, lines(st)[0])
    assert len(st.hands[0]) == 9 and st.active == 1


def test_the_cursed_items_alone_still_reach_nine() -> None:
    st = new_game(3, ITEMS, seed=5, first=0)
    used_portal(st, 0)
    later_turn(st)
    play(st, "draw deck")
    play(st, "item use portal")
    assert st.limit[0] == 9 and len(st.hands[0]) == 9 and st.active == 1


# ------------------------------------------------------------------ 3. the first draw is from the deck
def test_the_first_player_draws_from_the_deck_even_after_winged_boots() -> None:
    st = new_game(3, ITEMS, seed=1, first=0)
    give_item(st, 0, "winged_boots")
    play(st, "item use")
    boots = st.lib.cards[st.discard[0]].slug
    assert lines(st) == ["draw deck"]
    with pytest.raises(IllegalActionError, match="first player must draw from the deck"):
        st.apply(f"draw {boots}")
    play(st, "draw deck")
    play(st, lines(st)[0])
    assert f"draw {boots}" in lines(st)  # the next player may take it


# ------------------------------------------------------------------ 4. the end in mid-turn
def ending(events: list[Event]) -> GameEnding:
    found = [e for e in events if isinstance(e, GameEnding)]
    assert len(found) == 1
    return found[0]


def test_winged_boots_filling_the_discard_area_end_the_game_before_the_draw() -> None:
    st = new_game(3, ITEMS, seed=2, first=0)
    give_item(st, 0, "winged_boots")
    fill_discard(st, 9)
    ev = play(st, "item use")
    assert ending(ev).discards == 10 and ending(ev).reason == "discards"
    assert st.phase in ("end_game", "over") and len(st.hands[0]) == 7
    assert not [e for e in ev if e.type == "card_drawn" and getattr(e, "why", "") == "draw"]


def test_the_fishhooks_first_discard_filling_the_area_ends_the_game() -> None:
    st = new_game(3, ITEMS, seed=2, first=0)
    give_item(st, 0, "fishhook")
    fill_discard(st, 9)
    play(st, "item use")
    assert len(st.hands[0]) == 9 and st.phase == "discard"
    ev = play(st, lines(st)[0])
    # the second discard is not made (with the Cursed Items alone the end cap is 8: nothing to cap)
    assert ending(ev).discards == 10 and st.phase in ("end_game", "over") and len(st.hands[0]) == 8


def test_the_blindfold_discard_filling_the_area_ends_the_game_before_its_draw() -> None:
    st = new_game(3, ITEMS, seed=2, first=0)
    give_item(st, 0, "blindfold")
    fill_discard(st, 9)
    play(st, "item use")
    ev = play(st, lines(st)[0])
    assert ending(ev).discards == 10 and st.phase in ("end_game", "over") and len(st.hands[0]) == 6


def test_the_last_discard_of_a_normal_turn_still_ends_the_game() -> None:
    st = new_game(4, seed=2, first=0)
    fill_discard(st, 9)
    play(st, "draw deck")
    ev = play(st, lines(st)[0])
    assert ending(ev).discards == 10 and st.phase in ("end_game", "over") and len(st.hands[0]) == 7


def test_a_wishing_ring_turn_ending_the_game_still_shuffles_the_deck() -> None:
    # "shuffle the deck at the end of your turn": the game's end ends the turn (before a Leprechaun draws)
    st = new_game(3, ITEMS, seed=2, first=0)
    give_item(st, 0, "wishing_ring")
    fill_discard(st, 9)
    play(st, "item use")
    play(st, lines(st)[0])
    play(st, "draw deck")
    before = st.deck[:]
    ev = play(st, lines(st)[0])
    assert ending(ev).discards == 10 and not st.ring
    assert sorted(st.deck) == sorted(before) and st.deck != before


# ------------------------------------------------------------------ 5. the cap protects only cards that drew
def end_with(st: GameState, hand: list[str], discard: list[str], deck_empty: bool = False) -> list[Event]:
    """Seat 0 holds ``hand``, the discard area ``discard`` (and the rest of the deck
    when ``deck_empty``); the game ends now, seat 0 the first to resolve its draws."""
    assert st.active == st.n - 1
    move_to(st, list(st.hands[0]), st.deck)
    move_to(st, hand, st.hands[0])
    move_to(st, discard, st.discard)
    if deck_empty:
        move_to(st, list(st.deck), st.discard)
    ev: list[Event] = []
    rules.begin_end(st, ev)
    return ev


def test_a_necromancer_that_took_nothing_may_be_discarded_to_the_cap() -> None:
    st = new_game(3, ITEMS, seed=4, first=2)
    necro = card(st, "necromancer")
    knight = card(st, "knights")
    others = [c for c in st.deck if c not in (necro, knight)
              and st.lib.cards[c].suit not in ("army", "leader", "wizard", "beast")][:8]
    end_with(st, [necro, *others], [knight])
    assert st.endq[0] == ("necromancer", 0) and "pass" in lines(st)
    play(st, "pass")
    assert st.endq[0] == ("cap", 0) and "discard necromancer" in lines(st)


def test_a_necromancer_that_took_a_card_is_kept_from_the_cap() -> None:
    st = new_game(3, ITEMS, seed=4, first=2)
    necro = card(st, "necromancer")
    knight = card(st, "knights")
    others = [c for c in st.deck if c not in (necro, knight)][:7]
    end_with(st, [necro, *others], [knight])
    play(st, "take knights")
    assert st.endq[0] == ("cap", 0) and len(st.hands[0]) == 9
    assert "discard necromancer" not in lines(st) and "discard knights" in lines(st)


def test_a_leprechaun_facing_an_empty_deck_may_be_discarded_to_the_cap() -> None:
    st = new_game(3, SUITS, seed=4, first=2)
    lep = card(st, "leprechaun")
    others = [c for c in st.deck if c != lep][:9]
    end_with(st, [lep, *others], [], deck_empty=True)
    while st.endq and st.endq[0] != ("cap", 0):  # other seats' Necromancer or Genie
        play(st, "pass" if "pass" in lines(st) else lines(st)[0])
    assert len(st.hands[0]) == 10 and "discard leprechaun" in lines(st)


# ------------------------------------------------------------------ random games
MODULE_SETS = [(), ("promo",), ITEMS, SUITS, (*ITEMS, *SUITS), ("promo", *ITEMS, *SUITS)]
GAMES_PER_SETTING = 4
MAX_ACTIONS = 1500


def play_checked(st: GameState, rng: Rng) -> int:
    """A random game to its end, checking after every action: the hand limits between
    turns, and that the game ends the moment (and only when) its end condition holds."""
    steps = 0
    while not st.over:
        assert steps < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions ({st.phase}, deck {len(st.deck)})"
        legal = st.legal_actions()
        before = len(st.discard)
        ev = st.apply(legal[rng.below(len(legal))])
        steps += 1
        ends = [e for e in ev if isinstance(e, GameEnding)]
        if ends:
            e = ends[0]
            if e.reason == "discards":
                assert e.discards >= st.end_at
                if not st.two_player:
                    assert e.discards == st.end_at and before < st.end_at
            else:
                assert e.reason == "deck_empty" and e.discards < st.end_at and not st.deck
        elif st.phase != "end_game" and not st.over:
            assert not rules.limit_reached(st), "the discard area is full and the game goes on"
        if st.phase == "draw" and not st.moved:  # between turns
            assert all(lim <= HAND_MAX for lim in st.limit)
            for s in range(st.n):
                assert len(st.hands[s]) <= min(HAND_MAX, st.limit[s] or st.hand_size)
    return steps


@pytest.mark.parametrize("mods", MODULE_SETS, ids=["+".join(m) or "base" for m in MODULE_SETS])
def test_random_games_end_at_the_limit_with_hands_of_nine_at_most(mods: tuple[str, ...]) -> None:
    for seats in range(2, 7):
        for game in range(GAMES_PER_SETTING):
            seed = 1000 * seats + game
            st = new_game(seats, mods, seed=seed)
            play_checked(st, Rng(seed))
            assert st.outcome() is not None and st.results is not None
            cap = st.cap if st.cap is not None else HAND_MAX
            for seat in range(seats):
                assert len(st.hands[seat]) <= cap
                table = rules.table_for(st, seat)
                got = best([st.lib.cards[c] for c in st.hands[seat]], table, st.lib)  # type: ignore[arg-type]
                assert got.total == st.results[seat].total
