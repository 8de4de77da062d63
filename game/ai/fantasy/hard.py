"""Hard Fantasy Realms agent: every draw, keep and discard is valued by the final
margin it leads to, over sampled worlds in which every seat plays the rest of the game.

A decision's options (draw from the deck, draw two, take a discard-area card, keep
one of two, discard a card) are each played forward in the same sampled worlds
(common random numbers, so the options differ by the decision and not by luck). A
world fixes the other seats' hidden cards (beside those they are known to hold: the
cards they took from the discard area), each chosen as a drafter would keep it (the
better of two, the other back among the unseen) and then improved by the deck draws
of the seat's normal turns and ``opp_climb`` more (a draw kept when a swap gains by
the table), the best of ``opp_best_of`` such hands by the table; and the order of
the other unseen cards. A seat's real hand is the best of all it has seen: sampled
as a draft alone, the other seats' full hands scored 30-40 points below Medium's
real ones at the same moments (measured at 72 of Hard's decisions: 146 and 134
against 184 and 165), so the worlds thought Hard was ahead when it was behind;
sampled this way they score 174 and 166.

In each world the option's own step is made, then every seat in turn plays until the
discard area ends the game: a draft pick takes the area card that beats a
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
0.50 (+5.2) for the table alone, so it is off in draft decisions, where the worlds
are fewest. Decisions made once no draft pick is left can use it alone
(``late_take_cands``): there the game's remaining length, which the seats' takes
set, decides whether drawing to end it or taking to stretch it pays. It is off by
default until a 400-game run shows it better (``hard:late_take_cands=3``).

An option's value is this seat's final score less ``opp_weight`` times the best
other score, so what a discard hands the next player, and how the game's length
helps whom, are counted where they happen rather than estimated. With ``value_scale``
the margin can be squashed (``tanh(margin / value_scale)``, nearer a win or a loss);
measured over 400 games against Medium that did not help (0.5525 at 12, against
0.570 and 0.5875 for the raw margin), so the raw margin is the default.

The budget (``hard:sims=...,cap_s=...`` on command lines) is a number of rollouts per
decision, shared by the options, and a wall-clock cap: the worlds are played one at
a time for every option, so a capped decision still compares options on equal worlds.

Within the cap a decision sees a few dozen worlds in the draft, and one world's
difference between two options has a standard deviation of 25-40 points: an option
often leads only by luck. So the option a greedy player would choose (Medium's
reading: the best exact score now, a blind draw at its sampled worth) is kept unless
another beats it by ``prior_z`` standard errors of the per-world difference. And each
seat draws from its own stream of a world's deck (``Deck``), so that an option that
draws now does not hand every later card to the other seat: the options' worlds
then differ less by luck (in draft draws the variance of a difference fell by
10-20%, measured at 60 decisions; elsewhere it did not change).

The options may race (``Race``, ``race_z`` > 0): once each has played ``race_from``
worlds, an option the leader beats by ``race_z`` standard errors stops being played
and leaves its share of the cap to the others. A discard has eight options of which
two or three are close: the kept option's worlds in normal-phase decisions rose from
a median of 200 to 445 (2 games); draft decisions, with two to four options, gain
little. But over 400 games against Medium (seed 2033, race_z 2 from 10 worlds) Hard
won 0.52 with a mean margin of +2.5, against 0.5675 and +8.4 without racing: an
option dropped after ten noisy worlds may be the greedy default, which then escapes
the ``prior_z`` check. So racing is off by default.

A draft decision's worlds may end with the draft (``draft_horizon``): the value is
then the margin of the hands as the last pick leaves them. Its worlds are shorter,
and the normal turns they drop are the part the model plays worst: after a draft
decision the simulated game ended 17 turns later against 24 in the real games
(6 games against Medium), since the simulated seats took 3.1 and 2.0 cards from the
discard area against 7.2 and 5.5 taken for real. Within the cap (and ``sims`` 1600)
a draft decision then plays a median of 111 worlds an option against 28 (35
decisions), but the per-world difference of the two best options keeps its
standard deviation (28.5 against 28.2: the draft's own draws make most of it). Over
400 games against Medium (seed 2036) Hard won 0.565 [0.516, 0.6127] with a mean
margin of +4.65, against 0.5675 and +8.4 for whole worlds: the ignored normal turns
cost what the extra worlds gain, so it is off by default.

The cap is what Hard's strength is made of: with ``cap_s`` 0.2 Hard won 0.5025
[0.4537, 0.5512] over 400 games against Medium (seed 2037, mean margin -0.74),
against 0.5675 (+8.4) at 0.8 s, and with 1.6 s 0.5857 [0.5029, 0.664] over 140
games (seed 2038, margin +13.5): about three points a doubling of the worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.fantasy.agents import FantasyAgent, rulings_of
from game.ai.fantasy.race import Race
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
    full_sims: int = 1600  # rollouts once no draft pick is left (shorter: the cap, not this, ends most)
    opp_weight: float = 1.0  # the value is own final score less this times the best other score
    draft_bonus: float = 3.0  # what a draw of two is worth above one random card, in a simulated draft
    opp_exact: int = 1  # the other seats' simulated swaps and picks are checked by the exact scorer too
    value_scale: float = 0.0  # >0: a world is worth tanh(margin / this), near its win or loss; 0: the margin
    exact_takes: int = 1  # simulated draft takes judged by the exact scorer (0: by the synergy table)
    take_bar: float = 0.0  # with exact_takes: what an area card must add beyond a random card's table worth
    take_cands: int = 0  # >0: simulated normal-turn takes try this many area cards exactly (0: the table's two best gains)
    late_take_cands: int = 0  # the same, in the worlds of a decision made once no draft pick is left
    prior_z: float = 1.0  # >0: keep the greedy option unless another beats it by this many standard errors
    opp_best_of: int = 4  # a sampled hidden hand is the best of this many by the table (see ``Worlds``)
    opp_climb: int = 15  # deck draws a sampled hidden hand replays beyond its seat's own normal turns
    race_z: float = 0.0  # >0: an option beaten by this many standard errors stops being played (see ``best``)
    race_from: int = 10  # worlds every option plays before any is dropped
    streams: int = 1  # 1: each seat draws from its own shuffle of a world's deck (see ``Deck``); 0: one shared order
    draft_horizon: int = 0  # 1: a world of a draft decision ends when every hand is full (see ``Worlds.play``)


@dataclass
class Option:
    """One option of a decision, as the worlds play it forward (see ``Worlds.rollout``)."""

    line: str
    root: str  # "": ``hand`` is the result; "pair": draw two first; "deck": draw one first
    hand: list[str]
    area: list[str]
    given: str = ""  # the card this option puts in the discard area
    prior: float = 0.0  # what a greedy player (Medium) reads it worth: the highest is the default


class Deck:
    """A world's deck as the seats draw from it. Each seat reads its own stream (a
    shuffle of the deck's cards), skipping the cards already drawn: the next card a
    seat draws is still uniform among the cards left, as from a shuffled deck, but
    the options of a decision then share their luck. With one order for all seats,
    an option that draws now (a draw of two) shifts every later draw to the other
    seat, and the options' worlds are as unlike as if they were independent; with a
    stream per seat, this seat's later draws are the same cards in either option.
    Streams may be one list shared by all seats (the deck's own order)."""

    __slots__ = ("streams", "ptr", "used", "left")

    def __init__(self, streams: Sequence[list[int]], cards: int) -> None:
        self.streams = streams
        self.ptr = [0] * len(streams)
        self.used = bytearray(cards)
        self.left = len(streams[0]) if streams else 0

    def draw(self, seat: int) -> int:
        s, p, used = self.streams[seat], self.ptr[seat], self.used
        while used[s[p]]:
            p += 1
        c = s[p]
        used[c] = 1
        self.ptr[seat] = p + 1
        self.left -= 1
        return c

    def rest(self) -> list[int]:
        """The cards not drawn (in the first stream's order)."""
        return [c for c in self.streams[0] if not self.used[c]]


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

    def __init__(self, agent: HardAgent, view: dict[str, Any], seed: int) -> None:
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
        # a decision made while some seat still drafts (its worlds' rollouts are longest)
        self.drafting = self.two and any(int(p["hand_size"]) < self.size for p in view["players"])
        self.take_cands = agent.budget.take_cands if self.drafting else agent.budget.late_take_cands
        self.horizon = bool(agent.budget.draft_horizon) and self.drafting
        self.scale = agent.budget.value_scale
        unseen = [idx[c] for c in agent.unseen(view)]
        # what a random unseen card adds to a hand, by the table: the mean single
        # score and, per held card, the mean pair term
        u = max(1, len(unseen))
        self.mean_single = sum(self.single[c] for c in unseen) / u
        self.col = [sum(self.pair[c][h] for c in unseen) / u for h in range(len(self.ids))]
        self.unseen = unseen
        self.known = {s: [idx[c] for c in cards] for s, cards in agent.known_held(view).items()}
        self.draws = [d + agent.budget.opp_climb for d in self.deck_draws(view)]
        self.tries = max(1, agent.budget.opp_best_of)
        self.own_streams = bool(agent.budget.streams)
        self.rnd = random.Random(seed)
        self.memo: dict[tuple[int, ...], int] = {}
        # worlds are sampled when first played (in order, so a seed gives the same
        # worlds): a capped decision plays far fewer than its budget allows
        self.hands: list[list[list[int]]] = []  # per world, per seat (own seat empty)
        self.streams: list[list[list[int]]] = []  # per world, per seat: the deck's cards (see ``Deck``)

    def ensure(self, k: int) -> None:
        """Sample worlds until world ``k`` exists."""
        rnd, unseen = self.rnd, self.unseen
        others = [(self.me + i) % self.n for i in range(1, self.n)]
        while len(self.hands) <= k:
            hands: list[list[int]] = [[] for _ in range(self.n)]
            used: set[int] = set()
            for s in others:
                # of ``tries`` hidden hands sampled as the seat could have come by
                # them, the one the table scores highest: the seat chose its cards
                # from all it saw, so its hand is better than one sample of them
                free = [c for c in unseen if c not in used]
                best: tuple[float, list[int]] | None = None
                for _t in range(self.tries):
                    rnd.shuffle(free)
                    hand = self.sample_hand(self.known.get(s, []), free, self.draws[s],
                                            int(self.view["players"][s]["hand_size"]))
                    v = self.table_total(hand) if self.tries > 1 else 0.0
                    if best is None or v > best[0]:
                        best = (v, hand)
                assert best is not None
                hands[s] = best[1]
                used.update(best[1])
            order = [c for c in unseen if c not in used]
            rnd.shuffle(order)
            self.hands.append(hands)
            if self.own_streams:
                mine = []
                for _s in range(self.n):
                    mine.append(order[:])
                    rnd.shuffle(mine[-1])
                self.streams.append(mine)
            else:
                self.streams.append([order] * self.n)

    def exact(self, cards: Sequence[int]) -> int:
        # memoised here as well: the scorer's own cache is keyed by names and a Table
        # built per call, and a decision asks for the same hands many times
        key = tuple(sorted(cards))
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self.agent.exact(self.view, [self.ids[i] for i in key])
        return got

    def sample_hand(self, known: list[int], pool: list[int], draws: int, size: int) -> list[int]:
        """A hand of ``size`` cards for another seat: the ``known`` ones, and hidden cards
        chosen as a drafter would (the better of two, by the table: a random hand
        would overrate what any card given to it is worth), then improved by
        ``draws`` deck draws, each kept if a swap for a hidden card gains by the
        table (a hand that has had a dozen draws to improve is stronger than its
        draft). Cards come from the front of the shuffled ``pool``."""
        hand = known[:]
        p = 0
        for _j in range(max(0, size - len(hand))):
            if p + 1 < len(pool):
                a, b = pool[p], pool[p + 1]
                p += 2
                hand.append(a if self.worth(hand, a) >= self.worth(hand, b) else b)
            elif p < len(pool):
                hand.append(pool[p])
                p += 1
        if len(hand) == len(known):
            return hand
        held = set(known)
        for _j in range(draws):
            if p >= len(pool):
                break
            x = pool[p]
            p += 1
            gain, drop = max(((g, d) for g, d in self.gain_rows(hand, [x])[0][1] if d not in held), default=(0, -1))
            if gain > 0:
                hand.remove(drop)
                hand.append(x)
        return hand

    def table_total(self, hand: Sequence[int]) -> float:
        """A hand's score by the table: its singles and every pair's term."""
        single, pair = self.single, self.pair
        return sum(single[c] + sum(map(pair[c].__getitem__, hand[i + 1:])) for i, c in enumerate(hand))

    def deck_draws(self, view: dict[str, Any]) -> list[int]:
        """Per seat, about how many single cards it has drawn from the deck in normal
        turns (its turns since its hand was full, less its share of the discard-area
        takes), read from the turn number: the view does not tell draws apart."""
        turn = int(view["turn"])  # the current turn, this seat's
        first = (self.me - turn + 1) % self.n
        out = []
        for s in range(self.n):
            done = sum(1 for j in range(1, turn) if (first + j - 1) % self.n == s)
            normal = done - min(done, self.size) if self.two else done
            takes = len(view["players"][s].get("taken", ()))
            share = round(takes * normal / done) if done else 0
            out.append(max(0, normal - share))
        return out

    def worth(self, hand: Sequence[int], x: int) -> int:
        """What ``x`` adds to ``hand`` by the synergy table."""
        return self.single[x] + sum(map(self.pair[x].__getitem__, hand))

    def mean_worth(self, hand: Sequence[int]) -> float:
        """What a random unseen card adds to ``hand``, by the table."""
        col = self.col
        return self.mean_single + sum(map(col.__getitem__, hand))

    def gain_rows(self, hand: Sequence[int], cands: Sequence[int]) -> list[tuple[int, list[tuple[int, int]]]]:
        """Per candidate, (gain, card to drop) of swapping it for each card of a full
        ``hand`` (in the hand's order), by the table."""
        single, pair = self.single, self.pair
        contrib = [(single[d] + sum(map(pair[d].__getitem__, hand)), d) for d in hand]
        out = []
        for y in cands:
            row = pair[y]
            add = single[y] + sum(map(row.__getitem__, hand))
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
    def draft_turn(self, seat: int, hand: list[int], area: list[int], deck: Deck) -> None:
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
        if take < 0 and deck.left < 2:
            take = max(area, key=lambda x: self.worth(hand, x), default=-1)
        if take >= 0:
            area.remove(take)
            hand.append(take)
            return
        if deck.left < 2:
            return
        a, b = deck.draw(seat), deck.draw(seat)
        if exact:
            keep_a = (self.exact([*hand, a]), -a) >= (self.exact([*hand, b]), -b)
        else:
            keep_a = self.worth(hand, a) >= self.worth(hand, b)
        hand.append(a if keep_a else b)
        area.append(b if keep_a else a)

    def full_turn(self, seat: int, hand: list[int], area: list[int], deck: Deck,
                  now: int, takes: bool = True, judged: set[int] | None = None) -> int:
        """A normal turn: take the area card whose swap gains (if ``takes``), else draw
        and keep the drawn card if its swap gains. A swap the table proposes is made
        only if the exact score rises (``now``: the seat's exact score before the turn,
        returned updated), for every seat alike: a seat whose simulated
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
                    return best
            if not deck.left:
                return now
            x = deck.draw(seat)
            best, drop = now, -1
            for d, _y in self.trials(hand, [x], 1):
                v = self.exact([c for c in hand if c != d] + [x])
                if v > best:
                    best, drop = v, d
            if drop >= 0:
                hand.remove(drop)
                hand.append(x)
                area.append(drop)
                return best
            area.append(x)
            return now
        for _g, d, y in (self.swaps(hand, area)[: 2 if exact else 1] if takes else ()):
            if exact:
                trial = [c for c in hand if c != d] + [y]
                v = self.exact(trial)
                if v <= now:
                    continue
                now = v
            _take(hand, area, d, y)
            return now
        if not deck.left:
            return now
        x = deck.draw(seat)
        got = self.swaps(hand, [x])
        if got:
            _g, d, _y = got[0]
            trial = [c for c in hand if c != d] + [x]
            v = self.exact(trial) if exact else now
            if not exact or v > now:
                hand[:] = trial
                area.append(d)
                return v
        area.append(x)
        return now

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
        self.ensure(k)
        deck = Deck(self.streams[k], len(self.ids))
        hands = [h[:] for h in self.hands[k]]
        area = a0[:]
        hand = h0[:]
        if root == "pair" and deck.left >= 2:
            x, y = deck.draw(self.me), deck.draw(self.me)
            keep_x = (self.exact([*h0, x]), -x) >= (self.exact([*h0, y]), -y)
            hand.append(x if keep_x else y)
            area.append(y if keep_x else x)
        elif root == "deck" and deck.left:
            self.full_turn(self.me, hand, area, deck, self.exact(hand), takes=False)
        elif g0 >= 0:
            area.append(g0)
        hands[self.me] = hand
        full = [len(h) >= self.size for h in hands]
        nows = [self.exact(h) if f and (s == self.me or self.opp_exact) else 0
                for s, (h, f) in enumerate(zip(hands, full))]
        judged: list[set[int] | None] = [None] * self.n  # area cards each seat's hand has passed over
        seat = self.me
        for _turn in range(4 * self.end_at + 4 * self.size):
            if self.ended(area, hands) or (self.horizon and all(full)):
                break
            seat = (seat + 1) % self.n
            h = hands[seat]
            if not full[seat]:
                self.draft_turn(seat, h, area, deck)
                if len(h) >= self.size:
                    full[seat] = True
                    nows[seat] = self.exact(h) if seat == self.me or self.opp_exact else 0
            else:
                before = nows[seat]
                nows[seat] = self.full_turn(seat, h, area, deck, before, judged=judged[seat])
                if self.take_cands:  # only the exact normal-turn model reads it
                    judged[seat] = set(area) if nows[seat] == before else None
        # a score tracked during the play is the exact score of the hand as it ended
        known = [full[s] and (s == self.me or self.opp_exact) for s in range(self.n)]
        scores = [nows[s] if known[s] else self.exact(hands[s]) for s in range(self.n)]
        return World(hands, area, deck.rest(), scores)

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
        w = Worlds(self, view, self.rng.next_u64())
        k = max(b.min_samples, (b.sims if w.drafting else b.full_sims) // max(1, len(options)))
        idx = w.syn.index
        prepared = [(o.root, [idx[c] for c in o.hand], [idx[c] for c in o.area], idx[o.given] if o.given else -1)
                    for o in options]
        default = max(range(len(options)), key=lambda i: (options[i].prior, -i))
        race = Race(len(options))
        alive = list(range(len(options)))
        rollouts, j = 0, 0
        while rollouts < k * len(options):
            race.add({i: w.rollout(j, *prepared[i], b.opp_weight) for i in alive})
            rollouts += len(alive)
            j += 1
            if time.perf_counter() - t0 > b.cap_s:
                break
            if b.race_z > 0 and len(alive) > 1 and j >= b.race_from:
                lead = max(alive, key=lambda i: (race.s[i], -i))
                alive = [i for i in alive if not race.beats(lead, i, b.race_z)]
        i = max(alive, key=lambda i: (race.s[i], -i))
        if (b.prior_z > 0 and i != default and default in alive and race.n > 1
                and not race.beats(i, default, b.prior_z)):
            i = default
        return options[i].line, race.s[i] / max(1, race.n)

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
            now = self.exact(view, kept)
            takes.append((now, Option(line, "", kept, rest, dropped, prior=now)))
        takes.sort(key=lambda t: (-t[0], t[1].line))
        options += [o for _n, o in takes[: self.budget.takes]]
        if not options:
            return super().choose_draw(view, legal, hand, slug)
        if self.budget.prior_z > 0 and options[0].root:
            # a blind draw as Medium reads it (sampling draws on the agent's generator,
            # so only when the prior is used)
            keep = self.limit(view)
            options[0].prior = (self.draw_two_value(view, hand) if drafting
                                else self.exact(view, hand) + 0.5 if len(hand) >= keep
                                else self.deck_value(view, hand, keep))
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
                    options.append(Option(line, "", [*hand, cid], area, given, self.exact(view, [*hand, cid])))
            return self.best(view, options)[0] if options else legal[0]
        lines = [line for line in legal if line.startswith("discard ")]
        if phase != "discard" or len(lines) != len(legal) or len(hand) != self.limit(view) + 1:
            return super().choose_drop(view, legal, hand, slug)
        options = []
        for line in lines:
            cid = slug[line.split()[1]]
            rest = [c for c in hand if c != cid]
            options.append(Option(line, "", rest, area, cid, self.exact(view, rest)))
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
