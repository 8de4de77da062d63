"""``python -m game fantasy-score``: score Fantasy Realms hands from the command line.

Two forms. Cards on the command line (ids like ``FR52``, English names, or slugs)
print the total and a per-card breakdown; choices given with ``--choose`` are kept
and the others are searched for the best score (``--unused`` leaves them unused).
``--hands FILE.toml`` scores every ``[[hand]]`` of a file in the schema of the
shared test vectors and prints a JSON list of ``{"id", "total", "per_card"}``; a
hand without a choice for a card leaves that card unused, unless ``--optimal``.
Bad input ends in one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.core import tomlcompat
from game.core.errors import DataError, RealmsError
from game.fantasy_realms import modules as mod
from game.fantasy_realms.scoring import Choice, Score

BAD_INPUT = 2


def choice_to_dict(ch: Choice) -> dict[str, str]:
    if ch[0] == "copy":
        return {"copy": ch[1]}
    if ch[0] == "generic":
        return {"copy": ch[1]}
    if ch[0] == "book":
        return {"target": ch[1], "suit": ch[2]}
    if ch[0] == "clear":
        return {"clear": ch[1]}
    if ch[0] == "protect":
        return {"protect": ch[1]}
    return {}


def score_dict(sc: Score, hid: str | None = None, full: bool = True) -> dict[str, Any]:
    d: dict[str, Any] = {} if hid is None else {"id": hid}
    d["total"] = sc.total
    d["per_card"] = sc.per_card
    if full:
        d["blanked"] = sc.blanked
        d["choices"] = {k: choice_to_dict(v) for k, v in sc.choices.items() if v[0] != "none"}
        d["cards"] = [c.to_dict() for c in sc.cards]
        if sc.items:
            d["items"] = dict(sc.items)
    return d


def parse_rulings(pairs: list[str]) -> Any:
    from game.fantasy_realms.terms import Rulings

    try:
        return Rulings(**Rulings.parse_pairs(pairs))
    except ValueError as e:
        raise DataError("--rule", str(e).removeprefix("--rule ")) from None


def cmd_score(args: argparse.Namespace) -> int:
    from game.fantasy_realms.cards import library
    from game.fantasy_realms.hands import build_hand, load_hands
    from game.fantasy_realms.optimal import best
    from game.fantasy_realms.scoring import evaluate

    try:
        lib = library()
        rulings = parse_rulings(args.rule or [])
        if args.hands:
            if args.cards or args.choose:
                raise DataError("fantasy-score", "give either cards or --hands FILE, not both")
            doc = tomlcompat.load_file(args.hands)
            hands = load_hands(doc, lib, args.hands, rulings)
            out = []
            for h in hands:
                sc = best(h.final, h.table, lib) if args.optimal else evaluate(h.final, h.choices, h.table, lib)
                d = score_dict(sc, h.id, full=False)
                if args.optimal:
                    d["choices"] = {k: choice_to_dict(v) for k, v in sc.choices.items() if v[0] != "none"}
                out.append(d)
            print(json.dumps(out, ensure_ascii=False, indent=None if args.compact else 2))
            return 0
        if not args.cards:
            raise DataError("fantasy-score", "name the cards of a hand, or give --hands FILE")
        modules = mod.normalize(args.modules or [])
        choose: dict[str, str] = {}
        for pair in args.choose or []:
            card, sep, value = pair.partition("=")
            if not sep or not card.strip():
                raise DataError("--choose", f"{pair!r}: expected CARD=CHOICE")
            choose[card.strip()] = value
        hand = build_hand(lib, "cli", args.cards, choose, modules, args.players, args.discard or [],
                          args.items or [], rulings, where="cards")
        if args.unused:
            sc = evaluate(hand.final, hand.choices, hand.table, lib)
        else:
            sc = best(hand.final, hand.table, lib, fixed=hand.choices)
    except RealmsError as exc:
        print(f"fantasy-score: {exc}", file=sys.stderr)
        return BAD_INPUT
    print(json.dumps(score_dict(sc), ensure_ascii=False, indent=None if args.compact else 2))
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("fantasy-score", help="score a Fantasy Realms hand (or a file of hands) and print JSON",
                       description="Score a Fantasy Realms hand. Cards are ids (FR52), English names or slugs.")
    p.add_argument("cards", nargs="*", help="the cards of the hand (final hand, extra cards included)")
    p.add_argument("--modules", action="append", help="modules in play: promo, cursed_items, cursed_hoard_suits "
                   "(comma-separated or repeated; base is implied)")
    p.add_argument("--choose", action="append", metavar="CARD=CHOICE",
                   help="a choice: Mirage=Rainstorm, Shapeshifter=beast (generic), Doppelganger=Basilisk, "
                        "'Book of Changes=Gem of Order:wizard', Island=Wildfire, Angel=King, Necromancer=King, "
                        "or CARD=none")
    p.add_argument("--players", type=int, default=4, help="number of players (Genie, Spyglass; default 4)")
    p.add_argument("--discard", action="append", metavar="CARD", help="a card of the discard area (repeatable)")
    p.add_argument("--items", action="append", metavar="ITEM", help="a face-down Cursed Item (repeatable)")
    p.add_argument("--rule", action="append", metavar="NAME=yes|no", help="a disputed ruling (see NOTATION.md)")
    p.add_argument("--unused", action="store_true", help="leave cards without --choose unused (no search)")
    p.add_argument("--hands", metavar="FILE.toml", help="score every [[hand]] of a test-vector file")
    p.add_argument("--optimal", action="store_true", help="with --hands: let the scorer choose")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(handler=cmd_score)
