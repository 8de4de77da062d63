"""Chaos Realms agents: trades that improve the hand by the exact scorer.

Every Fantasy Realms strength plays Chaos Realms views with a :class:`ChaosAgent` of
its level (the registry's agents are the classes of ``ChaosPlay``). An agent sees its
view alone: its hand, the offers it may see, the clock. It

- accepts an offer only when the trade raises its hand's best score (never one that
  keeps or lowers it); Easy takes any improving offer at random, Medium the best,
  Hard the best once what the trade hands the other seat is weighed;
- declines the offers made to it by name that it will not take;
- keeps one offer of its own out at a time, to anyone: the swap of one of its cards
  for a card it does not hold that raises its score (Easy: a random improving one;
  Medium and Hard: the best not tried yet, among the swaps that two cheaper scores
  rank highest); withdrawn when it has stood for STALE_MS of the clock, and as soon
  as it would no longer raise the score (before a trade that would make it so);
- after the time, draws with the Necromancer when three cards from the unseen ones
  are expected to improve the hand, and keeps, wishes and sets aside for the best score;
- otherwise answers :data:`~game.ai.agent.IDLE`: nothing now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.agent import IDLE
from game.ai.fantasy_realms.agents import rulings_of
from game.core.rng import Rng
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table

STALE_MS = 15_000  # an own offer nobody took in this much trading time is withdrawn
NECRO_SAMPLES = 24  # draws of three sampled to value the Necromancer's draw
CANDIDATES = 12  # swaps scored exactly when choosing an own offer
HARD_GIFT = 0.25  # Hard's weight on the printed strength a trade hands the other seat


class ChaosAgent:
    """One seat's Chaos Realms play at ``level`` (easy | medium | hard | random)."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.tried: set[tuple[str, str]] = set()  # own offers made (give, want), not repeated
        self.made_at: dict[int, int] = {}  # own offer id -> the clock when first seen

    # ---- scoring ----------------------------------------------------------------------
    def score(self, view: dict[str, Any], hand: Sequence[str]) -> int:
        table = Table(players=view["seats"], discard=(), items=(), modules=frozenset(view["modules"]),
                      rulings=rulings_of(view))  # the game's rulings, as the engine scores
        return best_total(hand, table)

    def hand(self, view: dict[str, Any]) -> list[str]:
        got: list[str] = view["players"][view["seat"]]["hand"]
        return list(got)

    def unseen(self, view: dict[str, Any], hand: Sequence[str]) -> list[str]:
        return [c for c in view["cards"] if c not in hand]

    # ---- deciding -----------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if view.get("phase") == "over":
            return IDLE
        if view.get("phase") != "trade":
            return self.end_choice(view, legal) if legal else IDLE
        hand = self.hand(view)
        now = self.score(view, hand)
        seat = view["seat"]
        offers = {o["id"]: o for o in view["offers"]}
        mine = [o for o in view["offers"] if o["seat"] == seat]
        take = self.accept_choice(view, legal, offers, hand, now)
        if take is not None:
            # an own offer stands for a trade the agent agrees to: if it would no longer
            # raise the score once this trade is made, it is withdrawn first
            o = offers[int(take.split()[2][1:])]
            after = [o["give"] if c == o["want"] else c for c in hand]
            return self.unwanted(view, mine, after) or take
        for line in legal:  # offers to this seat by name that it will not take
            if line.split()[1] == "decline":
                return line
        gone = self.unwanted(view, mine, hand)
        if gone is not None:
            return gone
        for o in mine:
            first = self.made_at.setdefault(o["id"], view["clock_ms"])
            if view["clock_ms"] - first >= STALE_MS:
                return f"{seat} withdraw #{o['id']}"
        if not mine:
            offer = self.offer_choice(view, hand, now)
            if offer is not None:
                return offer
        return IDLE

    def unwanted(self, view: dict[str, Any], mine: list[dict[str, Any]], hand: list[str]) -> str | None:
        """The withdraw line of an own offer that would not raise the score of ``hand``."""
        now = self.score(view, hand)
        for o in mine:
            if o["give"] in hand and self.gain(view, hand, now, o["give"], o["want"]) <= 0:
                return f"{view['seat']} withdraw #{o['id']}"
        return None

    def gain(self, view: dict[str, Any], hand: list[str], now: int, give: str, get: str) -> int:
        return self.score(view, [c for c in hand if c != give] + [get]) - now

    def accept_choice(self, view: dict[str, Any], legal: list[str], offers: dict[int, dict[str, Any]],
                      hand: list[str], now: int) -> str | None:
        scored: list[tuple[float, str]] = []
        for line in legal:
            words = line.split()
            if words[1] != "accept":
                continue
            o = offers[int(words[2][1:])]
            gain = self.gain(view, hand, now, o["want"], o["give"])
            if gain <= 0:
                continue
            value = float(gain)
            if self.level == "hard":  # what the trade hands the other seat, by printed strength
                cards = view["cards"]
                value -= HARD_GIFT * max(0, cards[o["want"]]["strength"] - cards[o["give"]]["strength"])
                if value <= 0:
                    continue
            scored.append((value, line))
        if not scored:
            return None
        if self.level in ("easy", "random"):
            return scored[self.rng.below(len(scored))][1]
        return max(scored)[1]

    def offer_choice(self, view: dict[str, Any], hand: list[str], now: int) -> str | None:
        """An own offer that raises the score by the exact scorer. Every swap is first
        estimated from two cheaper scores (the hand without the card given, the hand
        with the card wanted added); the CANDIDATES best estimates are scored exactly."""
        cards = view["cards"]
        without = {g: self.score(view, [c for c in hand if c != g]) for g in hand}
        added = {w: self.score(view, hand + [w]) for w in self.unseen(view, hand)}
        guesses = sorted(((added[w] + without[g], g, w) for g in hand for w in added
                          if (g, w) not in self.tried), reverse=True)[:CANDIDATES]
        found = [(gain, g, w) for _e, g, w in guesses if (gain := self.gain(view, hand, now, g, w)) > 0]
        if not found:
            return None
        if self.level in ("easy", "random"):
            _gain, give, want = found[self.rng.below(len(found))]
        else:
            _gain, give, want = max(found)
        self.tried.add((give, want))
        return f"{view['seat']} offer any {cards[give]['slug']} {cards[want]['slug']}"

    def end_choice(self, view: dict[str, Any], legal: list[str]) -> str:
        hand = self.hand(view)
        verb = legal[0].split()[1]
        if verb == "draw":
            return legal[0] if self.necro_worth(view, hand) else legal[1]
        slug = {c["slug"]: cid for cid, c in view["cards"].items()}

        def value(line: str) -> int:
            cid = slug[line.split()[2]]
            return self.score(view, [c for c in hand if c != cid] if verb == "discard" else hand + [cid])

        return max(legal, key=value)

    def necro_worth(self, view: dict[str, Any], hand: list[str]) -> bool:
        """Whether keeping the best of three unseen cards beats keeping the hand, on average."""
        now = self.score(view, hand)
        pool = self.unseen(view, hand)
        if len(pool) < 3:
            return False
        total = 0
        for _ in range(NECRO_SAMPLES):
            picks = [pool[i] for i in _three(self.rng, len(pool))]
            total += max(self.score(view, hand + [c]) for c in picks) - now
        return total > 0


def _three(rng: Rng, n: int) -> list[int]:
    out: list[int] = []
    while len(out) < 3:
        i = rng.below(n)
        if i not in out:
            out.append(i)
    return out


class ChaosPlay:
    """Mixed into a Fantasy Realms agent class: Chaos Realms views go to a ChaosAgent
    of the same level (seeded with the agent's seed), every other view as before."""

    name: str

    def __init__(self, seed: int = 0, *args: Any, **kwargs: Any) -> None:
        super().__init__(seed, *args, **kwargs)  # type: ignore[call-arg]
        self.chaos = ChaosAgent(self.name, seed)

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if view.get("variant") == "chaos":
            return self.chaos.choose(view, legal)
        line: str = super().choose(view, legal)  # type: ignore[misc]
        return line
