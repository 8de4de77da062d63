"""The choices that maximise a hand: what each wild card copies, which suit the
Book of Changes gives, which card the Island clears and the Angel protects.

Exhaustive over the choices that can matter, and pruned by equivalence: a Mirage or
Shapeshifter only needs to try the names that some card of the hand mentions, one
generic card per allowed suit, and declining; the Book of Changes only the suits a
rule of the hand mentions, the suits already in the hand, and one suit nothing
mentions; the Island only cards with a penalty. Every other option scores the same
as one of these. Results are memoised on (hand, table) for the AI.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import CardDef, CardLibrary, library
from game.fantasy_realms.scoring import _ORDER, DEFAULT_TABLE, Choice, ChoiceError, Score, Table, compiled, evaluate
from game.fantasy_realms.terms import Rulings

NONE: Choice = ("none",)


# cards whose score depends on how many cards share a suit, whatever the suit (the
# World Tree's "every active card a different suit" is one: a Book moving a card out
# of a suit nobody names can complete it)
_SUIT_COUNTERS = ("collector", "distinct_suits")


def _wanted_suits(hand: Sequence[CardDef], lib: CardLibrary) -> set[str]:
    """Suits that some rule of the hand could tell apart from a suit nobody mentions."""
    comps = compiled(lib)
    wanted: set[str] = set()
    counting = False
    for c in hand:
        comp = comps[c.id]
        wanted |= comp.ref_suits
        wanted.update(comp.copy_suits if comp.choice == "copy" else ())
        counting = counting or comp.lonely is not None or any(
            t.get("kind") in _SUIT_COUNTERS for t in c.rule.get("bonus_terms", ()))
        if comp.choice == "doppelganger":
            counting = True  # a copy may bring a Demon's penalty
    if counting:
        for c in hand:
            wanted.update(c.suits)
    return wanted


def _pick_suits(allowed: Sequence[str], wanted: set[str]) -> list[str]:
    """The allowed suits worth telling apart: the wanted ones and one that is not."""
    out = [s for s in allowed if s in wanted]
    fresh = [s for s in allowed if s not in wanted]
    return out + fresh[:1]


def _copy_options(card: CardDef, hand: Sequence[CardDef], lib: CardLibrary, table: Table) -> list[Choice]:
    comps = compiled(lib)
    suits = comps[card.id].copy_suits
    names: set[str] = set()
    for c in hand:
        names |= comps[c.id].ref_names
    in_hand = {c.en for c in hand}
    opts: list[Choice] = [NONE]
    opts += [("generic", s) for s in _pick_suits(suits, _wanted_suits(hand, lib))]
    seen: set[str] = set()
    for c in mod.game_cards(lib, table.modules):
        if c.suit in suits and c.en in names and c.en not in in_hand and c.en not in seen:
            seen.add(c.en)
            opts.append(("copy", c.id))
    return opts


def _book_options(card: CardDef, hand: Sequence[CardDef], lib: CardLibrary, table: Table) -> list[Choice]:
    comps = compiled(lib)
    game_suits = mod.game_suits(table.modules | ({mod.SUITS} if any(c.set == "cursed_hoard" for c in hand) else set()))
    wanted = _wanted_suits(hand, lib)
    suits = _pick_suits(game_suits, wanted)
    opts: list[Choice] = [NONE]
    for t in hand:
        if t.id == card.id or comps[t.id].book_immune:
            continue
        # a card leaving a suit nothing tells apart only matters if it joins one that is
        moved = t.suit in wanted
        opts += [("book", t.id, s) for s in suits if s != t.suit and (moved or s in wanted)]
    return opts


def options(card: CardDef, hand: Sequence[CardDef], lib: CardLibrary, table: Table) -> list[Choice]:
    """The choices worth trying for one card of ``hand`` (declining first)."""
    kind = compiled(lib)[card.id].choice
    if kind == "doppelganger":
        return [NONE] + [("copy", c.id) for c in hand if c.id != card.id]
    if kind == "copy":
        return _copy_options(card, hand, lib, table)
    if kind == "book":
        return _book_options(card, hand, lib, table)
    if kind == "island":
        comps = compiled(lib)
        book = any(comps[c.id].choice == "book" for c in hand)
        targets = comps[card.id].clears_chosen
        return [NONE] + [("clear", c.id) for c in hand
                         if (c.has_penalty and (book or any(x in targets for x in c.suits)))
                         or comps[c.id].choice == "doppelganger"]
    if kind == "angel":
        return [NONE] + [("protect", c.id) for c in hand if c.id != card.id]
    return [NONE]


def _total(hand: Sequence[CardDef], choice: dict[str, Choice], table: Table, lib: CardLibrary) -> int | None:
    try:
        return evaluate(hand, choice, table, lib, detail=False).total
    except ChoiceError:
        return None  # e.g. the Island's target is no Flood/Flame under this Book choice


def best(hand: Sequence[CardDef], table: Table = DEFAULT_TABLE, lib: CardLibrary | None = None,
         fixed: dict[str, Choice] | None = None, budget: int | None = None) -> Score:
    """The highest-scoring choices for ``hand`` (``fixed`` choices are kept as given);
    the returned Score carries the choices it made.

    Exhaustive unless ``budget`` is given, several cards leave a choice, and the
    pruned search would evaluate more hands than that: then (the AI's setting) each
    choice is improved in turn, the others held, until nothing improves - fast, and
    not always optimal. One card's choices alone are always tried in full: the
    ascent would try them all anyway."""
    lib = lib or library()
    _total_found, choice = search(hand, table, lib, fixed or {}, budget)
    return evaluate(hand, choice, table, lib)


def search(hand: Sequence[CardDef], table: Table, lib: CardLibrary, fixed: dict[str, Choice],
           budget: int | None) -> tuple[int, dict[str, Choice]]:
    """The best total and the choices that make it (see :func:`best`); no per-card
    breakdown, so the AI's hot path pays for one scoring per hand tried."""
    comps = compiled(lib)
    chooser = [c for c in hand if comps[c.id].choice and c.id not in fixed]
    if not chooser:
        return _as_fixed(hand, fixed, table, lib)
    chooser.sort(key=lambda c: _ORDER.get(comps[c.id].choice, 9))
    opts = [options(c, hand, lib, table) for c in chooser]
    size = 1
    for o in opts:
        size *= len(o)
    if budget is not None and size > budget and len(chooser) > 1:
        return _ascend(hand, chooser, opts, fixed, table, lib)
    best_total, best_choice = None, None
    for combo in itertools.product(*opts):
        choice = dict(fixed)
        for c, ch in zip(chooser, combo):
            if ch != NONE:
                choice[c.id] = ch
        total = _total(hand, choice, table, lib)
        if total is not None and (best_total is None or total > best_total):
            best_total, best_choice = total, choice
    if best_total is None or best_choice is None:
        return _as_fixed(hand, fixed, table, lib)
    return best_total, best_choice


def _as_fixed(hand: Sequence[CardDef], fixed: dict[str, Choice], table: Table,
              lib: CardLibrary) -> tuple[int, dict[str, Choice]]:
    """The hand scored with only the fixed choices (no free choice, or none that scores)."""
    return evaluate(hand, fixed, table, lib, detail=False).total, fixed


def _ascend(hand: Sequence[CardDef], chooser: list[CardDef], opts: list[list[Choice]], fixed: dict[str, Choice],
            table: Table, lib: CardLibrary) -> tuple[int, dict[str, Choice]]:
    current = dict(fixed)
    best_total = _total(hand, current, table, lib)
    version = 0  # bumped on every improvement
    scanned: dict[int, int] = {}  # chooser -> the version its options were last tried at
    for _round in range(4):
        improved = False
        for i, (c, options_c) in enumerate(zip(chooser, opts)):
            if scanned.get(i) == version:
                continue  # nothing moved since its last scan: none of its options can improve
            for ch in options_c:
                if current.get(c.id, NONE) == ch:
                    continue  # the hand as it stands: already scored
                trial = dict(current)
                if ch == NONE:
                    trial.pop(c.id, None)
                else:
                    trial[c.id] = ch
                total = _total(hand, trial, table, lib)
                if total is not None and (best_total is None or total > best_total):
                    best_total, current, improved = total, trial, True
                    version += 1
            scanned[i] = version
        if not improved:
            break
    if best_total is None:
        return _as_fixed(hand, fixed, table, lib)
    return best_total, current


AI_BUDGET = 120


TableKey = tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, bool], ...]]


@lru_cache(maxsize=4096)
def _table_key(table: Table) -> TableKey:
    # The memo below is keyed by plain tuples of strings, numbers and booleans, which
    # the garbage collector stops tracking: keyed by the Table objects themselves
    # (one per call, each with its frozenset and Rulings), a full memo of 200,000
    # hands held 800,000 tracked objects and every full collection took 300 ms, in
    # the middle of some AI decision.
    return (table.players, table.discard, table.items, tuple(sorted(table.modules)),
            tuple(table.rulings.to_dict().items()))


def _table_of(key: TableKey) -> Table:
    players, discard, items, modules, rulings = key
    return Table(players=players, discard=discard, items=items, modules=frozenset(modules),
                 rulings=Rulings.from_dict(dict(rulings)))


@lru_cache(maxsize=200_000)
def _best_total(ids: tuple[str, ...], key: TableKey, budget: int | None) -> int:
    lib = library()
    return search([lib.cards[i] for i in ids], _table_of(key), lib, {}, budget)[0]


def best_total(ids: Sequence[str], table: Table = DEFAULT_TABLE, budget: int | None = AI_BUDGET) -> int:
    """The best score of a hand of the shipped cards, memoised (the AI's hot path)."""
    return _best_total(tuple(sorted(ids)), _table_key(table), budget)
