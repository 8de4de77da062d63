"""Every kind of question the Fantasy Realms engine asks becomes a question with
legal answers only, and each answer becomes the right legal line(s)."""

from __future__ import annotations

from typing import Any

from game.fantasy_realms.state import GameState
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.fantasy_realms.prompts import Asker, Step
from game.ui.i18n import Tr
from tests.ui.fantasy_realms.helpers import card, state, with_item

NAMES = ["Ana", "Ben", "Chloé"]


def asker(st: GameState, seat: int | None = None, tr: Tr | None = None) -> Asker:
    seat = st.to_move if seat is None else seat
    return Asker(FantasyModel(st.view(seat), seat), tr or Tr("en"), NAMES)


def legal(st: GameState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def answer(step: Step | None, value: Any) -> Any:
    assert step is not None
    return step.resolve(value)


def all_option_lines(step: Step) -> set[str]:
    return {o.value for o in step.question.options} | {o.value for o in step.question.buttons}


def test_normal_turns_ask_nothing() -> None:
    _rec, st = state()
    assert asker(st).decision() is None  # drawing: the table answers
    st.apply("draw deck")
    assert asker(st).decision() is None  # discarding: the table answers


def test_two_player_draft_keep() -> None:
    _rec, st = state(2)
    st.apply("draw two")
    step = asker(st).decision()
    assert step is not None and len(step.question.options) == 2
    assert all_option_lines(step) == set(legal(st))
    line = step.question.options[1].value
    assert answer(step, line) == [line]
    st.apply(line)


def test_end_of_game_necromancer_genie_and_cap() -> None:
    _rec, st = state(3, ("cursed_hoard_suits",), seed=3)  # Necromancer and Genie both in the deck
    necro, genie = card(st, "necromancer"), card(st, "genie")
    army = next(c for c in st.deck if st.lib.cards[c].suit == "army")
    for c in (necro, genie, army):
        st.deck.remove(c)
    st.hands[1][0:2] = [necro, genie]  # seat 1 acts first at the end (after seat 0)
    st.discard = [army] + [st.deck.pop() for _ in range(st.end_at - 2)]
    st.apply("draw deck")
    st.apply(legal(st)[0])
    assert st.phase == "end_game" and st.to_move == 1
    step = asker(st).decision()
    assert step is not None and "pass" in {o.value for o in step.question.buttons}
    assert {o.value for o in step.question.options} == {x for x in legal(st) if x.startswith("take ")}
    assert answer(step, "pass") == ["pass"]
    st.apply(f"take {st.lib.cards[army].slug}")
    step = asker(st).decision()  # the Genie: a wish among the deck's cards (chips)
    assert step is not None and step.question.chips
    assert {o.value for o in step.question.options} == set(legal(st))
    st.apply(step.question.options[0].value)
    if st.phase == "end_game":  # the hand cap (9) may ask for a discard
        step = asker(st).decision()
        assert step is not None and {o.value for o in step.question.options} <= set(legal(st))


def effect_state(slug: str, seed: int = 1, seats: int = 3) -> tuple[GameState, str]:
    _rec, st = state(seats, ("cursed_items",), seed)
    iid = with_item(st, slug)
    return st, iid


def test_item_use_asks_for_a_seat_a_suit_a_card_and_an_item() -> None:
    st, _ = effect_state("spyglass")
    step = asker(st).item_use(legal(st))
    assert step is not None and [o.label for o in step.question.options] == ["Ben", "Chloé"]
    assert answer(step, "2") == ["item use 2"]
    st, _ = effect_state("crystal_ball")
    step = asker(st).item_use(legal(st))
    assert step is not None and "wild" in {o.value for o in step.question.options}
    assert answer(step, "beast") == ["item use beast"]
    st, _ = effect_state("market_wagon")
    step = asker(st).item_use(legal(st))
    first = step.question.options[0] if step else None
    assert first is not None and first.card in st.hands[0]
    assert answer(step, first.value) == [f"item use {first.value}"]


def test_sealed_vault_asks_for_a_set_of_cards() -> None:
    st, _ = effect_state("sealed_vault")
    st.discard += [st.deck.pop() for _ in range(3)]
    step = asker(st).item_use(legal(st))
    assert step is not None and step.question.sizes == (2,)
    a, b = (st.lib.cards[c].slug for c in st.discard[:2])
    got = answer(step, [b, a])  # in any order
    assert got in ([f"item use {a} {b}"], [f"item use {b} {a}"]) and got[0] in legal(st)


def test_repair_kit_asks_for_the_used_item_then_its_words() -> None:
    st, kit = effect_state("repair_kit")
    spy = next(i for i, it in st.lib.items.items() if it.slug == "spyglass")
    st.face_down[0] = [spy]
    if spy in st.item_deck:
        st.item_deck.remove(spy)
    step = asker(st).item_use(legal(st))
    assert step is not None and [o.value for o in step.question.options] == ["spyglass"]
    nxt = answer(step, "spyglass")
    assert isinstance(nxt, Step) and answer(nxt, "1") == ["item use spyglass 1"]


def test_no_word_items_are_one_button() -> None:
    st, _ = effect_state("winged_boots")
    step = asker(st).item_use(legal(st))
    assert step is not None and [o.value for o in step.question.buttons] == ["item use"]


def run_effect(slug: str, seed: int = 1) -> tuple[GameState, Step]:
    st, _ = effect_state(slug, seed)
    if slug in ("rake", "gold_mirror", "shovel"):
        st.discard += [st.deck.pop() for _ in range(4)]
    st.apply(next(x for x in legal(st) if x.startswith("item use")))
    step = asker(st).decision()
    assert st.phase == "effect" and step is not None
    return st, step


def test_effects_blindfold_rake_mirror_staff_ring() -> None:
    for slug, verb in (("blindfold", "discard"), ("rake", "draw"), ("gold_mirror", "select"), ("staff_of_transmutation", "select"),
                       ("wishing_ring", "wish")):
        st, step = run_effect(slug)
        lines = legal(st)
        assert {o.value for o in step.question.options} == {x for x in lines if x.startswith(verb + " ")}, slug
        st.apply(answer(step, step.question.options[0].value)[0])
    st, step = run_effect("staff_of_transmutation")
    for _ in range(3):
        st.apply(answer(step, step.question.options[0].value)[0])
        step = asker(st).decision()
        assert step is not None
    assert "done" in {o.value for o in step.question.buttons}
    st.apply(answer(step, "done")[0])
    assert st.phase != "effect"


def test_cauldron_asks_a_card_then_top_or_bottom() -> None:
    st, step = run_effect("cauldron")
    word = step.question.options[0].value
    where = answer(step, word)
    assert isinstance(where, Step) and {o.value for o in where.question.buttons} == {f"top {word}", f"bottom {word}"}
    st.apply(answer(where, f"bottom {word}")[0])


def test_backpack_pick() -> None:
    st, _ = effect_state("backpack")
    st.apply("item use")
    st.apply("draw deck")
    st.apply(legal(st)[0])
    if st.phase == "end_turn":
        st.apply("end")
    assert st.phase == "effect" and st.effect[0] == "pick"
    step = asker(st).decision()
    assert step is not None and all(o.card in st.lib.items for o in step.question.options)
    st.apply(answer(step, step.question.options[0].value)[0])


def test_market_wagon_offers_and_trade() -> None:
    st, _ = effect_state("market_wagon")
    mine = st.hands[0][0]
    st.apply(f"item use {st.lib.cards[mine].slug}")
    assert st.to_move == 1
    step = asker(st).decision()  # seat 1 offers up to three cards, or nothing
    assert step is not None and step.question.sizes == (1, 2, 3)
    assert "offer none" in {o.value for o in step.question.buttons}
    two = [step.question.options[0].value, step.question.options[2].value]
    got = answer(step, two)
    assert got[0] in legal(st)
    st.apply(got[0])
    st.apply("offer none")  # seat 2
    step = asker(st).decision()  # seat 0 trades, keeps or redraws
    assert step is not None
    trades = {o.value for o in step.question.options}
    assert trades == {x for x in legal(st) if x.startswith("trade ")} and len(trades) == 2
    assert {o.value for o in step.question.buttons} == {"keep", "redraw"}
    assert all(o.caption == "from Ben" for o in step.question.options)
    st.apply(answer(step, step.question.options[0].value)[0])


def test_larcenous_gloves_then_use_the_stolen_item_now() -> None:
    st, _ = effect_state("larcenous_gloves", seed=3)
    steal = next(x for x in legal(st) if x.startswith("item use "))
    events = st.apply(steal)
    model = FantasyModel(st.view(0), 0)
    for e in events:
        model.land(e.to_dict())
    step = Asker(model, Tr("fr"), NAMES).decision()
    assert step is not None and step.question.title.startswith("Utilisez ")
    first = step.question.options[0].value if step.question.options else step.question.buttons[0].value
    got = answer(step, first)
    if isinstance(got, Step):
        got = answer(got, (got.question.options or got.question.buttons)[0].value)
    assert got[0] in legal(st)


def test_french_words() -> None:
    _rec, st = state(2)
    st.apply("draw two")
    step = asker(st, tr=Tr("fr")).decision()
    assert step is not None and step.question.title == "Gardez une carte"
