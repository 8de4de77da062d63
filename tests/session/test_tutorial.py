"""Lessons as data (game/tutorial.py) and the client that keeps to them
(game/tutorial_client.py): every lesson file reads and replays legally through its
engine, a malformed lesson is refused in one line, an off-script line is refused with
the lesson's reason and changes nothing, and the scripted opponent plays its lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.core.errors import DataError, IllegalActionError
from game.session.session import Session
from game.session.tutorial import Lesson, check_lesson, games_with_lessons, lesson_dir, lessons, load_lesson
from game.session.tutorial_client import TutorialClient, lesson_seats

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


def _replay(lesson: Lesson) -> Iterator[tuple[int, str | None, Any]]:
    """The lesson's lines in order, each with its step and the state it is played in
    (then the state at the end, with no line)."""
    st = lesson.record().replay()
    for i, step in enumerate(lesson.steps):
        assert step.prefix is None  # a HerosDeï lesson names its lines
        for line in step.opponent or step.every or step.lines[:1]:
            yield i, line, st
            st.apply(line)
    yield len(lesson.steps), None, st


QUOTED = re.compile(r"\b([FC]) (\d+) (?:against|under|contre|sous) ([SM]) (\d+)\b")


def _compared(st: Any) -> set[tuple[str, int, str, int]]:
    """Every comparison the engine made: the charms (C against M) and the strikes (F against S)."""
    from game.herosdei.events import CharmCompared, Struck

    return ({("C", e.charisma, "M", e.mastery) for e in st.log if isinstance(e, CharmCompared)}
            | {("F", e.force, "S", e.health) for e in st.log if isinstance(e, Struck)})


@pytest.mark.parametrize("lesson", lessons("herosdei"), ids=lambda lesson: lesson.name)
def test_every_comparison_a_herosdei_lesson_quotes_is_one_the_engine_makes(lesson: Lesson) -> None:
    """"F 9 against S 6", "C 2 contre M 5": each one written in a text (any language) is a
    charm or a strike of the replayed lesson."""
    *_, (_, _, st) = _replay(lesson)
    made = _compared(st)
    for step in lesson.steps:
        for lang, text in (step.text or {}).items():
            for m in QUOTED.finditer(text):
                quoted = (m[1], int(m[2]), m[3], int(m[4]))
                assert quoted in made, f"{lesson.name}: the {lang} text says {m[0]!r}; the engine compares {sorted(made)}"


def test_the_second_herosdei_lesson_goes_as_its_texts_say() -> None:
    """The second lesson (a turn from its start, standard variant): what each text claims of
    the rules and the figures is what the engine does."""
    from game.herosdei import combat, stack
    from game.herosdei.events import CharacterKilled, CharmCompared, FirstPlayer, SovereignGoodReturned, Struck
    from game.herosdei.rules import legal_lines

    lesson = next(x for x in lessons("herosdei") if x.name == "second_game")
    told = "the engine or the cards changed: the texts of data/tutorials/herosdei/second_game.toml say otherwise"

    def uid(st: Any, ref: str) -> int:
        seat, _, card = ref.partition(":")
        found = st.find_char(int(seat), card, 1)
        assert found is not None, ref
        return int(found)

    def stats(st: Any, ref: str) -> tuple[int, int, int, int]:
        f, s, c, m = st.stats(uid(st, ref))
        return int(f), int(s), int(c), int(m)

    def masteries(st: Any, seat: int) -> list[int]:
        return sorted((st.stat(u, "M") for u in st.heroes(seat)), reverse=True)

    charge_played = False
    played: list[str | None] = []
    for _, line, st in _replay(lesson):
        played.append(line)
        legal = legal_lines(st)
        if line == "discard cheval_des_steppes":  # the start: 11 cards after the draw, the first seat asked first
            assert st.phase == "start" and st.pending.kind == "hand_limit" and st.pending.seat == 0, told
            assert len(st.players[0].hand) == 11 and len(st.players[1].hand) == 10, told
            assert "discard anneau_des_niebelungen" not in legal and "discard courage" in legal, told
            assert st.players[1].civ == "vikings" and st.owner[st.find_in_hand(0, "anneau_des_niebelungen", 1)] == 1
        elif line == "play artemis":  # player 1 by Mastery: 4, 4, 4 against 4, 4, 3
            assert [e for e in st.log if isinstance(e, FirstPlayer)] == [FirstPlayer(0, "mastery")], told
            assert masteries(st, 0) == [4, 4, 4] and masteries(st, 1) == [4, 4, 3], told
            assert len(st.players[0].hand) == 8 and len(st.players[1].hand) == 8, told
            assert "done" not in legal, told  # the Ring of the Nibelungs must be given first
        elif line == "play themiscyra":  # Artemis: +1 F, +1 M to the Heroes
            assert [stats(st, f"0:{h}") for h in ("penthesilee", "hippolyte", "antiope")] == [
                (7, 8, 3, 5), (6, 8, 4, 5), (6, 8, 3, 5)], told
        elif line == "play poison_scythe":  # Themiscyra: +1 F to every Character
            assert stats(st, "0:penthesilee")[0] == 8, told
        elif line == "play courage on 0:penthesilee":  # the Poison: -1 S to the other side
            assert [stats(st, f"1:{c}")[1] for c in ("siegfried", "bjorn", "brunnhilde")] == [7, 10, 6], told
            assert "play courage on 1:bjorn" not in legal, told
        elif line == "play anneau_des_niebelungen on 0:hippolyte":  # Courage: Penthesilea's F 9
            assert stats(st, "0:penthesilee")[0] == 9 and "done" not in legal, told
        elif line == "play javelot on 0:antiope":  # the Ring given: Done is back; Brunhild out of reach
            assert "done" in legal and stats(st, "0:hippolyte")[0::3] == (9, 6), told
            assert not combat.may_defend(st, uid(st, "0:antiope"), uid(st, "1:brunnhilde")), told
        elif line == "attack 0:penthesilee 1:bjorn":  # the compulsory first combat; only Antiope reaches the flyer
            assert "pass" not in legal, told
            assert [x for x in legal if x.endswith("1:brunnhilde")] == ["attack 0:antiope 1:brunnhilde"], told
        elif line == "skip":  # the window before the charm: the player is asked (a destiny to play)
            assert st.window.point == "charm" and "play charge" in legal, told
        elif line == "monster troll":  # the Monster step comes after the charm, to the defending player
            assert st.pending.kind == "monster" and st.pending.seat == 1, told
            assert [e for e in st.log if isinstance(e, CharmCompared)] == [CharmCompared(2, 5, "continue")], told
        elif line == "play charge":  # the first combat resumed, before its assault
            assert st.window.point == "assault" and st.combat.attacker == uid(st, "0:penthesilee"), told
            assert stats(st, "0:penthesilee")[0] == 9 and stats(st, "1:bjorn")[1] == 10, told
            charge_played = True
        elif line == "attack 1:siegfried 0:hippolyte":  # compulsory too, and every choice refused or killed
            assert "pass" not in legal and st.find_in_hand(0, "emeraude_amazones", 1) is not None, told
            for choice in (x for x in legal if x.startswith("attack ")):
                probe = st.clone()
                events = probe.apply(choice)
                attacker = choice.split()[1]
                assert (CharmCompared(4, 4, "refused") in events
                        or any(isinstance(e, CharacterKilled) and e.card == attacker for e in events)), choice
        elif line == "attack 0:antiope 1:brunnhilde":  # the second combat is optional; the other Charge waits
            assert "pass" in legal and "attack 0:hippolyte 1:brunnhilde" not in legal, told
            spare = st.find_in_hand(0, "charge", 1)
            assert spare is not None and str(stack.timing_problem(st, 0, spare)) == "you have already played charge this attack phase"
        if charge_played and line != "play charge" and 0 in st.waiting_for():
            assert not any(x.startswith("play charge") for x in legal), told  # once per name: never offered again

    assert {"discard cheval_des_steppes", "play artemis", "play themiscyra", "play poison_scythe",
            "play courage on 0:penthesilee", "play anneau_des_niebelungen on 0:hippolyte", "play javelot on 0:antiope",
            "attack 0:penthesilee 1:bjorn", "skip", "monster troll", "play charge", "attack 1:siegfried 0:hippolyte",
            "attack 0:antiope 1:brunnhilde"} <= set(played), "a line checked above is no longer the lesson's"
    charms = [(e.charisma, e.mastery, e.result) for e in st.log if isinstance(e, CharmCompared)]
    strikes = [(e.step, e.striker, e.struck, e.force, e.health) for e in st.log if isinstance(e, Struck)]
    assert charms == [(2, 5, "continue"), (4, 4, "refused"), (4, 6, "continue")], told
    assert strikes == [("assault", "1:troll", "0:penthesilee", 6, 8), ("riposte", "0:penthesilee", "1:troll", 9, 6),
                       ("assault", "0:penthesilee", "1:bjorn", 10, 10),
                       ("assault", "0:antiope", "1:brunnhilde", 8, 6)], told
    assert [e.card for e in st.log if isinstance(e, CharacterKilled)] == ["1:troll", "1:bjorn", "1:brunnhilde"]
    assert [e for e in st.log if isinstance(e, SovereignGoodReturned)] == [SovereignGoodReturned(0, "emeraude_amazones")]
    assert st.winner == lesson.seat and st.players[lesson.seat].kills == 5 and st.heroes(1)  # 5 kills, not no Hero left
    quoted = {(m[1], int(m[2]), m[3], int(m[4])) for s in lesson.steps for m in QUOTED.finditer((s.text or {}).get("en", ""))}
    assert quoted == _compared(st), "each charm and strike of the lesson is told in its texts"

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
