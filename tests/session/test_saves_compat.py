"""Saves written by an earlier build still load, and saving them again writes the same bytes.

The files in tests/saves/ were written before the two games' save code was shared
(game/core/record.py); keep them as they are: they are what players have on disk.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import games
from game.fantasy_realms import record as fr_record
from game.hero_realms import record as hr_record

SAVES = Path(__file__).resolve().parents[1] / "saves"
CASES = [("hero_realms_v1.json", hr_record, "hero_realms", 60),
         ("hero_realms_position_v1.json", hr_record, "hero_realms", 1),
         ("fantasy_realms_v1.json", fr_record, "fantasy_realms", 40)]


@pytest.mark.parametrize("name, module, game, actions", CASES, ids=[c[0] for c in CASES])
def test_an_old_save_loads_and_saves_again_byte_for_byte(tmp_path: Path, name: str, module, game: str,  # type: ignore[no-untyped-def]
                                                         actions: int) -> None:
    path = SAVES / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    rec, st = module.load(path)
    assert len(rec.actions) == actions and st.state_hash() == doc["state_hash"]
    assert games.game_of(rec).name == game
    any_rec, any_st = games.load(path)
    assert type(any_rec) is type(rec) and any_st.state_hash() == doc["state_hash"]
    again = tmp_path / name
    rec.save(again, st)
    assert again.read_bytes() == path.read_bytes()
    assert rec.to_json() + "\n" == path.read_text(encoding="utf-8")  # replayed when no state is given
