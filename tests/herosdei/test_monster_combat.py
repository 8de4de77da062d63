"""The Monster combat, "un combat dans le combat": a win reached in it ends the game at
that resolution, whoever is asked what (the engine's own skips, a destiny in the other
hand, or a game that puts every window to its player, ``ask_all``), and the Monster that
fought it has attacked this turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.herosdei.cards import library
from game.herosdei.setup import from_position
from game.herosdei.state import State
from game.herosdei.view import in_window

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
WINS = ["monster_combat_win_ends_the_game", "monster_combat_win_with_a_destiny_in_hand",
        "monster_combat_tenth_point_ends_the_game"]


def _played(name: str, ask_all: bool) -> tuple[State, list[dict[str, Any]]]:
    """The scenario's position, its combat declared and its Monster played; every window
    on the way is skipped by whoever it is put to (the file's own skips are dropped)."""
    doc = tomlcompat.load_file(SCENARIOS / f"{name}.toml")
    st = from_position(doc, name, library(), ask_all=ask_all)
    script = [a for a in doc["actions"] if a.split()[-1] != "skip"]
    events: list[dict[str, Any]] = []
    for _ in range(50):
        if st.phase == "over" or not script:
            break
        legal = st.view(st.waiting_for()[0])["legal"]
        line = script[0].removeprefix("@1 ").removeprefix("@0 ")
        if line in legal:
            script.pop(0)
        else:
            assert in_window(st.phase, None if st.pending is None else st.pending.to_dict(), legal), legal
            line = "skip"
        events += [e.to_dict() for e in st.apply(line)]
    return st, events


@pytest.mark.parametrize("ask_all", [False, True], ids=["engine_skips", "ask_all"])
@pytest.mark.parametrize("name", WINS)
def test_a_win_in_the_monster_combat_ends_the_game_at_that_resolution(name: str, ask_all: bool) -> None:
    st, events = _played(name, ask_all)
    assert (st.winner, st.phase, st.combat, st.legal_actions()) == (0, "over", None, [])
    assert [e["card"] for e in events if e["type"] == "character_killed"] == ["1:imp"]
    # the first combat did not resume: nobody struck after the Monster died
    assert [e["striker"] for e in events if e["type"] == "struck"] == ["1:imp", "0:hero_a"]
    assert events[-1]["type"] == "game_over" and "no Hero left" not in events[-1]["reason"]
    assert [st.cid[u] for u in st.players[0].chars] == ["hero_a"]
