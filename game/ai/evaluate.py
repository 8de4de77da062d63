"""How good a position is for one seat: Hard's evaluation at the end of its rollouts.

A position is reduced to a few features per player (health, what an average hand of
their deck yields in gold, combat, health and cards, their champions in play, the
race: how many turns each side needs to kill the other) and scored as the chance to
win, ``sigmoid(w . (mine - strongest opponent's))``. The weights ``W`` were fitted by
logistic regression on positions of self-play games (``python -m game tune``, see
``tune.py``); the numbers live in ``eval_weights.py``.
"""

from __future__ import annotations

import math

from game.ai import cardvalue as cv
from game.ai.eval_weights import W
from game.hero_realms.state import GameState

_DECK = ("gold_hand", "combat_hand", "heal_hand", "draw_hand", "utility_hand")
FEATURES = (
    ("health",) + tuple(f"{f}_early" for f in _DECK) + tuple(f"{f}_late" for f in _DECK)
    + ("champ_output", "champ_defense", "guards", "deck_size", "race", "to_act")
)


def player_features(st: GameState, seat: int) -> list[float]:
    """Raw features of one player (before differences)."""
    p = st.players[seat]
    if not p.alive:
        return [0.0] * 10
    inf = cv.infos(st.lib)
    cid = st.cid
    cards = st.cards
    faction_count: dict[str, int] = {}
    owned: list[cv.CardInfo] = []
    for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
        for i in zone:
            info = inf[cid[i]]
            owned.append(info)
            faction_count[info.faction] = faction_count.get(info.faction, 0) + 1
    n = max(1, len(owned))
    g = c = h = d = u = 0.0
    for info in owned:
        frac = faction_count.get(info.faction, 0) / n if info.faction != "none" else 0.0
        ap = 1.0 - (1.0 - frac) ** 4
        base = info.expend if info.champion else info.primary
        g += base[0] + ap * info.ally[0]
        c += base[1] + ap * info.ally[1] + 0.3 * info.sacrifice[1]
        h += base[2] + ap * info.ally[2]
        d += base[3] + ap * info.ally[3]
        u += base[4] + ap * info.ally[4]
    k = 5.0 / n
    out_c = out_g = defense = 0.0
    guards = 0
    for i in p.champions:
        info = inf[cid[i]]
        out_c += info.expend[1] + info.ally[1] * 0.5
        out_g += info.expend[0]
        defense += cards[i].defense - st.damage[i]
        if cards[i].guard:
            guards += 1
    return [
        st.health_of(seat) / 50.0, g * k, c * k, h * k, d * k, u * k,
        out_c + out_g, defense / 10.0, float(guards), n / 10.0,
    ]


def _hand_damage(f: list[float]) -> float:
    """Damage per turn a player's deck deals: its hand, draws and champions in play."""
    return f[2] * (1 + 0.2 * f[4]) + f[6]


def features(st: GameState, seat: int) -> list[float]:
    """Features of ``seat`` against its strongest opponent."""
    mine = player_features(st, seat)
    opps = [o for o in st.fmt.opponents(st, seat)]
    if not opps:
        return [0.0] * len(FEATURES)
    best: list[float] | None = None
    best_strength = -1e9
    for o in opps:
        f = player_features(st, o)
        strength = f[0] * 50 + 4 * _hand_damage(f) + 2 * f[1]
        if strength > best_strength:
            best, best_strength = f, strength
    assert best is not None
    diff = [a - b for a, b in zip(mine, best)]
    late = cv.progress(st)
    early = 1.0 - late
    deck = diff[1:6]
    diff = [diff[0]] + [early * x for x in deck] + [late * x for x in deck] + diff[6:]
    my_turns = best[0] * 50 / max(1.0, _hand_damage(mine))  # turns I need to kill them
    their_turns = mine[0] * 50 / max(1.0, _hand_damage(best))
    race = math.log(max(0.25, their_turns) / max(0.25, my_turns))
    to_act = 1.0 if seat in st.team_turn else -1.0
    return diff + [race, to_act]


def win_chance(st: GameState, seat: int) -> float:
    """Estimated chance that ``seat`` (or its team) wins, from 0 to 1."""
    if st.phase == "over":
        w = st.winner
        if w == seat or (isinstance(w, tuple) and seat in w):
            return 1.0
        return 0.0
    if not st.players[seat].alive:
        return 0.0
    x = features(st, seat)
    z = W[0] + sum(wi * xi for wi, xi in zip(W[1:], x))
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))
