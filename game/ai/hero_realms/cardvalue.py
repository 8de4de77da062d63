"""What a card is worth, read from its abilities (cards are data, so the AI is too).

Every card's abilities are reduced once to small vectors of what they give per use:
gold, combat, health, cards drawn, and "utility" for the verbs that are not a pool
(stun, forced discard, prepare, next-acquire, deck thinning...). A :class:`Weights`
prices those five resources for one moment of one game (gold matters early, combat
and health late, health more when low), and the functions here turn vectors into
the values every level uses: how good a card is to play, to own, to buy, to stun.
A new card file needs no AI change: its verbs are priced here once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.hero_realms.actions import Action
from game.hero_realms.cards import CardDef, CardLibrary, Effect
from game.hero_realms.state import GameState

Vec = tuple[float, float, float, float, float]  # gold, combat, health, draw, utility
ZERO: Vec = (0.0, 0.0, 0.0, 0.0, 0.0)

# Expected count for "per" effects over a game (champions in play, same faction...).
_PER_COUNT = {"champion": 1.2, "other_champion": 0.8, "other_guard": 0.4, "other_faction": 1.1}
_NEUTRAL = (1.0, 1.0, 0.5, 1.4, 1.0)


def _add(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2], a[3] + k * b[3], a[4] + k * b[4])


def _dot(a: Vec, w: tuple[float, ...]) -> float:
    return a[0] * w[0] + a[1] * w[1] + a[2] * w[2] + a[3] * w[3] + a[4] * w[4]


def effect_vec(e: Effect) -> Vec:
    v = e.verb
    a = float(e.amount)
    if v == "gold":
        return (a, 0, 0, 0, 0)
    if v == "combat":
        return (0, a, 0, 0, 0)
    if v == "health":
        return (0, 0, a, 0, 0)
    if v == "draw":
        return (0, 0, 0, a, 0)
    if v == "choose_one":
        opts = [effects_vec(o) for o in e.options]
        return max(opts, key=lambda o: _dot(o, _NEUTRAL))
    if v == "combat_per":
        return (0, a * _PER_COUNT.get(e.per, 1.0), 0, 0, 0)
    if v == "health_per":
        return (0, 0, a * _PER_COUNT.get(e.per, 1.0), 0, 0)
    if v == "stun_target_champion":
        return (0, 0, 0, 0, 1.5)
    if v == "opponent_discards":
        return (0, 0, 0, 0, 0.8 * a)
    if v == "prepare_champion":
        return (0, 0, 0, 0, 1.0 * a)
    if v == "next_acquire":
        return (0, 0, 0, 0, (1.2 if e.to == "hand" else 0.8) * (0.5 if e.of == "action" else 1.0))
    if v == "discard_to_deck_top":
        return (0, 0, 0, 0, 1.0)
    if v == "sacrifice_from_hand_or_discard":
        return (0, 0.8 * e.bonus_combat, 0, 0, 0.6 * a)
    if v == "draw_then_discard":
        return (0, 0, 0, 0, 0.5 * a)
    return (0, 0, 0, 0, 0.5)  # a verb added later: worth something, priced when known


def effects_vec(effects: tuple[Effect, ...]) -> Vec:
    out = ZERO
    for e in effects:
        out = _add(out, effect_vec(e))
    return out


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    faction: str
    cost: int
    champion: bool
    guard: bool
    defense: int
    primary: Vec
    ally: Vec
    expend: Vec
    sacrifice: Vec
    starting: bool
    prompts: bool  # its primary ability may ask a question


def _ability(card: CardDef, kind: str) -> Vec:
    ab = card.abilities.get(kind)
    return effects_vec(ab.effects) if ab is not None else ZERO


_ASKING = {"choose_one", "stun_target_champion", "sacrifice_from_hand_or_discard", "draw_then_discard",
           "discard_to_deck_top", "prepare_champion"}


@lru_cache(maxsize=8)
def infos(lib: CardLibrary) -> dict[str, CardInfo]:
    out = {}
    for c in lib.cards.values():
        prim = c.abilities.get("primary")
        out[c.id] = CardInfo(
            id=c.id, faction=c.faction, cost=c.cost, champion=c.is_champion, guard=c.guard, defense=c.defense,
            primary=_ability(c, "primary"), ally=_ability(c, "ally"), expend=_ability(c, "expend"),
            sacrifice=_ability(c, "sacrifice"), starting=c.deck == "starting",
            prompts=prim is not None and any(e.verb in _ASKING for e in prim.effects),
        )
    return out


# ---- prices of the moment -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Params:
    """The numbers behind the prices (Medium's by default; self-play may tune them)."""

    gold: float = 1.0
    gold_late: float = -0.55
    combat: float = 0.65
    combat_late: float = 0.45
    health: float = 0.2
    health_late: float = 0.3
    danger: float = 0.5  # extra health value below 15 health (0.4 of it below 25)
    draw: float = 1.3
    utility: float = 1.0
    champ_turns: float = 1.6  # turns a champion's expend is expected to be used
    champ_defense: float = 0.15
    champ_guard: float = 0.9
    buy_plays: float = 1.6  # plays expected of a bought action or item
    dilution: float = 0.5  # share of the deck average a new card must beat
    champ_dilution: float = 0.4
    late_discount: float = 0.6  # buying matters less as the game ends
    cost_bonus: float = 0.05
    face: float = 0.55  # value of one damage to a player
    face_low: float = 0.5  # extra as the target's health falls
    sac_opp_low: int = 12  # sacrifice for combat when an opponent is this low
    sac_my_low: int = 8


DEFAULT = Params()


@dataclass(frozen=True, slots=True)
class Weights:
    gold: float
    combat: float
    health: float
    draw: float
    utility: float
    progress: float  # 0 at the start of a game, 1 near its end

    @property
    def vec(self) -> tuple[float, float, float, float, float]:
        return (self.gold, self.combat, self.health, self.draw, self.utility)


def progress(st: GameState) -> float:
    """How far the game is, 0..1, from turns played and the lowest health."""
    rounds = st.turn / max(1, st.n)
    low = min((st.health_of(p.seat) for p in st.players if p.alive), default=50)
    top = max(st.health) if st.health else 50
    return max(0.0, min(1.0, max((rounds - 1) / 11, 1 - low / max(50, top))))


def weights(st: GameState, seat: int, prm: Params = DEFAULT) -> Weights:
    pr = progress(st)
    mine = st.health_of(seat)
    danger = prm.danger if mine < 15 else 0.4 * prm.danger if mine < 25 else 0.0
    return Weights(gold=prm.gold + prm.gold_late * pr, combat=prm.combat + prm.combat_late * pr,
                   health=prm.health + prm.health_late * pr + danger,
                   draw=prm.draw, utility=prm.utility, progress=pr)


def ally_chance(st: GameState, seat: int, faction: str) -> float:
    """Chance that a card of ``faction`` finds an ally when played, from the cards owned."""
    if faction == "none":
        return 0.0
    p = st.players[seat]
    cards = st.cards
    same = total = 0
    for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
        for i in zone:
            total += 1
            if cards[i].faction == faction:
                same += 1
    frac = same / max(1, total)
    in_play = sum(1 for i in p.champions if cards[i].faction == faction)
    return 1.0 if in_play else 1.0 - (1.0 - frac) ** 4


def play_value(info: CardInfo, w: Weights, ally_p: float) -> float:
    """What one play of the card gives (a champion: one turn of its expend)."""
    base = info.expend if info.champion else info.primary
    v = _dot(base, w.vec) + ally_p * _dot(info.ally, w.vec) + 0.3 * _dot(info.sacrifice, w.vec)
    if info.champion:
        v += _dot(info.primary, w.vec)
    return v


def champion_value(info: CardInfo, w: Weights, ally_p: float, prm: Params = DEFAULT) -> float:
    """A champion in play: its expend turn after turn, and the damage it absorbs."""
    per_turn = _dot(info.expend, w.vec) + ally_p * _dot(info.ally, w.vec)
    return prm.champ_turns * per_turn + prm.champ_defense * info.defense + (prm.champ_guard if info.guard else 0.0)


def buy_value(st: GameState, seat: int, card: str, w: Weights, deck_avg: float, prm: Params = DEFAULT) -> float:
    info = infos(st.lib)[card]
    ap = ally_chance(st, seat, info.faction)
    if info.champion:
        v = champion_value(info, w, ap, prm) - prm.champ_dilution * deck_avg
    else:
        v = prm.buy_plays * (play_value(info, w, ap) - prm.dilution * deck_avg)
    return v * (1.0 - prm.late_discount * w.progress) + prm.cost_bonus * info.cost


def deck_average(st: GameState, seat: int, w: Weights) -> float:
    """The mean play value of the cards ``seat`` owns (what a drawn card is worth)."""
    p = st.players[seat]
    inf = infos(st.lib)
    cid = st.cid
    total = 0.0
    n = 0
    for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
        for i in zone:
            total += play_value(inf[cid[i]], w, 0.5)
            n += 1
    return total / max(1, n)


def champion_named(st: GameState, zone: list[int], a: Action) -> int:
    """The instance an action's ``card#k`` names in ``zone``."""
    seen = 0
    for inst in zone:
        if st.cid[inst] == a.card:
            seen += 1
            if seen == a.k:
                return inst
    return zone[0]


def stun_value(st: GameState, owner: int, inst: int, prm: Params = DEFAULT) -> float:
    """How much stunning this champion is worth to its owner's opponents."""
    info = infos(st.lib)[st.cid[inst]]
    w = weights(st, owner, prm)
    v = champion_value(info, w, ally_chance(st, owner, info.faction), prm)
    if st.expended[inst]:
        v *= 0.9
    return v
