"""Deck files and their check: 80 cards, 1 copy of a legendary card, 7 of another, known
ids; ``python -m game herosdei-deck check FILE`` exits 0 or 2 with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import DataError
from game.herosdei import cards as cardmod
from game.herosdei.decks import Deck, parse_deck, problem
from tests.herosdei.helpers import pool

LEGAL = (("knight", 7), ("eagle_rider", 7), ("berserk", 7), ("sage", 1), ("page", 7), ("buckler", 7),
         ("owl", 7), ("fury", 7), ("deny", 7), ("lure", 7), ("doom", 7), ("feast", 7), ("great_axe", 1), ("grail", 1))


def test_a_legal_deck() -> None:
    assert sum(n for _c, n in LEGAL) == 80
    assert problem(Deck("d", "round_table", LEGAL), pool()) is None


@pytest.mark.parametrize("change, reason", [
    ((("sage", 1),), "2 copies of legendary card sage (at most 1)"),
    ((("knight", 1),), "8 copies of card knight (at most 7)"),
    ((("unicorn", 1),), "unknown card 'unicorn'"),
])
def test_an_illegal_deck_says_why(change: tuple[tuple[str, int], ...], reason: str) -> None:
    assert problem(Deck("d", "round_table", LEGAL + change), pool()) == reason


def test_size_and_heroes() -> None:
    assert problem(Deck("d", "greeks", LEGAL[:-1]), pool()) == "79 cards (a deck has 80)"
    assert problem(Deck("d", "greeks", (("page", 7),)), pool()) == "a deck needs at least 3 Heroes"


@pytest.mark.parametrize("doc, reason", [
    ({"name": "d", "civ": "romans", "cards": [{"card": "x"}]}, "civ must be one of"),
    ({"name": "d", "civ": "greeks", "cards": [{"card": "x", "count": 0}]}, "count must be"),
    ({"name": "d", "civ": "greeks", "cards": [{"card": "x", "copies": 2}]}, "must be { card"),
    ({"name": "d", "civ": "greeks", "cards": [], "owner": "me"}, "unknown field 'owner'"),
    ({"civ": "greeks", "cards": [{"card": "x"}]}, "name must be a text"),
])
def test_deck_files_are_checked(doc: dict[str, object], reason: str) -> None:
    with pytest.raises(DataError, match=reason.replace("{", r"\{")):
        parse_deck(doc, "deck.toml")


def _write(path: Path, cards: tuple[tuple[str, int], ...]) -> Path:
    rows = ", ".join(f'{{ card = "{c}", count = {n} }}' for c, n in cards)
    path.write_text(f'name = "Test"\nciv = "round_table"\ncards = [{rows}]\n', encoding="utf-8")
    return path


def test_the_command_line_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cardmod, "library", pool)
    assert main(["herosdei-deck", "check", str(_write(tmp_path / "ok.toml", LEGAL))]) == 0
    assert "a legal deck" in capsys.readouterr().out
    assert main(["herosdei-deck", "check", str(_write(tmp_path / "bad.toml", LEGAL + (("sage", 1),)))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "legendary card sage" in err
    (tmp_path / "broken.toml").write_text("name = [", encoding="utf-8")
    assert main(["herosdei-deck", "check", str(tmp_path / "broken.toml")]) == 2
    assert main(["herosdei-deck", "check", str(tmp_path / "missing.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err
