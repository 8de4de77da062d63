"""HerosDeï's rules page: both languages, the original-cards line first, every variant,
the victory conditions and the rulings of game/herosdei/NOTATION.md."""

from __future__ import annotations

import pytest

from game.core.resources import data_path
from game.ui.herosdei.faces import RULES_STEM
from game.ui.i18n import Tr
from game.ui.page import blocks_of

WORDS = {
    "en": {"variants": ("Learning mode (initiation)", "Standard", "Tournament"),
           "must": ("10 victory points", "5 of your opponent's Characters", "Sovereign Good", "4 Qualities",
                    "goes to its owner's hand", "killing the Character that carries it", "Flying", "Insensible",
                    "Charm", "Assault", "Riposte", "Monster", "stack", "prohibition")},
    "fr": {"variants": ("Initiation", "Standard", "Tournoi"),
           "must": ("10 points de victoire", "5 Personnages de votre adversaire", "Souverain-Bien", "4 Qualités",
                    "va dans la main de son propriétaire", "en tuant le Personnage qui le porte", "Vol", "Insensible",
                    "Charme", "Assaut", "Réplique", "Monstre", "pile", "interdiction")},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_page_exists_and_says_it_all(lang: str) -> None:
    text = data_path("i18n", f"{RULES_STEM}_{lang}.md").read_text(encoding="utf-8")
    blocks = blocks_of(text)
    assert blocks[0][0] == "h" and blocks[1][1].startswith(Tr(lang)("hdnew.original"))
    items = [t for kind, t in blocks if kind == "li"]
    for variant in WORDS[lang]["variants"]:
        assert any(t.startswith(variant) for t in items), variant
    for word in WORDS[lang]["must"]:
        assert word in text, word
    headings = [t for kind, t in blocks if kind == "h"]
    assert len(headings) == len(set(headings)) >= 8
