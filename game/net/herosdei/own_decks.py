"""A HerosDeï player's own deck on the LAN: judged by the host, dealt in place of its choice.

The deck travels as its file reads (``Deck.to_dict()``: name, civ, cards); the host reads it
with the deck files' own checks (``decks.parse_deck``, then ``decks.legality`` against the game's
cards), so a deck the table's deck builder or ``herosdei-deck check`` accepts is accepted here
and the refusal's reason is the one they give ("79 cards (a deck has 80)"). The record of the
game carries each deck's list (``Record.standard``), so the host replays and saves a game dealt
with a deck only the guest has.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import DataError
from game.herosdei import decks
from game.herosdei.cards import library
from game.net.own_decks import NotLegal


def check(doc: Any) -> tuple[str, dict[str, Any]]:
    """(the deck's name, the deck as the record keeps it); DataError for a malformed deck,
    NotLegal with the deck files' keyed refusal for an illegal one."""
    deck = decks.parse_deck(doc, "deck")  # DataError (a ValueError) for a malformed deck
    why = decks.legality(deck, library())
    if why is not None:
        raise NotLegal(why)
    return deck.name, deck.to_dict()


def deal(record: Any, seats: dict[int, dict[str, Any]]) -> None:
    """The seats' decks in place of the host's in a new game's setup."""
    dealt = record.setup["decks"]
    for seat, deck in seats.items():
        dealt[seat] = deck


def yours() -> list[tuple[str, dict[str, Any]]]:
    """The player's own legal decks (``decks.yours()``), by name, with their contents."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name in decks.yours()[0]:
        try:
            deck = decks.load(decks.user_folder() / f"{name}.toml")
        except (DataError, OSError):  # changed since it was judged: not offered
            continue
        out.append((deck.name, deck.to_dict()))
    return out
