"""The worlds a Hard decision is played forward in: the other seats' hidden hands
sampled as they could have come by them, a deck shuffled per seat, and the rest of the
game played by every seat with the synergy table and the exact scorer (see
``game.ai.fantasy_realms.hard`` for how the decisions read them)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai.fantasy_realms.agents import rulings_of
from game.ai.fantasy_realms.synergy import Synergy, synergy
from game.fantasy_realms.scoring import Table

if TYPE_CHECKING:
    from game.ai.fantasy_realms.hard import HardAgent

# the area cards a simulated normal turn tries by the exact score, those the table
# ranks first (the table's own proposals predicted 34% of Medium's takes, this 63%)
TAKE_CANDS = 3


class Deck:
    """A world's deck as the seats draw from it. Each seat reads its own stream (a
    shuffle of the deck's cards), skipping the cards already drawn: the next card a
    seat draws is still uniform among the cards left, as from a shuffled deck, but
    the options of a decision then share their luck. With one order for all seats,
    an option that draws now (a draw of two) shifts every later draw to the other
    seat, and the options' worlds are as unlike as if they were independent; with a
    stream per seat, this seat's later draws are the same cards in either option.
    Streams may be one list shared by all seats (the deck's own order: how a test cuts
    the deck where it likes)."""

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
        # a decision made while some seat still drafts (its worlds' rollouts are longest)
        self.drafting = self.two and any(int(p["hand_size"]) < self.size for p in view["players"])
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
        self.seed = seed
        self.memo: dict[tuple[int, ...], int] = {}
        # worlds are sampled when first played, each from its own generator (the seed
        # and its index): a capped decision plays far fewer than its budget allows,
        # and a helper process sharing the worlds samples only the ones it plays
        self.hands: dict[int, list[list[int]]] = {}  # per world, per seat (own seat empty)
        self.streams: dict[int, list[list[int]]] = {}  # per world, per seat: the deck's cards (see ``Deck``)

    def fix(self, k: int, hands: list[list[int]], streams: list[list[int]]) -> None:
        """Make world ``k`` the given one (the other seats' hands, each seat's deck
        stream) instead of a sampled one: how ``fidelity`` plays a known position."""
        self.hands[k] = hands
        self.streams[k] = streams

    def ensure(self, k: int) -> None:
        """Sample world ``k`` unless it exists."""
        if k in self.hands:
            return
        rnd, unseen = random.Random((self.seed << 24) + k), self.unseen
        others = [(self.me + i) % self.n for i in range(1, self.n)]
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
        self.hands[k] = hands
        mine = []
        for _s in range(self.n):
            mine.append(order[:])
            rnd.shuffle(mine[-1])
        self.streams[k] = mine

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
            gain, drop = max(((g, d) for g, d in self.syn.gain_rows(hand, [x])[0][1] if d not in held), default=(0, -1))
            if gain > 0:
                hand.remove(drop)
                hand.append(x)
        return hand

    def table_total(self, hand: Sequence[int]) -> float:
        """A hand's score by the table: its singles and every pair's term."""
        return self.syn.total(hand)

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

    def worth(self, hand: Sequence[int], x: int) -> float:
        """What ``x`` adds to ``hand`` by the synergy table."""
        return self.single[x] + sum(map(self.pair[x].__getitem__, hand))

    def mean_worth(self, hand: Sequence[int]) -> float:
        """What a random unseen card adds to ``hand``, by the table."""
        col = self.col
        return self.mean_single + sum(map(col.__getitem__, hand))

    # ---- one seat's turn in a world ---------------------------------------------------
    def draft_turn(self, seat: int, hand: list[int], area: list[int], deck: Deck) -> None:
        """A draft pick: the area card that beats a draw of two, else the better of two,
        for every seat alike. An area card is judged by its exact score against the
        hand's exact score plus what a random card adds by the table, as Medium judges
        it (77% of Medium's draft choices predicted, against 65% by the table alone)."""
        take = -1
        best: float = (self.exact(hand) if hand else 0) + self.mean_worth(hand)
        for x in area:
            v = self.exact([*hand, x])
            if v > best:
                take, best = x, v
        if take < 0 and deck.left < 2:
            take = max(area, key=lambda x: self.worth(hand, x), default=-1)
        if take >= 0:
            area.remove(take)
            hand.append(take)
            return
        if deck.left < 2:
            return
        a, b = deck.draw(seat), deck.draw(seat)
        keep_a = (self.exact([*hand, a]), -a) >= (self.exact([*hand, b]), -b)
        hand.append(a if keep_a else b)
        area.append(b if keep_a else a)

    def full_turn(self, seat: int, hand: list[int], area: list[int], deck: Deck,
                  now: int, takes: bool = True, judged: set[int] | None = None) -> int:
        """A normal turn, for every seat alike (a seat whose simulated play spoils its
        hands would make a long game look good for the others): if ``takes``, the
        exact scorer tries the ``TAKE_CANDS`` area cards the table ranks first, each
        with the two drops it ranks first, whatever gain the table gives them, among
        the cards not already ``judged`` against this hand (a greedy seat that left a
        card there last turn would leave it again), and takes the best if the exact
        score rises (``now``: the seat's exact score before the turn, returned
        updated); else a drawn card is tried with the two drops the table ranks first."""
        if takes:
            fresh = [y for y in area if judged is None or y not in judged]
            best, move = self.best_move(hand, self.trials(hand, fresh, TAKE_CANDS), now)
            if move is not None:
                _take(hand, area, *move)
                return best
        return self.deck_turn(seat, hand, area, deck, now, 2)

    def deck_turn(self, seat: int, hand: list[int], area: list[int], deck: Deck, now: int, drops: int) -> int:
        """Draw the top card and keep it if a swap for one of the ``drops`` cards the
        table ranks first as drops raises the exact score (the best of them); else
        discard it. Returns the seat's exact score after the turn."""
        if not deck.left:
            return now
        x = deck.draw(seat)
        best, move = self.best_move(hand, self.trials(hand, [x], 1, drops), now)
        if move is not None:
            hand.remove(move[0])
            hand.append(x)
            area.append(move[0])
            return best
        area.append(x)
        return now

    def best_move(self, hand: Sequence[int], moves: Sequence[tuple[int, int]],
                  now: int) -> tuple[int, tuple[int, int] | None]:
        """The (drop, take) of ``moves`` whose hand scores best by the exact score, and
        that score, if it beats ``now`` (else ``now`` and None)."""
        best, move = now, None
        for d, y in moves:
            v = self.exact([c for c in hand if c != d] + [y])
            if v > best:
                best, move = v, (d, y)
        return best, move

    def trials(self, hand: Sequence[int], cands: Sequence[int], k: int, drops: int = 2) -> list[tuple[int, int]]:
        """(card to drop, card taken): the ``k`` candidates the table ranks first, each
        with the ``drops`` drops it ranks first for it, best first (gains below 0
        included: the table misses many swaps the exact score makes)."""
        ranked = []
        for y, gains in self.syn.gain_rows(hand, cands):
            top = sorted(((g, -d) for g, d in gains), reverse=True)[:drops]
            ranked.append((top[0][0], -y, [-d for _g, d in top]))
        ranked.sort(reverse=True)
        return [(d, -neg_y) for _g, neg_y, ds in ranked[:k] for d in ds]

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
        nows = [self.exact(h) if f else 0 for h, f in zip(hands, full)]
        judged: list[set[int] | None] = [None] * self.n  # area cards each seat's hand has passed over
        seat = self.me
        for _turn in range(4 * self.end_at + 4 * self.size):
            if self.ended(area, hands):
                break
            seat = (seat + 1) % self.n
            h = hands[seat]
            if not full[seat]:
                self.draft_turn(seat, h, area, deck)
                if len(h) >= self.size:
                    full[seat] = True
                    nows[seat] = self.exact(h)
            else:
                before = nows[seat]
                nows[seat] = self.full_turn(seat, h, area, deck, before, judged=judged[seat])
                judged[seat] = set(area) if nows[seat] == before else None
        # a score tracked during the play is the exact score of the hand as it ended
        scores = [nows[s] if full[s] else self.exact(hands[s]) for s in range(self.n)]
        return World(hands, area, deck.rest(), scores)

    def rollout(self, k: int, root: str, h0: list[int], a0: list[int], g0: int, weight: float) -> float:
        """One world's final score after an option (see ``play``), less ``weight``
        times the best other seat's."""
        end = self.play(k, root, h0, a0, g0)
        mine = end.scores[self.me]
        if not weight or self.n < 2:
            return float(mine)
        return mine - weight * max(x for s, x in enumerate(end.scores) if s != self.me)


def _take(hand: list[int], area: list[int], drop: int, card: int) -> None:
    """Take ``card`` from the discard area into ``hand`` and put ``drop`` there instead."""
    hand.remove(drop)
    hand.append(card)
    area.remove(card)
    area.append(drop)
