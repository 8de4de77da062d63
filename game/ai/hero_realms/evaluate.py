"""How good a position is for one seat: Hard's evaluation at the end of its rollouts.

The chance to win is ``sigmoid(w . x)``, where ``x`` compares the seat's side (its
team, on the scale of one player) with its strongest opposing side: health (early and late in the game), every card each owns
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

from game.ai.hero_realms import cardvalue as cv
from game.ai.hero_realms.eval_weights import WEIGHTS
from game.hero_realms.state import GameState

Features = dict[str, float]


Side = tuple[dict[str, float], dict[str, float], float, float, float, float]


def _side(st: GameState, team: tuple[int, ...]) -> Side:
    """One side of the table: (cards owned by id, champions in play by id, combat per
    hand, defense left, health, prepared guards). A team's cards and champions are
    averaged over its living members, so a side is on the scale of one player; its
    health is the one that decides its fate (an Emperor's, a shared pool, a player's)."""
    cid = st.cid
    inf = cv.infos(st.lib)
    members = [s for s in team if st.players[s].alive] or list(team)
    k = 1.0 / len(members)
    owned: dict[str, float] = {}
    champs: dict[str, float] = {}
    per_hand = defense = guards = 0.0
    for seat in members:
        p = st.players[seat]
        combat = 0.0
        n = 0
        for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
            for i in zone:
                c = cid[i]
                owned[c] = owned.get(c, 0.0) + k
                info = inf[c]
                combat += (info.expend[1] if info.champion else info.primary[1]) + 0.5 * info.ally[1]
                n += 1
        for i in p.champions:
            c = cid[i]
            champs[c] = champs.get(c, 0.0) + k
            defense += k * (st.cards[i].defense - st.damage[i])
            if st.cards[i].guard and not st.expended[i]:
                guards += k
            combat += inf[c].expend[1]
        per_hand += k * 5.0 * combat / max(1, n)
    # An Emperor's fall ends the game, but every member's health counts too (a fallen
    # commander opens the way to his Emperor): half each. One player: their health.
    keys = [s for s in team if st.fmt.role(s) == "emperor"] or members
    key = min(st.health_of(s) for s in keys)
    mean = sum(max(0, st.health_of(s)) if st.players[s].alive else 0 for s in team) / len(team)
    return owned, champs, per_hand, defense, 0.5 * key + 0.5 * mean, guards


def stage(st: GameState) -> float:
    """0 at the start, 1 from the twelfth round on: from turns only, so that no move made
    within a turn shifts the early/late balance of the whole evaluation."""
    return max(0.0, min(1.0, (st.turn / max(1, st.n) - 1) / 11))


def _strength(side: Side) -> float:
    return side[4] + 3 * side[2]


def _sides(st: GameState, seat: int) -> tuple[Side, list[Side]]:
    """``seat``'s side (its team) and every opposing team still in the game."""
    fmt = st.fmt
    mine = fmt.team_of(st.n, seat)
    enemies = [t for t in fmt.teams(st.n)
               if any(st.players[s].alive for s in t) and fmt.is_opponent(st, seat, t[0])]
    return _side(st, mine), [_side(st, t) for t in enemies]


def features(st: GameState, seat: int) -> Features:
    """Sparse features of ``seat``'s side against its strongest opponent."""
    me, them = _sides(st, seat)
    if not them:
        return {}
    return pair_features(st, seat, me, max(them, key=_strength))


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
    x["guards"] = me[5] - them[5]
    my_turns = max(1.0, them[4]) / max(1.0, me[2])
    their_turns = max(1.0, me[4]) / max(1.0, them[2])
    x["race"] = math.log(their_turns / my_turns)
    x["to_act"] = 1.0 if seat in st.team_turn else -1.0
    return x


def position_score(st: GameState, seat: int, w: dict[str, float] = WEIGHTS) -> float:
    """The logit of ``seat``'s chance. Against several opponents, half against the
    strongest and half against them all on average, so that hurting any of them counts."""
    me, sides = _sides(st, seat)
    if not sides:
        return 0.0
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
    if not any(st.players[s].alive for s in st.fmt.team_of(st.n, seat)):
        return 0.0
    z = position_score(st, seat, w)
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))
