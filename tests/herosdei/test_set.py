"""The shipped HerosDeï card set and its five civilisation decks: every deck is legal and
varied, every card is in a deck, and every card is playable: random games between every
pair of decks, in every variant, end with the engine's invariants, and every card's text
runs at least once across them."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.cli import main
from game.herosdei import effects
from game.herosdei.cards import CIVS, Effect, library
from game.herosdei.decks import DECK_SIZE, Deck, find, installed, load, problem
from game.herosdei.effects import Context
from game.herosdei.events import CardsDrawn, FirstPlayer
from game.herosdei.setup import new_game
from game.herosdei.state import State
from game.herosdei.verbs import CARD_TYPES
from tests.herosdei.test_fuzz import MAX_ACTIONS, VARIANTS, check_conservation, check_hand_limit, check_view

CIVILISATIONS = ("round_table", "greeks", "vikings", "trojans", "amazons")
LABEL = "Original cards for Realms Table on the rules of HerosDeï; not the published cards."
SEEDS_PER_PAIR = 3
VIEW_EVERY = 7
DISTINCT_CARDS = 30
# The seed's nine card types, each as the card types of the schema that make it up.
SEED_TYPES = {
    "places": {"place"}, "gods": {"god"}, "characters": {"hero", "monster", "character"},
    "objects": {"mythic_object", "object"}, "animals": {"mythic_animal", "animal"},
    "destinies": {"stable_destiny", "unstable_destiny"}, "black magic": {"black_magic"},
    "qualities": {"quality"}, "sovereign good": {"sovereign_good"},
}


def shipped() -> dict[str, Deck]:
    return {civ: load(find(civ)) for civ in CIVILISATIONS}


def test_five_decks_are_installed() -> None:
    assert installed() == sorted(CIVILISATIONS)
    assert set(CIVILISATIONS) == set(CIVS) - {"neutral"}


@pytest.mark.parametrize("civ", CIVILISATIONS)
def test_each_deck_is_legal_varied_and_of_its_civilisation(civ: str) -> None:
    defs = library()
    deck = shipped()[civ]
    assert deck.civ == civ
    assert problem(deck, defs) is None
    assert len(deck.ids()) == DECK_SIZE
    distinct = {c for c, _n in deck.cards}
    assert len(distinct) >= DISTINCT_CARDS
    types = {defs[c].type for c in distinct}
    assert types == CARD_TYPES, f"missing {sorted(CARD_TYPES - types)}"
    assert all(types & parts for parts in SEED_TYPES.values())
    assert {defs[c].civ for c in distinct} == {civ, "neutral"}
    goods = [c for c in distinct if defs[c].type == "sovereign_good"]
    assert [defs[c].civ for c in goods] == [civ]
    qualities = {c for c in distinct if defs[c].type == "quality"}
    assert len(qualities) == 4, "the quest needs the four Qualities"


@pytest.mark.parametrize("civ", CIVILISATIONS)
def test_the_command_line_passes_each_deck(civ: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["herosdei-deck", "check", str(find(civ))]) == 0
    assert "a legal deck" in capsys.readouterr().out


def test_every_card_is_in_a_deck_and_speaks_both_languages() -> None:
    defs = library()
    used = {c for deck in shipped().values() for c, _n in deck.cards}
    assert set(defs) == used, f"in no deck: {sorted(set(defs) - used)}"
    for card in defs.values():
        assert set(card.name) == {"fr", "en"} and all(card.name.values()), card.id
        assert card.text is not None and set(card.text) == {"fr", "en"} and all(card.text.values()), card.id


def test_every_character_can_attack_or_is_insensible() -> None:
    """A Character with no Mastery would be taken over by any defender (C >= 2 x 0)."""
    for card in library().values():
        if card.is_character:
            assert card.M >= 1 or "insensible" in card.keywords, card.id


def test_the_data_readme_carries_the_label() -> None:
    readme = Path(find("vikings")).parent.parent / "README.md"
    assert LABEL in readme.read_text(encoding="utf-8").splitlines()[:4]


def pairings() -> Iterator[tuple[str, str, str, int]]:
    for n, (a, b) in enumerate(itertools.product(CIVILISATIONS, repeat=2)):
        for variant in VARIANTS:
            for k in range(SEEDS_PER_PAIR):
                yield a, b, variant, 1000 * n + 10 * k + VARIANTS.index(variant)


def play_out(st: State, seed: int) -> None:
    """Random legal actions to the end; the views (the costly check, done on every
    action by test_fuzz) are checked at every draw and every few actions."""
    rnd = random.Random(seed)
    for n in range(MAX_ACTIONS):
        if st.winner is not None:
            return
        legal = st.legal_actions()
        assert legal, "no legal action in a game not over"
        events = st.apply(rnd.choice(legal))
        check_conservation(st)
        if any(isinstance(e, FirstPlayer) for e in events):
            check_hand_limit(st)
        if n % VIEW_EVERY == 0 or any(isinstance(e, CardsDrawn) for e in events):
            check_view(st, events)
    raise AssertionError("the game did not end")


def test_every_pair_of_decks_plays_to_the_end_and_every_card_text_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random legal actions over every pair of decks (both seats), every variant; the
    effects each card ran are counted as the engine's verbs run them."""
    ran: Counter[str] = Counter()

    def counting(verb: str) -> Callable[[State, Effect, Context], None]:
        run = effects.IMPLEMENTATIONS[verb]

        def wrapped(st: State, e: Effect, ctx: Context) -> None:
            ran[st.cid[ctx.source]] += 1
            run(st, e, ctx)
        return wrapped

    for verb in list(effects.IMPLEMENTATIONS):
        monkeypatch.setitem(effects.IMPLEMENTATIONS, verb, counting(verb))
    defs = library()
    decks = shipped()
    winners: Counter[object] = Counter()
    for a, b, variant, seed in pairings():
        st = new_game([decks[a], decks[b]], defs, variant, seed)
        play_out(st, seed)
        winners[st.winner] += 1
    with_text = {c.id for c in defs.values() if c.effects}
    assert with_text - set(ran) == set(), f"never ran: {sorted(with_text - set(ran))}"
    assert winners[0] and winners[1]
