"""The engines' refusals reach the player in the player's language: the table words a
refusal's key with its parameters (a card by its name, a seat by its player's name),
and falls back to the engine's sentence for a key it has no words for."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.core.refusal import Refusal
from game.ui.app import App
from game.ui.settings import Settings
from tests.ui.helpers import open_table, position, settle

DECK = ["gold"] * 5


@pytest.fixture
def french() -> Iterator[App]:
    a = App(Settings(anim_speed="instant", language="fr"), size=(1280, 720), persist=False)
    yield a
    a.close()


def _hunter(app: App):  # type: ignore[no-untyped-def]
    players = [{"hand": [], "deck": list(DECK), "combat": 5}, *({"deck": ["dagger"]} for _ in range(3))]
    return open_table(app, position(players, format="hunter_first_blood"), ["human", "ai", "ai", "ai"])


def test_a_player_out_of_reach_is_said_in_french_with_the_players_name(french: App) -> None:
    t = _hunter(french)
    assert t.ctrl.attack_reason(2, None) == "Un chasseur ne peut attaquer ou cibler que P1, à sa gauche"


def test_the_same_refusal_in_english_names_the_player_not_the_seat(app: App) -> None:
    t = _hunter(app)
    assert t.ctrl.attack_reason(2, None) == "A hunter may attack or target only P1, on the left"


def test_a_refused_move_is_toasted_in_french(french: App) -> None:
    t = open_table(french, position([{"hand": ["gold"], "deck": list(DECK), "gold": 1}, {"deck": list(DECK)}]))
    assert not t.submit("buy dire_wolf")
    settle(french, t)
    assert "Loup Terrifiant coûte 5 or ; vous en avez 1" in [text for text, _ in french.toasts]


def test_a_key_without_words_shows_the_engines_sentence(french: App) -> None:
    t = open_table(french, position([{"hand": [], "deck": list(DECK)}, {"deck": list(DECK)}]))
    assert t.refusal_words(Refusal("other", "a sentence from an older host")) == "a sentence from an older host"
