"""A HerosDeï deck under construction: what the table's deck builder edits and saves.

A :class:`DeckDraft` holds a name, a civilisation and the count of each card. It says
each card's copy cap (1 for a legendary card, 7 for any other), whether one more copy
may go in now and why not (the cap reached, the deck already 80 cards), and why the
deck is not legal yet through :func:`game.herosdei.decks.problem`, the one check every
deck passes. It saves to the player's folder (:func:`game.herosdei.decks.user_folder`)
as the game's own deck files are written, so :func:`game.herosdei.decks.load` reads it
back as the same deck. A draft may start empty, from a copy of a deck of the game, or
from one of the player's own files to edit it.

The rules restrict no deck to its civilisation's cards (:func:`decks.problem` does not,
and neither does the draft): a deck's ``civ`` names whose Sovereign Good is its player's
(the set-up slips it into the other deck) and the game's decks hold their own
civilisation's cards and the neutral ones, so a builder offers those first.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.core.atomic import write_text_atomic
from game.core.errors import DataError
from game.core.refusal import Refusal, refusal
from game.herosdei import decks
from game.herosdei.cards import CIVS, CardDef
from game.herosdei.user_cards import all_cards

DECK_CIVS = tuple(c for c in CIVS if c != "neutral")  # the civilisations a deck is built for
NAME_MAX = 40  # characters of a deck's name
# the order the types are browsed and listed in: Characters first, as a deck is thought of
TYPE_ORDER = ("hero", "monster", "character", "mythic_object", "object", "mythic_animal", "animal",
              "god", "place", "black_magic", "quality", "sovereign_good", "stable_destiny", "unstable_destiny")


def cap(card: CardDef) -> int:
    """How many copies of ``card`` a legal deck may hold."""
    return decks.MAX_LEGENDARY if card.legendary else decks.MAX_GENERIC


def slug(name: str) -> str:
    """The file name a deck called ``name`` is saved under (lowercase ASCII words joined
    by ``_``, "Mes Grecs à moi" -> ``mes_grecs_a_moi``); "" for a name with no letter or digit."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    words = "".join(ch if ch.isalnum() else " " for ch in plain).split()
    return "_".join(words)


def browse_order(defs: Mapping[str, CardDef], lang: str = "en") -> list[str]:
    """Every card id by type (``TYPE_ORDER``), then by name in ``lang``."""
    return sorted(defs, key=lambda c: (TYPE_ORDER.index(defs[c].type), (defs[c].name.get(lang) or c).casefold(), c))


def shown(defs: Mapping[str, CardDef], civ: str | None, kind: str | None, lang: str = "en",
          with_neutral: bool = False) -> list[str]:
    """The cards a browse shows: of civilisation ``civ`` (and the neutral ones with
    ``with_neutral``; None: every civilisation), of type ``kind`` (None: every type)."""
    civs = None if civ is None else {civ, "neutral"} if with_neutral else {civ}
    return [c for c in browse_order(defs, lang)
            if (civs is None or defs[c].civ in civs) and (kind is None or defs[c].type == kind)]


@dataclass(frozen=True)
class Source:
    """A deck a draft may start from: the game's (copied) or one of the player's files (edited)."""

    name: str  # the deck's name as its file gives it
    path: Path
    own: bool  # the player's file: saving writes it again


def sources() -> list[Source]:
    """The decks a draft may start from: the game's, then each file of the player's folder
    that reads as a deck (a legal one or an unfinished one), not named as a game's deck."""
    out: list[Source] = []
    for name in decks.installed():
        path = decks.find(name)
        out.append(Source(decks.load(path).name, path, False))
    folder = decks.user_folder()
    shipped = set(decks.installed())
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            if path.stem in shipped:
                continue
            try:
                out.append(Source(decks.load(path).name, path, True))
            except (DataError, OSError):
                continue  # not a deck: the New game panel names it with its reason
    return out


class DeckDraft:
    """A deck being built: its name, its civilisation and its cards' counts."""

    def __init__(self, name: str = "", civ: str = DECK_CIVS[0], cards: Mapping[str, int] | None = None,
                 defs: Mapping[str, CardDef] | None = None, path: Path | None = None) -> None:
        self.defs = defs if defs is not None else all_cards()  # the player's own cards are dealt too
        if civ not in CIVS:
            raise ValueError(f"civ must be one of {', '.join(CIVS)}, not {civ!r}")
        self.name = name
        self.civ = civ
        self.counts: dict[str, int] = {}
        for card, n in (cards or {}).items():
            if n > 0:
                self.counts[card] = self.counts.get(card, 0) + n
        self.path = path  # the player's file this draft was opened from (saved over), if any
        self.saved = self.signature()

    # ---- starting points ----------------------------------------------------------------
    @classmethod
    def of(cls, deck: decks.Deck, defs: Mapping[str, CardDef] | None = None, path: Path | None = None) -> DeckDraft:
        counts: dict[str, int] = {}
        for card, n in deck.cards:
            counts[card] = counts.get(card, 0) + n
        return cls(deck.name, deck.civ, counts, defs, path)

    @classmethod
    def opened(cls, source: Source, defs: Mapping[str, CardDef] | None = None) -> DeckDraft:
        """A draft from ``source``: the player's file to edit (saved over), or a copy of the
        game's deck under a name of its own."""
        deck = decks.load(source.path)
        if source.own:
            return cls.of(deck, defs, source.path)
        draft = cls.of(deck, defs)
        draft.name = ""  # the game's deck's name would be saved over nothing of the player's: they name the copy
        draft.saved = ()  # a copy not saved yet
        return draft

    # ---- counts ------------------------------------------------------------------------------
    def count(self, card: str) -> int:
        return self.counts.get(card, 0)

    def cap(self, card: str) -> int:
        return cap(self.defs[card])

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def heroes(self) -> int:
        return sum(n for c, n in self.counts.items() if c in self.defs and self.defs[c].type == "hero")

    def why_not_add(self, card: str) -> Refusal | None:
        """Why one more copy of ``card`` may not go in now (None: it may)."""
        if card not in self.defs:
            return refusal("deck_unknown", f"unknown card {card!r}", card=card)
        top = self.cap(card)
        if self.count(card) >= top:
            if self.defs[card].legendary:
                return refusal("deck_legendary_cap", f"{card} is legendary: a deck holds {top} copy", card=card, n=top)
            return refusal("deck_cap", f"a deck holds at most {top} copies of {card}", card=card, n=top)
        if self.total >= decks.DECK_SIZE:
            return refusal("deck_full", f"the deck already has {decks.DECK_SIZE} cards", n=decks.DECK_SIZE)
        return None

    def add(self, card: str) -> Refusal | None:
        """One more copy of ``card``; the refusal when it may not go in (nothing changes)."""
        why = self.why_not_add(card)
        if why is None:
            self.counts[card] = self.count(card) + 1
        return why

    def remove(self, card: str) -> bool:
        """One copy of ``card`` less; False when the deck holds none."""
        n = self.count(card)
        if n <= 0:
            return False
        if n == 1:
            del self.counts[card]
        else:
            self.counts[card] = n - 1
        return True

    def listed(self, lang: str = "en") -> list[tuple[str, int]]:
        """The deck's cards with their counts, in the browse's order."""
        known = [c for c in browse_order(self.defs, lang) if c in self.counts]
        return [(c, self.counts[c]) for c in known] + [(c, n) for c, n in self.counts.items() if c not in self.defs]

    # ---- the deck ----------------------------------------------------------------------------
    def deck(self) -> decks.Deck:
        return decks.Deck(self.name.strip(), self.civ, tuple(self.listed()))

    def problem(self) -> Refusal | None:
        """Why the deck is not legal yet (None: it is), as every deck is checked."""
        return decks.legality(self.deck(), self.defs)

    def signature(self) -> tuple[object, ...]:
        """What saving writes: a draft whose signature changed since has unsaved changes."""
        return (self.name.strip(), self.civ, tuple(sorted(self.counts.items())))

    @property
    def dirty(self) -> bool:
        return self.signature() != self.saved

    def target(self) -> Path:
        """The file saving writes: the one opened, else ``<slug of the name>.toml`` in the player's folder."""
        if self.path is not None and self.path.parent == decks.user_folder() and slug(self.name) == self.path.stem:
            return self.path
        return decks.user_folder() / f"{slug(self.name)}.toml"

    def why_not_save(self) -> Refusal | None:
        """Why the deck may not be saved under its name (None: it may). An unfinished deck
        may: New game lists it with its reason until it is legal."""
        name = self.name.strip()
        if not name:
            return refusal("deck_no_name", "the deck needs a name")
        if len(name) > NAME_MAX:
            return refusal("deck_long_name", f"a deck's name has at most {NAME_MAX} characters", n=NAME_MAX)
        stem = slug(name)
        if not stem:
            return refusal("deck_no_letter", "the deck's name needs a letter or a digit")
        if stem in decks.installed():
            return refusal("deck_shipped", f"the game has a deck called {stem!r}: choose another name", file=stem)
        if not self.counts:
            return refusal("deck_empty", "the deck has no card yet")
        target = self.target()
        if target.exists() and target != self.path:
            return refusal("deck_taken", f"you already have a deck file called {target.name!r}: choose another name",
                           file=target.name)
        return None

    def text(self) -> str:
        """The deck's file, shaped as the game's own (``data/herosdei/decks/*.toml``)."""
        deck = self.deck()
        lines = ["# A HerosDeï deck built in Realms Table's deck builder.",
                 f"name = {_toml_string(deck.name)}", f"civ = {_toml_string(deck.civ)}", "cards = ["]
        lines += [f"  {{ card = {_toml_string(c)}, count = {n} }}," for c, n in deck.cards]
        lines.append("]")
        return "\n".join(lines) + "\n"

    def save(self) -> Path:
        """Write the deck to the player's folder (atomically); the file written. Raises
        ValueError with the refusal's sentence when it may not be saved; OSError as the disk says."""
        why = self.why_not_save()
        if why is not None:
            raise ValueError(why.text)
        target = self.target()
        write_text_atomic(target, self.text())
        self.path = target  # renamed, the deck is saved as a new file and the old one kept
        self.saved = self.signature()
        return target


def _toml_string(s: str) -> str:
    # a JSON string (quotes, backslashes and control characters escaped) is a TOML basic string
    return json.dumps(s, ensure_ascii=False)
