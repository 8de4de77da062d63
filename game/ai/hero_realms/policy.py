"""The rule-based player: one decision on a full (determinized) state.

This is Medium's brain, Easy's with noise and blind spots, and the fast rollout
policy of Hard's search. It reads a :class:`GameState`, which for an agent is always
one of its own samples of the hidden cards (``determinize.py``), never the truth.

A turn goes: play the hand (champions first, cards that ask questions last), expend
champions, use ally abilities, buy (the best set of cards the gold allows, valued by
``cardvalue``), sacrifice for combat when it pays (lethal, a race, a guard in the
way), attack (lethal first, then champions worth their cost, then the weakest
reachable player), end. Prompts get a rule each (``prompts.py``).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from itertools import combinations

from game.ai.hero_realms import cardvalue as cv
from game.ai.hero_realms.prompts import answer
from game.core.rng import Rng
from game.hero_realms.actions import Action
from game.hero_realms.mechanics import FIRE_GEM, idle_ability
from game.hero_realms.state import GameState


@dataclass(frozen=True, slots=True)
class Style:
    """How a level plays: Medium is the default; Easy adds noise and blind spots."""

    buy_noise: float = 0.0  # value noise on each purchase (in value units)
    forget_ally: float = 0.0  # chance of never noticing an ally ability this turn
    miss_lethal: float = 0.0  # chance of not seeing lethal through guards
    face_first: bool = False  # hit the player, stun champions only when guards block
    sacrifice_for_combat: bool = True
    careful_prompts: bool = True
    skip_buy: float = 0.0  # chance of buying nothing in a turn (self-play variety)
    salt: int = 0
    prm: cv.Params = cv.DEFAULT  # makes Easy's blind spots differ between seeds


MEDIUM = Style()
EASY = Style(buy_noise=2.5, forget_ally=0.35, miss_lethal=0.5, face_first=True,
             sacrifice_for_combat=False, careful_prompts=False)


def _coin(style: Style, st: GameState, what: str, p: float) -> bool:
    """A blind spot that stays the same for the whole turn (not re-rolled per decision)."""
    if p <= 0:
        return False
    h = zlib.crc32(f"{style.salt}:{st.turn}:{what}".encode())
    return (h % 1000) < p * 1000


def _with_amount(a: Action, amount: int) -> Action:
    return Action(a.verb, a.card, a.k, a.seat, amount, a.actor)


# =============================================================================
# the main phase
# =============================================================================
def choose(st: GameState, rng: Rng, style: Style = MEDIUM, seat: int | None = None) -> Action:
    """One legal action for the seat to act (``seat``: in a shared turn, only that
    teammate's moves and ``end``)."""
    acts = st.legal_actions()
    if st.pending is not None:
        return answer(st, acts, rng, style.careful_prompts)
    seats = [seat] if seat is not None else st.actors()
    for s in seats:
        mine = [a for a in acts if a.actor in (None, s) and a.verb not in ("end", "give", "send")]
        a = main_choice(st, s, mine, rng, style)
        if a is not None:
            return a
        # gold left at the end of a shared turn is lost: a teammate still playing can use it
        gifts = [a for a in acts if a.verb == "give" and a.actor == s]
        if gifts:
            return gifts[0]
    ends = [a for a in acts if a.verb == "end" and (seat is None or a.actor in (None, seat))]
    return ends[0] if ends else acts[-1]


def _play_key(st: GameState, a: Action) -> int:
    info = cv.infos(st.lib)[a.card or ""]
    if info.champion:
        return 0
    if info.primary[3] > 0:  # draws: see more cards before the rest
        return 1
    if info.prompts:
        return 3
    return 2


def main_choice(st: GameState, seat: int, acts: list[Action], rng: Rng, style: Style) -> Action | None:
    plays = [a for a in acts if a.verb == "play"]
    if plays:
        return min(plays, key=lambda a: _play_key(st, a))
    # an ability that would do nothing now is kept (a prepare may find a target later
    # in the turn); the hint key suggests this policy's move, and the table calls it useless
    for a in acts:
        if a.verb == "expend" and not idle_ability(st, seat, a.card or "", "expend"):
            return a
    for a in acts:
        if a.verb == "ally" and not idle_ability(st, seat, a.card or "", "ally") \
                and not _coin(style, st, f"ally:{a.card}", style.forget_ally):
            return a
    buy = None
    if not _coin(style, st, "skip_buy", style.skip_buy):
        buy = plan_buy(st, seat, [a for a in acts if a.verb == "buy"], rng, style)
    if buy is not None:
        return buy
    if style.sacrifice_for_combat:
        sac = plan_sacrifice(st, seat, [a for a in acts if a.verb == "sacrifice"], style.prm)
        if sac is not None:
            return sac
    attacks = [a for a in acts if a.verb == "attack"]
    if attacks:
        return plan_attack(st, seat, attacks, rng, style)
    return None


# ---- buying ---------------------------------------------------------------------------------
def plan_buy(st: GameState, seat: int, buys: list[Action], rng: Rng, style: Style) -> Action | None:
    if not buys:
        return None
    gold = st.fmt.spendable_gold(st, seat)
    prm = style.prm
    w = cv.weights(st, seat, prm)
    avg = cv.deck_average(st, seat, w)
    lib = st.lib
    items: list[tuple[Action, int, float]] = []
    gem: tuple[Action, int, float] | None = None
    for a in buys:
        card = a.card or ""
        value = cv.buy_value(st, seat, card, w, avg, prm)
        if style.buy_noise:
            value += (rng.random() - 0.5) * 2 * style.buy_noise
        entry = (a, lib[card].cost, value)
        if card == FIRE_GEM:
            gem = entry
        elif value > 0:
            items.append(entry)
    gems_left = len(st.gems)
    best: tuple[float, Action | None] = (0.0, None)
    for r in range(min(len(items), 4), 0, -1):
        for combo in combinations(items, r):
            cost = sum(c for _, c, _ in combo)
            if cost > gold:
                continue
            value = sum(v for _, _, v in combo)
            if gem is not None and gem[2] > 0:
                value += gem[2] * min(gems_left, (gold - cost) // max(1, gem[1]))
            if value > best[0]:
                best = (value, max(combo, key=lambda e: e[2])[0])
    if best[1] is None and gem is not None and gem[2] > 0 and gem[1] <= gold:
        return gem[0]
    return best[1]


# ---- sacrificing for combat -------------------------------------------------------------------
def _sac_combat(st: GameState, a: Action, seat: int) -> float:
    return cv.infos(st.lib)[a.card or ""].sacrifice[1]


def guard_cost(st: GameState, owner: int) -> int:
    """Combat needed to stun every prepared guard protecting ``owner``."""
    cards = st.cards
    total = 0
    for s in range(st.n):
        if st.life[s] != st.life[owner] and s != owner:
            continue
        for inst in st.players[s].champions:
            if cards[inst].guard and not st.expended[inst]:
                total += cards[inst].defense - st.damage[inst]
    return total


def lethal_target(st: GameState, seat: int, combat: int) -> int | None:
    for target in sorted(st.fmt.reach_players(st, seat), key=lambda t: _face_key(st, t)):
        if guard_cost(st, target) + st.health_of(target) <= combat:
            return target
    return None


def plan_sacrifice(st: GameState, seat: int, sacs: list[Action], prm: cv.Params = cv.DEFAULT) -> Action | None:
    combat_sacs = [a for a in sacs if _sac_combat(st, a, seat) > 0]
    if not combat_sacs:
        return None
    extra = sum(_sac_combat(st, a, seat) for a in combat_sacs)
    combat = st.players[seat].combat
    if lethal_target(st, seat, combat) is not None:
        return None
    if lethal_target(st, seat, int(combat + extra)) is not None:
        return max(combat_sacs, key=lambda a: _sac_combat(st, a, seat))
    opp_low = min((st.health_of(t) for t in st.fmt.opponents(st, seat)), default=50)
    if opp_low <= prm.sac_opp_low or st.health_of(seat) <= prm.sac_my_low:
        return max(combat_sacs, key=lambda a: _sac_combat(st, a, seat))
    return None


# ---- attacking ----------------------------------------------------------------------------
def plan_attack(st: GameState, seat: int, attacks: list[Action], rng: Rng, style: Style) -> Action:
    combat = st.players[seat].combat
    face = [a for a in attacks if a.card is None]
    champs = [a for a in attacks if a.card is not None]

    def need(a: Action) -> int:
        zone = st.players[a.seat or 0].champions
        inst = cv.champion_named(st, zone, a)
        return st.cards[inst].defense - st.damage[inst]

    see_lethal = not _coin(style, st, "lethal", style.miss_lethal)
    target = lethal_target(st, seat, combat) if see_lethal else None
    if target is not None:
        for a in face:
            if a.seat == target:
                return a
        guards = [a for a in champs if a.seat == target and st.cards[cv.champion_named(st, st.players[target].champions, a)].guard]
        if guards:
            g = min(guards, key=need)
            return _with_amount(g, need(g))
    affordable = [a for a in champs if need(a) <= combat]
    if style.face_first:
        if face:
            return min(face, key=lambda a: _face_key(st, a.seat or 0))
        if affordable:
            return _with_amount(affordable[0], need(affordable[0]))
        return champs[0] if champs else attacks[0]
    # Medium: weigh each stun against the same combat dealt to a player.
    prm = style.prm
    point = _face_point_value(st, face, prm)
    best: tuple[float, Action | None] = (0.0, None)
    for a in affordable:
        n = need(a)
        owner = a.seat or 0
        inst = cv.champion_named(st, st.players[owner].champions, a)
        gain = cv.stun_value(st, owner, inst, prm) - n * point
        if not face and st.cards[inst].guard:
            gain += 0.5 + max(0, combat - n) * 0.3  # opens the way to the player
        if gain > best[0]:
            best = (gain, _with_amount(a, n))
    if best[1] is not None:
        return best[1]
    if face:
        return min(face, key=lambda a: _face_key(st, a.seat or 0))
    return champs[0] if champs else attacks[0]


def _face_key(st: GameState, target: int) -> tuple[int, int, int]:
    """Which reachable player to hit: an Emperor (his fall ends the game), then the
    weakest (focus until eliminated)."""
    return (0 if st.fmt.role(target) == "emperor" else 1, st.health_of(target), target)


def _face_point_value(st: GameState, face: list[Action], prm: cv.Params) -> float:
    if not face:
        return 0.0
    low = min(st.health_of(a.seat or 0) for a in face)
    return prm.face + prm.face_low * max(0.0, 1 - low / 50)


def play_out(st: GameState, rng: Rng, style: Style = MEDIUM, max_actions: int = 5000) -> int:
    """Play ``st`` to the end with this policy for every seat; returns actions applied."""
    n = 0
    while st.phase != "over" and n < max_actions:
        st.apply(choose(st, rng, style))
        n += 1
    return n
