"""A fast scripted policy for ``sim`` and ``bench``: sensible, cheap, not clever.

It plays every card, uses every expend and ally ability, buys the most expensive
card it can afford (champions first on ties), stuns what it can stun when guards
are in the way, hits the opponent with the rest, and answers every prompt with a
simple rule. It reads the state directly because it is a test driver of the
engine, not a player: the AI agents in ``game/ai`` play from views only.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.hero_realms.actions import END, Action
from game.hero_realms.state import GameState

_CHEAP_FIRST = {"gold": 0, "dagger": 1, "shortsword": 2, "ruby": 3}


def _card_value(st: GameState, card: str) -> int:
    c = st.lib[card]
    return c.cost * 2 + (1 if c.is_champion else 0)


def _answer(st: GameState, acts: list[Action], rng: Rng) -> Action:
    pr = st.pending
    assert pr is not None
    kind = pr.kind
    if kind in ("discard", "forced_discard"):
        return min(acts, key=lambda a: _card_value(st, a.card or ""))
    if kind == "select" and pr.zone == "hand+discard":
        starters = [a for a in acts if a.card in _CHEAP_FIRST]
        return min(starters, key=lambda a: _CHEAP_FIRST[a.card or ""]) if starters else acts[-1]
    if kind == "select":
        real = [a for a in acts if a.verb == "select"]
        return max(real, key=lambda a: _card_value(st, a.card or ""))
    if kind == "target_opponent":
        return min(acts, key=lambda a: st.health_of(a.seat or 0))
    if kind == "target_champion":
        real = [a for a in acts if a.verb == "target"]
        return max(real, key=lambda a: _card_value(st, a.card or "")) if real else acts[-1]
    if kind == "choose_one":
        return acts[rng.below(len(acts))]
    return acts[0]  # yes/no: yes; up to: one; destination: first


def choose(st: GameState, rng: Rng) -> Action:
    acts = st.legal_actions()
    if st.pending is not None:
        return _answer(st, acts, rng)
    buys: list[Action] = []
    attacks: list[Action] = []
    for a in acts:
        v = a.verb
        if v in ("play", "expend", "ally"):
            return a
        if v == "buy":
            buys.append(a)
        elif v == "attack":
            attacks.append(a)
    if buys:
        return max(buys, key=lambda a: (_card_value(st, a.card or ""), a.card))
    if attacks:
        face = [a for a in attacks if a.card is None]
        if face:
            return face[0]
        for a in attacks:
            combat = st.players[a.actor if a.actor is not None else st.active].combat  # stun a guard in the way if the pool allows it
            owner = a.seat or 0
            zone = st.players[owner].champions
            inst = next(i for i in zone if st.cid[i] == a.card)
            need = st.cards[inst].defense - st.damage[inst]
            if need <= combat:
                return Action("attack", a.card, a.k, owner, need, a.actor)
    return END


def play_game(st: GameState, rng: Rng, max_actions: int = 5000) -> int:
    """Play ``st`` to the end with the scripted policy; returns actions applied."""
    n = 0
    while st.phase != "over" and n < max_actions:
        st.apply(choose(st, rng))
        n += 1
    return n
