"""Words that agree with their count in both languages ("1 dégât", "1 carte"), and
the Fantasy Realms discard area's hint when it is empty."""

from __future__ import annotations

from game.ui.app import App
from game.ui.fantasy_realms.draw import empty_area_hint
from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.hero_realms.logtext import HeroLog
from game.ui.i18n import Tr
from tests.ui.fantasy_realms.helpers import open_fr, state


def test_a_count_of_one_takes_the_singular_for_n_and_for_amount() -> None:
    fr = Tr("fr")
    assert fr("log.attack_player_at_you", name="Ana", amount=1) == "Ana vous attaque : 1 dégât"
    assert fr("log.attack_player_at_you", name="Ana", amount=2) == "Ana vous attaque : 2 dégâts"
    assert fr("table.cards", n=1) == "1 carte" and fr("table.cards", n=0) == "0 cartes"
    assert Tr("en")("log.attack_player_you", target="Ben", amount=1) == "You attack Ben: 1 damage"


def test_one_damage_in_the_french_log() -> None:
    log = HeroLog(["Ana", "Ben"])
    log.add({"type": "damage_dealt", "seat": 0, "target": 1, "card": None, "amount": 1, "health": 49, "damage": None})
    fr = [t for _, _, t in log.lines(Tr("fr"), None)]
    assert fr == ["Ana attaque Ben : 1 dégât"]


def test_fantasy_realms_cards_put_back_agree_with_their_count() -> None:
    log = FantasyLog(["Ana", "Ben"])
    log.add({"type": "cards_to_deck", "seat": 1, "where": "top", "count": 1})
    log.add({"type": "cards_to_deck", "seat": 1, "where": "top", "count": 2})
    fr = [t for _, _, t in log.lines(Tr("fr"), 0)]
    en = [t for _, _, t in log.lines(Tr("en"), 0)]
    assert fr[-2:] == ["Ben remet 1 carte sur la pioche", "Ben remet 2 cartes sur la pioche"]
    assert en[-2:] == ["Ben puts 1 card on the deck", "Ben puts 2 cards on the deck"]


def test_the_log_says_why_the_game_ends() -> None:
    log = FantasyLog(["Ana", "Ben"])
    log.add({"type": "game_ending", "discards": 10})  # an event from before the reason existed
    log.add({"type": "game_ending", "discards": 9, "reason": "deck_empty"})
    en = [t for _, _, t in log.lines(Tr("en"), 0)]
    fr = [t for _, _, t in log.lines(Tr("fr"), 0)]
    assert en[-2:] == ["10 cards in the discard area: the game ends",
                       "The deck is empty: the discard area can no longer fill, the game ends"]
    assert fr[-1].startswith("La pioche est vide")


def test_an_empty_discard_area_s_hint_fits_the_moment(app: App) -> None:
    rec, st = state(3, seed=21)
    sc = open_fr(app, rec, st)
    assert sc.model.turn <= 1 and not sc.model.discard
    assert empty_area_hint(sc) == app.tr("fantasy.discard_empty")  # the game's first turn
    st2 = state(3, seed=21)[1]
    st2.turn = 7  # later in the game, every card of the area was taken
    sc = open_fr(app, rec, st2)
    assert not sc.model.discard and sc.ctrl.drawing()
    assert empty_area_hint(sc) == "Empty: draw from the deck"
    assert "first player" not in empty_area_hint(sc)
    sc.draw(app.screen)


def test_a_two_player_draft_names_the_kept_card_to_its_owner_only() -> None:
    from game.fantasy_realms.cards import library
    from game.ui.fantasy_realms.score import card_name

    a, b = list(library().cards)[:2]
    own, other = FantasyLog(["Ana", "Ben"]), FantasyLog(["Ana", "Ben"])
    for card in (a, b):
        own.add({"type": "card_drawn", "seat": 0, "card": card, "why": "draft"})
        other.add({"type": "card_drawn", "seat": 0, "card": None, "why": "draft"})  # Ben's copy names no card
    for log in (own, other):
        log.add({"type": "card_discarded", "seat": 0, "card": a, "why": "draft"})
    assert own.lines(Tr("en"), 0)[-1][2] == f"You keep {card_name(b, 'en')} and discard {card_name(a, 'en')}"
    assert own.lines(Tr("fr"), 0)[-1][2] == f"Vous gardez {card_name(b, 'fr')} et défaussez {card_name(a, 'fr')}"
    assert other.lines(Tr("en"), 1)[-1][2] == f"Ana keeps one card and discards {card_name(a, 'en')}"
    assert card_name(b, "en") not in own.lines(Tr("en"), 1)[-1][2]  # another seat's view of the same entry


def test_french_agrees_in_the_singular_with_zero_where_the_words_hold_the_count() -> None:
    fr = Tr("fr")
    assert fr("stats.lost", n=0) == "0 perdue" and fr("stats.lost", n=2) == "2 perdues"
    assert Tr("en")("stats.lost", n=0) == "0 lost"
