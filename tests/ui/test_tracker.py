"""The Hero Realms deck tracker panel: T and the Tracker button open and close it, it
draws over the table, and its figures are the view's counts and exact odds."""

from __future__ import annotations

from fractions import Fraction

import pygame

from game.hero_realms.tracker import draw_odds
from game.ui.app import App
from game.ui.hero_realms.tracker_panel import opponent_rows, own_rows, percent
from tests.ui.helpers import click, open_table, position, press

PLAYERS = [
    {"hand": ["gold", "spark"], "deck": ["gold", "gold", "ruby"], "discard": ["dagger", "gold"],
     "champions": ["street_thug"], "in_play": ["shortsword"]},
    {"hand": ["gold", "gold", "bribe"], "deck": ["fire_bomb", "gold"], "discard": ["wolf_form"], "champions": ["orc_grunt"]},
]


def test_t_and_the_button_toggle_the_panel_which_draws_over_the_table(app: App) -> None:
    table = open_table(app, position(PLAYERS))
    assert not table.tracker.open
    shut = pygame.Surface(app.screen.get_size())
    table.draw(shut)
    press(app, pygame.K_t)
    assert table.tracker.open
    shown = pygame.Surface(app.screen.get_size())
    table.draw(shown)
    r = table.tracker.rect(table)
    assert sum(shut.get_at((x, r.centery)) != shown.get_at((x, r.centery)) for x in range(r.left, r.right, 4)) > r.width // 16
    click(app, table.tracker_btn.rect.center)
    assert not table.tracker.open
    click(app, table.tracker_btn.rect.center)
    assert table.tracker.open
    press(app, pygame.K_t)
    assert not table.tracker.open


def test_the_panel_tells_the_deck_with_exact_odds_and_what_the_opponent_owns(app: App) -> None:
    table = open_table(app, position(PLAYERS))
    view = table.client.view(0)
    rows = own_rows(view, app.tr)
    # three cards in the deck: all drawn, then two of the reshuffled discard pile, cards in play and hand
    reshuffle = {"dagger": 1, "gold": 2, "shortsword": 1, "spark": 1}
    assert draw_odds({"gold": 2, "ruby": 1}, reshuffle, {"spark"}) == Fraction(2, 5)
    words = {r.words: r.figure for r in rows}
    assert words["Spark"] == "40%"
    assert words["Ruby"] == "100%"
    assert rows[0].head and "3" in rows[0].words and "5" in rows[0].words  # the deck and the reshuffle told
    opp = opponent_rows(view, table.names, app.tr)
    assert opp[0].head and "P1" in opp[0].words and opp[0].figure == "5 out of sight"
    assert "Fire Bomb" in opp[1].words and "Bribe" in opp[1].words and "Orc Grunt" not in opp[1].words
    assert "Orc Grunt" in opp[2].words and "Wolf Form" in opp[2].words


def test_percentages_are_never_rounded_to_certainty() -> None:
    assert percent(Fraction(1, 1000)) == "1%" and percent(Fraction(999, 1000)) == "99%"
    assert percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"


def test_in_hotseat_the_player_s_own_side_hides_while_their_hand_does(app: App) -> None:
    table = open_table(app, position(PLAYERS))
    table.tracker.toggle()
    shown = pygame.Surface(app.screen.get_size())
    table.draw(shown)
    table.hand_hidden = True  # another player may be at the screen
    hidden = pygame.Surface(app.screen.get_size())
    table.draw(hidden)
    r = table.tracker.rect(table)
    left = pygame.Rect(r.left + 20, r.top + r.height // 2, r.width // 2 - 40, r.height // 3)
    right = pygame.Rect(r.centerx + 20, r.top + 40, r.width // 2 - 40, r.height // 4)

    def same(rect: pygame.Rect) -> bool:
        return all(shown.get_at((x, y)) == hidden.get_at((x, y)) for x in range(rect.left, rect.right, 3)
                   for y in range(rect.top, rect.bottom, 3))

    assert not same(left) and same(right)  # the odds are gone; what anyone may know stays
