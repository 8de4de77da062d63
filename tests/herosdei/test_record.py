"""Saves: a game's setup and action lines replay to the same state hash, through the
registry; an altered save is refused in one line."""

from __future__ import annotations

import json
import random

import pytest

from game import games
from game.core import tomlcompat
from game.core.errors import DataError
from game.herosdei.record import Record, loads
from tests.herosdei.helpers import POOL_TOML, legal_decks


def _played(variant: str, seed: int, moves: int) -> tuple[Record, str]:
    cards = tomlcompat.loads(POOL_TOML, "pool")["cards"]
    rec = Record.standard(legal_decks(), variant, seed, cards)
    st = rec.initial_state()
    rnd = random.Random(seed)
    for _ in range(moves):
        if st.winner is not None:
            break
        line = rnd.choice(st.legal_actions())
        st.apply(line)
        rec.add(line)
    return rec, rec.to_json(st)


@pytest.mark.parametrize("variant", ["initiation", "standard", "tournament"])
def test_a_save_replays_to_its_state_hash(variant: str) -> None:
    rec, text = _played(variant, 5, 40)
    again, st = loads(text, "save")
    assert again.actions == rec.actions
    assert st.state_hash() == json.loads(text)["state_hash"]
    record, state = games.loads(text, "save")
    assert isinstance(record, Record) and state.state_hash() == st.state_hash()
    assert state.waiting_for() == games.game("herosdei").loads(text, "save")[1].waiting_for()


def test_an_altered_save_is_refused() -> None:
    _rec, text = _played("standard", 6, 30)
    doc = json.loads(text)
    doc["actions"] = doc["actions"][:-1]
    with pytest.raises(DataError, match="does not match the saved state hash"):
        loads(json.dumps(doc), "save")
    doc = json.loads(text)
    doc["actions"].append("attack 0:nobody 1:nobody")
    with pytest.raises(DataError, match="does not replay"):
        loads(json.dumps(doc), "save")
    doc = json.loads(text)
    doc["setup"]["rng"] = 9
    with pytest.raises(DataError, match="unknown random generator version 9"):
        loads(json.dumps(doc), "save")
    doc = json.loads(text)
    doc["setup"]["decks"] = "two"
    with pytest.raises(DataError, match="setup decks must be a list of tables"):
        loads(json.dumps(doc), "save")


def test_a_position_save_replays() -> None:
    doc = tomlcompat.loads(POOL_TOML, "pool")
    doc.update({"phase": "attack", "players": [{"characters": [{"card": "knight"}]},
                                               {"characters": [{"card": "page"}, {"card": "sage"}]}]})
    rec = Record.position(doc)
    st = rec.initial_state()
    st.apply("attack 0:knight 1:page")
    rec.add("attack 0:knight 1:page")
    _again, replayed = loads(rec.to_json(st), "save")
    assert replayed.state_hash() == st.state_hash() and replayed.players[0].kills == 1
