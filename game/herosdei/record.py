"""Saved HerosDeï games: (setup, seed, actions), replayed and checked by the state hash.

A standard setup carries the two deck lists and the variant, so a save replays even
if the deck files change later (each deck legal, as ``herosdei-deck check`` says); a
position carries the scenario table it starts from. The file format and its checks are
every game's (``game/core/record.py``).
"""

from __future__ import annotations

from typing import Any

from game.core.errors import DataError
from game.core.record import BOOL, INT, TABLE, TABLES, TEXT, SaveRecord, check_fields
from game.core.rng import RNG_VERSION, RNG_VERSIONS
from game.herosdei.cards import current_line, library, parse_cards
from game.herosdei.decks import Deck, parse_deck, problem
from game.herosdei.setup import from_position, new_game
from game.herosdei.state import EDITION, EDITIONS, State

GAME = "herosdei"


class Record(SaveRecord[State]):
    game = GAME

    @staticmethod
    def standard(decks: list[Deck], variant: str, seed: int, cards: list[dict[str, Any]] | None = None,
                 ask_all: bool = False) -> Record:
        """``ask_all``: every window and Monster step is put to its player (State.ask_all);
        left out of the setup when false, as in the saves from before it. A new record
        names the rules' current edition (State.edition); a save without one is of the first."""
        setup: dict[str, Any] = {"kind": "standard", "variant": variant, "seed": seed, "rng": RNG_VERSION,
                                 "decks": [d.to_dict() for d in decks], "cards": list(cards or [])}
        if ask_all:
            setup["ask_all"] = True
        setup["edition"] = EDITION
        return Record(setup)

    @staticmethod
    def position(doc: dict[str, Any]) -> Record:
        return Record({"kind": "position", "position": doc, "edition": EDITION})

    @classmethod
    def check_setup(cls, setup: dict[str, Any], where: str) -> None:
        kind = setup.get("kind")
        if kind == "standard":
            check_fields(setup, where, required={"variant": TEXT, "seed": INT, "decks": TABLES},
                         optional={"rng": INT, "cards": TABLES, "ask_all": BOOL, "edition": INT})
        elif kind == "position":
            check_fields(setup, where, required={"position": TABLE}, optional={"ask_all": BOOL, "edition": INT})
        else:
            raise DataError(where, "setup kind must be 'standard' or 'position'")
        if setup.get("edition", 1) not in EDITIONS:
            raise DataError(where, f"rules edition {setup.get('edition')!r} is not known to this version "
                                   f"(it plays {', '.join(map(str, EDITIONS))})")

    def apply_line(self, st: State, line: str) -> None:
        st.apply(current_line(line))  # a save's old card ids are read as today's (cards.RENAMED)

    def initial_state(self) -> State:
        s = self.setup
        ask_all = s.get("ask_all") is True
        edition = s.get("edition", 1)  # the saves from before editions were named play the first
        if s.get("kind") == "position":
            return from_position(s["position"], "save setup", library(), ask_all=ask_all, edition=edition)
        rng = s.get("rng", RNG_VERSION)
        if rng not in RNG_VERSIONS:
            raise DataError("save setup", f"unknown random generator version {rng!r}")
        defs = parse_cards(s.get("cards", []), "save setup", library())
        decks = [parse_deck(d, f"save setup: decks[{i}]") for i, d in enumerate(s["decks"])]
        for i, deck in enumerate(decks):
            # a save deals only legal decks (as herosdei-deck check says): a deck of thousands
            # of cards would be dealt, and searched by the AI, for minutes
            why = problem(deck, defs)
            if why:
                raise DataError(f"save setup: decks[{i}] ({deck.name})", why)
        return new_game(decks, defs, s["variant"], s["seed"], rng_version=rng, ask_all=ask_all, edition=edition)


def loads(text: str, where: str = "save") -> tuple[Record, State]:
    rec, saved_hash = Record.parse(text, where)
    return rec, rec.verified(saved_hash, where)
