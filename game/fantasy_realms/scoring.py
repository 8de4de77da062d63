"""The end-of-game scorer: one hand, with its choices made, in the rulebook's order.

Order (rulebook FAQ "What if two cards contradict each other?", with the Cursed
Hoard additions of fantasy_realms_sources.md): Doppelganger, then Mirage and
Shapeshifter, then the Book of Changes; then every CLEARS (a card later BLANKED
still clears); then the Demon; then BLANKS by other cards, starting from the cards
that nothing blanks (two cards that blank each other, or a longer cycle, are all
BLANKED; a BLANKED card blanks nothing); then self-blanking penalties until nothing
changes; then every active card scores base + bonus + penalty (penalty skipped when
CLEARED), and face-down Cursed Items add their values.

:func:`evaluate` takes the choices as given; ``optimal.py`` searches them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import RealmsError
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import BASE_SUITS, CardDef, CardLibrary, ItemDef, library
from game.fantasy_realms.terms import Cond, Rulings, Selector, Term, condition, selector, term

Choice = tuple[str, ...]  # ("copy", id) ("generic", suit) ("book", id, suit) ("clear", id) ("protect", id)


class ChoiceError(RealmsError, ValueError):
    """A choice that the card does not allow (wrong target, suit, card)."""


@dataclass(frozen=True, slots=True)
class Table:
    """Everything outside the hand that scoring may look at (hashable, for caches)."""

    players: int = 4
    discard: tuple[str, ...] = ()  # card ids in the discard area
    items: tuple[str, ...] = ()  # this player's face-down Cursed Items
    modules: frozenset[str] = frozenset({mod.BASE})
    rulings: Rulings = Rulings()


DEFAULT_TABLE = Table()


class Compiled:
    """A card's rule as closures (see terms.py), plus what the choice search needs."""

    __slots__ = ("card", "id", "en", "suit", "extra", "suits", "strength", "has_penalty", "bonus", "penalty", "penalty_army", "blanks", "lonely", "self_unless", "self_army",
                 "self_when", "clears_suits", "clears_all", "clears_chosen", "army_all", "army_suits", "choice",
                 "copy_suits", "protects", "end_game", "end_suits", "ref_names", "ref_suits",
                 "keeps_suits", "never_blanks", "unblankable", "blank_immune", "book_immune", "clears_any")

    def __init__(self, card: CardDef) -> None:
        r = card.rule
        self.card = card
        self.id = card.id
        self.en = card.en
        self.suit = card.suit
        self.extra = card.extra_suits
        self.suits = card.suits
        self.strength = card.strength
        self.has_penalty = card.has_penalty
        self.bonus: tuple[Term, ...] = tuple(term(t) for t in r.get("bonus_terms", ()))
        pen = r.get("penalty_terms", ())
        self.penalty: tuple[Term, ...] = tuple(term(t) for t in pen)
        self.penalty_army: tuple[Term, ...] = tuple(term(t, army_cleared=True) for t in pen)
        self.blanks: tuple[tuple[Selector, bool, bool], ...] = tuple(
            selector(b) for b in r.get("blanks", ()) if "lonely" not in b)
        lonely = [b for b in r.get("blanks", ()) if "lonely" in b]
        self.lonely: frozenset[str] | None = frozenset(lonely[0]["except_suits"]) if lonely else None
        sb = r.get("self_blank", {})
        self.self_unless: Cond | None = condition(sb["unless"]) if "unless" in sb else None
        self.self_army = bool(sb.get("army_word"))
        self.self_when: Cond | None = condition(sb["when"]) if "when" in sb else None
        clears = r.get("clears", ())
        self.clears_suits = tuple(c["suit"] for c in clears if "suit" in c and not c.get("army_word"))
        self.clears_all = any(c.get("all") and not c.get("army_word") for c in clears)
        chosen = [c["chosen"] for c in clears if "chosen" in c]
        self.clears_chosen: tuple[str, ...] = tuple(chosen[0]) if chosen else ()
        self.army_all = any(c.get("army_word") and "suit" not in c for c in clears)
        self.army_suits = tuple(c["suit"] for c in clears if c.get("army_word") and "suit" in c)
        self.clears_any = bool(self.clears_suits or self.clears_all or self.army_all or self.army_suits)
        ch = r.get("choice", {})
        self.choice: str = ch.get("kind", "island" if self.clears_chosen else "")
        self.copy_suits: tuple[str, ...] = tuple(ch.get("suits", ()))
        # the flags as attributes: the scorer asks about them for every card of every hand
        flags = frozenset(r.get("flags", ()))
        self.keeps_suits = "keeps_suits_when_blanked" in flags
        self.never_blanks = "never_blanks" in flags
        self.unblankable = "unblankable" in flags
        self.blank_immune = "blank_immune" in flags
        self.book_immune = "book_immune" in flags
        self.protects = tuple(r.get("protects_suits", ()))
        eg = r.get("end_game", {})
        self.end_game: str = eg.get("kind", "")
        self.end_suits: tuple[str, ...] = tuple(eg.get("suits", ()))
        names: set[str] = set()
        suits: set[str] = set()
        _refs(r, names, suits)
        self.ref_names = frozenset(names)
        self.ref_suits = frozenset(suits)


def _refs(raw: Any, names: set[str], suits: set[str]) -> None:
    """Every card name and suit a rule mentions (the choice search only tries these)."""
    if isinstance(raw, Mapping):
        for k, v in raw.items():
            if k in ("names", "any_name", "except", "all_but_names"):
                names.update(v)
            elif k in ("suits", "no_suit", "all_but_suits", "except_suits", "extra_suits", "protects_suits", "chosen"):
                suits.update(v)
            elif k == "suit":
                suits.add(v)
            else:
                _refs(v, names, suits)
    elif isinstance(raw, list):
        for v in raw:
            _refs(v, names, suits)


_COMPILED: dict[int, dict[str, Compiled]] = {}


def compiled(lib: CardLibrary) -> dict[str, Compiled]:
    got = _COMPILED.get(id(lib))
    if got is None:
        got = _COMPILED[id(lib)] = {cid: Compiled(c) for cid, c in lib.cards.items()}
    return got


class Slot:
    """One card of the hand as scoring sees it, after copies and the Book."""

    __slots__ = ("card", "id", "comp", "pen", "name", "suit", "extra", "suits", "strength", "has_penalty",
                 "cleared", "army", "blanked", "reason", "copy")

    def __init__(self, comp: Compiled) -> None:
        self.card = comp.card
        self.id = comp.id
        self.comp = comp
        self.pen = comp  # whose penalty applies (the Doppelganger's copy changes it)
        self.name = comp.en
        self.suit = comp.suit
        self.extra = comp.extra
        self.suits = comp.suits
        self.strength = comp.strength
        self.has_penalty = comp.has_penalty
        self.cleared = False
        self.army = False
        self.blanked = False
        self.reason = ""
        self.copy = ""

    def set_suit(self, suit: str) -> None:
        self.suit = suit
        self.suits = (suit, *self.extra)


class Ctx:
    """What the terms read: active cards, suit counts, names, and the table."""

    __slots__ = ("active", "holders", "counts", "names", "discard", "players", "rulings", "nblanked")

    def __init__(self, slots: Sequence[Slot], table: Table, discard: tuple[CardDef, ...],
                 skip_never_blanks: bool = False) -> None:
        active = [s for s in slots if not s.blanked]
        # cards whose suits count: the active ones, and a BLANKED original promo Phoenix
        holders = active if len(active) == len(slots) else [s for s in slots if not s.blanked or s.comp.keeps_suits]
        counts: dict[str, int] = {}
        names: dict[str, int] = {}
        for s in active:
            names[s.name] = names.get(s.name, 0) + 1
        for s in holders:
            if skip_never_blanks and s.comp.never_blanks:
                continue
            for x in s.suits:
                counts[x] = counts.get(x, 0) + 1
        self.active = active
        self.holders = holders
        self.counts = counts
        self.names = names
        self.discard = discard
        self.players = table.players
        self.rulings = table.rulings
        self.nblanked = len(slots) - len(active)


@dataclass
class CardScore:
    id: str
    name: str
    suit: str
    points: int = 0
    base: int = 0
    bonus: int = 0
    penalty: int = 0
    blanked: bool = False
    reason: str = ""
    cleared: bool = False
    army_cleared: bool = False
    copy: str = ""
    # the hand's cards that gave the bonus and the penalty (only when evaluate was asked ``why``)
    bonus_from: tuple[str, ...] = ()
    penalty_from: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "name": self.name, "suit": self.suit, "points": self.points,
                             "base": self.base, "bonus": self.bonus, "penalty": self.penalty}
        if self.blanked:
            d["blanked"] = self.reason
        if self.cleared:
            d["cleared"] = True
        if self.army_cleared:
            d["army_word_cleared"] = True
        if self.copy:
            d["as"] = self.copy
        if self.bonus_from:
            d["bonus_from"] = list(self.bonus_from)
        if self.penalty_from:
            d["penalty_from"] = list(self.penalty_from)
        return d


@dataclass
class Score:
    total: int
    cards: list[CardScore] = field(default_factory=list)
    items: list[tuple[str, int]] = field(default_factory=list)
    choices: dict[str, Choice] = field(default_factory=dict)

    @property
    def per_card(self) -> dict[str, int]:
        d = {c.id: c.points for c in self.cards}
        d.update(dict(self.items))
        return d

    @property
    def blanked(self) -> list[str]:
        return [c.id for c in self.cards if c.blanked]


def item_points(items: Sequence[ItemDef], players: int) -> list[tuple[str, int]]:
    out = []
    for it in items:
        v = it.value_two_players if players == 2 and it.value_two_players is not None else it.value
        if it.chest_extra and len(items) - 1 >= it.chest_others:
            v += it.chest_extra
        out.append((it.id, v))
    return out


_ORDER = {"doppelganger": 0, "copy": 1, "book": 2, "island": 3, "angel": 3}


def _slot_of(by_id: Mapping[str, Slot], cid: str, who: str) -> Slot:
    s = by_id.get(cid)
    if s is None:
        raise ChoiceError(f"{who}: {cid} is not in the hand")
    return s


def resolve_choices(slots: list[Slot], by_id: Mapping[str, Slot], choices: Mapping[str, Choice],
                    lib: CardLibrary, comps: Mapping[str, Compiled], table: Table) -> tuple[Slot | None, Slot | None]:
    """Steps 1-4: copies, Book of Changes; returns the Island and Angel targets."""
    for cid in choices:
        if cid not in by_id:
            raise ChoiceError(f"choice for {cid}, which is not in the hand")
    island = angel = None
    todo = [by_id[cid] for cid in choices]
    if len(todo) > 1:
        todo.sort(key=lambda s: _ORDER.get(s.comp.choice, 9))
    for s in todo:
        ch = choices[s.card.id]
        kind = s.comp.choice
        if not ch or ch[0] == "none":
            continue
        who = s.card.en
        if not kind:
            raise ChoiceError(f"{who} leaves no choice")
        if kind == "doppelganger":
            if ch[0] != "copy":
                raise ChoiceError(f"{who} copies a card of the hand: copy=<card>")
            t = _slot_of(by_id, ch[1], who)
            if t is s:
                raise ChoiceError(f"{who} cannot copy itself")
            tc = t.card
            s.name, s.strength, s.extra, s.has_penalty = tc.en, tc.strength, (), tc.has_penalty
            s.set_suit(tc.suit)
            s.pen = comps[tc.id]
            s.copy = tc.id
        elif kind == "copy":
            if ch[0] == "generic":
                if ch[1] not in s.comp.copy_suits:
                    raise ChoiceError(f"{who} may only become a {', '.join(s.comp.copy_suits)}, not {ch[1]}")
                s.name = f"({ch[1]})"  # a generic card: no name any rule mentions
                s.set_suit(ch[1])
                s.copy = ch[1]
            elif ch[0] == "copy":
                tc = lib.cards.get(ch[1])  # type: ignore[assignment]
                if tc is None:
                    raise ChoiceError(f"{who}: unknown card {ch[1]}")
                if tc.suit not in s.comp.copy_suits:
                    raise ChoiceError(f"{who} may only copy a {', '.join(s.comp.copy_suits)}, not {tc.en} ({tc.suit})")
                s.name = tc.en
                s.set_suit(tc.suit)
                s.copy = tc.id
            else:
                raise ChoiceError(f"{who} copies a card: copy=<card> or copy=<suit>")
        elif kind == "book":
            if ch[0] != "book" or len(ch) != 3:
                raise ChoiceError(f"{who} changes a suit: <card>:<suit>")
            t = _slot_of(by_id, ch[1], who)
            if t is s:
                raise ChoiceError(f"{who} changes the suit of another card")
            if t.comp.book_immune:
                raise ChoiceError(f"{t.card.en} is immune to the {who}")
            if ch[2] not in BASE_SUITS and ch[2] not in mod.game_suits(
                    table.modules | ({mod.SUITS} if any(x.card.set == "cursed_hoard" for x in slots) else set())):
                raise ChoiceError(f"{who} cannot give the suit {ch[2]!r}")
            t.set_suit(ch[2])
        elif kind == "island":
            if ch[0] != "clear":
                raise ChoiceError(f"{who} clears one card: clear=<card>")
            island = _slot_of(by_id, ch[1], who)
        elif kind == "angel":
            if ch[0] != "protect":
                raise ChoiceError(f"{who} protects one card: protect=<card>")
            angel = _slot_of(by_id, ch[1], who)
            if angel is s:
                raise ChoiceError(f"{who} protects another card")
    if island is not None:
        chosen = _chosen_suits(slots)
        if not any(x in chosen for x in island.suits):
            raise ChoiceError(f"the Island clears a {' or '.join(chosen)}, not {island.card.en} ({island.suit})")
    return island, angel


def _chosen_suits(slots: Sequence[Slot]) -> tuple[str, ...]:
    for s in slots:
        if s.comp.clears_chosen:
            return s.comp.clears_chosen
    return ()


def _clear(slots: list[Slot], island: Slot | None) -> None:
    for c in slots:
        comp = c.comp
        if not comp.clears_any:
            continue
        if comp.clears_all:
            for t in slots:
                t.cleared = True
        for suit in comp.clears_suits:
            for t in slots:
                if suit in t.suits:
                    t.cleared = True
        if comp.army_all:
            for t in slots:
                t.army = True
        for suit in comp.army_suits:
            for t in slots:
                if suit in t.suits:
                    t.army = True
    if island is not None:
        island.cleared = True


def _blank_graph(slots: list[Slot], immune: Any, table: Table) -> None:
    active_blankers = [b for b in slots if b.pen.blanks and not b.blanked and not b.cleared and not b.comp.never_blanks]
    if not active_blankers:
        return
    cand = [s for s in slots if not s.blanked]
    blankers: dict[int, list[Slot]] = {}
    rul = table.rulings
    for b in active_blankers:
        pen = b.pen
        ch_flood = rul.ch_great_flood_blanks_deluxe_phoenix and pen.card.id == "CH18"
        for sel, army_word, all_but in pen.blanks:
            if army_word and b.army:
                continue
            for t in cand:
                if t is b or not sel(t):
                    continue
                if immune(t, True) and not (ch_flood and t.comp.blank_immune and not immune(t, False)):
                    continue
                if all_but and rul.wildfire_spares_wild and t.suits == ("wild",):
                    continue
                if (not rul.rainstorm_blanks_promo_phoenix and pen.card.en == "Rainstorm"
                        and t.card.variant == "original"):
                    continue
                lst = blankers.setdefault(id(t), [])
                if b not in lst:
                    lst.append(b)
    if not blankers:
        return
    if not any(id(b) in blankers for bs in blankers.values() for b in bs):
        # no blanker is itself blanked (the usual hand): every target falls, to the
        # blanker the general pass below would name (one met earlier in the hand, else
        # its first)
        pos = {id(t): i for i, t in enumerate(cand)}
        for t in cand:
            targeted = blankers.get(id(t))
            if targeted:
                p = pos[id(t)]
                first = next((b for b in targeted if pos[id(b)] < p), targeted[0])
                t.blanked, t.reason = True, f"blanked by {first.name}"
        return
    state: dict[int, bool] = {}
    undecided = [t for t in cand]
    while undecided:
        progress = False
        for t in list(undecided):
            bs = blankers.get(id(t), [])
            hit = next((b for b in bs if state.get(id(b)) is False), None)
            if hit is not None:
                state[id(t)] = True
                t.blanked, t.reason = True, f"blanked by {hit.name}"
            elif all(state.get(id(b)) is True for b in bs):
                state[id(t)] = False
            else:
                continue
            undecided.remove(t)
            progress = True
        if progress:
            continue
        # stuck: only blanking cycles are left; every card on one is BLANKED
        und = {id(t) for t in undecided}
        for t in list(undecided):
            seen: set[int] = set()
            stack = [b for b in blankers.get(id(t), []) if id(b) in und]
            while stack:
                b = stack.pop()
                if id(b) in seen:
                    continue
                seen.add(id(b))
                stack += [x for x in blankers.get(id(b), []) if id(x) in und]
            if id(t) in seen:
                state[id(t)] = True
                t.blanked, t.reason = True, "blanked in a blanking cycle"
                undecided.remove(t)


def _givers(s: Slot, terms: Sequence[Term], raw: Any, value: int, slots: list[Slot], table: Table,
            discard: tuple[CardDef, ...]) -> tuple[str, ...]:
    """The other cards that made ``s``'s ``terms`` worth ``value``: each card of the hand,
    then of the discard area, without which they would be worth something else; when no
    single card matters (a term either of two cards fulfils), the active cards of the
    hand the terms name by name or suit."""
    out: list[str] = []
    for t in slots:
        if t is s:
            continue
        ctx = Ctx([x for x in slots if x is not t], table, discard)
        if sum(fn(ctx, s) for fn in terms) != value:
            out.append(t.card.id)
    for i, d in enumerate(discard):
        ctx = Ctx(slots, table, discard[:i] + discard[i + 1:])
        if sum(fn(ctx, s) for fn in terms) != value:
            out.append(d.id)
    if not out:
        names: set[str] = set()
        suits: set[str] = set()
        _refs(raw, names, suits)
        out = [t.card.id for t in slots if t is not s and not t.blanked and (t.name in names or any(x in suits for x in t.suits))]
    return tuple(out)


def evaluate(hand: Sequence[CardDef], choices: Mapping[str, Choice] | None = None, table: Table = DEFAULT_TABLE,
             lib: CardLibrary | None = None, detail: bool = True, why: bool = False) -> Score:
    """Score ``hand`` (the final hand, extra cards included) with ``choices`` made.
    ``why`` also names, per card, the cards that gave its bonus and its penalty (the
    end screen's explanation; it costs a scoring of each term per other card)."""
    lib = lib or library()
    comps = compiled(lib)
    slots = [Slot(comps[c.id]) for c in hand]
    by_id = {s.id: s for s in slots}
    if len(by_id) != len(slots):
        raise ChoiceError("a card appears twice in the hand")
    choices = choices or {}
    island, angel = resolve_choices(slots, by_id, choices, lib, comps, table) if choices else (None, None)
    _clear(slots, island)
    protected = {x for s in slots if s.comp.protects for x in s.comp.protects}

    def immune(t: Slot, by_other: bool) -> bool:
        if t.comp.unblankable or t is angel:
            return True
        if protected and any(x in protected for x in t.suits):
            return True
        return by_other and t.comp.blank_immune

    # the Demon: every non-Outsider alone in its suit, before any other blanking
    for d in slots:
        if d.pen.lonely is None or d.cleared:
            continue
        counts: dict[str, int] = {}
        for s in slots:
            for x in s.suits:
                counts[x] = counts.get(x, 0) + 1
        for t in slots:
            if t.blanked or t is d or any(x in d.pen.lonely for x in t.suits) or immune(t, True):
                continue
            if all(counts[x] == 1 for x in t.suits):
                t.blanked, t.reason = True, f"blanked by {d.name} (alone in its suit)"
    _blank_graph(slots, immune, table)
    discard = tuple(lib.cards[c] for c in table.discard) if table.discard else ()
    # self-blanking penalties: absence first ("unless with"), then presence ("with")
    selfish = [s for s in slots if (s.pen.self_unless or s.pen.self_when) and not s.cleared and not immune(s, False)]
    ctx = Ctx(slots, table, discard)
    if selfish:
        never = any(s.comp.never_blanks for s in slots)
        while True:
            hit = None
            for s in selfish:
                if not s.blanked and s.pen.self_unless and not (s.pen.self_army and s.army) and not s.pen.self_unless(ctx):
                    hit = s
                    break
            if hit is None:
                wctx = Ctx(slots, table, discard, skip_never_blanks=True) if never else ctx
                for s in selfish:
                    if not s.blanked and s.pen.self_when and s.pen.self_when(wctx):
                        hit = s
                        break
            if hit is None:
                break
            hit.blanked, hit.reason = True, "blanked by its own penalty"
            ctx = Ctx(slots, table, discard)
    total = 0
    cards: list[CardScore] = []
    for s in slots:
        if s.blanked:
            if detail:
                cards.append(CardScore(s.card.id, s.name, s.suit, blanked=True, reason=s.reason,
                                       cleared=s.cleared, copy=s.copy))
            continue
        bonus = 0
        for fn in s.comp.bonus:
            bonus += fn(ctx, s)
        penalty = 0
        if not s.cleared:
            for fn in (s.pen.penalty_army if s.army else s.pen.penalty):
                penalty += fn(ctx, s)
        pts = s.strength + bonus + penalty
        total += pts
        if detail:
            cs = CardScore(s.card.id, s.name, s.suit, pts, s.strength, bonus, penalty,
                           cleared=s.cleared and s.has_penalty, army_cleared=s.army and s.has_penalty, copy=s.copy)
            if why and bonus:
                cs.bonus_from = _givers(s, s.comp.bonus, s.comp.card.rule.get("bonus_terms", ()), bonus, slots, table, discard)
            if why and penalty:
                pen = s.pen.penalty_army if s.army else s.pen.penalty
                cs.penalty_from = _givers(s, pen, s.pen.card.rule.get("penalty_terms", ()), penalty, slots, table, discard)
            cards.append(cs)
    items = item_points([lib.items[i] for i in table.items], table.players) if table.items else []
    total += sum(v for _i, v in items)
    return Score(total, cards, items, dict(choices))
