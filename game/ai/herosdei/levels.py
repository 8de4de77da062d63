"""Easy and Medium: HerosDeï players that read their seat's view and score each legal line.

Medium places by what a card adds to a carrier's combats (offence against the best
defender it reaches, defence against the best attacker that reaches it; a new
Character's exposure counts for less), keeps a Monster for the Monster step once it
has three Characters, declares the combat with the best expected outcome (Charm C
against M, Assault F against S, the Riposte; a kill that ends the game weighs as much
as the game; a kill a Force destiny in hand would bring counts, less the destiny), plays a destiny when it swings the combat in progress (or answers the
other player's destiny with a cancel), and sends its least valuable cards to the
museum. Easy places the same way and declares by the same estimate, but blind to the
kill that ends the game; it never plays a destiny, always plays a Monster and sends
the cards with the smallest stats to the museum: it loses to Medium by the destinies
it leaves in hand, not by random answers that a random player could profit from too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.ai.herosdei.knowledge import (
    HERO_BONUS,
    NOTHING,
    VP_WEIGHT,
    Fighter,
    card_value,
    combat_value,
    effect_value,
    fighters,
    index,
    locate,
    parsed,
    reaches,
    with_stats,
)
from game.core.rng import Rng
from game.herosdei.actions import Ref
from game.herosdei.cards import CHARACTERS, CardDef, library
from game.herosdei.limits import lends_reach

DESTINY_COST = 1.0  # a destiny played is a card gone: it must win more than that
EXPOSURE = 0.25  # the weight of a new Character's exposure to the other side's attacks
MONSTERS_KEPT_FROM = 3  # Medium holds its Monsters back once it has this many Characters

Scorer = Callable[[dict[str, Any], list[str]], list[float]]


class ViewPlayer:
    """An agent that scores every legal line from the view and plays the best one."""

    name = "medium"

    def __init__(self, seed: int = 0, defs: Mapping[str, CardDef] | None = None) -> None:
        self.rng = Rng(seed)
        self.defs: Mapping[str, CardDef] = defs if defs is not None else library()

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view, legal)
        best = max(range(len(legal)), key=lambda i: scores[i])
        return legal[best]

    def scores(self, view: dict[str, Any], legal: list[str]) -> list[float]:
        return MediumScorer(view, self.defs).scores(legal)


class MediumAgent(ViewPlayer):
    name = "medium"


class EasyAgent(ViewPlayer):
    name = "easy"

    def scores(self, view: dict[str, Any], legal: list[str]) -> list[float]:
        return EasyScorer(view, self.defs).scores(legal)


# ---- Medium -----------------------------------------------------------------------------------
class MediumScorer:
    """Medium's scores of the legal lines of one view (higher is better)."""

    endgame = True  # a kill that ends the game weighs as much as the game

    def __init__(self, view: dict[str, Any], defs: Mapping[str, CardDef]) -> None:
        self.view = view
        self.defs = defs
        self.me: int = view["seat"]
        self.sides = fighters(view, defs, self.endgame)
        self.mine = self.sides[self.me]
        self.theirs = self.sides[1 - self.me]
        self._where = index(self.sides)
        self._force: int | None = None

    def find(self, ref: Ref | str | None) -> Fighter | None:
        """The fighter a reference names (:func:`knowledge.locate`, looked up)."""
        if isinstance(ref, Ref):
            found = self._where.get((ref.seat, ref.card.id, ref.card.k))
            return found if found is not None else locate(self.sides, ref)
        return locate(self.sides, ref)

    def scores(self, legal: list[str]) -> list[float]:
        return [self.score(line) for line in legal]

    def score(self, line: str) -> float:
        a = parsed(line)
        v = a.verb
        if v in ("done", "pass"):
            return 0.0
        if v == "skip":
            return 0.0
        if v == "discard" and a.card is not None:
            return -card_value(self.card(a.card.id))
        if v == "monster":
            return self.monster(str(a.card.id) if a.card else "")
        if v == "target":
            f = self.find(a.target)
            if f is None:
                return 0.0
            return f.value if f.seat != self.me else 0.5 * f.value
        if v == "attack":
            att, dfn = self.find(a.target), self.find(a.defender)
            if att is None or dfn is None:
                return NOTHING
            risk = 0.3 if self.other_hand() else 0.0  # a Monster may meet the attacker
            backed = combat_value(with_stats(att, F=self.force_in_hand()), dfn) - DESTINY_COST
            return max(combat_value(att, dfn), backed) - risk
        if v == "play" and a.card is not None:
            d = self.card(a.card.id)
            target = self.find(a.target)
            if self.view["phase"] == "placement":
                return self.placement(d, target)
            return self.destiny(d, target)
        return 0.0

    def card(self, cid: str) -> CardDef:
        """A card's definition; a card the agent's library lacks (a save's own card) counts as bare."""
        found = self.defs.get(cid)
        return found if found is not None else CardDef(cid, "object", {"en": cid})

    def force_in_hand(self) -> int:
        """The most Force a destiny in hand can give one's attacker in combat: a combat it
        would turn into a kill is worth declaring, the destiny's cost paid."""
        if self._force is None:
            self._force = self._force_in_hand()
        return self._force

    def _force_in_hand(self) -> int:
        best = 0
        hand = self.view["players"][self.me]["hand"]
        for cid in hand if isinstance(hand, list) else []:
            d = self.defs.get(cid)
            if d is None or d.type != "unstable_destiny" or d.when == "out_of_combat":
                continue
            for e in d.effects:
                if (e.verb == "boost" and e.get("stat") == "F"
                        and e.get("target") in ("own_character", "all_own", "attacker")):
                    best = max(best, int(e.get("amount", 0)))
        return best

    def other_hand(self) -> int:
        h = self.view["players"][1 - self.me]["hand"]
        return h if isinstance(h, int) else len(h)

    # -- placement
    def placement(self, d: CardDef, carrier: Fighter | None) -> float:
        if d.type in CHARACTERS:
            if d.type == "monster" and len(self.mine) >= MONSTERS_KEPT_FROM:
                return -1.0  # kept for the Monster step
            f = Fighter(self.me, -1, d.id, d.type, d.F, d.S, d.C, d.M, frozenset(d.keywords))
            hero = HERO_BONUS if d.type == "hero" else 0.0
            # a new Character is a target, but it ripostes and the other player fights one
            # combat at a time: its exposure counts for less than a carrier's
            return 0.5 + 0.3 * card_value(d) + self.offence(f) + EXPOSURE * self.defence(f) + hero
        if carrier is None:
            return 0.5 + card_value(d)
        after = with_stats(carrier, F=d.F, S=d.S, C=d.C, M=d.M)
        after = Fighter(after.seat, after.index, after.card, after.type, after.F, after.S, after.C, after.M,
                        after.keywords | frozenset(d.keywords), after.thrown or lends_reach(d),
                        after.given + (d.id,))
        gain = (self.offence(after) - self.offence(carrier)) + (self.defence(after) - self.defence(carrier))
        hero = 0.5 if carrier.type == "hero" else 0.0
        return 0.5 + 0.3 * max(card_value(d), 0.0) + gain + hero

    def offence(self, f: Fighter) -> float:
        values = [combat_value(f, d) for d in self.theirs if reaches(f, d)]
        return max(values, default=0.0)

    def defence(self, f: Fighter) -> float:
        values = [combat_value(a, f) for a in self.theirs if reaches(a, f)]
        return -max(values, default=0.0)

    # -- the Monster step
    def monster(self, cid: str) -> float:
        c = self.view["combat"]
        att = self.find(c["attacker"]) if c else None
        dfn = self.find(c["defender"]) if c else None
        if cid not in self.defs or att is None:
            return -1.0
        d = self.card(cid)
        m = Fighter(self.me, -1, cid, "monster", d.F, d.S, d.C, d.M, frozenset(d.keywords))
        if m.F >= att.S:
            saved = max(0.0, combat_value(att, dfn, "assault")) if dfn is not None else 0.0
            return att.value + att.kill_points + saved + 0.5 * m.value - 1.0
        if att.F >= m.S:
            return -(m.value + m.kill_points)
        return 0.5 * m.value - 1.0

    # -- destinies
    def destiny(self, d: CardDef, target: Fighter | None) -> float:
        stack = self.view["stack"]
        worth = 0.0
        for e in d.effects:
            if e.verb == "cancel":
                if not stack or stack[-1]["seat"] == self.me:
                    return -5.0
                top = self.defs.get(stack[-1]["card"])
                worth += 1.0 + (effect_value(top) if top else 0.0)
        if d.type == "stable_destiny":
            base = target if target is not None else None
            return self.placement(d, base) - DESTINY_COST if base is not None and base.seat == self.me else -1.0
        return worth + self.swing(d, target) - DESTINY_COST

    def swing(self, d: CardDef, target: Fighter | None) -> float:
        """How much the destiny's text changes the combat in progress, and what else it brings."""
        c = self.view["combat"]
        att = self.find(c["attacker"]) if c else None
        dfn = self.find(c["defender"]) if c else None
        step = c["step"] if c else ""
        extra = 0.0
        ends = False
        before = combat_value(att, dfn, step) if att is not None and dfn is not None else 0.0
        new_att, new_dfn, no_rip = att, dfn, False
        for e in d.effects:
            v = e.verb
            hit = self.reached(e.get("target"), target, att, dfn)
            if v in ("boost", "grant"):
                for f in hit:
                    if new_att is not None and f == att:
                        new_att = self.altered(new_att, e)
                    elif new_dfn is not None and f == dfn:
                        new_dfn = self.altered(new_dfn, e)
            elif v == "no_riposte":
                no_rip = True
            elif v in ("kill", "take_control", "bounce"):
                for f in hit:
                    sign = 1 if f.seat != self.me else -1
                    extra += sign * f.value * {"kill": 1.0, "take_control": 2.0, "bounce": 0.7}[v]
                    if f in (att, dfn):
                        ends = True
            elif v == "draw":
                extra += (1 if e.get("player", "self") == "self" else -1) * e.get("amount", 0)
            elif v == "discard":
                extra += 0.8 * e.get("amount", 0)
            elif v == "gain_vp":
                extra += VP_WEIGHT * e.get("amount", 0)
            elif v == "search":
                extra += 1.5
        if att is None or dfn is None or new_att is None or new_dfn is None:
            return extra
        after = 0.0 if ends else combat_value(new_att, new_dfn, step, no_rip)
        sign = 1 if att.seat == self.me else -1
        return extra + sign * (after - before)

    def reached(self, what: Any, chosen: Fighter | None, att: Fighter | None,
                dfn: Fighter | None) -> list[Fighter]:
        if what in ("own_character", "opposing_character"):
            return [chosen] if chosen is not None else []
        if what == "attacker":
            return [att] if att is not None else []
        if what == "defender":
            return [dfn] if dfn is not None else []
        if what == "all_own":
            return list(self.mine)
        if what == "all_opposing":
            return list(self.theirs)
        return []

    @staticmethod
    def altered(f: Fighter, e: Any) -> Fighter:
        if e.verb == "grant":
            return Fighter(f.seat, f.index, f.card, f.type, f.F, f.S, f.C, f.M, f.keywords | {e.get("keyword")},
                           f.thrown, f.given)
        return with_stats(f, **{e.get("stat"): e.get("amount", 0)})


# ---- Easy ---------------------------------------------------------------------------------------
class EasyScorer(MediumScorer):
    """Medium's placements, Medium's combat estimate for attacks (blind to the kill that
    ends the game), the first Monster, raw stats for discards, and never a destiny."""

    endgame = False

    def score(self, line: str) -> float:
        a = parsed(line)
        v = a.verb
        if v in ("done", "pass", "skip", "target"):
            return 0.0
        if v == "discard" and a.card is not None:
            d = self.card(a.card.id)
            return -(d.F + d.S + d.C + d.M)
        if v == "monster":
            return 1.0
        if v == "attack":
            att, dfn = self.find(a.target), self.find(a.defender)
            return NOTHING if att is None or dfn is None else combat_value(att, dfn)
        if v == "play" and a.card is not None and self.view["phase"] == "placement":
            return super().score(line)
        return -1.0  # a destiny


def easy(seed: int = 0) -> EasyAgent:
    return EasyAgent(seed)


def medium(seed: int = 0) -> MediumAgent:
    return MediumAgent(seed)
