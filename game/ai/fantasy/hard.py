"""Hard Fantasy Realms agent: every draw, keep and discard is valued by the expected
final hand over sampled worlds, with the turns that remain and what the next player
takes from the discard area.

A decision's options (draw from the deck, draw two, take a discard-area card, keep
one of two, discard a card) are each played forward in the same sampled worlds
(common random numbers, so the options differ by the decision and not by luck). A
world fixes the next player's hidden cards (beside those it is known to hold: the
cards it took from the discard area) and the order of the other unseen cards. In
each world the option's own step is made, then the next player takes the area card
that does most for its hand if that beats its own draw, then this seat plays out the
rest of the draft and the turns left until the area ends the game, and the final
hand is scored exactly. Inside a world the pairwise synergy table (``synergy.py``)
shortlists: a draft pick scores its two best candidates exactly, a full hand's swap
is made only if the exact score rises. Scoring every candidate exactly would cost
ten times more, and the number of worlds is what makes the estimate good; choosing
by the table alone made the rollouts spoil the best hands and lost to Medium. The
next player's hidden cards are sampled as a drafter would keep them (the better of
two), so that what a discard hands it is not overrated. An option's value is the
mean final score less ``deny`` times what it hands the next player (nothing when
this turn ends the game). The horizon comes from the view: the game ends once the
area holds its limit; each deck draw adds a card there, a take does not.

The budget (``hard:sims=...,cap_s=...`` on command lines) is a number of rollouts per
decision, shared by the options, and a wall-clock cap: the worlds are played one at
a time for every option, so a capped decision still compares options on equal worlds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.fantasy.agents import FantasyAgent
from game.ai.fantasy.synergy import Synergy, synergy
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table


@dataclass(frozen=True)
class Budget:
    sims: int = 240  # rollouts per decision, shared by its options
    min_samples: int = 24  # worlds per option at least (when the cap allows)
    takes: int = 3  # discard-area cards a draw decision plays forward
    deny: float = 0.5  # weight of what an option hands the next player (an estimate, so less than 1)
    cap_s: float = 0.8  # wall-clock cap per decision
    exact_picks: int = 2  # draft candidates a rollout step scores exactly (0: the synergy table alone)
    full_sims: int = 960  # rollouts once no draft pick is left (they are short: a few turns at most)


@dataclass
class Option:
    """One option of a decision, as the worlds play it forward (see ``Worlds.rollout``)."""

    line: str
    root: str  # "": ``hand`` is the result; "pair": draw two first; "deck": draw one first
    hand: list[str]
    area: list[str]
    horizon: tuple[int, int, bool]  # (draft picks, normal turns, the game ends with this turn)
    given: str = ""  # the card this option puts in the discard area


class Worlds:
    """One decision's sampled worlds, in indices of the synergy table."""

    def __init__(self, agent: HardAgent, view: dict[str, Any], k: int, seed: int) -> None:
        self.agent = agent
        self.view = view
        ids = tuple(view["cards"])
        self.syn: Synergy = synergy(ids, Table(players=view["seats"], modules=frozenset(view["modules"])))
        self.ids = self.syn.ids
        self.single, self.pair = self.syn.single, self.syn.pair
        idx = self.syn.index
        me = view["seat"]
        self.opp = (me + 1) % int(view["seats"])
        opp = view["players"][self.opp]
        known = [idx[c] for c in agent.known_held(view).get(self.opp, ())]
        hidden = max(0, int(opp["hand_size"]) - len(known))
        self.opp_drafting = bool(view["two_player"]) and int(opp["hand_size"]) < int(view["hand_size"])
        unseen = [idx[c] for c in agent.unseen(view)]
        rnd = random.Random(seed)
        self.opp_hands: list[list[int]] = []
        self.orders: list[list[int]] = []
        for _ in range(k):
            pool = unseen[:]
            rnd.shuffle(pool)
            # the next player chose its hidden cards: each the better of two (by the
            # table), the other back among the unseen; a random hand would overrate
            # what any card given to it is worth
            hand = known[:]
            for j in range(hidden):
                a, b = pool[2 * j:2 * j + 2] if 2 * j + 1 < len(pool) else (pool[j], pool[j])
                hand.append(a if self.worth(hand, a) >= self.worth(hand, b) else b)
            self.opp_hands.append(hand)
            taken = set(hand)
            self.orders.append([c for c in pool if c not in taken])
        self._opp_base: dict[int, float] = {}
        self.verify = 2  # swaps a rollout turn checks exactly
        self.exact_picks = agent.budget.exact_picks  # draft candidates a rollout step scores exactly

    def exact(self, cards: Sequence[int]) -> int:
        return self.agent.exact(self.view, [self.ids[i] for i in cards])

    def worth(self, hand: Sequence[int], x: int) -> int:
        """What ``x`` adds to ``hand`` by the synergy table."""
        row = self.pair[x]
        return self.single[x] + sum(row[h] for h in hand)

    def swap(self, hand: Sequence[int], y: int) -> tuple[int, int]:
        """(gain, card to drop) of the best swap of ``y`` into a full ``hand``; gain
        <= 0 means keeping the hand (the drop is then ``y``)."""
        single, pair = self.single, self.pair
        row = pair[y]
        add = single[y] + sum(row[h] for h in hand)
        best_g, best_d = 0, y
        for d in hand:
            prow = pair[d]
            g = add - row[d] - single[d] - sum(prow[h] for h in hand)
            if g > best_g:
                best_g, best_d = g, d
        return best_g, best_d

    # ---- the next player ------------------------------------------------------------
    def opp_base(self, k: int) -> float:
        """What the next player expects from its own draw (its alternative to a take)."""
        got = self._opp_base.get(k)
        if got is None:
            hand = self.opp_hands[k]
            if self.opp_drafting:
                tail = self.orders[k][-8:]
                pairs = [tail[i:i + 2] for i in range(0, len(tail) - 1, 2)]
                got = (sum(max(self.worth(hand, a), self.worth(hand, b)) for a, b in pairs) / len(pairs)
                       if pairs else 0.0)
            else:
                got = 0.0
            self._opp_base[k] = got
        return got

    def opp_take(self, k: int, area: Sequence[int], gift: int) -> tuple[float, int, float]:
        """(gain over its own draw, card, gain of the gift) of the area card the next
        player would take in world k."""
        base = self.opp_base(k)
        hand = self.opp_hands[k]
        best_g, best_x, gift_g = 0.0, -1, 0.0
        for x in area if gift < 0 else [*area, gift]:
            g = (self.worth(hand, x) if self.opp_drafting else self.swap(hand, x)[0]) - base
            if x == gift:
                gift_g = max(0.0, g)
            if g > best_g:
                best_g, best_x = g, x
        return best_g, best_x, gift_g

    # ---- this seat's future ---------------------------------------------------------
    def play(self, order: list[int], start: int, hand: list[int], area: list[int], picks: int,
             turns: int) -> int:
        """The exact score of the hand after ``picks`` draft picks and ``turns`` normal
        turns along ``order`` (from ``start``): each step takes what the synergy table
        rates best, the better of two drawn cards or an area card."""
        hand = hand[:]
        area = area[:]
        pos, end = start, len(order)
        worth = self.worth
        for _step in range(picks):
            if pos + 1 >= end:
                break
            a, b = order[pos], order[pos + 1]
            if self.exact_picks:
                # the table shortlists, the scorer picks
                ranked = sorted((-worth(hand, x), x) for x in [a, b, *area])[: self.exact_picks]
                card = max(ranked, key=lambda t: (self.exact([*hand, t[1]]), -t[0]))[1]
            else:
                wa, wb = worth(hand, a), worth(hand, b)
                best_w, card = (wa, a) if wa >= wb else (wb, b)
                for x in area:
                    w = worth(hand, x)
                    if w > best_w:
                        best_w, card = w, x
            if card == a or card == b:
                pos += 2
                area.append(b if card == a else a)
            else:
                area.remove(card)
            hand.append(card)
        if turns <= 0 or pos >= end:
            return self.exact(hand)
        # a full hand: a swap the synergy table proposes is made only if the exact score
        # rises (pairwise sums miss what a Protection Rune or a Wildfire does to a whole
        # hand, and a rollout that spoils its hand would undervalue the best ones)
        now = self.exact(hand)
        for _turn in range(turns):
            if pos >= end:
                break
            x = order[pos]
            cands = [(*self.swap(hand, y), y) for y in [x, *area]]
            cands.sort(key=lambda t: (-t[0], t[2]))
            taken = -1
            for g, d, y in cands[: self.verify]:
                if g <= 0:
                    break
                trial = [c for c in hand if c != d] + [y]
                v = self.exact(trial)
                if v > now:
                    hand, now, taken = trial, v, y
                    area.append(d)
                    break
            if taken == -1:
                area.append(x)  # drawn and discarded
            if taken != -1 and taken != x:
                area.remove(taken)
            else:
                pos += 1
        return now

    def rollout(self, k: int, root: str, h0: list[int], a0: list[int], g0: int, picks: int, turns: int,
                deny: float) -> float:
        """One world's final score after an option, less ``deny`` times what the option
        hands the next player. ``root``: "" (``h0`` is the option's result and ``g0``
        the card it discards), "pair" (draw two, keep the better, discard the other)
        or "deck" (draw the top card, keep it if a swap gains)."""
        order = self.orders[k]
        h, gift, start = h0, g0, 0
        if root == "pair" and len(order) >= 2:
            x, y = order[0], order[1]
            if self.exact_picks:
                rx, ry = self.exact([*h0, x]), self.exact([*h0, y])
            else:
                rx, ry = self.worth(h0, x), self.worth(h0, y)
            keep_x = (rx, -x) >= (ry, -y)
            h, gift, start = [*h0, x if keep_x else y], y if keep_x else x, 2
        elif root == "deck" and order:
            x = order[0]
            g, d = self.swap(h0, x)
            trial = [c for c in h0 if c != d] + [x]
            if g > 0 and self.exact(trial) > self.exact(h0):
                h, gift = trial, d
            else:
                gift = x
            start = 1
        _gain, taken, gift_gain = self.opp_take(k, a0, gift)
        mine = [c for c in a0 if c != taken]
        return self.play(self.orders[k], start, h, mine, picks, turns) - deny * gift_gain


class HardAgent(FantasyAgent):
    name = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()

    def exact(self, view: dict[str, Any], ids: Sequence[str]) -> int:
        return best_total(ids, self.table(view, ids))

    def horizon(self, view: dict[str, Any], added: int, hand: Sequence[str]) -> tuple[int, int, bool]:
        """(draft picks, normal turns, whether the game ends) left to this seat after
        the current turn, if the current turn adds ``added`` cards to the discard area
        and everybody else draws from the deck."""
        size = int(view["hand_size"])
        seats = int(view["seats"])
        end_at = int(view["discards_to_end"])
        count = len(view["discard"]) + added
        if view["two_player"]:
            # the draft: every draw-two pick adds a card, the opponent's included
            picks = max(0, size - len(hand))
            opp = view["players"][1 - view["seat"]]
            opp_picks = max(0, size - int(opp["hand_size"]))
            ends = picks == 0 and opp_picks == 0 and count >= end_at
            count += picks + opp_picks
            return picks, max(0, end_at - count) // 2, ends
        return 0, max(0, end_at - count) // seats, count >= end_at

    def best(self, view: dict[str, Any], options: list[Option]) -> tuple[str, float]:
        """The option with the best mean over the worlds (played a world at a time for
        every option, until the budget or the time cap runs out)."""
        b = self.budget
        t0 = time.perf_counter()
        drafting = any(o.horizon[0] or o.root == "pair" for o in options)
        k = max(b.min_samples, (b.sims if drafting else b.full_sims) // max(1, len(options)))
        w = Worlds(self, view, k, self.rng.next_u64())
        idx = w.syn.index
        # a card given when the game ends with this turn hands the next player nothing
        prepared = [(o.root, [idx[c] for c in o.hand], [idx[c] for c in o.area], idx[o.given] if o.given else -1,
                     o.horizon[0], o.horizon[1], 0.0 if o.horizon[2] else b.deny) for o in options]
        totals = [0.0] * len(options)
        done = 0
        for j in range(k):
            for i, (root, h0, a0, g0, picks, turns, deny) in enumerate(prepared):
                totals[i] += w.rollout(j, root, h0, a0, g0, picks, turns, deny)
            done += 1
            if time.perf_counter() - t0 > b.cap_s:
                break
        i = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[i].line, totals[i] / max(1, done)

    # ---- the decisions ------------------------------------------------------------
    def choose_draw(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        draws = [line for line in legal if line.startswith("draw ")]
        if not draws or len(hand) > self.limit(view) or view.get("forbid"):
            return super().choose_draw(view, legal, hand, slug)
        area = list(view["discard"])
        drafting = "draw two" in legal
        # the options worth playing forward: the blind draw, and the area cards that do
        # most for the hand now (a take that would be discarded again is no option)
        options: list[Option] = []
        takes = []
        for line in draws:
            what = line.split()[1]
            if what in ("two", "deck"):
                # the hand after this draw: one card more in the draft, as many after a swap
                options.append(Option(line, "pair" if what == "two" else "deck", hand, area,
                                      self.horizon(view, 1, [*hand, ""] if what == "two" else hand)))
                continue
            cid = slug[what]
            rest = [c for c in area if c != cid]
            if drafting:
                kept, dropped = [*hand, cid], ""
            else:
                got = self.best_swap(view, hand, cid)
                if got is None:
                    continue
                kept, dropped = got
            takes.append((self.exact(view, kept), Option(line, "", kept, rest, self.horizon(view, 0, kept), dropped)))
        takes.sort(key=lambda t: (-t[0], t[1].line))
        options += [o for _n, o in takes[: self.budget.takes]]
        if not options:
            return super().choose_draw(view, legal, hand, slug)
        line, value = self.best(view, options)
        return self.maybe_item(view, legal, hand, line, value)

    def best_swap(self, view: dict[str, Any], hand: list[str], cid: str) -> tuple[list[str], str] | None:
        """The best hand of the limit's size after taking ``cid``, and the card it
        drops (None: ``cid`` itself would be the card to discard)."""
        cards = [*hand, cid]
        scored = sorted(((self.exact(view, [c for c in cards if c != d]), d) for d in cards), reverse=True)
        drop = scored[0][1]
        if drop == cid:
            return None
        return [c for c in cards if c != drop], drop

    def choose_drop(self, view: dict[str, Any], legal: list[str], hand: list[str], slug: dict[str, str]) -> str:
        phase = view["phase"]
        area = list(view["discard"])
        if phase == "keep":
            drawn = list(view.get("drawn", ()))
            options: list[Option] = []
            for line in legal:
                if line.startswith("keep "):
                    cid = slug[line.split()[1]]
                    given = next((c for c in drawn if c != cid), "")
                    options.append(Option(line, "", [*hand, cid], area,
                                          self.horizon(view, 1 if given else 0, [*hand, cid]), given))
            return self.best(view, options)[0] if options else legal[0]
        lines = [line for line in legal if line.startswith("discard ")]
        if phase != "discard" or len(lines) != len(legal) or len(hand) != self.limit(view) + 1:
            return super().choose_drop(view, legal, hand, slug)
        # a normal turn's discard: whatever was drawn, the area ends the turn one card up
        horizon = self.horizon(view, 1, hand[:-1])
        options = [Option(line, "", [c for c in hand if c != slug[line.split()[1]]], area, horizon,
                          slug[line.split()[1]]) for line in lines]
        return self.best(view, options)[0]

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        # Sarcophagus (+5 face down) replaces the turn: worth it when the draw adds little
        item = self.me(view).get("item")
        if item and "item use" in legal and self.lib.items[item].slug == "sarcophagus":
            if value - self.exact(view, hand[: self.limit(view)]) < 5:
                return "item use"
        return line
