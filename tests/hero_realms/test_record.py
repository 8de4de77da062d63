"""Saves: round trip, atomic writes, and clear refusals of bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.core.rng import Rng
from game.hero_realms import record
from game.hero_realms.record import Record
from game.hero_realms.scripted import choose


def _played(n: int = 80) -> tuple[Record, object]:
    rec = Record.standard(3, "ffa", 11)
    st = rec.initial_state()
    rng = Rng(2)
    for _ in range(n):
        a = choose(st, rng)
        st.apply(a)
        rec.add(a)
    return rec, st


def test_round_trip(tmp_path: Path) -> None:
    rec, st = _played()
    path = tmp_path / "game.json"
    rec.save(path, st)  # type: ignore[arg-type]
    rec2, st2 = record.load(path)
    assert rec2.actions == rec.actions and rec2.setup == rec.setup
    assert st2.state_hash() == st.state_hash()  # type: ignore[attr-defined]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_position_setup_round_trips() -> None:
    doc = {"active": 0, "players": [{"hand": ["spark"]}, {"hand": ["gold"]}], "market": {"row": ["bribe"]}}
    rec = Record.position(doc)
    st = rec.initial_state()
    rec.add("play spark")
    st.apply("play spark")
    _rec2, st2 = record.loads(rec.to_json(st))
    assert st2.state_hash() == st.state_hash()


@pytest.mark.parametrize("text,words", [
    ("not json", "bad JSON"),
    ("[]", "not a Realms Table save"),
    (json.dumps({"kind": "realms-table-save", "version": 99, "game": "hero_realms"}), "version 99"),
    (json.dumps({"kind": "realms-table-save", "version": 1, "game": "hero_realms", "setup": {"kind": "standard",
      "seats": 2, "format": "ffa", "seed": 1}, "actions": ["buy arkus_imperial_dragon"]}), "does not replay"),
    (json.dumps({"kind": "realms-table-save", "version": 1, "game": "hero_realms", "setup": {"kind": "standard",
      "seats": 2, "format": "ffa", "seed": 1}, "actions": [], "state_hash": "0"}), "does not match"),
])
def test_bad_saves_are_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(DataError, match=words):
        record.loads(text)


def test_a_failed_write_keeps_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec, st = _played(10)
    path = tmp_path / "game.json"
    rec.save(path, st)  # type: ignore[arg-type]
    before = path.read_text()
    import os

    def boom(*_a: object, **_k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    rec.add("end")
    with pytest.raises(OSError):
        rec.save(path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
