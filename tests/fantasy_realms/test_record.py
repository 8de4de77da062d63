"""Fantasy Realms saves: replay bit for bit, refuse altered files with one reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.core.rng import Rng
from game.fantasy_realms.record import Record, load, loads


def test_save_and_load_replays(tmp_path: Path) -> None:
    rec = Record.standard(3, ["promo", "cursed_items"], seed=5, rulings={"collector_all_suits": False})
    st = rec.replay()
    rng = Rng(2)
    for _ in range(25):
        line = str(st.legal_actions()[rng.below(len(st.legal_actions()))])
        st.apply(line)
        rec.add(line)
    path = tmp_path / "g.json"
    rec.save(path, st)
    rec2, st2 = load(path)
    assert rec2.actions == rec.actions and st2.state_hash() == st.state_hash()
    assert st2.rulings.collector_all_suits is False


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d.update(state_hash="0" * 16), "state hash"),
    (lambda d: d.update(game="hero_realms"), "another game"),
    (lambda d: d["actions"].append("draw nonsense"), "does not replay"),
    (lambda d: d["setup"].update(seats=9), "bad standard setup"),
    (lambda d: d.update(version=99), "not supported"),
])
def test_bad_saves(mutate, needle: str) -> None:  # type: ignore[no-untyped-def]
    rec = Record.standard(2, [], seed=1)
    st = rec.replay()
    st.apply("draw two")
    rec.add("draw two")
    doc = json.loads(rec.to_json(st))
    mutate(doc)
    with pytest.raises(DataError, match=needle):
        loads(json.dumps(doc))
    with pytest.raises(DataError, match="bad JSON"):
        loads("{")


def test_a_save_with_bad_rulings_is_refused_with_a_reason() -> None:
    for bad, word in (({"bogus": True}, "unknown ruling 'bogus'"), ({"collector_all_suits": "no"}, "true or false"),
                      (["collector_all_suits"], "table")):
        rec = Record.standard(3, [], seed=1)
        rec.setup["rulings"] = bad
        with pytest.raises(DataError, match=word):
            rec.initial_state()
