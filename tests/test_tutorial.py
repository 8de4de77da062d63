"""Lessons as data (game/tutorial.py) and the client that keeps to them
(game/tutorial_client.py): every lesson file reads and replays legally through its
engine, a malformed lesson is refused in one line, an off-script line is refused with
the lesson's reason and changes nothing, and the scripted opponent plays its lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError, IllegalActionError
from game.session import Session
from game.tutorial import check_lesson, games_with_lessons, lesson_dir, lessons, load_lesson
from game.tutorial_client import TutorialClient, lesson_seats

ALL = [lesson for game in games_with_lessons() for lesson in lessons(game)]


def test_every_playable_game_has_a_lesson() -> None:
    assert set(games_with_lessons()) == set(games.playable())


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: f"{lesson.game}/{lesson.name}")
def test_each_lesson_replays_legally_to_the_end_of_its_game(lesson) -> None:  # type: ignore[no-untyped-def]
    st = check_lesson(lesson)
    assert st.phase == "over"  # each first lesson plays a whole (short) game
    assert any(s.rule for s in lesson.steps)  # it explains rules as they come


def _client(lesson) -> TutorialClient:  # type: ignore[no-untyped-def]
    rec = lesson.record()
    n = rec.replay().n
    return TutorialClient(Session(rec, lesson_seats(lesson, n, [])), lesson, "fr", pause_s=0)


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: f"{lesson.game}/{lesson.name}")
def test_the_client_plays_the_lesson_and_the_opponents_script(lesson) -> None:  # type: ignore[no-untyped-def]
    client = _client(lesson)
    me = lesson.seat
    for _ in range(500):
        if client.script.finished:
            break
        client.poll()  # the scripted opponent plays here, one line a poll
        if client.script.finished or client.script.opponents_turn:
            continue
        legal = client.view(me)["legal"]
        step = client.script.step
        assert step is not None
        line = [ln for ln in legal if ln.startswith(step.prefix)][0] if step.prefix else client.script.expected()[0]
        client.submit(me, line)
    assert client.script.finished and client.session.over
    assert not client.can_undo(me)


@pytest.mark.parametrize("game", ["hero_realms", "herosdei"])
def test_an_off_script_line_is_refused_with_the_lessons_reason_and_changes_nothing(game: str) -> None:
    lesson = lessons(game)[0]
    client = _client(lesson)
    before = client.session.state.state_hash()
    legal = client.view(lesson.seat)["legal"]
    off = next(ln for ln in legal if ln not in client.script.expected())  # legal, but not the lesson's
    with pytest.raises(IllegalActionError) as exc:
        client.submit(lesson.seat, off)
    assert str(exc.value) == lesson.refuse["fr"]
    assert client.session.state.state_hash() == before and client.script.index == 0
    assert client.poll() == []


def test_the_herosdei_lesson_fights_as_its_texts_say() -> None:
    """Its texts quote the cards' figures: a card's figures changed must change the texts too."""
    from game.herosdei.events import CharacterKilled, CharmCompared, Struck

    lesson = lessons("herosdei")[0]
    rec = lesson.record()
    check_lesson(lesson)
    st = rec.replay()
    for step in lesson.steps:
        for line in step.opponent or step.lines:
            st.apply(line)
    charms = [(e.charisma, e.mastery, e.result) for e in st.log if isinstance(e, CharmCompared)]
    strikes = [(e.step, e.striker, e.struck, e.force, e.health) for e in st.log if isinstance(e, Struck)]
    killed = [e.card for e in st.log if isinstance(e, CharacterKilled)]
    told = "a card's figures changed: the texts of data/tutorials/herosdei/first_game.toml quote the old ones"
    assert charms == [(2, 4, "continue"), (4, 5, "continue"), (3, 5, "continue")], told
    assert strikes == [("assault", "0:lancelot", "1:siegfried", 11, 11), ("assault", "1:ivar", "0:lancelot", 4, 8),
                       ("riposte", "0:lancelot", "1:ivar", 9, 6), ("assault", "0:arthur", "1:skalde", 5, 4)], told
    assert killed == ["1:siegfried", "1:ivar", "1:skalde"]
    assert st.winner == lesson.seat and st.players[lesson.seat].kills == 5


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "lesson.toml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD = '''title = { en = "T", fr = "T" }
refuse = { en = "No", fr = "Non" }
finish = { en = "Done", fr = "Fini" }
[setup]
kind = "standard"
seats = 2
seed = 3
format = "ffa"
[[steps]]
lines = ["end"]
text = { en = "End", fr = "Fin" }
'''


@pytest.mark.parametrize(("change", "says"), [
    (("[[steps]]\nlines = [\"end\"]", "[[steps]]\nlines = [\"end\"]\nprefix = \"play\""), "exactly one of lines"),
    (("text = { en = \"End\", fr = \"Fin\" }", "text = { en = \"End\" }"), "needs a text in 'fr'"),
    (("finish = ", "finis = "), "unknown field 'finis'"),
    (("[[steps]]", "[[stepz]]"), "unknown field 'stepz'"),
    (("kind = \"standard\"", "kind = \"standard\"\n[[bad"), "lesson.toml"),
    (("lines = [\"end\"]", "lines = [\"end\"]\npoint = { zone = 3 }"), "needs a zone"),
    (("lines = [\"end\"]", "lines = []"), "must be an action line"),
])
def test_a_malformed_lesson_is_refused_in_one_line(tmp_path: Path, change: tuple[str, str], says: str) -> None:
    assert change[0] in GOOD
    p = _write(tmp_path, GOOD.replace(change[0], change[1], 1))
    with pytest.raises(DataError) as exc:
        load_lesson(p, "hero_realms")
    assert says in str(exc.value) and "\n" not in str(exc.value)


def test_a_lesson_whose_line_is_not_legal_is_refused_naming_the_step(tmp_path: Path) -> None:
    lesson = load_lesson(_write(tmp_path, GOOD.replace('lines = ["end"]', 'lines = ["buy fire_gem"]')), "hero_realms")
    with pytest.raises(DataError) as exc:
        check_lesson(lesson)
    assert "steps[0]" in str(exc.value) and "buy fire_gem" in str(exc.value)
    bad_setup = load_lesson(_write(tmp_path, GOOD.replace("seats = 2", "seats = \"two\"")), "hero_realms")
    with pytest.raises(DataError, match="seats must be an integer"):
        bad_setup.record()


def test_the_lessons_folder_is_data_and_lists_in_order(tmp_path: Path) -> None:
    assert lesson_dir("hero_realms").is_dir()
    problems: list[str] = []
    assert lessons("no_such_game", problems) == [] and problems == []
