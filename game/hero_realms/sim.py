"""``python -m game sim``: many full games with the scripted policy, and their figures.

Reports games per second, turns per game, the first seat's win rate and every
invariant violation found (each card dealt in exactly one zone, no exception from
a legal action, health changed only through events).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.core.rng import Rng
from game.hero_realms.events import DamageDealt, Event, HealthGained
from game.hero_realms.scripted import choose
from game.hero_realms.setup import new_game
from game.hero_realms.state import GameState


def card_locations(st: GameState) -> list[int]:
    """Every instance in every zone (a correct state lists each exactly once)."""
    out: list[int] = []
    for p in st.players:
        out += p.hand + p.deck + p.discard + p.in_play + p.champions
    out += [i for i in st.row if i >= 0]
    out += st.market_deck + st.gems + st.sacrificed + st.out
    return out


def conservation_problem(st: GameState) -> str | None:
    locs = card_locations(st)
    if len(locs) == len(st.cid) and sorted(locs) == list(range(len(st.cid))):
        return None
    seen: set[int] = set()
    dup = sorted({i for i in locs if i in seen or seen.add(i)})  # type: ignore[func-returns-value]
    missing = sorted(set(range(len(st.cid))) - set(locs))
    return f"cards out of place: duplicated {[st.cid[i] for i in dup]}, missing {[st.cid[i] for i in missing]}"


def health_problem(st: GameState, before: list[int], ev: list[Event]) -> str | None:
    """Health may change only through health_gained and damage_dealt events."""
    expected = list(before)
    for e in ev:
        if isinstance(e, HealthGained):
            expected[st.life[e.seat]] += e.amount
        elif isinstance(e, DamageDealt) and e.card is None:
            expected[st.life[e.target]] -= e.amount
    if expected != st.health:
        return f"health is {st.health}, but the events account for {expected}"
    return None


@dataclass
class SimReport:
    games: int = 0
    seconds: float = 0.0
    turns: int = 0
    actions: int = 0
    first_wins: int = 0
    unfinished: int = 0
    violations: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "turns_per_game": round(self.turns / g, 2),
            "actions_per_game": round(self.actions / g, 1),
            "first_seat_win_rate": round(self.first_wins / g, 4),
            "unfinished": self.unfinished,
            "violations": self.violations[:20],
            "violation_count": len(self.violations),
        }


def _won(winner: Any, seat: int) -> bool:
    return winner == seat or (isinstance(winner, tuple) and seat in winner)


def simulate(games: int, seats: int = 2, seed: int = 0, format: str = "ffa", check_every_action: bool = False,
             max_actions: int = 5000) -> SimReport:
    rep = SimReport()
    t0 = time.perf_counter()
    for g in range(games):
        st = new_game(seats, format, seed + g)
        rng = Rng(seed + g)
        n = 0
        while st.phase != "over" and n < max_actions:
            try:
                a = choose(st, rng)
                before = list(st.health)
                ev = st.apply(a)
            except Exception as exc:  # an invariant: a listed action never raises
                rep.violations.append(f"game {g} action {n}: {type(exc).__name__}: {exc}")
                break
            n += 1
            problem = health_problem(st, before, ev)
            if problem:
                rep.violations.append(f"game {g} action {n}: {problem}")
            if check_every_action or any(e.type == "turn_ended" for e in ev):
                problem = conservation_problem(st)
                if problem:
                    rep.violations.append(f"game {g} action {n}: {problem}")
        rep.games += 1
        rep.actions += n
        rep.turns += st.turn
        if st.phase != "over":
            rep.unfinished += 1
        elif _won(st.winner, st.first):
            rep.first_wins += 1
    rep.seconds = time.perf_counter() - t0
    return rep
