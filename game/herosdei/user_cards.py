"""A player's own HerosDeï cards: card files in the user's data folder, beside their decks.

``<data>/herosdei/cards/*.toml`` hold ``[[cards]]`` tables in the schema of the game's own
card files (``data/herosdei/README.md``). They are read when asked (a new game, the deck
check), each file on its own: a file that is not TOML, holds a card the schema refuses, or
gives a card an id the game's cards or an earlier file already use, is refused with its
one-line reason and the others are read. A player's deck may hold these cards; a game
dealt with them carries their tables in its record (``Record.standard(cards=...)``), so
its save replays on a machine without the files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.errors import DataError
from game.core.userdirs import data_dir
from game.herosdei import cards as cardset
from game.herosdei.cards import CardDef, parse_cards


def user_card_folder() -> Path:
    """Where a player keeps card files of their own: kept across updates, beside their decks."""
    return data_dir() / "herosdei" / "cards"


@dataclass(frozen=True)
class UserCards:
    """The player's cards by id, each card's table as its file writes it, and each file
    refused with its one-line reason."""

    defs: Mapping[str, CardDef] = field(default_factory=dict)
    tables: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    refused: tuple[tuple[Path, str], ...] = ()


def _read_file(path: Path, taken: set[str]) -> tuple[dict[str, CardDef], dict[str, dict[str, Any]]]:
    """One card file's cards and tables; DataError naming why the file is refused."""
    try:
        doc = tomlcompat.load_file(path)
    except OSError as exc:
        raise DataError(str(path), f"cannot be read ({exc.strerror or exc})") from None
    extra = sorted(set(doc) - {"cards"})
    if extra:
        raise DataError(str(path), f"unknown field {extra[0]!r} (a card file holds [[cards]] only)")
    raw = doc.get("cards", [])
    found = parse_cards(raw, str(path))
    clash = sorted(set(found) & taken)
    if clash:
        raise DataError(str(path), f"card id {clash[0]!r} is already a card of the game or of another of your files: "
                                   f"give yours another id")
    return found, {str(t["id"]): dict(t) for t in raw}


# folder -> (its files' names, times and sizes, what was read from them): a deck check and
# every deal ask for the player's cards, read again only when a file changes
_READ: dict[str, tuple[tuple[tuple[str, int, int], ...], UserCards]] = {}


def read_user_cards(folder: Path | None = None) -> UserCards:
    """Every good card file of ``folder`` (the player's, by default), in name order."""
    folder = user_card_folder() if folder is None else folder
    if not folder.is_dir():
        return UserCards()
    try:
        paths = sorted(p for p in folder.glob("*.toml") if p.is_file())
        sig = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
    except OSError as exc:
        return UserCards(refused=((folder, f"cannot read the folder ({exc.strerror or exc})"),))
    kept = _READ.get(str(folder))
    if kept is not None and kept[0] == sig:
        return kept[1]
    found = _read_all(paths)
    _READ[str(folder)] = (sig, found)
    return found


def _read_all(paths: list[Path]) -> UserCards:
    taken = set(cardset.library())
    defs: dict[str, CardDef] = {}
    tables: dict[str, dict[str, Any]] = {}
    refused: list[tuple[Path, str]] = []
    for path in paths:
        try:
            found, raw = _read_file(path, taken)
        except DataError as exc:
            refused.append((path, " ".join(str(exc).replace(str(path), path.name).split())))  # one line, the file by name
            continue
        defs.update(found)
        tables.update(raw)
        taken |= set(found)
    return UserCards(defs, tables, tuple(refused))


def all_cards() -> dict[str, CardDef]:
    """The game's cards and the player's good ones: what a player's deck may hold."""
    return {**cardset.library(), **read_user_cards().defs}


def tables_for(card_ids: Iterable[str], cards: UserCards | None = None) -> list[dict[str, Any]]:
    """The tables of the player's cards among ``card_ids`` (each once, in id order): what a
    record carries so that the game replays without the player's files."""
    cards = read_user_cards() if cards is None else cards
    return [cards.tables[c] for c in sorted(set(card_ids)) if c in cards.tables]
