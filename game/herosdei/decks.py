"""Deck files: a player's 80 cards as TOML they can edit, and the check of a legal deck.

A deck file holds ``name``, ``civ`` and ``cards = [{ card = "...", count = n }, ...]``.
The game's decks are installed with it; a player's own live in the user's data folder
(:func:`user_folder`) and are dealt like them once legal. A legal deck has 80 cards, at most 1 copy of a legendary card and 7 of any other, only
known card ids, and at least 3 Heroes (the set-up reveals three). Scenarios deal decks
without the copy and size limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.errors import DataError
from game.core.refusal import Refusal, refusal
from game.core.resources import data_path
from game.core.userdirs import data_dir
from game.herosdei.cards import CIVS, CardDef, current_id

DECK_SIZE = 80
MAX_LEGENDARY = 1
MAX_GENERIC = 7
HEROES_NEEDED = 3
FIELDS = frozenset({"name", "civ", "cards"})


@dataclass(frozen=True)
class Deck:
    name: str
    civ: str
    cards: tuple[tuple[str, int], ...]  # (card id, count)

    def ids(self) -> list[str]:
        return [c for c, n in self.cards for _ in range(n)]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "civ": self.civ, "cards": [{"card": c, "count": n} for c, n in self.cards]}


def parse_deck(doc: Any, where: str) -> Deck:
    """A deck table, its shape checked (not yet its legality: :func:`problem`)."""
    if not isinstance(doc, dict):
        raise DataError(where, "a deck must be a table")
    for key in doc:
        if key not in FIELDS:
            raise DataError(where, f"unknown field {key!r} (a deck has name, civ, cards)")
    name, civ, cards = doc.get("name"), doc.get("civ"), doc.get("cards")
    if not isinstance(name, str) or not name:
        raise DataError(where, "name must be a text")
    if civ not in CIVS:
        raise DataError(where, f"civ must be one of {', '.join(CIVS)}, not {civ!r}")
    if not isinstance(cards, list) or not cards:
        raise DataError(where, "cards must be a list of { card = \"id\", count = n }")
    out: list[tuple[str, int]] = []
    for i, entry in enumerate(cards):
        here = f"{where}: cards[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"card", "count"}:
            raise DataError(here, "must be { card = \"id\", count = n }")
        card, count = entry.get("card"), entry.get("count", 1)
        if not isinstance(card, str):
            raise DataError(here, f"card must be a card id, not {card!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= DECK_SIZE:
            raise DataError(here, f"count must be an integer from 1 to {DECK_SIZE}, not {count!r}")
        out.append((current_id(card), count))
    return Deck(name, civ, tuple(out))


def unknown_or_short(deck: Deck, defs: Mapping[str, CardDef]) -> str | None:
    """What no deck may lack, even in a scenario: known cards and 3 Heroes."""
    why = _unknown_or_short(deck, defs)
    return None if why is None else why.text


def _unknown_or_short(deck: Deck, defs: Mapping[str, CardDef]) -> Refusal | None:
    for card, _n in deck.cards:
        if card not in defs:
            return refusal("deck_unknown_card", f"unknown card {card!r}", card=card)
    if sum(n for c, n in deck.cards if defs[c].type == "hero") < HEROES_NEEDED:
        return refusal("deck_heroes", f"a deck needs at least {HEROES_NEEDED} Heroes", n=HEROES_NEEDED)
    return None


def legality(deck: Deck, defs: Mapping[str, CardDef]) -> Refusal | None:
    """Why ``deck`` is not legal, as a keyed refusal (a table words it; None: it is legal)."""
    why = _unknown_or_short(deck, defs)
    if why:
        return why
    counts: dict[str, int] = {}
    for card, n in deck.cards:
        counts[card] = counts.get(card, 0) + n
    for card, n in counts.items():
        cap = MAX_LEGENDARY if defs[card].legendary else MAX_GENERIC
        if n > cap:
            kind = "legendary card" if defs[card].legendary else "card"
            return refusal("deck_copies", f"{n} copies of {kind} {card} (at most {cap})", card=card, n=n, cap=cap)
    total = sum(counts.values())
    if total != DECK_SIZE:
        return refusal("deck_size", f"{total} cards (a deck has {DECK_SIZE})", n=total, size=DECK_SIZE)
    return None


def problem(deck: Deck, defs: Mapping[str, CardDef]) -> str | None:
    """Why ``deck`` is not legal, in one English line (None: it is), as ``herosdei-deck check`` says."""
    why = legality(deck, defs)
    return None if why is None else why.text


# path -> (its size and time, the deck read from it): a deal reads its two decks each time
_READ: dict[str, tuple[tuple[int, int], Deck]] = {}


def load(path: str | Path) -> Deck:
    try:
        st = Path(path).stat()
    except OSError:
        return parse_deck(tomlcompat.load_file(path), str(path))  # the reader's own one-line refusal
    sig = (st.st_mtime_ns, st.st_size)
    kept = _READ.get(str(path))
    if kept is not None and kept[0] == sig:
        return kept[1]  # a Deck is frozen
    deck = parse_deck(tomlcompat.load_file(path), str(path))
    _READ[str(path)] = (sig, deck)
    return deck


def find(name: str, beside: Path | None = None) -> Path:
    """A deck by name (``data/herosdei/decks/<name>.toml``, else the player's own in
    :func:`user_folder`) or by a ``.toml`` path, read relative to ``beside`` (the scenario's
    folder) when it is not absolute."""
    if name.endswith(".toml"):
        path = Path(name)
        if not path.is_absolute() and beside is not None:
            path = beside / path
    else:
        path = data_path("herosdei", "decks", f"{name}.toml")
        if not path.is_file() and _usable(user_folder() / f"{name}.toml"):
            path = user_folder() / f"{name}.toml"
    if not path.is_file():
        raise DataError("decks", f"unknown deck {name!r}")
    return path


def installed() -> list[str]:
    """The decks the game comes with (what benches, tournaments and the AI's expectations
    are made of: the same on every machine)."""
    folder = data_path("herosdei", "decks")
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def user_folder() -> Path:
    """Where a player keeps decks of their own (built in the table or edited by hand): kept
    across updates, beside the saves."""
    return data_dir() / "herosdei" / "decks"


def yours() -> tuple[list[str], list[tuple[Path, str]]]:
    """The player's own decks: the names of the legal ones, and each file refused with its
    one-line reason (unreadable, not a deck, illegal, or named as a deck of the game is)."""
    folder = user_folder()
    if not folder.is_dir():
        return [], []
    shipped = set(installed())
    names: list[str] = []
    refused: list[tuple[Path, str]] = []
    for path in sorted(folder.glob("*.toml")):
        why = _refusal(path, shipped)
        if why:
            refused.append((path, why))
        else:
            names.append(path.stem)
    return names, refused


def _refusal(path: Path, shipped: set[str]) -> str | None:
    """Why the player's deck file ``path`` is not dealt, in one line (None: it is); ``shipped``:
    the game's own decks' names."""
    from game.herosdei.user_cards import all_cards

    if path.stem in shipped:
        return f"the game has a deck called {path.stem!r}: rename the file"
    try:
        return problem(load(path), all_cards())  # the player's own cards count
    except DataError as exc:
        return exc.reason
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"


def _usable(path: Path) -> bool:
    return path.is_file() and _refusal(path, set(installed())) is None


def available() -> list[str]:
    """Every deck a new game may be dealt: the game's, then the player's legal ones."""
    return installed() + yours()[0]
