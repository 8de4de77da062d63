"""HerosDeï's subcommand: ``herosdei-deck check FILE`` (exit 0 legal, 2 with the reason); the
player's own cards count as known, as at New game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.core.errors import DataError


def cmd_deck(args: argparse.Namespace) -> int:
    from game.herosdei import decks
    from game.herosdei.user_cards import all_cards

    try:
        deck = decks.load(args.file)
        why = decks.problem(deck, all_cards())  # the player's own cards (<data>/herosdei/cards/) count
    except DataError as exc:
        print(f"herosdei-deck: {exc}", file=sys.stderr)
        return 2
    if why:
        print(f"herosdei-deck: {args.file}: {why}", file=sys.stderr)
        return 2
    print(f"{args.file}: a legal deck ({deck.name}, {deck.civ}, {decks.DECK_SIZE} cards)")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("herosdei-deck", help="check a HerosDeï deck file")
    verbs = p.add_subparsers(dest="deck_command", required=True)
    check = verbs.add_parser("check", help="is the deck legal? (80 cards, copy limits, known cards)")
    check.add_argument("file")
    check.set_defaults(handler=cmd_deck)
