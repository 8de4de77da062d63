"""The setup a file carries is checked as a new game's would be (issue 49.4): a HerosDeï
save whose deck is not legal (one card entry repeated 80 times, 80 copies each, with a
state hash that matches it) is refused in one line with the reason ``herosdei-deck check``
gives for that deck, at once, wherever the save is read (loading, ``host --resume``, the
table's Load); a LAN setup naming a deck file made illegal is refused the same way. And
every game's setup fields of the wrong range are refused in one line, at once."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.cli import main
from game.core.errors import DataError, RealmsError
from game.fantasy_realms.record import ChaosRecord
from game.fantasy_realms.record import Record as FRRecord
from game.hero_realms.record import Record as HRRecord
from game.herosdei import decks as deckfiles
from game.herosdei.cards import library
from game.herosdei.decks import Deck
from game.herosdei.game import HerosDei
from game.herosdei.setup import new_game


def _toml(deck: Deck) -> str:
    cards = ", ".join(f'{{ card = "{c}", count = {n} }}' for c, n in deck.cards)
    return f'name = "{deck.name}"\nciv = "{deck.civ}"\ncards = [{cards}]\n'


def deck_check_reason(deck: Deck, tmp: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``herosdei-deck check`` says of ``deck``: its one-line reason."""
    path = tmp / "deck.toml"
    path.write_text(_toml(deck), encoding="utf-8")
    assert main(["herosdei-deck", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"herosdei-deck: {path}: ") and "\n" not in err
    return err.removeprefix(f"herosdei-deck: {path}: ")


def crafted_save(change: Any) -> tuple[str, Deck]:
    """A HerosDeï save whose seat 0 deck is ``change(deck)``, dealt as it says and hashed, so
    that only the deck's legality can refuse it."""
    rec = HerosDei().new_record(2, 5, "standard", ("greeks", "vikings"))
    deck = change(deckfiles.parse_deck(rec.setup["decks"][0], "deck"))
    rec.setup["decks"][0] = deck.to_dict()
    decks = [deckfiles.parse_deck(d, "deck") for d in rec.setup["decks"]]
    state = new_game(decks, library(), "standard", 5, rng_version=rec.setup["rng"])
    return rec.to_json(state), deck


CHANGES = {
    "one entry 80 times": lambda d: Deck(d.name, d.civ, ((d.cards[8][0], 80),) * 80),
    "a legendary card twice": lambda d: Deck(d.name, d.civ, ((d.cards[0][0], 2), *d.cards[1:])),
    "79 cards": lambda d: Deck(d.name, d.civ, (*d.cards[:-1], (d.cards[-1][0], d.cards[-1][1] - 1))),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_save_with_an_illegal_deck_is_refused_with_the_deck_checks_reason(
        change: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, deck = crafted_save(CHANGES[change])
    reason = deck_check_reason(deck, tmp_path, capsys)
    started = time.monotonic()
    with pytest.raises(DataError) as exc_info:
        games.loads(text, "g.json")
    assert time.monotonic() - started < 2
    assert str(exc_info.value).endswith(f": {reason}") and "\n" not in str(exc_info.value)
    save = tmp_path / "g.json"
    save.write_text(text, encoding="utf-8")
    # resuming it on the LAN, and the table's Load
    assert main(["host", "--resume", str(save), "--port", "0", "--no-discovery"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"host: {save}: ") and err.endswith(reason) and "\n" not in err
    from game.session import local as table_games

    with pytest.raises(DataError, match=re.escape(reason)):
        table_games.load(save)


def test_a_lan_setup_naming_a_deck_made_illegal_is_refused_with_the_same_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    greeks = deckfiles.load(deckfiles.find("greeks"))
    illegal = CHANGES["one entry 80 times"](greeks)
    reason = deck_check_reason(illegal, tmp_path, capsys)
    edited = tmp_path / "greeks.toml"
    edited.write_text(_toml(illegal), encoding="utf-8")
    real_find = deckfiles.find
    monkeypatch.setattr(deckfiles, "find", lambda name, beside=None: edited if name == "greeks" else real_find(name))
    assert main(["host", "--game", "herosdei", "--modules", "greeks,vikings", "--port", "0", "--no-discovery",
                 "--save", str(tmp_path / "lan.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(reason) and "\n" not in err
    from game.net.api import HostConfig, host_in_background

    with pytest.raises(RealmsError, match=re.escape(reason)):
        host_in_background(HostConfig(game="herosdei", modules=["greeks", "vikings"], port=0, discovery_port=None,
                                      save=tmp_path / "lan2.json"))


def _hashed(rec: Any, **setup: Any) -> str:
    """``rec``'s save with ``setup`` changed, its state hash kept (the checks come first)."""
    doc = json.loads(rec.to_json(rec.initial_state()))
    doc["setup"].update(setup)
    return json.dumps(doc)


@pytest.mark.parametrize(("rec", "setup", "reason"), [
    (HRRecord.standard(2), {"seats": 1000}, "for 2 to 4 players, not 1000"),
    (HRRecord.standard(2), {"market_decks": 10**6}, "market_decks must be 1 or 2"),
    (HRRecord.standard(2), {"first": 7}, "first player 7 is not a seat"),
    (HRRecord.standard(2), {"format": "chess"}, "format"),
    (FRRecord.standard(3), {"seats": 100}, "for 2-6 players, not 100"),
    (FRRecord.standard(3), {"modules": ["promo", "dragons"]}, "dragons"),
    (FRRecord.standard(3), {"rulings": {"collector_all_suits": "yes"}}, "collector_all_suits"),
    (ChaosRecord.chaos(4), {"limit_s": 10**12}, "time limit must be 1-3600 seconds"),
    (ChaosRecord.chaos(4), {"seats": 100}, "for 3-7 players, not 100"),
    (HerosDei().new_record(2, 1, "standard", ("greeks", "vikings")), {"variant": "blitz"}, "unknown variant 'blitz'"),
    (HerosDei().new_record(2, 1, "standard", ("greeks", "vikings")), {"decks": [{"name": "x", "civ": "greeks", "cards": []}]},
     "cards must be a list"),
], ids=["hr-seats", "hr-market", "hr-first", "hr-format", "fr-seats", "fr-module", "fr-ruling", "chaos-limit",
        "chaos-seats", "hd-variant", "hd-deck-shape"])
def test_every_games_setup_fields_of_the_wrong_range_are_refused_at_once(rec: Any, setup: dict[str, Any],
                                                                         reason: str) -> None:
    text = _hashed(rec, **setup)
    started = time.monotonic()
    with pytest.raises(DataError, match=reason) as exc_info:
        games.loads(text, "g.json")
    assert "\n" not in str(exc_info.value) and time.monotonic() - started < 2
