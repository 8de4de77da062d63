"""Hard Fantasy Realms agent: every draw, keep and discard is valued by the final
margin it leads to, over sampled worlds in which every seat plays the rest of the game.

A decision's options (draw from the deck, draw two, take a discard-area card, keep
one of two, discard a card) are each played forward in the same sampled worlds
(common random numbers, so the options differ by the decision and not by luck).

A world (``worlds.py``) fixes the other seats' hidden cards (beside the cards they
are known to have taken from the discard area), each hand sampled as a drafter would
have kept it and improved by the deck draws of the seat's normal turns and
``opp_climb`` more, the best of ``opp_best_of`` such hands by the synergy table (the
one fitted to Medium's hands, where a fit exists); and the order of the other unseen
cards, each seat drawing from its own stream of the deck, so that an option that
draws now does not hand every later card to the other seat.

In each world the option's own step is made, then every seat in turn plays until the
discard area ends the game: a draft pick takes the area card whose exact score
beats the hand's plus what a random card adds, else keeps the better of two drawn
by the exact score; a normal turn tries the few area cards the table ranks first,
each with the two drops it ranks first, by the exact score, else draws and keeps the
drawn card if a swap raises the exact score. The other seats play as carefully as
this one: a world where they spoiled their hands made long games look good.

An option's value is this seat's final score less ``opp_weight`` times the best
other score, so what a discard hands the next player and how the game's length helps
whom are counted where they happen. The option a greedy player would choose
(Medium's reading, the ``prior``) is kept unless another beats it by ``PRIOR_Z``
standard errors of the per-world difference (``race.py``): with a few dozen worlds an
option often leads only by luck.

The budget (``hard:sims=...,cap_s=...`` on command lines) is a number of rollouts per
decision, shared by the options, and a wall-clock cap; the worlds are played one at a
time for every option, so a capped decision still compares options on equal worlds.
Where a core is free a helper process plays every other world of the same worlds
(``workers``, ``game.ai.parallel``) and the results merge by world index, so at a
fixed budget the decision is the one made alone. What each choice was measured to be
worth, and the variants measured and dropped, are in ``docs/ai/fantasy_realms-notes.md``.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any

from game.ai.fantasy_realms.agents import FantasyAgent
from game.ai.fantasy_realms.race import Race
from game.ai.fantasy_realms.worlds import Worlds
from game.ai.parallel import discard, helpers, submit, usable
from game.fantasy_realms.optimal import best_total


@dataclass(frozen=True)
class Budget:
    sims: int = 960  # rollouts per decision, shared by its options (the cap ends most decisions first)
    min_samples: int = 24  # worlds per option at least (when the cap allows)
    takes: int = 3  # discard-area cards a draw decision plays forward
    cap_s: float = 0.8  # wall-clock cap per decision
    full_sims: int = 6400  # rollouts once no draft pick is left
    opp_weight: float = 1.0  # the value is own final score less this times the best other score
    opp_best_of: int = 4  # a sampled hidden hand is the best of this many by the table (see ``Worlds``)
    opp_climb: int = 15  # deck draws a sampled hidden hand replays beyond its seat's own normal turns
    workers: int = 2  # processes a decision's worlds are shared over, up to the cores (see ``parallel``)


PRIOR_Z = 1.0  # the greedy option stays unless another beats it by this many standard errors


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
        # every option plays every world, so the worlds split between processes and
        # their results merge by world index (the same sums as alone)
        for _j, vals in sorted(self.shared(helpers(b.workers), view, seed, w, prepared, k, deadline)):
            race.add(dict(enumerate(vals)))
        i = max(range(len(options)), key=lambda i: (race.s[i], -i))
        if i != default and race.n > 1 and not race.beats(i, default, PRIOR_Z):
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
        if options[0].root:
            # a blind draw as Medium reads it
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
