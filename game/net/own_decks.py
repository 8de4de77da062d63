"""Decks of a player's own on the LAN: a seat brings its deck in the lobby, the host judges it.

A game whose players may play a deck of their own has a module ``game/net/<game>/own_decks.py``
(the registry's place for a game's LAN pieces) that answers three questions:

* ``check(doc) -> (name, deck)``: the deck a ``deck`` message holds, as the game's record keeps
  it, or ValueError with a one-line reason when it is malformed, :class:`NotLegal` (the game's
  keyed refusal, which the guest's table words in its language) when it breaks a rule;
* ``deal(record, seats)``: a new game's record with those seats' decks (``{seat: deck}``) in
  place of the host's choice, so the save replays without the player's file;
* ``yours() -> [(label, deck)]``: this player's own legal decks, for the join screen.

The host asks :func:`brought` for each ``deck`` message: a game without such a module refuses it
(``no_own_decks``), as do the wrong phase, another seat, an oversize or malformed deck and an
illegal one, each with an ``error`` whose reason says why; the seat then keeps the host's deck.
What is dealt is always the deck the host judged, never the player's file.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game.core.refusal import Refusal
from game.net.limits import MAX_DECK_ENTRIES, MAX_DECK_NAME
from game.net.protocol import ProtocolError


class NotLegal(ValueError):
    """A well-formed deck that breaks a rule of its game: the refusal travels as a value."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text)
        self.refusal = refusal


@dataclass(frozen=True)
class Brought:
    """A deck a seat brought and the host accepted: its name (shown in the lobby) and its
    contents as the game's record keeps them."""

    name: str
    deck: dict[str, Any]


def rules(game: str) -> ModuleType | None:
    """The game's own-deck module, or None for a game played with the host's cards only."""
    path = f"game.net.{game}.own_decks"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name in (path, f"game.net.{game}"):  # no such module: not a broken one
            return None
        raise


def takes_decks(game: str) -> bool:
    return rules(game) is not None


def brought(game: str, phase: str, seat: int, msg: dict[str, Any]) -> Brought | None:
    """The deck of a ``deck`` message from ``seat`` (None: back to the host's choice), or
    ProtocolError with the code and one-line reason of the refusal."""
    found = rules(game)
    if found is None:
        raise ProtocolError("no_own_decks", "this game is played with the host's cards: a deck of your own is "
                                            "for a game that takes one")
    if phase != "lobby":
        raise ProtocolError("not_in_game", "a deck is brought in the lobby, before the game is dealt")
    if msg.get("seat") is not None and msg["seat"] != seat:
        raise ProtocolError("wrong_seat", f"you play seat {seat}, not seat {msg['seat']}")
    doc = msg.get("deck")
    if doc is None:
        return None
    cards = doc.get("cards")
    if isinstance(cards, list) and len(cards) > MAX_DECK_ENTRIES:
        raise ProtocolError("bad_deck", f"a deck lists at most {MAX_DECK_ENTRIES} entries, not {len(cards)}")
    name = doc.get("name")
    if isinstance(name, str):
        if len(name) > MAX_DECK_NAME:
            raise ProtocolError("bad_deck", f"a deck's name has at most {MAX_DECK_NAME} characters")
        doc = {**doc, "name": "".join(ch for ch in name if ch.isprintable()).strip()}  # every seat is shown it
    try:
        label, deck = found.check(doc)
    except NotLegal as exc:
        raise ProtocolError("bad_deck", _one_line(str(exc)), exc.refusal) from None
    except ValueError as exc:  # the game's DataError is one too
        raise ProtocolError("bad_deck", _one_line(str(exc))) from None
    return Brought(str(label), deck)


def deal(game: str, record: Any, seats: dict[int, Brought]) -> None:
    """Put the decks the seats brought into a new game's ``record`` (before it is played)."""
    found = rules(game)
    if found is not None and seats:
        found.deal(record, {seat: b.deck for seat, b in seats.items()})


def yours(game: str) -> list[tuple[str, dict[str, Any]]]:
    """This player's own legal decks for ``game`` (label, contents); none for a game without."""
    found = rules(game)
    if found is None:
        return []
    decks: list[tuple[str, dict[str, Any]]] = found.yours()
    return decks


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200] or "not a deck"


def refusal(code: str, reason: str, keyed: Refusal) -> Refusal:
    """The host's answer to a ``deck`` as a value: the game's keyed refusal of an illegal deck,
    else the error's code as its key (``unknown_type``: a host from before, which takes none)."""
    if code == "unknown_type":
        return Refusal("no_own_decks", "the host takes no deck of your own")
    return keyed if keyed.key != "other" else Refusal(code, reason)
