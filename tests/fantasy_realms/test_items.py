"""Cursed Items: the three options of a turn and each item's effect."""

from __future__ import annotations

from game.fantasy_realms.events import Revealed
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState


def with_item(slug: str, seed: int = 1) -> GameState:
    st = new_game(3, ("cursed_items",), seed=seed, first=0)
    iid = next(i for i, it in st.lib.items.items() if it.slug == slug)
    if iid in st.item_deck:
        st.item_deck.remove(iid)
    for s in range(3):
        if st.face_up[s] == iid:
            st.face_up[s] = st.item_deck.pop()
    st.face_up[0] = iid
    return st


def lines(st: GameState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def finish_turn(st: GameState) -> None:
    """Draw, discard the first card, end the turn."""
    if st.phase == "draw":
        st.apply("draw deck")
    while st.phase == "discard":
        st.apply(lines(st)[0])
    if st.phase == "end_turn":
        st.apply("end")


def seed_discard(st: GameState, k: int) -> list[str]:
    cards = [st.deck.pop() for _ in range(k)]
    st.discard += cards
    return cards


def test_swap_and_nothing() -> None:
    st = with_item("treasure_chest")
    assert "item swap" in lines(st) and "item use" in lines(st)
    st.apply("item swap")
    finish_turn(st)
    assert st.face_up[0] not in (None, "CH39") and st.item_discard == ["CH39"] and st.face_down[0] == []


def test_used_item_turns_face_down_and_is_replaced() -> None:
    st = with_item("winged_boots")
    st.apply("item use")
    assert len(st.discard) == 1 and st.face_down[0] == ["CH36"]
    assert not [x for x in lines(st) if x.startswith("item")]  # one item action a turn
    finish_turn(st)
    assert st.active == 1 and st.face_up[0] is not None


def test_portal_skips_the_discard() -> None:
    st = with_item("portal")
    assert "item use" not in lines(st)  # only after drawing
    st.apply("draw deck")
    st.apply("item use")
    assert st.limit[0] == 8 and len(st.hands[0]) == 8 and st.active == 1


def test_fishhook_draws_two_discards_two() -> None:
    st = with_item("fishhook")
    st.apply("item use")
    assert len(st.hands[0]) == 9 and st.phase == "discard"
    st.apply(lines(st)[0])
    st.apply(lines(st)[0])
    assert len(st.hands[0]) == 7 and len(st.discard) == 2 and st.active == 1


def test_sealed_vault_keeps_others_out() -> None:
    st = with_item("sealed_vault")
    a, b = seed_discard(st, 2)
    sa, sb = st.lib.cards[a].slug, st.lib.cards[b].slug
    st.apply(f"item use {sa} {sb}")
    finish_turn(st)
    assert f"draw {sa}" not in lines(st) and st.active == 1


def test_market_wagon_trade() -> None:
    st = with_item("market_wagon")
    mine = st.hands[0][0]
    st.apply(f"item use {st.lib.cards[mine].slug}")
    assert st.to_move == 1 and "offer none" in lines(st)
    theirs = st.hands[1][0]
    st.apply(f"offer {st.lib.cards[theirs].slug}")
    assert st.to_move == 2
    st.apply("offer none")
    assert st.to_move == 0
    st.apply(f"trade 1 {st.lib.cards[theirs].slug}")
    assert theirs in st.hands[0] and mine in st.hands[1] and st.active == 1


def test_hourglass_extra_turn() -> None:
    st = with_item("hourglass")
    assert "item use" not in lines(st)
    st.apply("draw deck")
    st.apply(lines(st)[0])
    assert st.phase == "end_turn" and "item use" in lines(st)
    st.apply("item use")
    assert st.active == 0 and st.face_up[0] is None and st.phase == "draw"
    finish_turn(st)
    assert st.active == 1 and st.face_up[0] is not None


def test_repair_kit_without_used_items_is_exchanged() -> None:
    st = with_item("repair_kit")
    st.apply("item use")
    assert st.face_up[0] not in (None, "CH41") and "CH41" in st.item_discard and st.face_down[0] == []


def test_repair_kit_copies_a_used_item() -> None:
    st = with_item("repair_kit")
    st.face_down[0] = ["CH36"]
    st.apply("item use winged_boots")
    assert len(st.discard) == 1 and st.face_down[0] == ["CH36", "CH41"]


def test_backpack_reserve_is_picked_from() -> None:
    st = with_item("backpack")
    st.apply("item use")
    reserve = list(st.reserve[0])
    assert len(reserve) == 3
    st.apply("draw deck")
    st.apply(lines(st)[0])
    assert st.phase == "effect" and all(x.startswith("pick ") for x in lines(st))
    st.apply(lines(st)[0])
    assert st.face_up[0] in reserve and len(st.reserve[0]) == 2 and st.active == 1


def test_staff_of_transmutation() -> None:
    st = with_item("staff_of_transmutation")
    before = list(st.hands[0])
    st.apply("item use")
    for _ in range(3):
        st.apply(next(x for x in lines(st) if x.startswith("select")))
    st.apply("done")
    assert len(st.hands[0]) == 7 and st.hands[0] != before and st.active == 1


def test_spyglass_is_private() -> None:
    st = with_item("spyglass")
    ev = st.apply("item use 1")
    rev = next(e for e in ev if isinstance(e, Revealed))
    assert rev.cards == tuple(st.hands[1])
    assert rev.redacted_for(2).to_dict()["cards"] == [] and rev.redacted_for(0) is rev


def test_lantern_keeps_a_card_of_the_suit() -> None:
    st = with_item("lantern")
    st.apply("item use army")
    if st.phase == "discard":
        assert st.forbid and st.lib.cards[st.forbid].suit == "army"
        assert f"discard {st.lib.cards[st.forbid].slug}" not in lines(st)


def test_gloves_steal_and_use() -> None:
    st = with_item("larcenous_gloves")
    st.face_up[1] = "CH36"  # Winged Boots
    st.apply("item use 1")
    assert st.phase == "effect" and lines(st) == ["item use"]
    st.apply("item use")
    assert st.face_down[0] == ["CH34", "CH36"] and len(st.discard) == 1 and st.face_up[1] not in (None, "CH36")


def _item(st: GameState, slug: str) -> str:
    return next(i for i, it in st.lib.items.items() if it.slug == slug)


def test_a_dug_up_backpack_with_no_item_left_turns_face_down_and_the_turn_goes_on() -> None:
    """The Junkyard Map takes the last item there is (a Backpack): using it at once has
    nothing left to set aside. The game used to wait for an answer no line offered."""
    st = with_item("junkyard_map")
    backpack = _item(st, "backpack")
    st.item_deck, st.item_discard = [], [backpack]
    st.face_up[1] = st.face_up[2] = None
    assert "item use backpack" in lines(st)
    st.apply("item use backpack")
    assert st.face_down[0] == [_item(st, "junkyard_map"), backpack] and st.reserve[0] == []
    assert st.phase == "draw" and st.to_move == 0 and lines(st)
    finish_turn(st)
    assert st.active == 1


def test_a_stolen_backpack_whose_theft_emptied_the_item_deck_turns_face_down() -> None:
    """Larcenous Gloves take a Backpack; its holder draws the last item of the deck, so
    the Backpack has nothing to set aside when used at once."""
    st = with_item("larcenous_gloves")
    backpack, last = _item(st, "backpack"), _item(st, "spyglass")
    st.face_up[1], st.face_up[2] = backpack, None
    st.item_deck, st.item_discard = [last], []
    assert "item use 1" in lines(st)
    st.apply("item use 1")
    assert st.face_up[1] == last and st.face_down[0] == [_item(st, "larcenous_gloves"), backpack]
    assert st.phase == "draw" and lines(st)
