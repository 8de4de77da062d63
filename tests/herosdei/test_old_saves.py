"""HerosDeï saves written before the rules' second edition (tests/saves/herosdei_*_v1.json,
written by commit 49567b1: two with ``ask_all``, one without) still load to the state hash
they were saved with (naming the Leather Cap by its old id, ``bonnet_phrygien``), and saving
them again writes the same bytes. They carry no
``edition``: they replay by the first (a Monster that fought the Monster combat could
attack again that turn), and a new record names the current one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import games
from game.core.errors import DataError
from game.herosdei import decks as deckfiles
from game.herosdei.cards import current_line, library
from game.herosdei.game import HerosDei
from game.herosdei.record import Record, loads
from game.herosdei.state import EDITION

SAVES = Path(__file__).resolve().parents[1] / "saves"
OLD = ["herosdei_v1.json", "herosdei_tournament_v1.json", "herosdei_no_ask_all_v1.json"]


@pytest.mark.parametrize("name", OLD)
def test_an_old_save_loads_to_its_hash_and_saves_again_byte_for_byte(tmp_path: Path, name: str) -> None:
    path = SAVES / name
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert "edition" not in doc["setup"]
    rec, st = loads(text, name)
    assert st.edition == 1 and st.state_hash() == doc["state_hash"] and st.phase == "over"
    any_rec, any_st = games.load(path)
    assert isinstance(any_rec, Record) and any_st.state_hash() == doc["state_hash"]
    again = tmp_path / name
    rec.save(again, st)
    assert again.read_bytes() == path.read_bytes()


def test_the_first_edition_is_what_replays_an_old_save() -> None:
    """In herosdei_v1.json a Monster that fought the Monster combat declares a combat later
    that turn: the second edition refuses that line."""
    doc = json.loads((SAVES / "herosdei_v1.json").read_text(encoding="utf-8"))
    with pytest.raises(DataError, match="has already attacked this turn"):
        Record(dict(doc["setup"], edition=2), list(doc["actions"])).replay()


def test_a_new_record_names_the_current_edition_and_replays_to_its_hash() -> None:
    rec = HerosDei().new_record(2, 11, "standard", ("amazons", "greeks"))
    assert rec.setup["edition"] == EDITION == 2
    st = rec.initial_state()
    assert st.edition == EDITION
    for _ in range(60):
        line = str(st.legal_actions()[0])
        st.apply(line)
        rec.add(line)
    _, again = loads(rec.to_json(st))
    assert again.state_hash() == st.state_hash()


def test_an_unknown_edition_is_refused_in_one_line() -> None:
    rec = HerosDei().new_record(2, 11, "standard", ("amazons", "greeks"))
    text = json.dumps({"kind": "realms-table-save", "version": 1, "game": "herosdei",
                       "setup": dict(rec.setup, edition=3), "actions": [], "state_hash": ""})
    with pytest.raises(DataError, match="rules edition 3 is not known"):
        loads(text)


def test_the_leather_cap_goes_by_its_name_and_old_saves_name_it_by_its_old_id() -> None:
    lib = library()
    assert "bonnet_phrygien" not in lib
    assert dict(lib["bonnet_de_cuir"].name) == {"fr": "Bonnet de cuir", "en": "Leather Cap"}
    text = (SAVES / "herosdei_v1.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert any(c["card"] == "bonnet_phrygien" for d in doc["setup"]["decks"] for c in d["cards"])
    assert any("bonnet_phrygien" in line for line in doc["actions"])
    _, st = loads(text)  # to the saved hash (the first test), with today's id in play
    assert "bonnet_de_cuir" in st.cid and "bonnet_phrygien" not in st.cid
    assert current_line("play bonnet_phrygien#2 on 0:penthesilee") == "play bonnet_de_cuir#2 on 0:penthesilee"


def test_a_deck_file_naming_the_old_id_reads_it_as_the_new(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nciv = "amazons"\ncards = [{ card = "bonnet_phrygien", count = 2 }]\n',
                    encoding="utf-8")
    assert deckfiles.load(path).cards == (("bonnet_de_cuir", 2),)
