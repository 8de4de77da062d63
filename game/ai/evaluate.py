"""How good a position is for one seat: Hard's evaluation at the end of its rollouts.

The chance to win is ``sigmoid(w . x)``, where ``x`` compares the seat with its
strongest opponent: health (early and late in the game), every card each owns
(one weight per card id, early and late: the evaluation *learns what each card is
worth* from outcomes), the champions in play and what they can still absorb, the
race (turns each side needs to kill the other at its deck's pace) and who acts next.
The weights were fitted by logistic regression on positions of self-play games with
deliberately varied buying habits (``python -m game tune``, ``tune.py``); the
numbers live in ``eval_weights.py``. Every card file is covered: a card the weights
do not name counts through the aggregate features only.
"""

from __future__ import annotations

import math

from game.ai import cardvalue as cv
from game.ai.eval_weights import WEIGHTS
from game.hero_realms.state import GameState

Features = dict[str, float]


def _side(st: GameState, seat: int) -> tuple[dict[str, int], dict[str, int], float, float, float, int]:
    """(cards owned by id, champions in play by id, combat per hand, defense left, health, guards)."""
    p = st.players[seat]
    cid = st.cid
    inf = cv.infos(st.lib)
    owned: dict[str, int] = {}
    combat = 0.0
    n = 0
    for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
        for i in zone:
            c = cid[i]
            owned[c] = owned.get(c, 0) + 1
            info = inf[c]
            combat += (info.expend[1] if info.champion else info.primary[1]) + 0.5 * info.ally[1]
            n += 1
    champs: dict[str, int] = {}
    defense = 0.0
    guards = 0
    for i in p.champions:
        c = cid[i]
        champs[c] = champs.get(c, 0) + 1
        defense += st.cards[i].defense - st.damage[i]
        if st.cards[i].guard and not st.expended[i]:
            guards += 1
        combat += inf[c].expend[1]
    per_hand = 5.0 * combat / max(1, n)
    return owned, champs, per_hand, defense, float(st.health_of(seat)), guards


def stage(st: GameState) -> float:
    """0 at the start, 1 from the twelfth round on: from turns only, so that no move made
    within a turn shifts the early/late balance of the whole evaluation."""
    return max(0.0, min(1.0, (st.turn / max(1, st.n) - 1) / 11))


Side = tuple[dict[str, int], dict[str, int], float, float, float, int]


def _strength(side: Side) -> float:
    return side[4] + 3 * side[2]


def features(st: GameState, seat: int) -> Features:
    """Sparse features of ``seat`` against its strongest opponent."""
    opps = st.fmt.opponents(st, seat)
    if not opps:
        return {}
    them = max((_side(st, o) for o in opps), key=_strength)
    return pair_features(st, seat, _side(st, seat), them)


def pair_features(st: GameState, seat: int, me: Side, them: Side) -> Features:
    late = stage(st)
    early = 1.0 - late
    x: Features = {}
    dh = (me[4] - them[4]) / 50.0
    x["health"] = dh
    x["health_late"] = dh * late
    for ids, sign in ((me[0], 1.0), (them[0], -1.0)):
        for c, k in ids.items():
            x[f"early:{c}"] = x.get(f"early:{c}", 0.0) + sign * k * early
            x[f"late:{c}"] = x.get(f"late:{c}", 0.0) + sign * k * late
    for ids, sign in ((me[1], 1.0), (them[1], -1.0)):
        for c, k in ids.items():
            x[f"play:{c}"] = x.get(f"play:{c}", 0.0) + sign * k
    x["defense"] = (me[3] - them[3]) / 10.0
    x["guards"] = float(me[5] - them[5])
    my_turns = max(1.0, them[4]) / max(1.0, me[2])
    their_turns = max(1.0, me[4]) / max(1.0, them[2])
    x["race"] = math.log(their_turns / my_turns)
    x["to_act"] = 1.0 if seat in st.team_turn else -1.0
    return x


def position_score(st: GameState, seat: int, w: dict[str, float] = WEIGHTS) -> float:
    """The logit of ``seat``'s chance. Against several opponents, half against the
    strongest and half against them all on average, so that hurting any of them counts."""
    opps = st.fmt.opponents(st, seat)
    if not opps:
        return 0.0
    me = _side(st, seat)
    sides = [_side(st, o) for o in opps]
    if len(sides) == 1:
        return score(pair_features(st, seat, me, sides[0]), w)
    scores = [score(pair_features(st, seat, me, s), w) for s in sides]
    strongest = max(range(len(sides)), key=lambda i: _strength(sides[i]))
    return 0.5 * scores[strongest] + 0.5 * sum(scores) / len(scores)


def score(x: Features, w: dict[str, float] = WEIGHTS) -> float:
    return sum(w.get(k, 0.0) * v for k, v in x.items())


def win_chance(st: GameState, seat: int, w: dict[str, float] = WEIGHTS) -> float:
    """Estimated chance that ``seat`` (or its team) wins, from 0 to 1."""
    if st.phase == "over":
        won = st.winner
        return 1.0 if won == seat or (isinstance(won, tuple) and seat in won) else 0.0
    if not st.players[seat].alive:
        return 0.0
    z = position_score(st, seat, w)
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))
