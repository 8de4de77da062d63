"""The scoring vocabulary compiled into small functions, once per card.

Card rules are data (see ``cards.py``); evaluating them by walking dictionaries for
every hand would be slow, and the AI scores tens of thousands of hands a decision.
So each condition, term and BLANKS selector becomes a closure here, and a term that
mentions the word Army also gets a second closure for when that word is CLEARED.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.fantasy_realms.scoring import Ctx, Slot

Cond = Callable[["Ctx"], bool]
Term = Callable[["Ctx", "Slot"], int]
Selector = Callable[["Slot"], bool]


_YES = ("yes", "true", "on", "1")
_NO = ("no", "false", "off", "0")


@dataclass(frozen=True, slots=True)
class Rulings:
    """Readings on which public sources disagree (fantasy_realms_sources.md, "Disputed
    rulings"); the defaults are that document's."""

    collector_all_suits: bool = True  # False: only the best suit scores
    gem_multiple_runs: bool = True  # False: only the longest run scores
    ch_great_flood_blanks_deluxe_phoenix: bool = False
    rainstorm_blanks_promo_phoenix: bool = True
    wildfire_spares_wild: bool = False  # an unused wild card is not in Wildfire's exceptions
    discard_phoenix_all_suits: bool = False  # in the discard area Phoenix is only a Beast

    @staticmethod
    def field_names() -> list[str]:
        return list(Rulings.__dataclass_fields__)

    def to_dict(self) -> dict[str, bool]:
        """Every ruling by name (the view, a LAN setup, a save)."""
        return {name: bool(getattr(self, name)) for name in Rulings.field_names()}

    @staticmethod
    def problem(raw: object) -> str | None:
        """Why ``raw`` is not a rulings table (``{name: bool}``, names from
        :meth:`field_names`, any subset), or None. A one-line reason for a person."""
        if not isinstance(raw, Mapping):
            return f"rulings must be a table of name = true/false, not {type(raw).__name__}"
        names = Rulings.field_names()
        for key, value in raw.items():
            if key not in names:
                return f"unknown ruling {key!r} (known: {', '.join(names)})"
            if not isinstance(value, bool):
                return f"ruling {key!r} must be true or false, not {value!r}"
        return None

    @staticmethod
    def parse_pairs(pairs: Iterable[str]) -> dict[str, bool]:
        """Command-line ``NAME=yes|no`` pairs -> the rulings they set; ValueError with a
        one-line reason (``--rule 'pair': ...``) for an unknown name or a value that is
        not yes or no. One parser for every command that takes ``--rule``."""
        names = Rulings.field_names()
        out: dict[str, bool] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or key not in names:
                raise ValueError(f"--rule {pair!r}: expected NAME=yes|no with NAME one of {', '.join(names)}")
            v = value.strip().lower()
            if v not in _YES + _NO:
                raise ValueError(f"--rule {pair!r}: the value must be yes or no")
            out[key] = v in _YES
        return out

    @staticmethod
    def from_dict(raw: object) -> Rulings:
        """The rulings a checked table sets (the others keep their defaults); ValueError
        with :meth:`problem`'s reason for a bad one."""
        problem = Rulings.problem(raw)
        if problem:
            raise ValueError(problem)
        assert isinstance(raw, Mapping)
        return Rulings(**raw)


def condition(raw: Mapping[str, Any]) -> Cond:
    (key, value), = raw.items()
    if key == "names":
        names = tuple(value)
        return lambda ctx: all(n in ctx.names for n in names)
    if key == "any_name":
        names = tuple(value)
        return lambda ctx: any(n in ctx.names for n in names)
    if key == "suits":
        suits = tuple(value)
        return lambda ctx: any(ctx.counts.get(s, 0) > 0 for s in suits)
    if key == "no_suit":
        suits = tuple(value)
        return lambda ctx: not any(ctx.counts.get(s, 0) > 0 for s in suits)
    parts = tuple(condition(c) for c in value)
    if key == "all":
        return lambda ctx: all(p(ctx) for p in parts)
    return lambda ctx: any(p(ctx) for p in parts)


def _tiers(raw: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, Cond | None], ...]:
    return tuple((t["points"], condition(t["when"]) if "when" in t else None) for t in raw)


def _own(slot: Slot, suits: tuple[str, ...]) -> int:
    return sum(1 for s in slot.suits if s in suits)


def _table(raw: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    return raw["from"], tuple(raw["table"])


def _from_table(start: int, table: tuple[int, ...], n: int) -> int:
    if n < start:
        return 0
    return table[min(n - start, len(table) - 1)]


def term(raw: Mapping[str, Any], army_cleared: bool = False) -> Term:
    kind = raw["kind"]
    if kind == "with":
        pts, cond = raw["points"], condition(raw["when"])
        return lambda ctx, s: pts if cond(ctx) else 0
    if kind == "unless":
        pts, cond = raw["points"], condition(raw["unless"])
        return lambda ctx, s: 0 if cond(ctx) else pts
    if kind == "tiers":
        tiers = _tiers(raw["tiers"])

        def tiered(ctx: Ctx, s: Slot) -> int:
            for pts, cond in tiers:
                if cond is None or cond(ctx):
                    return int(pts)
            return 0
        return tiered
    if kind == "each":
        pts = raw["points"]
        suits = tuple(x for x in raw.get("suits", ()) if not (army_cleared and raw.get("army_word") and x == "army"))
        names = tuple(raw.get("names", ()))
        other = bool(raw.get("other"))

        def each(ctx: Ctx, s: Slot) -> int:
            n = 0
            counts = ctx.counts
            for x in suits:
                n += counts.get(x, 0)
            if other:
                n -= _own(s, suits)
            for x in names:
                n += ctx.names.get(x, 0)
            return int(pts * n)
        return each
    if kind == "each_tiered":
        suits = tuple(raw["suits"])
        tiers = _tiers(raw["tiers"])

        def each_tiered(ctx: Ctx, s: Slot) -> int:
            n = sum(ctx.counts.get(x, 0) for x in suits)
            if not n:
                return 0
            for pts, cond in tiers:
                if cond is None or cond(ctx):
                    return int(pts) * n
            return 0
        return each_tiered
    if kind == "sum_strength":
        suits = tuple(raw["suits"])
        return lambda ctx, s: sum(o.strength for o in ctx.active if any(x in suits for x in o.suits))
    if kind == "best_strength":
        suits = tuple(raw["suits"])
        return lambda ctx, s: max([0, *(o.strength for o in ctx.active if any(x in suits for x in o.suits))])
    if kind == "collector":
        start, table = _table(raw)
        return lambda ctx, s: collector(ctx, start, table)
    if kind == "run":
        start, table = _table(raw)
        return lambda ctx, s: runs(ctx, start, table)
    if kind == "distinct_suits":
        pts = raw["points"]

        def distinct(ctx: Ctx, s: Slot) -> int:
            seen: set[str] = set()
            for o in ctx.active:
                for x in o.suits:
                    if x in seen:
                        return 0
                    seen.add(x)
            return int(pts)
        return distinct
    if kind == "odd":
        each_pts, all_pts = raw["each"], raw["all"]

        def odd(ctx: Ctx, s: Slot) -> int:
            others = sum(1 for o in ctx.active if o is not s and o.strength % 2)
            per = each_pts * others
            # the FAQ: a BLANKED card has no base strength, so it is not odd
            if not ctx.nblanked and s.strength % 2 and others == len(ctx.active) - 1:
                return int(max(all_pts, per))
            return int(per)
        return odd
    if kind == "first_then":
        suits = tuple(raw["suits"])
        first, more, other = raw["first"], raw["more"], bool(raw.get("other"))

        def first_then(ctx: Ctx, s: Slot) -> int:
            total = 0
            for x in suits:
                n = ctx.counts.get(x, 0) - (1 if other and x in s.suits else 0)
                if n > 0:
                    total += first + more * (n - 1)
            return int(total)
        return first_then
    if kind == "exactly":
        n, pts, suits = raw["n"], raw["points"], tuple(raw["suits"])
        return lambda ctx, s: pts if sum(1 for o in ctx.holders if any(x in suits for x in o.suits)) == n else 0
    if kind == "per_opponent":
        pts = raw["points"]
        return lambda ctx, s: pts * (ctx.players - 1)
    if kind == "per_open_penalty":
        pts = raw["points"]
        return lambda ctx, s: pts * sum(1 for o in ctx.active if o.has_penalty and not o.cleared)
    if kind == "in_discard":
        pts, suits, names = raw["points"], tuple(raw["suits"]), tuple(raw.get("names", ()))

        def in_discard(ctx: Ctx, s: Slot) -> int:
            n = 0
            for c in ctx.discard:
                cs = c.suits if ctx.rulings.discard_phoenix_all_suits else (c.suit,)
                if c.en in names or any(x in suits for x in cs):
                    n += 1
            return int(pts * n)
        return in_discard
    raise ValueError(f"unknown term kind {kind!r}")  # cards.py has already rejected it


def collector(ctx: Ctx, start: int, table: tuple[int, ...]) -> int:
    per_suit: dict[str, set[str]] = {}
    for o in ctx.holders:
        for x in o.suits:
            per_suit.setdefault(x, set()).add(o.name)
    scores = [_from_table(start, table, len(v)) for v in per_suit.values()]
    if not scores:
        return 0
    return sum(scores) if ctx.rulings.collector_all_suits else max(scores)


def runs(ctx: Ctx, start: int, table: tuple[int, ...]) -> int:
    """Runs of consecutive base strengths; with several runs allowed, the longest run
    is taken out (one card per strength) and the search repeats on what is left."""
    counts: dict[int, int] = {}
    for o in ctx.active:
        counts[o.strength] = counts.get(o.strength, 0) + 1
    total = 0
    while True:
        best_len, best_lo = 0, 0
        for v in counts:
            if counts.get(v - 1, 0) > 0:
                continue
            length = 1
            while counts.get(v + length, 0) > 0:
                length += 1
            if length > best_len:
                best_len, best_lo = length, v
        if best_len < start:
            return total
        total += _from_table(start, table, best_len)
        if not ctx.rulings.gem_multiple_runs:
            return total
        for v in range(best_lo, best_lo + best_len):
            counts[v] -= 1
            if not counts[v]:
                del counts[v]


def selector(raw: Mapping[str, Any]) -> tuple[Selector, bool, bool]:
    """A BLANKS selector, whether it names the word Army, and whether it is an
    "all cards except" selector (Wildfire), which the wild-card ruling concerns."""
    if "all_but_suits" in raw:
        safe_suits = frozenset(raw["all_but_suits"])
        safe_names = frozenset(raw.get("all_but_names", ()))
        return (lambda t: t.name not in safe_names and not any(x in safe_suits for x in t.suits)), False, True
    suit = raw["suit"]
    spared = frozenset(raw.get("except", ()))
    return (lambda t: suit in t.suits and t.name not in spared), bool(raw.get("army_word")), False


DEFAULT_RULINGS = Rulings()
