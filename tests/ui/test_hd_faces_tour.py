"""HerosDeï in the screenshot tour: the positions it opens the table on (a combat under
way, a destiny on the stack, a finished game), its record for the Load list's picture,
and its self-test line (a whole game between two AI seats through the table)."""

from __future__ import annotations

from game.ui.herosdei import capture


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
