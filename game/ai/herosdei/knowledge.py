"""What HerosDeï's agents read in a seat's view: Characters as fighters, card values, and
the expected outcome of a combat.

Everything here works from the view alone (stats in force as the view shows them, and
the public card definitions for keywords and for the cards in one's own hand). A
combat is estimated the way the rules play it: the Charm (C of the defender against M
of the attacker, refused at C >= M, control changing at C >= 2M, skipped by an
Insensible attacker), then the Assault (F of the attacker against S of the defender)
and the Riposte (the same, the other way). Values are in the units of the evaluation:
one victory point or one kill weighs about as much as a middling Character.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.core.errors import NotationError
from game.herosdei.actions import Action, Ref, parse
from game.herosdei.base import KILLS_TO_WIN, VP_TO_WIN
from game.herosdei.cards import CardDef
from game.herosdei.limits import FLYING, lends_reach
from game.herosdei.limits import reaches as _reaches

KILL_WEIGHT = 4.0  # a kill in combat (5 win a standard game)
VP_WEIGHT = 1.5  # a victory point (10 win a tournament game)
HERO_BONUS = 3.0  # a Hero is worth more than its stats: no Hero left loses the game
REFUSED = -0.5  # a Charm that refuses the combat wastes the attack
NOTHING = -0.2  # a combat where nobody dies
GAME_OVER = 60.0  # a kill that wins the game
KEYWORD_VALUE = {"flying": 2.0, "insensible": 1.5}


@dataclass(slots=True)
class Fighter:
    """A Character in play as a view shows it, with its keywords from the card data. A
    value: never changed once made (not frozen only because a frozen one is three times
    as slow to make, and agents make thousands a decision)."""

    seat: int
    index: int  # in its controller's list of Characters
    card: str
    type: str
    F: int
    S: int
    C: int
    M: int
    keywords: frozenset[str] = field(default_factory=frozenset)
    thrown: bool = False  # carries a thrown weapon (reaches a flyer)
    given: tuple[str, ...] = ()
    last: bool = False  # its death in combat ends the game (the last Hero, or the other side's winning kill)
    _value: float | None = field(default=None, compare=False, repr=False)  # worked out once, when asked

    @property
    def value(self) -> float:
        """What the Character is worth on the table."""
        if self._value is None:
            base = max(self.F, 0) + max(self.S, 0) + 0.4 * (max(self.C, 0) + max(self.M, 0))
            base += sum(KEYWORD_VALUE.get(k, 0.0) for k in self.keywords)
            self._value = base + (HERO_BONUS if self.type == "hero" else 0.0)
        return self._value

    @property
    def kill_points(self) -> float:
        """What killing it in combat brings: the kill and its victory points."""
        return KILL_WEIGHT + VP_WEIGHT * self.vp + (GAME_OVER if self.last else 0.0)

    @property
    def vp(self) -> int:
        return kill_vp(self.type)


def kill_vp(kind: str) -> int:
    """The victory points a kill in combat of a Character of type ``kind`` brings."""
    return 2 if kind in ("hero", "monster") else 1


KITS_KEPT = 100_000
Kit = tuple[str, frozenset[str], bool]  # a Character's type, keywords and whether it carries a thrown weapon
# id(defs) -> (defs, (card, given) -> its kit): the same few Characters are read from view after view
_KITS: dict[int, tuple[Mapping[str, CardDef], dict[tuple[str, tuple[str, ...]], Kit]]] = {}


def _kit(defs: Mapping[str, CardDef], card: str, given: tuple[str, ...]) -> Kit:
    kept = _KITS.get(id(defs))
    if kept is None or kept[0] is not defs:
        kept = _KITS[id(defs)] = (defs, {})  # defs held, so that its id names it as long as it is kept
    found = kept[1].get((card, given))
    if found is None:
        if len(kept[1]) > KITS_KEPT:
            kept[1].clear()  # a bound on a long run's table, not a limit any game meets
        d = defs.get(card)
        kws: set[str] = set(d.keywords) if d else set()
        thrown = False
        for g in given:
            gd = defs.get(g)
            if gd is not None:
                kws |= set(gd.keywords)
                thrown = thrown or lends_reach(gd)
        found = kept[1][(card, given)] = (d.type if d else "character", frozenset(kws), thrown)
    return found


def fighters(view: Mapping[str, Any], defs: Mapping[str, CardDef], endgame: bool = True) -> list[list[Fighter]]:
    """Both sides' Characters, in the view's order (the order ``#k`` counts in); with
    ``endgame``, each knows whether its death in combat ends the game."""
    out: list[list[Fighter]] = []
    variant = view["variant"]
    for p in view["players"]:
        other = view["players"][1 - p["seat"]]
        kits = [(ch, _kit(defs, ch["card"], tuple(ch["given"]))) for ch in p["characters"]]
        heroes = sum(1 for ch in p["characters"] if (d := defs.get(ch["card"])) is not None and d.type == "hero")
        seat = p["seat"]
        side = []
        for i, (ch, (kind, kws, thrown)) in enumerate(kits):
            last = endgame and ends_the_game(variant, kind, heroes, other)
            side.append(Fighter(seat, i, ch["card"], kind, ch["F"], ch["S"], ch["C"], ch["M"], kws, thrown,
                                tuple(ch["given"]), last))
        out.append(side)
    return out


def ends_the_game(variant: str, kind: str, heroes: int, other: Mapping[str, Any]) -> bool:
    """Killing a Character of type ``kind`` in combat wins for the other side: its last
    Hero, the fifth kill, or (tournament) the tenth victory point."""
    if kind == "hero" and heroes <= 1:
        return True
    if variant == "tournament":
        return bool(other["vp"] + kill_vp(kind) >= VP_TO_WIN)
    return bool(other["kills"] + 1 >= KILLS_TO_WIN)


def locate(sides: list[list[Fighter]], ref: Ref | str | None) -> Fighter | None:
    """The fighter a reference (``1:sage#2``) names, or None."""
    if ref is None:
        return None
    if isinstance(ref, str):
        try:
            ref = parsed(f"target {ref}").target
        except NotationError:  # a fighter that has left play is named by its card alone
            return None
        if ref is None:
            return None
    if not 0 <= ref.seat < len(sides):
        return None
    same = [f for f in sides[ref.seat] if f.card == ref.card.id]
    return same[ref.card.k - 1] if 0 < ref.card.k <= len(same) else None


def index(sides: list[list[Fighter]]) -> dict[tuple[int, str, int], Fighter]:
    """(seat, card, k) -> the fighter :func:`locate` finds for that reference."""
    out: dict[tuple[int, str, int], Fighter] = {}
    for seat, side in enumerate(sides):
        count: dict[str, int] = {}
        for f in side:
            k = count[f.card] = count.get(f.card, 0) + 1
            out[(seat, f.card, k)] = f
    return out


def reaches(att: Fighter, dfn: Fighter) -> bool:
    """The engine's flyer rule (``limits.reaches``) on two fighters read from a view."""
    return _reaches(FLYING in att.keywords, att.thrown, FLYING in dfn.keywords)


# ---- combat ---------------------------------------------------------------------------------
def combat_value(att: Fighter, dfn: Fighter, step: str = "charm", no_riposte: bool = False) -> float:
    """The combat's expected worth to the attacker's side, from ``step`` on."""
    if step == "charm" and "insensible" not in att.keywords:
        if dfn.C >= 2 * att.M:
            return -2 * att.value  # the attacker changes side
        if dfn.C >= att.M:
            return REFUSED
    if step in ("charm", "monster", "assault") and att.F >= dfn.S:
        return dfn.value + dfn.kill_points
    if not no_riposte and dfn.F >= att.S:
        return -(att.value + att.kill_points)
    return NOTHING


def with_stats(f: Fighter, F: int = 0, S: int = 0, C: int = 0, M: int = 0) -> Fighter:
    # built directly: dataclasses.replace was a tenth of a search's time
    return Fighter(f.seat, f.index, f.card, f.type, f.F + F, f.S + S, f.C + C, f.M + M, f.keywords, f.thrown,
                   f.given, f.last)


# ---- card values ------------------------------------------------------------------------------
def effect_value(d: CardDef) -> float:
    """A rough worth of a card's text, for discards and placements."""
    total = 0.0
    for e in d.effects:
        v = e.verb
        if v == "boost":
            sign = -1 if e.get("target") in ("opposing_character", "all_opposing") else 1
            total += 0.6 * abs(e.get("amount", 0)) * (1 if sign * e.get("amount", 0) > 0 else -0.5)
        elif v in ("kill", "take_control"):
            total += 5.0
        elif v == "bounce":
            total += 3.0
        elif v in ("draw", "discard"):
            total += 1.0 * e.get("amount", 0)
        elif v == "gain_vp":
            total += VP_WEIGHT * e.get("amount", 0)
        elif v in ("cancel", "search", "grant", "no_riposte"):
            total += 2.0
    return total


def card_value(d: CardDef) -> float:
    """What a card in hand is worth (the hand limit sends the least to the museum)."""
    stats = d.F + d.S + 0.4 * (d.C + d.M)
    if d.type == "black_magic":
        stats = -stats  # its stats weaken the other player's Characters
    kws = sum(KEYWORD_VALUE.get(k, 0.0) for k in d.keywords)
    base = {"hero": HERO_BONUS, "sovereign_good": 3.0, "quality": 1.0, "god": 1.0, "place": 1.0}.get(d.type, 0.0)
    if d.is_destiny:
        base += 1.0
    return stats + kws + base + effect_value(d)


@lru_cache(maxsize=4096)  # agents score the same few lines again and again in a search
def parsed(line: str) -> Action:
    return parse(line)
