"""Fantasy Realms agents at three strengths, playing from the seat's view alone.

- Easy scores hands as they lie (no wild-card or Book choices) and draws at random
  half the time.
- Medium keeps the hand with the best optimal score: it takes a discard-area card
  when that beats the expected best hand after a deck draw (sampled from the unseen
  cards), and discards the card whose loss costs least.
- Hard values a drawn card against the deck's expected value, and a hand by its
  potential as well as its score: a hand still being drafted (two players) is
  finished greedily on sampled draws, the same draws for every option of a
  decision; a full hand adds what swapping its weakest card for an unseen one is
  expected to gain while turns remain. A two-card draft draw is valued as the
  expected better of two.

Unseen cards are every card of the game minus the own hand, the discard area and the
cards opponents are known to hold; the agents never look at hidden state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.ai.agent import RandomAgent
from game.core.rng import Rng
from game.fantasy_realms.cards import library
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table, evaluate

_DISCARD_TERMS: dict[str, bool] = {}


def _reads_discard(cid: str) -> bool:
    got = _DISCARD_TERMS.get(cid)
    if got is None:
        terms = library().cards[cid].rule.get("bonus_terms", ())
        got = _DISCARD_TERMS[cid] = any(t.get("kind") == "in_discard" for t in terms)
    return got


class FantasyAgent:
    """Shared reading of the view and the decisions every strength makes the same way."""

    name = "fantasy"
    optimal = True
    draw_noise = 0.0
    samples = 10

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.lib = library()

    # ---- reading the view ---------------------------------------------------------
    def me(self, view: dict[str, Any]) -> dict[str, Any]:
        p: dict[str, Any] = view["players"][view["seat"]]
        return p

    def table(self, view: dict[str, Any], ids: Sequence[str]) -> Table:
        needs_discard = any(_reads_discard(c) for c in ids)
        return Table(players=view["seats"], discard=tuple(view["discard"]) if needs_discard else (),
                     items=tuple(self.me(view).get("items_used", ())), modules=frozenset(view["modules"]))

    def score(self, view: dict[str, Any], ids: Sequence[str]) -> int:
        if not ids:
            return 0
        table = self.table(view, ids)
        if self.optimal:
            return best_total(ids, table)
        return evaluate([self.lib.cards[c] for c in ids], None, table, self.lib, detail=False).total

    def known_held(self, view: dict[str, Any]) -> dict[int, list[str]]:
        """Cards each opponent took from the discard area and has not put back."""
        out: dict[int, list[str]] = {}
        last: dict[str, int] = {}
        for p in view["players"]:
            for c in p.get("taken", ()):
                last[c] = p["seat"]
        mine = set(self.me(view).get("hand", ()))
        area = set(view["discard"])
        for c, s in last.items():
            if s != view["seat"] and c not in area and c not in mine:
                out.setdefault(s, []).append(c)
        return out

    def unseen(self, view: dict[str, Any]) -> list[str]:
        seen = set(self.me(view).get("hand", ())) | set(view["discard"]) | set(view.get("drawn", ()))
        for cards in self.known_held(view).values():
            seen.update(cards)
        return [c for c in sorted(view["cards"]) if c not in seen]

    def sample(self, cards: list[str], k: int) -> list[str]:
        if len(cards) <= k:
            return cards
        pool = cards[:]
        self.rng.shuffle(pool)
        return pool[:k]

    # ---- hand values ---------------------------------------------------------------
    def keep_value(self, view: dict[str, Any], hand: list[str]) -> float:
        """How good it is to hold ``hand`` now (Hard overrides)."""
        return float(self.score(view, hand))

    def best_drop(self, view: dict[str, Any], cards: list[str], keep: int) -> tuple[float, list[str]]:
        """The best ``keep``-card hand within ``cards`` (dropping one card at a time)."""
        hand = list(cards)
        value = self.keep_value(view, hand) if len(hand) <= keep else 0.0
        while len(hand) > keep:
            options = [(self.keep_value(view, [c for c in hand if c != d]) - self.give_cost(view, d, "discard"), d)
                       for d in hand]
            value, drop = max(options, key=lambda t: (t[0], t[1]))
            hand.remove(drop)
        return value, hand

    def deck_value(self, view: dict[str, Any], hand: list[str], keep: int) -> float:
        pool = self.sample(self.unseen(view), self.samples)
        if not pool:
            return float("-inf")
        return sum(self.best_drop(view, [*hand, u], keep)[0] for u in pool) / len(pool)

    # ---- the decisions ------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        hand = list(self.me(view).get("hand", ()))
        phase = view["phase"]
        slug = {c["slug"]: cid for cid, c in view["cards"].items()}
        if phase == "draw":
            return self.choose_draw(view, legal, hand, slug)
        if phase in ("discard", "keep") or (phase == "end_game" and legal[0].startswith("discard")):
            return self.choose_drop(view, legal, hand, slug)
        if phase == "end_game":
            return self.choose_best_gain(view, legal, hand, slug)
        if phase == "end_turn":
            return "end" if "end" in legal else legal[0]
        if phase == "effect":
            return self.choose_effect(view, legal, hand, slug)
        return legal[0]

    def limit(self, view: dict[str, Any]) -> int:
        lim = int(self.me(view)["hand_limit"])
        return lim if lim else int(view["hand_size"])

    def choose_draw(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        draws = [line for line in legal if line.startswith("draw ")]
        if self.draw_noise and self.rng.random() < self.draw_noise:
            return draws[self.rng.below(len(draws))] if draws else legal[0]
        keep = self.limit(view)
        drafting = "draw two" in legal
        best_line, best_value = None, float("-inf")
        for line in draws:
            what = line.split()[1]
            if what == "two":
                value = self.draw_two_value(view, hand)
            elif what == "deck":
                value = self.deck_value(view, hand, keep)
            else:
                cid = slug[what]
                value, kept = self.best_drop(view, [*hand, cid], keep if not drafting else len(hand) + 1)
                if cid not in kept:
                    continue  # taking a card only to discard it again wastes the turn
                value += self.take_bias(view, cid)
            if value > best_value:
                best_line, best_value = line, value
        if best_line is None:
            return legal[0]
        return self.maybe_item(view, legal, hand, best_line, best_value)

    def take_bias(self, view: dict[str, Any], cid: str) -> float:
        return 0.0

    def draw_two_value(self, view: dict[str, Any], hand: list[str]) -> float:
        """Two-player draft: draw two, keep one (roughly: one draw, plus a little)."""
        value = self.deck_value(view, hand, len(hand) + 1)
        return value + 0.25 * math.sqrt(abs(value))

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        return line

    def choose_drop(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        verb = legal[0].split()[0]
        if verb == "discard" and all(line.startswith("discard ") for line in legal) and len(legal) == len(hand):
            # the same choice the draw decision foresaw (one function, so no take-and-return loops)
            _v, kept = self.best_drop(view, hand, len(hand) - 1)
            drop = next(c for c in hand if c not in kept)
            return f"discard {view['cards'][drop]['slug']}"
        pool = hand
        scored = []
        for line in legal:
            if not line.startswith(verb + " "):
                continue
            cid = slug[line.split()[1]]
            if verb == "discard":
                rest, given = [c for c in pool if c != cid], [cid]
            else:  # keep one of the two drawn; the other goes to the discard area
                rest, given = [*hand, cid], [c for c in view.get("drawn", ()) if c != cid]
            cost = sum(self.give_cost(view, g, "discard") for g in given)
            scored.append((self.keep_value(view, rest) - cost, line))
        if not scored:
            return legal[0]
        return max(scored)[1]

    def give_cost(self, view: dict[str, Any], cid: str, verb: str) -> float:
        return 0.0

    def choose_best_gain(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        options = []
        for line in legal:
            words = line.split()
            if len(words) == 2 and words[1] in slug:
                options.append((self.score(view, [*hand, slug[words[1]]]), line))
            else:
                options.append((self.score(view, hand), line))
        return max(options)[1]

    def choose_effect(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        if "offer none" in legal:
            return "offer none"
        if legal[0].startswith("pick "):
            vals = [(self.lib.items[self._item(w.split()[1])].value, w) for w in legal]
            return max(vals)[1]
        if "keep" in legal:
            return "keep"
        if any(line.startswith("discard ") for line in legal):
            return self.choose_drop(view, legal, hand, slug)
        return legal[self.rng.below(len(legal))]

    def _item(self, word: str) -> str:
        return next(i for i, it in self.lib.items.items() if it.slug == word)


class EasyAgent(FantasyAgent):
    name = "easy"
    optimal = False
    draw_noise = 0.5
    samples = 4


class MediumAgent(FantasyAgent):
    """Greedy on what it can see: takes the discard-area card that improves its hand
    most now, else draws from the deck; never weighs the deck's expected value."""

    name = "medium"
    samples = 8

    def deck_value(self, view: dict[str, Any], hand: list[str], keep: int) -> float:
        # a deck draw is valued as keeping the hand as it is (at least that is sure)
        if len(hand) < keep:
            return super().deck_value(view, hand, keep)
        return float(self.score(view, hand)) + 0.5


class HardAgent(FantasyAgent):
    name = "hard"
    samples = 14
    potential_samples = 12

    def turns_left(self, view: dict[str, Any]) -> float:
        left = max(0, int(view["discards_to_end"]) - len(view["discard"]))
        return left / max(1, int(view["seats"]))

    def keep_value(self, view: dict[str, Any], hand: list[str]) -> float:
        """The score now plus what the cards still to come are expected to add: for a
        hand still being drafted, a card per empty slot; for a full hand, swapping its
        weakest card for an unseen one while turns remain."""
        target = int(view["hand_size"])
        if len(hand) < target:
            return self.draft_value(view, hand, target)
        now = self.score(view, hand)
        pool = [u for u in self._potential_pool(view) if u not in hand]
        if not pool:
            return float(now)
        turns = self.turns_left(view)
        if turns < 1:
            return float(now)
        weakest = max(hand, key=lambda d: self.score(view, [c for c in hand if c != d]))
        rest = [c for c in hand if c != weakest]
        gain = sum(max(0, self.score(view, [*rest, u]) - now) for u in pool) / len(pool)
        return now + min(1.0, 0.3 * turns) * gain

    rollouts = 12

    def draft_value(self, view: dict[str, Any], hand: list[str], target: int) -> float:
        """A hand still being drafted: finish it greedily on sampled draws (two cards
        a pick, keep the better), the same draws for every candidate of a decision."""
        seqs = self._draft_draws(view)
        m = target - len(hand)
        total = 0.0
        for seq in seqs:
            cards = list(hand)
            picks = [u for u in seq if u not in cards]
            for j in range(m):
                pair = picks[2 * j:2 * j + 2]
                if not pair:
                    break
                cards.append(max(pair, key=lambda u: self.score(view, [*cards, u])))
            total += self.score(view, cards)
        return total / len(seqs) if seqs else float(self.score(view, hand))

    def _draft_draws(self, view: dict[str, Any]) -> list[list[str]]:
        if getattr(self, "_draft_key", None) != view["turn"]:
            self._draft_key = view["turn"]
            unseen = self.unseen(view)
            self._draft_seqs = [self.sample(unseen, 2 * int(view["hand_size"]) + 2) for _ in range(self.rollouts)]
        seqs: list[list[str]] = self._draft_seqs
        return seqs

    def _potential_pool(self, view: dict[str, Any]) -> list[str]:
        key = view["turn"]
        if getattr(self, "_pool_key", None) != key:
            self._pool_key = key
            self._pool = self.sample(self.unseen(view), self.potential_samples)
        return self._pool

    def best_drop(self, view: dict[str, Any], cards: list[str], keep: int) -> tuple[float, list[str]]:
        # prune with the plain score first, then weigh the potential of the three best
        hand = list(cards)
        value = self.keep_value(view, hand)
        while len(hand) > keep:
            plain = sorted(((self.score(view, [c for c in hand if c != d]), d) for d in hand), reverse=True)[:4]
            options = [(self.keep_value(view, [c for c in hand if c != d]) - self.give_cost(view, d, "discard"), d)
                       for _s, d in plain]
            value, drop = max(options)
            hand.remove(drop)
        return value, hand

    def deck_value(self, view: dict[str, Any], hand: list[str], keep: int) -> float:
        pool = self.sample(self.unseen(view), self.samples)
        if not pool:
            return float("-inf")
        return sum(self.best_drop(view, [*hand, u], keep)[0] for u in pool) / len(pool)

    def draw_two_value(self, view: dict[str, Any], hand: list[str]) -> float:
        """E[max of two draws] over the sampled unseen cards."""
        pool = self.sample(self.unseen(view), self.samples)
        if not pool:
            return float("-inf")
        vals = sorted(self.keep_value(view, [*hand, u]) for u in pool)
        k = len(vals)
        if k == 1:
            return vals[0]
        # the i-th smallest is the max of a random pair in i of the C(k,2) pairs
        return sum(v * i for i, v in enumerate(vals)) / (k * (k - 1) / 2)

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        # Sarcophagus (+5 face down) replaces the turn: worth it when the draw adds little
        item = self.me(view).get("item")
        if item and "item use" in legal and self.lib.items[item].slug == "sarcophagus":
            if value - self.score(view, hand) < 5:
                return "item use"
        return line



AGENTS = {"random": RandomAgent, "easy": EasyAgent, "medium": MediumAgent, "hard": HardAgent}
