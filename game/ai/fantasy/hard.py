"""Hard Fantasy Realms agent: every draw, keep and discard is valued by the final
margin it leads to, over sampled worlds in which every seat plays the rest of the game.

A decision's options (draw from the deck, draw two, take a discard-area card, keep
one of two, discard a card) are each played forward in the same sampled worlds
(common random numbers, so the options differ by the decision and not by luck). A
world fixes the other seats' hidden cards (beside those they are known to hold: the
cards they took from the discard area), each chosen as a drafter would keep it (the
better of two, the other back among the unseen), and the order of the other unseen
cards. In each world the option's own step is made, then every seat in turn plays
until the discard area ends the game: a draft pick takes the area card that beats a
draw of two, else keeps the better of two; a normal turn takes the area card whose
swap gains, else draws and keeps the drawn card if its swap gains. The pairwise
synergy table (``synergy.py``) proposes, the exact scorer decides (a swap is made
only if the exact score rises), for the other seats as for this one: when only this
seat's simulated play was checked, the others spoiled their hands in the worlds, a
long game looked good, and Hard took from the area too often and lost to Medium.

How closely a simulated seat plays like Medium was measured on Medium's own choices
(30 Medium-vs-Medium games): the table alone predicted 65% of its draft choices and
34% of its normal-turn takes (58 of 172), since its pair sums miss many swaps the
exact score makes. So a draft take is judged by the exact score (``exact_takes``:
77%). A normal turn can also try the table's first ``take_cands`` area cards with
two drops each, whatever gain the table gives them (63%, 108 of 172), skipping the
area cards the same hand already passed over; but that costs about half the worlds
a decision plays, and on the same 50 deals (both seats, 100 games against Medium)
it won 0.48 (margin +7.6) against 0.54 (+7.5) for the exact draft takes alone and
0.50 (+5.2) for the table alone, so it is off by default.

An option's value is this seat's final score less ``opp_weight`` times the best
other score, so what a discard hands the next player, and how the game's length
helps whom, are counted where they happen rather than estimated. With ``value_scale``
the margin can be squashed (``tanh(margin / value_scale)``, nearer a win or a loss);
measured over 400 games against Medium that did not help (0.5525 at 12, against
0.570 and 0.5875 for the raw margin), so the raw margin is the default.

The budget (``hard:sims=...,cap_s=...`` on command lines) is a number of rollouts per
decision, shared by the options, and a wall-clock cap: the worlds are played one at
a time for every option, so a capped decision still compares options on equal worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.fantasy.agents import FantasyAgent, rulings_of
from game.ai.fantasy.synergy import Synergy, synergy
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table


@dataclass(frozen=True)
class Budget:
    sims: int = 240  # rollouts per decision, shared by its options
    min_samples: int = 24  # worlds per option at least (when the cap allows)
    takes: int = 3  # discard-area cards a draw decision plays forward
    cap_s: float = 0.8  # wall-clock cap per decision
    exact_picks: int = 2  # own draft candidates a rollout step scores exactly (0: the synergy table alone)
    full_sims: int = 960  # rollouts once no draft pick is left (they are short: a few turns at most)
    opp_weight: float = 1.0  # the value is own final score less this times the best other score
    draft_bonus: float = 3.0  # what a draw of two is worth above one random card, in a simulated draft
    opp_exact: int = 1  # the other seats' simulated swaps and picks are checked by the exact scorer too
    value_scale: float = 0.0  # >0: a world is worth tanh(margin / this), near its win or loss; 0: the margin
    exact_takes: int = 1  # simulated draft takes judged by the exact scorer (0: by the synergy table)
    take_bar: float = 0.0  # with exact_takes: what an area card must add beyond a random card's table worth
    take_cands: int = 0  # >0: simulated normal-turn takes try this many area cards exactly (0: the table's two best gains)


@dataclass
class Option:
    """One option of a decision, as the worlds play it forward (see ``Worlds.rollout``)."""

    line: str
    root: str  # "": ``hand`` is the result; "pair": draw two first; "deck": draw one first
    hand: list[str]
    area: list[str]
    given: str = ""  # the card this option puts in the discard area


@dataclass
class World:
    """How one sampled world ended: every seat's hand (in synergy-table indices), the
    discard area, the deck left and every seat's exact final score."""

    hands: list[list[int]]
    area: list[int]
    deck: list[int]
    scores: list[int]


class Worlds:
    """One decision's sampled worlds, in indices of the synergy table, and the rest of
    the game played out in them by every seat."""

    def __init__(self, agent: HardAgent, view: dict[str, Any], k: int, seed: int) -> None:
        self.agent = agent
        self.view = view
        ids = tuple(view["cards"])
        self.syn: Synergy = synergy(ids, Table(players=view["seats"], modules=frozenset(view["modules"]),
                                                rulings=rulings_of(view)))
        self.ids = self.syn.ids
        self.single, self.pair = self.syn.single, self.syn.pair
        idx = self.syn.index
        self.n = int(view["seats"])
        self.me = int(view["seat"])
        self.size = int(view["hand_size"])
        self.end_at = int(view["discards_to_end"])
        self.two = bool(view["two_player"])
        self.bonus = agent.budget.draft_bonus
        self.exact_picks = agent.budget.exact_picks
        self.opp_exact = agent.budget.opp_exact
        self.exact_takes = agent.budget.exact_takes
        self.take_bar = agent.budget.take_bar
        self.take_cands = agent.budget.take_cands
        self.scale = agent.budget.value_scale
        unseen = [idx[c] for c in agent.unseen(view)]
        # what a random unseen card adds to a hand, by the table: the mean single
        # score and, per held card, the mean pair term
        u = max(1, len(unseen))
        self.mean_single = sum(self.single[c] for c in unseen) / u
        self.col = [sum(self.pair[c][h] for c in unseen) / u for h in range(len(self.ids))]
        known = {s: [idx[c] for c in cards] for s, cards in agent.known_held(view).items()}
        others = [(self.me + i) % self.n for i in range(1, self.n)]
        rnd = random.Random(seed)
        self.hands: list[list[list[int]]] = []  # per world, per seat (own seat empty)
        self.orders: list[list[int]] = []
        for _ in range(k):
            pool = unseen[:]
            rnd.shuffle(pool)
            hands: list[list[int]] = [[] for _ in range(self.n)]
            rest: list[int] = []
            p = 0
            for s in others:
                # hidden cards chosen as a drafter would (the better of two, by the
                # table), the other back among the unseen: a random hand would
                # overrate what any card given to it is worth
                hand = known.get(s, [])[:]
                hidden = max(0, int(view["players"][s]["hand_size"]) - len(hand))
                for _j in range(hidden):
                    if p + 1 < len(pool):
                        a, b = pool[p], pool[p + 1]
                        p += 2
                        keep, back = (a, b) if self.worth(hand, a) >= self.worth(hand, b) else (b, a)
                        hand.append(keep)
                        rest.append(back)
                    elif p < len(pool):
                        hand.append(pool[p])
                        p += 1
                hands[s] = hand
            order = pool[p:] + rest
            rnd.shuffle(order)
            self.hands.append(hands)
            self.orders.append(order)

    def exact(self, cards: Sequence[int]) -> int:
        return self.agent.exact(self.view, [self.ids[i] for i in cards])

    def worth(self, hand: Sequence[int], x: int) -> int:
        """What ``x`` adds to ``hand`` by the synergy table."""
        row = self.pair[x]
        return self.single[x] + sum(row[h] for h in hand)

    def mean_worth(self, hand: Sequence[int]) -> float:
        """What a random unseen card adds to ``hand``, by the table."""
        col = self.col
        return self.mean_single + sum(col[h] for h in hand)

    def gain_rows(self, hand: Sequence[int], cands: Sequence[int]) -> list[tuple[int, list[tuple[int, int]]]]:
        """Per candidate, (gain, card to drop) of swapping it for each card of a full
        ``hand`` (in the hand's order), by the table."""
        single, pair = self.single, self.pair
        contrib = [(single[d] + sum(pair[d][h] for h in hand), d) for d in hand]
        out = []
        for y in cands:
            row = pair[y]
            add = single[y] + sum(row[h] for h in hand)
            out.append((y, [(add - row[d] - c, d) for c, d in contrib]))
        return out

    def swaps(self, hand: Sequence[int], cands: Sequence[int]) -> list[tuple[int, int, int]]:
        """(gain, card to drop, card taken) of the best swap of each candidate into a
        full ``hand``, by the table, best first; only gains above 0."""
        out = []
        for y, gains in self.gain_rows(hand, cands):
            best_g, best_d = 0, -1
            for g, d in gains:
                if g > best_g:
                    best_g, best_d = g, d
            if best_d >= 0:
                out.append((best_g, best_d, y))
        out.sort(key=lambda t: (-t[0], t[2]))
        return out

    # ---- one seat's turn in a world ---------------------------------------------------
    def draft_turn(self, seat: int, hand: list[int], area: list[int], order: list[int], pos: int) -> int:
        """A draft pick: the area card that beats a draw of two, else the better of two.
        With ``exact_takes`` an area card is judged by its exact score against the
        hand's exact score plus what a random card adds by the table, as Medium judges
        it (77% of Medium's draft choices predicted, against 65% by the table alone)."""
        exact = self.exact_picks and (seat == self.me or self.opp_exact)
        take = -1
        if exact and self.exact_takes:
            best: float = (self.exact(hand) if hand else 0) + self.mean_worth(hand) + self.take_bar
            for x in area:
                v = self.exact([*hand, x])
                if v > best:
                    take, best = x, v
        else:
            best = self.mean_worth(hand) + self.bonus
            for x in area:
                w = self.worth(hand, x)
                if w > best:
                    take, best = x, w
        if take < 0 and pos + 1 >= len(order):
            take = max(area, key=lambda x: self.worth(hand, x), default=-1)
        if take >= 0:
            area.remove(take)
            hand.append(take)
            return pos
        if pos + 1 >= len(order):
            return pos
        a, b = order[pos], order[pos + 1]
        if exact:
            keep_a = (self.exact([*hand, a]), -a) >= (self.exact([*hand, b]), -b)
        else:
            keep_a = self.worth(hand, a) >= self.worth(hand, b)
        hand.append(a if keep_a else b)
        area.append(b if keep_a else a)
        return pos + 2

    def full_turn(self, seat: int, hand: list[int], area: list[int], order: list[int], pos: int,
                  now: int, takes: bool = True, judged: set[int] | None = None) -> tuple[int, int]:
        """A normal turn: take the area card whose swap gains (if ``takes``), else draw
        and keep the drawn card if its swap gains. A swap the table proposes is made
        only if the exact score rises (``now``: the seat's exact score before the turn,
        returned updated with ``pos``), for every seat alike: a seat whose simulated
        play spoils its hands would make a long game look good for the others.

        With ``take_cands`` the exact scorer tries the ``take_cands`` area cards the
        table ranks first, each with the two drops it ranks first, whatever gain the
        table gives them, among the cards not already ``judged`` against this hand (a
        greedy seat that left a card there last turn would leave it again): 63% of
        Medium's normal-turn takes predicted, against 34% for the table's proposals."""
        exact = seat == self.me or self.opp_exact
        if exact and self.take_cands:
            if takes:
                fresh = [y for y in area if judged is None or y not in judged]
                best, move = now, None
                for d, y in self.trials(hand, fresh, self.take_cands):
                    v = self.exact([c for c in hand if c != d] + [y])
                    if v > best:
                        best, move = v, (d, y)
                if move is not None:
                    _take(hand, area, *move)
                    return pos, best
            if pos >= len(order):
                return pos, now
            x = order[pos]
            best, drop = now, -1
            for d, _y in self.trials(hand, [x], 1):
                v = self.exact([c for c in hand if c != d] + [x])
                if v > best:
                    best, drop = v, d
            if drop >= 0:
                hand.remove(drop)
                hand.append(x)
                area.append(drop)
                return pos + 1, best
            area.append(x)
            return pos + 1, now
        for _g, d, y in (self.swaps(hand, area)[: 2 if exact else 1] if takes else ()):
            if exact:
                trial = [c for c in hand if c != d] + [y]
                v = self.exact(trial)
                if v <= now:
                    continue
                now = v
            _take(hand, area, d, y)
            return pos, now
        if pos >= len(order):
            return pos, now
        x = order[pos]
        got = self.swaps(hand, [x])
        if got:
            _g, d, _y = got[0]
            trial = [c for c in hand if c != d] + [x]
            v = self.exact(trial) if exact else now
            if not exact or v > now:
                hand[:] = trial
                area.append(d)
                return pos + 1, v
        area.append(x)
        return pos + 1, now

    def trials(self, hand: Sequence[int], cands: Sequence[int], k: int) -> list[tuple[int, int]]:
        """(card to drop, card taken): the ``k`` candidates the table ranks first, each
        with the two drops it ranks first for it, best first (gains below 0 included:
        the table misses many swaps the exact score makes)."""
        ranked = []
        for y, gains in self.gain_rows(hand, cands):
            top = sorted(((g, -d) for g, d in gains), reverse=True)[:2]
            ranked.append((top[0][0], -y, [-d for _g, d in top]))
        ranked.sort(reverse=True)
        return [(d, -neg_y) for _g, neg_y, drops in ranked[:k] for d in drops]

    def ended(self, area: list[int], hands: list[list[int]]) -> bool:
        if len(area) < self.end_at:
            return False
        return not self.two or all(len(h) >= self.size for h in hands)

    def play(self, k: int, root: str, h0: list[int], a0: list[int], g0: int) -> World:
        """World ``k`` played to the end after an option: ``root`` "" (``h0`` is the
        option's result and ``g0`` the card it discards), "pair" (draw two, keep the
        better, discard the other) or "deck" (draw the top card, keep it if a swap
        gains)."""
        order = self.orders[k]
        hands = [h[:] for h in self.hands[k]]
        area = a0[:]
        hand, pos = h0[:], 0
        if root == "pair" and len(order) >= 2:
            x, y = order[0], order[1]
            keep_x = (self.exact([*h0, x]), -x) >= (self.exact([*h0, y]), -y)
            hand.append(x if keep_x else y)
            area.append(y if keep_x else x)
            pos = 2
        elif root == "deck" and order:
            pos, _now = self.full_turn(self.me, hand, area, order, 0, self.exact(hand), takes=False)
        elif g0 >= 0:
            area.append(g0)
        hands[self.me] = hand
        full = [len(h) >= self.size for h in hands]
        nows = [self.exact(h) if f and (s == self.me or self.opp_exact) else 0
                for s, (h, f) in enumerate(zip(hands, full))]
        judged: list[set[int] | None] = [None] * self.n  # area cards each seat's hand has passed over
        seat = self.me
        for _turn in range(4 * self.end_at + 4 * self.size):
            if self.ended(area, hands):
                break
            seat = (seat + 1) % self.n
            h = hands[seat]
            if not full[seat]:
                pos = self.draft_turn(seat, h, area, order, pos)
                if len(h) >= self.size:
                    full[seat] = True
                    nows[seat] = self.exact(h) if seat == self.me or self.opp_exact else 0
            else:
                before = nows[seat]
                pos, nows[seat] = self.full_turn(seat, h, area, order, pos, before, judged=judged[seat])
                if self.take_cands:  # only the exact normal-turn model reads it
                    judged[seat] = set(area) if nows[seat] == before else None
        # a score tracked during the play is the exact score of the hand as it ended
        known = [full[s] and (s == self.me or self.opp_exact) for s in range(self.n)]
        scores = [nows[s] if known[s] else self.exact(hands[s]) for s in range(self.n)]
        return World(hands, area, order[pos:], scores)

    def rollout(self, k: int, root: str, h0: list[int], a0: list[int], g0: int, weight: float) -> float:
        """One world's final score after an option (see ``play``), less ``weight``
        times the best other seat's."""
        end = self.play(k, root, h0, a0, g0)
        mine = end.scores[self.me]
        if not weight or self.n < 2:
            return float(mine)
        margin = mine - weight * max(x for s, x in enumerate(end.scores) if s != self.me)
        return math.tanh(margin / self.scale) if self.scale > 0 else margin


def _take(hand: list[int], area: list[int], drop: int, card: int) -> None:
    """Take ``card`` from the discard area into ``hand`` and put ``drop`` there instead."""
    hand.remove(drop)
    hand.append(card)
    area.remove(card)
    area.append(drop)


class HardAgent(FantasyAgent):
    name = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()

    def exact(self, view: dict[str, Any], ids: Sequence[str]) -> int:
        return best_total(ids, self.table(view, ids))

    def best(self, view: dict[str, Any], options: list[Option]) -> tuple[str, float]:
        """The option with the best mean over the worlds (played a world at a time for
        every option, until the budget or the time cap runs out)."""
        if len(options) == 1:
            return options[0].line, 0.0
        b = self.budget
        t0 = time.perf_counter()
        drafting = bool(view["two_player"]) and any(
            int(p["hand_size"]) < int(view["hand_size"]) for p in view["players"])
        k = max(b.min_samples, (b.sims if drafting else b.full_sims) // max(1, len(options)))
        w = Worlds(self, view, k, self.rng.next_u64())
        idx = w.syn.index
        prepared = [(o.root, [idx[c] for c in o.hand], [idx[c] for c in o.area], idx[o.given] if o.given else -1)
                    for o in options]
        totals = [0.0] * len(options)
        done = 0
        for j in range(k):
            for i, (root, h0, a0, g0) in enumerate(prepared):
                totals[i] += w.rollout(j, root, h0, a0, g0, b.opp_weight)
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
                options.append(Option(line, "pair" if what == "two" else "deck", hand, area))
                continue
            cid = slug[what]
            rest = [c for c in area if c != cid]
            if drafting or len(hand) < self.limit(view):
                kept, dropped = [*hand, cid], ""
            else:
                got = self.best_swap(view, hand, cid)
                if got is None:
                    continue
                kept, dropped = got
            takes.append((self.exact(view, kept), Option(line, "", kept, rest, dropped)))
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
                    options.append(Option(line, "", [*hand, cid], area, given))
            return self.best(view, options)[0] if options else legal[0]
        lines = [line for line in legal if line.startswith("discard ")]
        if phase != "discard" or len(lines) != len(legal) or len(hand) != self.limit(view) + 1:
            return super().choose_drop(view, legal, hand, slug)
        options = [Option(line, "", [c for c in hand if c != slug[line.split()[1]]], area, slug[line.split()[1]])
                   for line in lines]
        return self.best(view, options)[0]

    def maybe_item(self, view: dict[str, Any], legal: list[str], hand: list[str], line: str, value: float) -> str:
        # Sarcophagus (+5 face down, the top card of the deck to the discard area)
        # replaces the turn: worth it when the chosen draw gains the hand less now
        item = self.me(view).get("item")
        if item and "item use" in legal and self.lib.items[item].slug == "sarcophagus":
            keep = self.limit(view)
            now = self.exact(view, hand[:keep])
            what = line.split()[1] if line.startswith("draw ") else ""
            slug = {c["slug"]: cid for cid, c in view["cards"].items()}
            if what in slug:
                got = self.best_swap(view, hand, slug[what]) if len(hand) >= keep else ([*hand, slug[what]], "")
                gain = float(self.exact(view, got[0]) - now) if got else 0.0
            else:
                gain = self.deck_value(view, hand, keep) - now
            if gain < 5:
                return "item use"
        return line
