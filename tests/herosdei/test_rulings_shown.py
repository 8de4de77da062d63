"""The rulings a player must be able to read (issue 48) are written in NOTATION.md and on
the rules screen in both languages, and the cards they concern say them in their text."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.resources import data_path
from game.herosdei.cards import CardDef, library

NOTATION = (Path(__file__).resolve().parents[2] / "game" / "herosdei" / "NOTATION.md").read_text(encoding="utf-8")

# each ruling: (words in NOTATION.md, on the English rules page, on the French one)
RULINGS = {
    "bonuses": ("the other player's Black Magic", "a Black Magic's (maluses) to each Character of the other player",
                "ceux d'une Magie noire (des malus) à chacun des Personnages de l'autre joueur"),
    "allowances": ("1 Place and 1 Black Magic", "Placement allowances, each placement phase",
                   "Limites de chaque phase de pose"),
    "stable text": ("run once, as it enters play", "A Stable card's text acts once, as it enters play",
                    "Le texte d'une carte stable agit une fois, à son arrivée en jeu"),
    "stable destiny": ("A Stable destiny is always played on a Character",
                       "A Stable destiny is played out of combat on one of your Characters",
                       "Une destinée stable se joue hors combat sur l'un de vos Personnages"),
    "sovereign good": ("the owner wins it back by killing the Character that carries it",
                       "you win your Sovereign Good back by killing the Character that carries it",
                       "On récupère donc son Souverain-Bien en tuant le Personnage qui le porte"),
    "player 1": ("Player 1 when one side has more Heroes", "Player 1 when one side has more Heroes",
                 "Joueur 1 quand un camp a plus de Héros"),
    "special case": ("What the free player may do in the special case", "The special case:",
                     "Le cas particulier :"),
    "no window in the Monster combat": ("The Monster combat has no window",
                                        "The Monster combat: no window to answer opens inside it",
                                        "Le combat monstrueux : aucune fenêtre pour répondre ne s'y ouvre"),
    "the Monster has attacked": ("A Monster that fought the Monster combat has attacked this turn",
                                 "so it has attacked this turn", "il a donc attaqué ce tour"),
    "a win in the Monster combat": ("a win reached there (the fifth", "the first combat does not resume",
                                    "le combat initial ne reprend pas"),
    "a turned Character": ("A Character that changed sides", "killed later, it goes to its owner's museum",
                           "tué ensuite, il va au musée de son propriétaire"),
    "a destiny that kills": ("A destiny (or any effect) that kills,", "is not a kill in combat",
                             "n'est pas une mort en combat"),
    "given keywords": ("a flying mount makes its rider fly", "a flying mount makes its rider fly",
                       "une monture qui vole fait voler son cavalier"),
    "exhausted futures": ("Exhausted futures", "When both futures are empty",
                          "Quand les deux avenirs sont vides"),
    "destiny names": ("Each destiny *name* is played at most once", "two cards of one name count as one",
                      "deux cartes du même nom comptent pour une"),
}


@pytest.mark.parametrize("ruling", sorted(RULINGS))
def test_a_ruling_is_written_in_notation_and_on_both_rules_pages(ruling: str) -> None:
    notation, en, fr = RULINGS[ruling]
    pages = {lang: data_path("i18n", f"rules_herosdei_{lang}.md").read_text(encoding="utf-8") for lang in ("en", "fr")}
    assert notation in NOTATION
    rulings_en = pages["en"].split("# Rulings of this table", 1)[1].split("\n# ", 1)[0]
    rulings_fr = pages["fr"].split("# Arbitrages de cette table", 1)[1].split("\n# ", 1)[0]
    assert en in rulings_en
    assert fr in rulings_fr


# card type (or keyword / slot / id) -> (French words, English words) its text must hold
CARD_WORDS = {
    "god": ("Bonus à chacun de vos Héros.", "Bonus to each of your Heroes."),
    "place": ("Bonus à chacun de vos Personnages.", "Bonus to each of your Characters."),
    "black_magic": ("Malus à chacun des Personnages adverses.", "Malus to each opposing Character."),
    "stable_destiny": ("Hors combat, octroyée à l'un de vos Personnages.",
                       "Out of combat, given to one of your Characters."),
    "sovereign_good": ("il va dans la main de son propriétaire ; tuez son porteur pour le reprendre",
                       "it goes to its owner's hand; kill its carrier to win it back"),
    "monster": ("Joué à l'étape Monstre, il a attaqué ce tour.", "If played in the Monster step, it has attacked this turn."),
    "flying given": ("Vol : son porteur vole.", "Flying: its carrier flies."),
    "thrown_weapon": ("Arme de jet : son porteur atteint ceux qui volent.", "Thrown weapon: its carrier reaches flyers."),
    "kill": ("pas une mort en combat", "not a kill in combat"),
    "take_control": ("tué ensuite, il va au musée de son propriétaire", "killed later, it goes to its owner's museum"),
}


def _kinds(d: CardDef) -> set[str]:
    kinds = {d.type}
    if "flying" in d.keywords and not d.is_character:
        kinds.add("flying given")
    if d.slot == "thrown_weapon":
        kinds.add("thrown_weapon")
    kinds |= {e.verb for e in d.effects if d.type == "unstable_destiny"}
    return kinds


def test_the_cards_a_ruling_concerns_say_it_in_their_text() -> None:
    seen: set[str] = set()
    for card in library().values():
        for kind in _kinds(card) & set(CARD_WORDS):
            fr, en = CARD_WORDS[kind]
            assert card.text is not None, card.id
            assert fr in card.text["fr"] and en in card.text["en"], (card.id, kind)
            seen.add(kind)
    assert seen == set(CARD_WORDS)  # every kind of card is in the shipped set
