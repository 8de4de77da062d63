"""The small moves every rule is built from: gains, damage, stun, sacrifice, discard.

Both the main-phase actions (``rules.py``) and the card effects (``effects.py``)
use these, so that each game fact produces its event in exactly one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hero_realms.events import (
    CardDiscarded,
    CardSacrificed,
    ChampionStunned,
    CombatGained,
    DamageDealt,
    Event,
    GoldGained,
    HealthGained,
)

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState

FIRE_GEM = "fire_gem"


# ---- card references ("gold#3": the k-th copy in a zone's listed order) --------
def find_ref(zone: list[int], cid: tuple[str, ...], card: str, k: int) -> int:
    """Index in ``zone`` of the k-th instance of ``card``, or -1."""
    seen = 0
    for i, inst in enumerate(zone):
        if cid[inst] == card:
            seen += 1
            if seen == k:
                return i
    return -1


def ref_at(zone: list[int], cid: tuple[str, ...], index: int) -> tuple[str, int]:
    """The reference (card, k) naming ``zone[index]``."""
    card = cid[zone[index]]
    k = 1
    for i in range(index):
        if cid[zone[i]] == card:
            k += 1
    return card, k


def first_copies(zone: list[int], cid: tuple[str, ...], start: int = 0, stop: int | None = None) -> list[tuple[str, int]]:
    """One reference per distinct card id in ``zone[start:stop]``, numbered within
    the whole zone (copies of one id in one place are interchangeable)."""
    stop = len(zone) if stop is None else stop
    counts: dict[str, int] = {}
    refs: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, inst in enumerate(zone[:stop]):
        c = cid[inst]
        counts[c] = counts.get(c, 0) + 1
        if i >= start and c not in seen:
            seen.add(c)
            refs.append((c, counts[c]))
    return refs


# ---- resources ----------------------------------------------------------------
def gain_gold(st: BaseState, seat: int, n: int, ev: list[Event]) -> None:
    if n > 0:
        st.players[seat].gold += n
        ev.append(GoldGained(seat, n))


def gain_combat(st: BaseState, seat: int, n: int, ev: list[Event]) -> None:
    if n > 0:
        st.players[seat].combat += n
        ev.append(CombatGained(seat, n))


def gain_health(st: BaseState, seat: int, n: int, ev: list[Event]) -> None:
    if n > 0:
        pool = st.life[seat]
        st.health[pool] += n
        ev.append(HealthGained(seat, n, st.health[pool]))


# ---- counting cards in play ---------------------------------------------------------
def faction_in_play(st: BaseState, seat: int, faction: str) -> int:
    p = st.players[seat]
    cards = st.cards
    return sum(1 for i in p.in_play if cards[i].faction == faction) + sum(
        1 for i in p.champions if cards[i].faction == faction
    )


def can_ally(st: BaseState, seat: int, inst: int) -> bool:
    """Ally abilities need another card of the same faction in play for that player."""
    faction = st.cards[inst].faction
    return faction != "none" and faction_in_play(st, seat, faction) >= 2


# ---- champions ------------------------------------------------------------------------
def champion_targets(st: BaseState, seat: int) -> list[tuple[int, int]]:
    """(owner, instance) of every champion ``seat`` may attack or target now."""
    fmt = st.fmt
    out: list[tuple[int, int]] = []
    cards = st.cards
    for owner in fmt.reach_champions(st, seat):
        guarded = fmt.guard_of(st, owner) >= 0
        for inst in st.players[owner].champions:
            if not guarded or cards[inst].guard:
                out.append((owner, inst))
    return out


def idle_ability(st: BaseState, seat: int, card: str, kind: str) -> bool:
    """Whether ``seat``'s ability ``kind`` (expend, ally, sacrifice) of ``card`` would do
    nothing now: every effect of it needs a target and none is there (a stun with no
    champion in reach, a prepare with none of the seat's champions expended; expending
    a champion makes it one). The rules let such an ability be used for nothing; the AI
    keeps it for later (a prepare may find a target later in the turn), and the hint
    that comes from it never suggests it."""
    definition = st.lib.get(card)
    ability = definition.abilities.get(kind) if definition is not None else None
    if ability is None or not ability.effects:
        return False
    for effect in ability.effects:
        if effect.verb == "stun_target_champion":
            if champion_targets(st, seat):
                return False
        elif effect.verb == "prepare_champion":
            if kind == "expend" or any(st.expended[i] for i in st.players[seat].champions):
                return False
        else:
            return False  # this effect does something
    return True


def stun(st: BaseState, owner: int, inst: int, by: int, ev: list[Event]) -> None:
    p = st.players[owner]
    p.champions.remove(inst)
    st.expended[inst] = 0
    st.damage[inst] = 0
    st.ally_used[inst] = 0
    p.discard.append(inst)
    ev.append(ChampionStunned(owner, st.cid[inst], by))


def damage_champion(st: BaseState, seat: int, owner: int, inst: int, amount: int, ev: list[Event]) -> None:
    st.players[seat].combat -= amount
    st.damage[inst] += amount
    ev.append(DamageDealt(seat, owner, st.cid[inst], amount, None, st.damage[inst]))
    if st.damage[inst] >= st.cards[inst].defense:
        stun(st, owner, inst, seat, ev)


def damage_player(st: BaseState, seat: int, target: int, amount: int, ev: list[Event]) -> None:
    st.players[seat].combat -= amount
    pool = st.life[target]
    st.health[pool] -= amount
    ev.append(DamageDealt(seat, target, None, amount, st.health[pool], None))
    if st.health[pool] <= 0:
        st.fmt.on_health_zero(st, target, seat, ev)


# ---- leaving zones --------------------------------------------------------------------
def sacrifice(st: BaseState, seat: int, zone: list[int], index: int, origin: str, ev: list[Event]) -> int:
    """Move ``zone[index]`` to the sacrifice pile (a Fire Gem back to its stack)."""
    inst = zone.pop(index)
    st.expended[inst] = 0
    st.damage[inst] = 0
    st.ally_used[inst] = 0
    if st.cid[inst] == FIRE_GEM:
        st.gems.append(inst)
        to = "fire_gems"
    else:
        st.sacrificed.append(inst)
        to = "sacrificed"
    ev.append(CardSacrificed(seat, st.cid[inst], origin, to))
    return inst


def discard_from_hand(st: BaseState, seat: int, index: int, reason: str, ev: list[Event]) -> None:
    p = st.players[seat]
    inst = p.hand.pop(index)
    p.discard.append(inst)
    ev.append(CardDiscarded(seat, st.cid[inst], reason))
