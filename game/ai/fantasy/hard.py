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
area cards the same hand already passed over (``late_take_cands`` sets it for
decisions made once no draft pick is left, where the game's remaining length, which
the seats' takes set, decides whether drawing to end it or taking to stretch it
pays). It costs worlds: at a smaller budget, on the same 50 deals (both seats, 100
games against Medium), it won 0.48 (margin +7.6) in draft decisions against 0.54
(+7.5) for the exact draft takes alone. But measured directly, it is the closer
model by far, and with a budget that lets every decision use its cap it is what
made Hard win 0.625 over 400 games (see the end of this docstring): it is on in
every decision.

An option's value is this seat's final score less ``opp_weight`` times the best
other score, so what a discard hands the next player, and how the game's length
helps whom, are counted where they happen rather than estimated. With ``value_scale``
the margin can be squashed (``tanh(margin / value_scale)``, nearer a win or a loss);
measured over 400 games against Medium that did not help (0.5525 at 12; 0.55
[0.501, 0.598] at 30, seed 2545, margin +4.1; against 0.570 and 0.5875 for the raw
margin), so the raw margin is the default. Nor does another weight on the other
seat's score pay (400 games each against Medium):
``opp_weight`` 0.5 won 0.5275 [0.4785, 0.5759] (seed 2043, margin +3.82) and 1.5
won 0.565 [0.516, 0.6127] (seed 2044, margin +5.05), against about 0.57 (+8) at 1.

The budget (``hard:sims=...,cap_s=...`` on command lines) is a number of rollouts per
decision, shared by the options, and a wall-clock cap: the worlds are played one at
a time for every option, so a capped decision still compares options on equal worlds.

Within the cap a decision sees a few dozen worlds in the draft, and one world's
difference between two options has a standard deviation of 25-40 points: an option
often leads only by luck. So the option a greedy player would choose (Medium's
reading: the best exact score now, a blind draw at its sampled worth) is kept unless
another beats it by ``prior_z`` standard errors of the per-world difference. One
standard error is the default: over 400 games against Medium, ``prior_z`` 2 won
0.5587 [0.5098, 0.6066] (seed 2345, margin +4.52) and 0.5 won 0.545 [0.496, 0.5931]
(seed 2445, margin +2.38), against about 0.57 (+8) at 1. And each
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
So a decision shares its worlds with a helper process where a core is free
(``workers``, see ``game.ai.parallel``): the helper plays every other world of the
same sampled worlds (each world is sampled from the seed and its index) and the
results merge by world index, so at a fixed budget the decision is the one made
alone (two fixed-budget games: the same 113 actions, in 29.2 s against 42.9 s). On
66 decisions of a Medium game the shared decisions played a median of 139.5 worlds
against 74.5 alone. But over 400 games against Medium (seed 2039, ``--jobs 1``,
before worlds had their own generators: a median of 130 against 63.5 worlds) Hard
won 0.57 [0.521, 0.6176], mean margin +8.09, p99 973 ms: no more than alone (0.5675,
+8.4). Past 0.8 s of one core, more worlds no longer make Hard stronger; what is
left is the model the worlds are played with. Inside a tournament's parallel jobs
there is no helper: ``--jobs 1`` gives Hard its helper.

The worlds underrate how often the next seat takes the card an option hands it: over
6 games against Medium (normal phase, 46 of Hard's discards) they predicted 11% of
those cards taken, Medium took 20%; its sampled hand judged the gift by the table's
proposals. With ``feed_drops`` the next seat's first normal turn tries the gift with
the table's first drops by the exact score (3 drops: predicted 27%, taken 21%, at
about 9% fewer worlds in normal-phase decisions). But over 400 games against Medium
(seed 2040) Hard won 0.5025 [0.4537, 0.5512], mean margin -1.63, p99 931 ms, against
0.5675 and +8.4 without: a gift judged more closely than every other area card makes
Hard shy of discards the rest of the model does not weigh alike, so it is off.
Nor does knowing the other seat's hand help by much: told Medium's real hand, Hard
won 0.55 against 0.583 on the same 60 deals (cap 0.4 s), its mean margin 1.8 points
higher with a standard error of 7.7 (a game's margin has a spread of 55 points).

Where the gain comes from, measured by letting Hard search in one phase only and
make Medium's choices in the other (400 games each against Medium, seed 2042, one
process each): searching only the draft won 0.52 [0.4711, 0.5685] (margin +2.54),
searching only once the hands are full 0.51 [0.4611, 0.5587] (+1.17), against about
0.57 (+8) for both: no single phase holds the gap, and the parts add up to less
than the whole (within the runs' noise). Nor do Medium's cheap readings leave much
to a better greedy player: a Medium that reads a blind draw at its exact mean over
every unseen card (a normal turn's best hand with each card, against its hand now
plus 0.5) won 0.5065 (margin +0.14) over 2000 games against Medium, and one that
reads a draft's draw of two as the exact mean of the better of every pair (against
eight samples plus a little) 0.513 (+0.41); both within one standard error (0.011)
of even, so neither is worth a prior. A Medium that also weighs what a discard
(or the card a draw of two puts down) adds to the cards the other seat is known to
hold lost: 0.479 (margin -1.55) over 2000 games with a quarter of that gain counted,
0.36 (-15.7) with all of it; so the greedy default does not try to deny either.
Nor does a greedy reading of a hand's prospects (1000 games each against Medium on
the same deals, where Medium against itself scores exactly 0.5 and +0.0): adding to a
full hand's value its one-draw potential by the table (the mean gain of the best swap
of an unseen card) times half the discards left won 0.369 (margin -14.5) at weight 1,
0.505 (-1.16) at 0.2 and 0.481 (-2.14) at -0.3; adding to a draft hand half the picks
left times the mean pair term of its cards with the unseen ones won 0.478 (-1.44); a
draw of two read with a bonus of 0.5 or 0 times the root of its value (Medium: 0.25)
won 0.484 (-1.31) and 0.474 (-1.98). None of these nearby readings beats Medium's,
so the prior stays Medium's.

How far one 400-game run can be trusted: the default itself, replayed on a fresh
seed (2645, 400 games), won 0.5288 [0.4798, 0.5772] (margin +3.02, p99 921 ms) against 0.5675-0.5875
in five earlier runs: over six runs about 0.565, and a single 400-game run of a
variant is within the runs' own spread unless it moves by more than 4 points.

What the worlds' play is worth on its own: a seat that makes, from its own view,
the choices a world makes for it (its exact draft picks, the table's proposals
checked by the exact score in normal turns) won 0.279 over 2000 games against
Medium (margin -25.2). With Medium's normal turns it won 0.486 (-0.8, 1000 games),
with Medium's draft 0.254 (-27.6): the simulated normal turn is the weak part, and
Hard's worlds play both seats at that level. Trying a drawn card against every
drop by the exact score (not the table's best drop alone) lifts it to 0.35 (600
games), adding the table's first three area cards with two drops each to 0.405,
every area card and drop (Medium's own turn, near enough) to 0.477. The exact
scores are the price: 95% of a cold exact score's time goes to hands holding a wild
card or the Book of Changes (whose choices take 7 to 27 times a plain hand's
time), and three exact drops per draw for every seat (``deck_drops``,
``opp_deck_drops``) halve a draft decision's worlds (a median of 10 against 18.5 over
20 decisions); in a later decision's short worlds they would cost most of them, so
they apply to draft decisions only. Given the worlds back (a draft decision's cap
raised to 1.6 s, later ones at 0.8 s), three exact drops for both seats won 0.565
over 400 games against Medium (226 of 400, seeds 2045 and 2145, 200 games each,
margin +7.35), no more than the default's 0.57: a slightly closer normal turn does
not pay, so they are off. A much faster exact scorer is what a model as close as
Medium's own turn would need. Where its time goes (4000 random base hands, cold, the
AI's budget: 0.19 ms a hand against 0.55 exhaustive): hands with the Book of Changes
alone are 7.7% of hands at 1.04 ms each, 27% of the time, and with another choice
card 1.3-2.4 ms; plain hands (47%) take 0.034 ms. A smaller budget (40 or 20) saves
about 11%: the Book's own options, not their combinations, are what to prune.

At a normal-phase draw decision a take option's hand is the best of every drop by
the exact score, but the deck option's own draw was judged by the table's single
proposal: a bias against drawing. With ``root_drops`` the drawn card is tried with
that many drops by the exact score, as a take is; on 29 recorded decisions 8 drops
changed 2, both toward the deck. Over 400 games against Medium (seed 2245) Hard
won 0.5325 [0.4835, 0.5809] (213 of 400), margin +8.05, p99 916 ms: no more than
the default's ~0.57 (+8), so it is off.

The synergy table's pair scores, read from two-card hands, misread many cards in a
hand of seven, so the worlds' seats proposed swaps Medium would not make. Fitted to
the exact scores of the hands Medium holds in its own games and of their one-card
changes (``pairfit.py``, ``python -m game fantasy-tune``; ``pair_fit``), the table's
squared error on the hands of 50 held-out games fell from 1677 to 504, and the
worlds' normal turn made Medium's own choice at 81% of its decisions against 76%
(its takes: 55% against 42%, measured on 100 other games). Over 400 games against
Medium (seed 2745) Hard with a fit made the same way on other games won 0.5625
[0.5135, 0.6103], margin +8.99, p99 898 ms: no more than without it (about 0.565,
+8), and no less. It is on, as the closer model and the one the next measurement
used.

The budget, more than the cap, ends most decisions: with ``sims`` 240 and
``full_sims`` 1600 a draft decision plays a median of 60 worlds an option and a
later one 200 (3 games, one process), exactly the budget shared by the options,
at p50 550 ms (with ``sims`` 480 and ``full_sims`` 3200: 72 and 400, the later
decisions still at their budget). With ``hard:sims=960,full_sims=6400`` (and the
fit) the median decision runs to the cap (804 ms over 4 games), and Hard won 0.60
[0.5513, 0.6468] over 400 games against Medium (seed 2845, 240 of 400, margin
+11.28), at p50 805 ms but p99 1202 ms (max 1485, 11,091 decisions), past the 1.0 s
the other Hard agents keep. That tail was the garbage collector: the scorer's memo
(200,000 hands, full after a few games of a tournament job) was keyed by Table
objects, 813,000 tracked objects in all, and each full collection took 300 ms in
the middle of some decision. Keyed by plain tuples (``optimal._table_key``) it
holds 13,000 and a full collection takes 55 ms (after filling the memo, 4 games,
two processes: the longest decision 854 ms against 1022). Replayed with that fix
on a fresh seed (2945), the same budget won 0.5625 [0.5135, 0.6103] (225 of 400,
margin +8.06) at p50 805 ms, p99 851 ms, max 922 (11,045 decisions): 465 of 800
over both runs, 0.58, within the runs' spread of the default's 0.565, while every
decision takes the whole cap. Twice those worlds, with the helper process
(``--jobs 1``, ``hard:sims=1920,full_sims=12800``, 200 games, seed 3045), won 0.565
[0.4957, 0.6318] (113 of 200, margin +11.82, p99 867 ms): more worlds still do not
buy the missing points with the model as it was then.

How closely the worlds play is measured directly (``fidelity.py``, ``python -m
game fantasy-fidelity``): positions of Medium's games played on by Medium itself and
by the worlds' model, from the true hands, and the mean margins compared. On 200
positions of 100 games (``--games 100 --seed 410000``: 40 Medium rollouts and 60
worlds each), with the table's proposals alone for the normal turns the model's
value was off by a systematic 18.9 points (the spread beyond the rollouts' noise of
7.2) where both hands are first full and by 17.1 with five discards or fewer left;
with the exact take model (``take_cands`` 3), 11.7 and 14.0, at 3.0 ms a cold world
against 0.74. (With the same method on other positions: three exact drops per deck
draw, ``deck_drops``, gave 14.7 and 14.3 with all seven drops at 6.6 ms; a take
held to 3 points over the hand's score, 14.1 and 13.9: the takes the table misses
are most of the error.) In real decisions the scorer's memo is warm and the cost is
lower: a draft decision's worlds fell from a median of 60 to 29 and a later one's
from 200 to 157 (3 games at the old budget).

With the exact take model in every decision (``take_cands`` and
``late_take_cands`` 3) and the budget that lets every decision use its cap (``sims``
960, ``full_sims`` 6400), Hard won 0.625 [0.5766, 0.671] over 400 games against
Medium (seed 3145, 250 of 400, mean margin +17.06, against +8 to +12 for every
earlier configuration) at p50 807 ms, p99 897 ms, max 1029 ms (11,131 decisions;
a turn's two decisions p99 1724 ms). Replayed on a fresh seed (3245, 200 games) it
won 0.61 [0.5409, 0.6749] (122 of 200, margin +14.36, p99 895 ms): 372 of 600 over
both runs, 0.62. That is the default.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any

from game.ai.fantasy.agents import FantasyAgent
from game.ai.fantasy.race import Race
from game.ai.fantasy.worlds import Worlds
from game.ai.parallel import discard, helpers, submit, usable
from game.fantasy_realms.optimal import best_total


@dataclass(frozen=True)
class Budget:
    sims: int = 960  # rollouts per decision, shared by its options (the cap ends most: see above)
    min_samples: int = 24  # worlds per option at least (when the cap allows)
    takes: int = 3  # discard-area cards a draw decision plays forward
    cap_s: float = 0.8  # wall-clock cap per decision
    exact_picks: int = 2  # own draft candidates a rollout step scores exactly (0: the synergy table alone)
    full_sims: int = 6400  # rollouts once no draft pick is left
    opp_weight: float = 1.0  # the value is own final score less this times the best other score
    draft_bonus: float = 3.0  # what a draw of two is worth above one random card, in a simulated draft
    opp_exact: int = 1  # the other seats' simulated swaps and picks are checked by the exact scorer too
    value_scale: float = 0.0  # >0: a world is worth tanh(margin / this), near its win or loss; 0: the margin
    exact_takes: int = 1  # simulated draft takes judged by the exact scorer (0: by the synergy table)
    take_bar: float = 0.0  # with exact_takes: what an area card must add beyond a random card's table worth
    take_cands: int = 3  # >0: simulated normal-turn takes try this many area cards exactly (0: the table's two best gains)
    late_take_cands: int = 3  # the same, in the worlds of a decision made once no draft pick is left
    prior_z: float = 1.0  # >0: keep the greedy option unless another beats it by this many standard errors
    opp_best_of: int = 4  # a sampled hidden hand is the best of this many by the table (see ``Worlds``)
    opp_climb: int = 15  # deck draws a sampled hidden hand replays beyond its seat's own normal turns
    race_z: float = 0.0  # >0: an option beaten by this many standard errors stops being played (see ``best``)
    race_from: int = 10  # worlds every option plays before any is dropped
    streams: int = 1  # 1: each seat draws from its own shuffle of a world's deck (see ``Deck``); 0: one shared order
    draft_horizon: int = 0  # 1: a world of a draft decision ends when every hand is full (see ``Worlds.play``)
    feed_drops: int = 0  # >0: the next seat's first normal turn tries the card just given with this many drops
    deck_drops: int = 0  # >0: in a draft decision's worlds, this seat's deck draws try this many drops exactly (0: the table's best)
    opp_deck_drops: int = 0  # the same for the other seats' simulated deck draws
    root_drops: int = 0  # >0: a deck-draw option's own draw tries this many drops by the exact score (0: the table's best)
    pair_fit: int = 1  # 1: the synergy table with the fit for the game's card set (see ``synergy.py``), where one exists
    workers: int = 2  # processes a decision's worlds are shared over, up to the cores (see ``parallel``)


@dataclass
class Option:
    """One option of a decision, as the worlds play it forward (see ``Worlds.rollout``)."""

    line: str
    root: str  # "": ``hand`` is the result; "pair": draw two first; "deck": draw one first
    hand: list[str]
    area: list[str]
    given: str = ""  # the card this option puts in the discard area
    prior: float = 0.0  # what a greedy player (Medium) reads it worth: the highest is the default


Prepared = tuple[str, list[int], list[int], int]  # an option in table indices: root, hand, area, given
LATE_S = 0.15  # how long past the deadline a helper's worlds are waited for


def play_worlds(w: Worlds, prepared: Sequence[Prepared], js: range, deadline: float, weight: float,
                at_least_one: bool = False) -> list[tuple[int, list[float]]]:
    """Every option played in worlds ``js`` until the deadline: (world, values)."""
    out: list[tuple[int, list[float]]] = []
    for j in js:
        if time.monotonic() > deadline and not (at_least_one and not out):
            break
        out.append((j, [w.rollout(j, *p, weight) for p in prepared]))
    return out


def play_share(budget: Budget, view: dict[str, Any], seed: int, prepared: list[Prepared], js: range,
               deadline: float) -> list[tuple[int, list[float]]]:
    """A helper process's share of a decision's worlds: the same worlds (each sampled
    from the seed and its index), the ones of ``js``."""
    w = Worlds(HardAgent(0, budget), view, seed)
    return play_worlds(w, prepared, js, deadline, budget.opp_weight)


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
        deadline = time.monotonic() + b.cap_s
        seed = self.rng.next_u64()
        w = Worlds(self, view, seed)
        k = max(b.min_samples, (b.sims if w.drafting else b.full_sims) // max(1, len(options)))
        idx = w.syn.index
        prepared = [(o.root, [idx[c] for c in o.hand], [idx[c] for c in o.area], idx[o.given] if o.given else -1)
                    for o in options]
        default = max(range(len(options)), key=lambda i: (options[i].prior, -i))
        race = Race(len(options))
        alive = list(range(len(options)))
        if b.race_z <= 0:
            # every option plays every world, so the worlds split between processes
            # and their results merge by world index (the same sums as alone)
            for _j, vals in sorted(self.shared(helpers(b.workers), view, seed, w, prepared, k, deadline)):
                race.add(dict(enumerate(vals)))
        else:
            rollouts, j = 0, 0
            while rollouts < k * len(options):
                race.add({i: w.rollout(j, *prepared[i], b.opp_weight) for i in alive})
                rollouts += len(alive)
                j += 1
                if time.monotonic() > deadline:
                    break
                if len(alive) > 1 and j >= b.race_from:
                    lead = max(alive, key=lambda i: (race.s[i], -i))
                    alive = [i for i in alive if not race.beats(lead, i, b.race_z)]
        i = max(alive, key=lambda i: (race.s[i], -i))
        if (b.prior_z > 0 and i != default and default in alive and race.n > 1
                and not race.beats(i, default, b.prior_z)):
            i = default
        return options[i].line, race.s[i] / max(1, race.n)

    def shared(self, pool: Pool | None, view: dict[str, Any], seed: int, w: Worlds, prepared: list[Prepared],
               k: int, deadline: float) -> list[tuple[int, list[float]]]:
        """Worlds ``0 .. k-1`` played by this process and the pool's helpers (none: by this
        process alone), each taking every ``ways``-th world, until the deadline; a
        helper that answers late (still starting, or slowed) adds nothing, one that
        fails is dropped from then on."""
        if pool is None:
            return play_worlds(w, prepared, range(k), deadline, self.budget.opp_weight, at_least_one=True)
        ways = usable(self.budget.workers)
        tasks = [submit(pool, play_share, (self.budget, view, seed, prepared, range(r, k, ways), deadline))
                 for r in range(1, ways)]
        got = play_worlds(w, prepared, range(0, k, ways), deadline, self.budget.opp_weight, at_least_one=True)
        for t in tasks:
            if t is None:
                continue
            try:
                got += t.get(timeout=max(0.0, deadline - time.monotonic()) + LATE_S)
            except mp.TimeoutError:
                pass
            except Exception:  # noqa: BLE001 - a failed helper must not lose the decision
                discard(pool)
        return got

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
