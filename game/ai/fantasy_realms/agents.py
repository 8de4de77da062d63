"""Fantasy Realms agents at three strengths, playing from the seat's view alone.

- Easy scores hands as they lie (no wild-card or Book choices) and draws at random
  half the time.
- Medium keeps the hand with the best optimal score: it takes a discard-area card
  when that beats the expected best hand after a deck draw (sampled from the unseen
  cards), and discards the card whose loss costs least.
- Hard (``hard.py``) plays every option of a decision forward in sampled worlds to
  the end of the game and keeps the one with the best expected final score, less
  what it hands the next player. The registry of the strengths is ``registry.py``.

Unseen cards are every card of the game minus the own hand, the discard area and the
cards opponents are known to hold; the agents never look at hidden state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.core.rng import Rng
from game.fantasy_realms.cards import library
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table, evaluate
from game.fantasy_realms.terms import DEFAULT_RULINGS, Rulings

_DISCARD_TERMS: dict[str, bool] = {}
_RULINGS: dict[tuple[tuple[str, bool], ...], Rulings] = {}


def rulings_of(view: dict[str, Any]) -> Rulings:
    """The game's disputed-rulings choices as the view tells them (a view without them,
    or with a bad table, scores with the defaults). Cached: agents score many hands."""
    raw = view.get("rulings")
    if not raw or not isinstance(raw, dict):
        return DEFAULT_RULINGS
    try:
        key = tuple(sorted(raw.items()))
        got = _RULINGS.get(key)
    except TypeError:  # not names to true/false
        return DEFAULT_RULINGS
    if got is None:
        try:
            got = Rulings.from_dict(raw)
        except ValueError:
            got = DEFAULT_RULINGS
        _RULINGS[key] = got
    return got


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
                     items=tuple(self.me(view).get("items_used", ())), modules=frozenset(view["modules"]),
                     rulings=rulings_of(view))

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
        """How good it is to hold ``hand`` now."""
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
            if what == "two":
                value = self.draw_two_value(view, hand)
            elif what == "deck":
                value = self.deck_value(view, hand, keep)
            else:
                cid = slug[what]
                value, kept = self.best_drop(view, [*hand, cid], keep if not drafting else len(hand) + 1)
                if cid not in kept:
                    continue  # taking a card only to discard it again wastes the turn
            if value > best_value:
                best_line, best_value = line, value
        if best_line is None:
            return legal[0]
        return self.maybe_item(view, legal, hand, best_line, best_value)

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
            # discard: the hand without it; keep (one of two drawn): the hand with it
            rest = [c for c in pool if c != cid] if verb == "discard" else [*hand, cid]
            scored.append((self.keep_value(view, rest), line))
        if not scored:
            return legal[0]
        return max(scored)[1]

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
