"""The live score on the table: the engine's scorer on the hand as it lies, in words.

The table asks what the hand would score if the game ended now (the engine's
``optimal.best``: wild cards, the Book of Changes and the Island take the choices
that maximise the hand), what it would score without a card (choosing a discard),
and with a discard-area card (choosing a draw). Results are memoised: the hand
changes a few times a turn, the table draws sixty times a second. The breakdown
and the choices are put into words here, in either language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from game.core.errors import RealmsError
from game.fantasy_realms.cards import library
from game.fantasy_realms.optimal import best
from game.fantasy_realms.scoring import Score, Table, evaluate
from game.fantasy_realms.terms import Rulings
from game.ui.fantasy_realms import suits
from game.ui.i18n import Tr


def rulings_of(view: Mapping[str, Any], setup: Mapping[str, Any] | None) -> Rulings:
    """The game's disputed rulings, as its views tell every seat (a LAN client has no
    record; a local game's ``setup`` has them where an older view does not), or the
    defaults where what is said does not read."""
    raw = view.get("rulings")
    if raw is None and setup is not None:
        raw = setup.get("rulings")
    try:
        return Rulings.from_dict(raw if raw is not None else {})
    except ValueError:
        return Rulings()


def table_of(view: dict[str, Any], seat: int | None, rulings: Rulings | None = None) -> Table:
    """What scoring looks at outside the hand, from a view (own face-down items only)."""
    items: tuple[str, ...] = ()
    if seat is not None and 0 <= seat < len(view.get("players", [])):
        items = tuple(view["players"][seat].get("items_used", ()))
    return Table(players=int(view.get("seats", 2)), discard=tuple(view.get("discard", ())), items=items,
                 modules=frozenset(view.get("modules", ("base",))), rulings=rulings or Rulings())


@lru_cache(maxsize=4096)
def _best(hand: tuple[str, ...], table: Table) -> Score:
    lib = library()
    return best([lib.cards[c] for c in hand], table, lib)


def score(hand: Sequence[str], table: Table) -> Score:
    """The best score of ``hand`` (card ids) as it lies, with its breakdown and choices."""
    return _best(tuple(hand), table)


def without(hand: Sequence[str], card: str, table: Table) -> int:
    """The score of ``hand`` once ``card`` is discarded (the discard area gains it)."""
    rest = list(hand)
    rest.remove(card)
    t = Table(table.players, (*table.discard, card), table.items, table.modules, table.rulings)
    return score(rest, t).total


def with_card(hand: Sequence[str], card: str, table: Table, limit: int) -> int:
    """The best hand after taking ``card`` from the discard area (and discarding down to ``limit``)."""
    disc = list(table.discard)
    if card in disc:
        disc.remove(card)
    t = Table(table.players, tuple(disc), table.items, table.modules, table.rulings)
    grown = [*hand, card]
    if len(grown) <= limit:
        return score(grown, t).total
    return max(without(grown, c, t) for c in grown)


# ---- words ---------------------------------------------------------------------------------
def card_name(cid: str | None, lang: str) -> str:
    lib = library()
    if not cid:
        return "?"
    c = lib.cards.get(cid)
    if c is not None:
        return c.name.get(lang, c.name["en"])
    it = lib.items.get(cid)
    if it is not None:
        return it.name.get(lang, it.name["en"])
    return cid


_BY_EN: dict[str, str] = {}


def _en_to(name: str, lang: str) -> str:
    """A card named in English by the scorer ("Rainstorm", "(beast)") in ``lang``."""
    if name.startswith("(") and name.endswith(")"):
        return suits.name(name[1:-1], lang)
    if not _BY_EN:
        for key, c in library().cards.items():
            _BY_EN.setdefault(c.en, key)
    found = _BY_EN.get(name)
    return card_name(found, lang) if found else name


_REASONS = (
    (re.compile(r"^blanked by (.+) \(alone in its suit\)$"), "fantasy.blanked_alone"),
    (re.compile(r"^blanked by its own penalty$"), "fantasy.blanked_self"),
    (re.compile(r"^blanked in a blanking cycle$"), "fantasy.blanked_cycle"),
    (re.compile(r"^blanked by (.+)$"), "fantasy.blanked_by"),
)


def reason(text: str, tr: Tr) -> str:
    """The scorer's blanking reason, re-worded in the table's language."""
    for pattern, key in _REASONS:
        m = pattern.match(text)
        if m:
            return tr(key, card=_en_to(m.group(1), tr.lang)) if m.groups() else tr(key)
    return text or tr("fantasy.blanked")


def choice_words(cid: str, choice: tuple[str, ...], tr: Tr) -> str:
    """One choice the scorer made, in words ("Mirage as Rainstorm")."""
    lang = tr.lang
    who = card_name(cid, lang)
    kind = choice[0] if choice else "none"
    if kind == "copy":
        return tr("fantasy.choice_copy", card=who, target=card_name(choice[1], lang))
    if kind == "generic":
        return tr("fantasy.choice_generic", card=who, a_suit=suits.with_article(choice[1], tr))
    if kind == "book":
        return tr("fantasy.choice_book", card=who, target=card_name(choice[1], lang), a_suit=suits.with_article(choice[2], tr))
    if kind == "clear":
        return tr("fantasy.choice_clear", card=who, target=card_name(choice[1], lang))
    if kind == "protect":
        return tr("fantasy.choice_protect", card=who, target=card_name(choice[1], lang))
    return tr("fantasy.choice_none", card=who)


def choices(sc: Score, tr: Tr) -> list[str]:
    return [choice_words(cid, ch, tr) for cid, ch in sc.choices.items() if ch and ch[0] != "none"]


def engine_choices(lines: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The choices of a ``hand_scored`` event ("FR52:copy/FR13") as scorer tuples."""
    out: dict[str, tuple[str, ...]] = {}
    for line in lines:
        cid, _, rest = line.partition(":")
        if rest:
            out[cid] = tuple(rest.split("/"))
    return out


Givers = dict[str, tuple[tuple[str, ...], tuple[str, ...]]]


def givers(hand: Sequence[str], choices: Mapping[str, tuple[str, ...]], table: Table) -> Givers:
    """For each card of a final hand (card ids, scored with ``choices``): the cards that
    gave its bonus and those that gave its penalty (the end screen explains points with
    them); empty when the hand cannot be scored again with those choices."""
    lib = library()
    try:
        sc = evaluate([lib.cards[c] for c in hand], choices, table, lib, why=True)
    except (RealmsError, KeyError):
        return {}
    return {c.id: (c.bonus_from, c.penalty_from) for c in sc.cards}


def names_of(ids: Sequence[str], hand: Sequence[str], tr: Tr) -> str:
    """Card names in the table's language, joined for a sentence; the cards that are not
    in ``hand`` are said to lie in the discard area."""
    held = ", ".join(card_name(c, tr.lang) for c in ids if c in hand)
    away = ", ".join(card_name(c, tr.lang) for c in ids if c not in hand)
    return "; ".join([held] * bool(held) + [tr("fover.in_discard", cards=away)] * bool(away))
