"""HerosDeï in the screenshot tour: its shots are written (the New game panel with
HerosDeï chosen, the rules page, the table mid-combat, a destiny on the stack, a card
zoom, the end screen, a drop the rules refuse with its reason in the table's language) from the positions it opens the table on, its record for the Load
list's picture, and its self-test line (a whole game between two AI seats through the table)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.herosdei import capture
from game.ui.settings import Settings

SHOTS = ("hd_01_newgame", "hd_02_rules", "hd_03_table_combat", "hd_04_destiny_on_the_stack", "hd_05_card_zoom",
         "hd_06_gameover", "hd_07_sovereign_good_to_give", "hd_08_carried_zoom", "hd_09_refusal")


def test_the_tour_writes_its_pictures(app: App, tmp_path: Path) -> None:
    written: list[str] = []

    def shot(name: str) -> None:
        app.screenshot(tmp_path / f"{name}.png")
        written.append(name)

    capture.tour(app, shot)
    assert sorted(written) == sorted(SHOTS)
    for name in SHOTS:
        assert pygame.image.load(str(tmp_path / f"{name}.png")).get_size() == app.size


@pytest.mark.parametrize("lang, words", [("en", "Give it to one of your own Characters"),
                                         ("fr", "Donnez-la à un de vos Personnages")])
def test_the_refused_drop_of_the_tour_says_why_in_the_table_s_language(lang: str, words: str) -> None:
    app = App(Settings(anim_speed="instant", language=lang, language_chosen=True), size=(1280, 720), persist=False)
    shown: dict[str, list[str]] = {}
    try:
        capture._carried_and_owed(app, lambda name: shown.setdefault(name, [t for t, _ in app.toasts]))
    finally:
        app.close()
    assert shown["hd_09_refusal"] == [words]


def test_the_positions_the_tour_looks_for_are_found() -> None:
    combat = capture.find(capture._in_combat)
    stack = capture.find(capture._destiny_to_answer)
    assert combat is not None and stack is not None
    st = stack.replay()
    assert st.stack and st.stack[-1].seat == 1 and st.waiting_for() == [0]
    assert capture.finished(3) is not None


def test_the_load_lists_record_names_its_players() -> None:
    rec = capture.saved_game()
    assert rec.game == "herosdei"
    assert [p["name"] for p in rec.setup["players"]] == ["Ana", "Ben"]
    assert rec.replay().phase != "over"


def test_the_selftest_plays_a_whole_game_through_the_table() -> None:
    from game.ui.herosdei.selftest import check_table

    line = check_table()
    assert line.startswith("HerosDeï table drawn for ") and "\n" not in line
