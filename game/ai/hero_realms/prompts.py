"""A rule for every prompt kind: which option, which target, which card.

Used by the rule-based policy (and so by Medium, Easy and Hard's rollouts) on a
determinized state. ``careful`` is Medium's judgement; without it (Easy) a prompt
gets a plain but legal answer: the first target, the first card, yes to every "may".
Unknown prompt kinds (a format added later) get their first option.
"""

from __future__ import annotations

from game.ai.hero_realms import cardvalue as cv
from game.core.rng import Rng
from game.hero_realms.actions import Action
from game.hero_realms.cards import Effect
from game.hero_realms.state import GameState

_STARTERS = ("dagger", "gold", "shortsword", "ruby")


def answer(st: GameState, acts: list[Action], rng: Rng, careful: bool = True) -> Action:
    pr = st.pending
    assert pr is not None
    kind = pr.kind
    real = [a for a in acts if a.verb != "skip"]
    if not real:
        return acts[0]
    if not careful:
        if kind == "choose_one":
            return real[rng.below(len(real))]
        if kind in ("discard", "forced_discard"):
            return min(real, key=lambda a: _card_worth(st, pr.seat, a.card or ""))
        return real[0]
    if kind == "choose_one":
        return _choose_one(st, pr.seat, pr.data[0] if pr.data else None, real)
    if kind in ("yes_no", "up_to"):
        return max(real, key=lambda a: a.amount or 0)
    if kind == "target_champion":
        return max(real, key=lambda a: _target_worth(st, a))
    if kind == "target_opponent":
        return max(real, key=lambda a: (st.health_of(a.seat or 0), -(a.seat or 0)))
    if kind in ("discard", "forced_discard"):
        return min(real, key=lambda a: _card_worth(st, pr.seat, a.card or ""))
    if kind == "select":
        return _select(st, pr.seat, pr.zone, real, acts)
    if kind == "acquire_destination":
        labels = pr.data[3] if len(pr.data) > 3 else ()
        for a in real:
            i = (a.amount or 1) - 1
            if i < len(labels) and "hand" in labels[i]:
                return a
        return real[0]
    return real[0]


def _card_worth(st: GameState, seat: int, card: str) -> float:
    info = cv.infos(st.lib).get(card)
    if info is None:
        return 0.0
    w = cv.weights(st, seat)
    if info.champion:
        return cv.champion_value(info, w, 0.5)
    return cv.play_value(info, w, cv.ally_chance(st, seat, info.faction))


def _target_worth(st: GameState, a: Action) -> float:
    owner = a.seat or 0
    inst = cv.champion_named(st, st.players[owner].champions, a)
    v = cv.stun_value(st, owner, inst)
    return v + (1.0 if st.cards[inst].guard else 0.0)


def _choose_one(st: GameState, seat: int, eff: Effect | None, real: list[Action]) -> Action:
    """Gold when it buys something better, health when low, else combat."""
    if eff is None or not isinstance(eff, Effect) or not eff.options:
        return real[0]
    w = cv.weights(st, seat)
    p = st.players[seat]
    gold_now = st.fmt.spendable_gold(st, seat)
    row_costs = sorted({st.cards[i].cost for i in st.row if i >= 0} | ({st.cards[st.gems[-1]].cost} if st.gems else set()))

    def score(opt: tuple[Effect, ...]) -> float:
        vec = cv.effects_vec(opt)
        g = vec[0]
        # gold is worth its weight only if it reaches a price in the market
        gold_value = w.gold * g if any(gold_now < c <= gold_now + g for c in row_costs) else 0.25 * g
        combat_value = w.combat * vec[1] * (1.2 if p.combat + vec[1] > 0 else 1.0)
        return gold_value + combat_value + w.health * vec[2] + w.draw * vec[3] + vec[4]

    best = max(range(len(eff.options)), key=lambda i: score(eff.options[i]))
    for a in real:
        if (a.amount or 0) == best + 1:
            return a
    return real[0]


def _select(st: GameState, seat: int, zone: str, real: list[Action], acts: list[Action]) -> Action:
    can_skip = len(real) < len(acts)
    if zone == "champions":  # prepare: the champion with the best expend
        return max(real, key=lambda a: _card_worth(st, seat, a.card or ""))
    if zone == "discard":  # to the top of the deck: the best card
        best = max(real, key=lambda a: _card_worth(st, seat, a.card or ""))
        w = cv.weights(st, seat)
        if can_skip and _card_worth(st, seat, best.card or "") <= cv.deck_average(st, seat, w):
            return next(a for a in acts if a.verb == "skip")
        return best
    if zone == "hand+discard":  # sacrifice: the weakest starting card, from the discard pile first
        p = st.players[seat]
        in_hand = {st.cid[i] for i in p.hand}
        starters = [a for a in real if a.card in _STARTERS]
        if starters:
            def key(a: Action) -> tuple[int, float]:
                # an action naming a copy past the hand's copies is in the discard pile
                hand_copies = sum(1 for i in p.hand if st.cid[i] == a.card)
                from_hand = a.card in in_hand and a.k <= hand_copies
                return (1 if from_hand else 0, _card_worth(st, seat, a.card or ""))

            pick = min(starters, key=key)
            if cv.weights(st, seat).progress < 0.85 or not can_skip:
                return pick
        if can_skip:
            return next(a for a in acts if a.verb == "skip")
        return min(real, key=lambda a: _card_worth(st, seat, a.card or ""))
    return real[0]
