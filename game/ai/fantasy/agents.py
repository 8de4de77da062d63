"""Fantasy Realms agents at three strengths, playing from the seat's view alone.

- Easy scores hands as they lie (no wild-card or Book choices) and draws at random
  half the time.
- Medium keeps the hand with the best optimal score: it takes a discard-area card
  when that beats the expected best hand after a deck draw (sampled from the unseen
  cards), and discards the card whose loss costs least.
- Hard adds what Medium ignores: the potential of a hand (how much one more card
  from the unseen ones is expected to add, while turns remain), and denial (a
  discard the next player would pick up is worth less; what each opponent took
  from the discard area is public and shows what they collect).

Unseen cards are every card of the game minus the own hand, the discard area and the
cards opponents are known to hold; the agents never look at hidden state.
"""

from __future__ import annotations

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
            options = [(self.keep_value(view, [c for c in hand if c != d]), d) for d in hand]
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
            if what in ("deck", "two"):
                value = self.deck_value(view, hand, keep if not drafting else len(hand) + 1)
                if drafting:  # two looks: take the better of two samples
                    value += 0.25 * abs(value) ** 0.5
            else:
                cid = slug[what]
                value = self.best_drop(view, [*hand, cid], keep if not drafting else len(hand) + 1)[0]
                value += self.take_bias(view, cid)
            if value > best_value:
                best_line, best_value = line, value
        if best_line is None:
            return legal[0]
        return self.maybe_item(view, legal, hand, best_line, best_value)

    def take_bias(self, view: dict[str, Any], cid: str) -> float:
        return 0.0

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        return line

    def choose_drop(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        verb = legal[0].split()[0]
        pool = hand + list(view.get("drawn", ())) if verb == "keep" else hand
        scored = []
        for line in legal:
            if not line.startswith(verb + " "):
                continue
            cid = slug[line.split()[1]]
            rest = [c for c in pool if c != cid] if verb == "discard" else [*hand, cid]
            scored.append((self.keep_value(view, rest) - self.give_cost(view, cid, verb), line))
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
    name = "medium"
    samples = 8


class HardAgent(FantasyAgent):
    name = "hard"
    samples = 12
    potential_samples = 6

    def turns_left(self, view: dict[str, Any]) -> float:
        left = max(0, int(view["discards_to_end"]) - len(view["discard"]))
        return left / max(1, view["seats"])

    def keep_value(self, view: dict[str, Any], hand: list[str]) -> float:
        now = self.score(view, hand)
        turns = self.turns_left(view)
        if turns < 1 or len(hand) < self.limit(view):
            return float(now)
        pool = [u for u in self._potential_pool(view) if u not in hand]
        if not pool:
            return float(now)
        gain = 0.0
        for u in pool:
            best = now
            for d in hand:
                v = self.score(view, [*[c for c in hand if c != d], u])
                if v > best:
                    best = v
            gain += best - now
        weight = min(1.0, 0.35 * turns)
        return now + weight * gain / len(pool)

    def _potential_pool(self, view: dict[str, Any]) -> list[str]:
        key = (view["turn"], len(view["discard"]))
        if getattr(self, "_pool_key", None) != key:
            self._pool_key = key
            self._pool = self.sample(self.unseen(view), self.potential_samples)
        return self._pool

    def best_drop(self, view: dict[str, Any], cards: list[str], keep: int) -> tuple[float, list[str]]:
        # prune with the plain score first, then weigh the potential of the three best
        hand = list(cards)
        while len(hand) > keep:
            plain = sorted(((self.score(view, [c for c in hand if c != d]), d) for d in hand), reverse=True)[:3]
            options = [(self.keep_value(view, [c for c in hand if c != d]), d) for _s, d in plain]
            _v, drop = max(options)
            hand.remove(drop)
        return self.keep_value(view, hand), hand

    def deck_value(self, view: dict[str, Any], hand: list[str], keep: int) -> float:
        pool = self.sample(self.unseen(view), self.samples)
        if not pool:
            return float("-inf")
        total = 0.0
        for u in pool:
            cards = [*hand, u]
            while len(cards) > keep:
                cards.remove(max(cards, key=lambda d: self.score(view, [c for c in cards if c != d])))
            total += self.score(view, cards)
        # the same potential term as a kept discard-area card gets
        now = self.score(view, hand)
        return total / len(pool) + (self.keep_value(view, hand) - now) if len(hand) >= keep else total / len(pool)

    def give_cost(self, view: dict[str, Any], cid: str, verb: str) -> float:
        """A discard helps the next player, who may take it: weigh what it adds to the
        cards they are known to collect."""
        if verb != "discard" or self.turns_left(view) < 0.5:
            return 0.0
        nxt = (view["seat"] + 1) % view["seats"]
        known = self.known_held(view).get(nxt, [])
        if not known:
            return 0.0
        gain = self.score(view, [*known, cid]) - self.score(view, known)
        base = self.lib.cards[cid].strength
        return 0.3 * max(0, gain - base)

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        # Sarcophagus (+5 face down) replaces the turn: worth it when the draw adds little
        item = self.me(view).get("item")
        if item and "item use" in legal and self.lib.items[item].slug == "sarcophagus":
            if value - self.score(view, hand) < 5:
                return "item use"
        return line


AGENTS = {"random": RandomAgent, "easy": EasyAgent, "medium": MediumAgent, "hard": HardAgent}
