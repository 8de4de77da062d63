"""The HerosDeï table words the engine's refusals in the player's language: the key's
words (``refusal.herosdei.<key>``) with card ids and Character references as card names,
and the engine's English sentence for a key it has no words for."""

from __future__ import annotations

from game import games
from game.core.refusal import refusal
from game.herosdei.cards import library
from game.ui.herosdei import gestures
from game.ui.herosdei.model import HdModel
from game.ui.i18n import Tr


def _model() -> HdModel:
    st = games.game("herosdei").new_record(2, 3, "standard").initial_state()
    return HdModel(st.view(0), 0)


def test_a_refusal_is_worded_with_card_names_in_french() -> None:
    card = next(c for c in library().values() if c.name.get("fr") and c.name["fr"] != c.name.get("en"))
    m = _model()
    why = refusal("flies", f"1:{card.id} flies: only a flyer or a thrown weapon reaches it", ref=f"1:{card.id}")
    assert gestures.refusal_words(m, Tr("fr"), why) == f"{card.name['fr']} vole : seul un volant ou une arme de jet l'atteint"
    assert gestures.refusal_words(m, Tr("en"), why) == f"{card.name['en']} flies: only a flyer or a thrown weapon reaches it"
    slot = refusal("slot_taken", f"1:{card.id} already carries a thrown weapon", ref=f"1:{card.id}", slot="thrown_weapon")
    assert gestures.refusal_words(m, Tr("fr"), slot) == f"{card.name['fr']} porte déjà : arme de jet"
    hands = refusal("no_free_hands", "1:x has no 1 free hand", ref="1:x", n=1)
    assert gestures.refusal_words(m, Tr("en"), hands) == "x has no free hand"


def test_a_key_without_words_shows_the_engine_s_sentence() -> None:
    why = refusal("no_such_key", "the engine's own sentence", card="x")
    assert gestures.refusal_words(_model(), Tr("fr"), why) == "the engine's own sentence"
