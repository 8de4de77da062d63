"""The layout fits 2-6 seats from 1280x720 to 4K; the log speaks both languages
from the viewer's side; the two language files have the same keys."""

from __future__ import annotations

import pytest

from game.ui.hero_realms.layout import compute
from game.ui.hero_realms.logtext import HeroLog
from game.ui.i18n import Tr, strings


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080), (3840, 2160), (1024, 768)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_layout_fits_the_window(size: tuple[int, int], seats: int) -> None:
    lay = compute(size[0], size[1], seats, 0)
    screen = lay.play.union(lay.sidebar)
    assert screen.width == size[0]
    assert set(lay.seats) == set(range(seats))
    for seat, sl in lay.seats.items():
        for r in (sl.health, sl.gold, sl.combat, sl.deck, sl.discard, sl.champions, sl.in_play):
            assert lay.play.contains(r), (seat, r)
        assert sl.card_w >= 20
    for r in (lay.gems, lay.market_deck, lay.sacrificed, *lay.slots):
        assert lay.market.contains(r)
    others = [sl.panel for s, sl in lay.seats.items() if s != 0]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            assert not a.colliderect(b)
        assert not a.colliderect(lay.market)
    for a, b in ((lay.undo_btn, lay.end_btn), (lay.log, lay.undo_btn), (lay.turn_box, lay.log)):
        assert not a.colliderect(b)


def test_language_files_have_the_same_keys() -> None:
    assert set(strings("en")) == set(strings("fr"))
    assert len(strings("en")) > 150


def test_log_in_words_from_the_viewer_side() -> None:
    log = HeroLog(["Ana", "Ben"])
    for e in [
        {"type": "turn_started", "seat": 0, "turn": 3},
        {"type": "card_played", "seat": 0, "card": "spark"},
        {"type": "combat_gained", "seat": 0, "amount": 3},
        {"type": "discard_owed", "seat": 1, "by": 0, "count": 1},
        {"type": "damage_dealt", "seat": 0, "target": 1, "card": None, "amount": 3, "health": 47, "damage": None},
        {"type": "card_drawn", "seat": 0, "card": "gold"},
        {"type": "card_drawn", "seat": 0, "card": "gold"},
        {"type": "card_acquired", "seat": 0, "card": "profit", "cost": 1, "source": "market", "slot": 0, "to": "discard"},
    ]:
        log.add(e)
    en_ana = [t for _, _, t in log.lines(Tr("en"), 0)]
    en_ben = [t for _, _, t in log.lines(Tr("en"), 1)]
    fr_ben = [t for _, _, t in log.lines(Tr("fr"), 1)]
    assert en_ana[1] == "You play Spark: +3 combat"
    assert en_ben[1] == "Ana plays Spark: +3 combat"
    assert en_ben[2] == "Ana makes you discard a card"
    assert en_ben[3] == "Ana attacks you: 3 damage"
    assert en_ana[4] == "You draw 2 cards"
    assert fr_ben[1].startswith("Ana joue ") and fr_ben[1].endswith(" : +3 combat")
    assert fr_ben[3] == "Ana vous attaque : 3 dégâts"
    assert "gold" not in " ".join(en_ben[4:5]).lower()  # drawn cards are never named
