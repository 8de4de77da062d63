"""The rules: what is legal now, and what an action does.

``legal_actions`` and ``apply`` are the only ways into a game. The main phase is
handled here (play, expend, ally, sacrifice, buy, attack, end); effects resolve on a
small stack of frames so that a decision in the middle of an ability becomes a
pending :class:`Prompt` and the rest of the ability resumes after the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from game.core.errors import IllegalActionError
from game.core.refusal import Refusal, refusal
from game.hero_realms.actions import Action, parse
from game.hero_realms.effects import HANDLERS, RESUME, discard_prompt
from game.hero_realms.events import (
    AbilityUsed,
    CardAcquired,
    CardPlayed,
    Event,
    MarketRefilled,
    PromptOpened,
)
from game.hero_realms.mechanics import (
    FIRE_GEM,
    can_ally,
    champion_targets,
    damage_champion,
    damage_player,
    find_ref,
    ref_at,
    sacrifice,
)
from game.hero_realms.prompts import Prompt

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState, Frame


@cache
def _act(verb: str, card: str | None = None, k: int = 1, seat: int | None = None,
         amount: int | None = None, actor: int | None = None) -> Action:
    return Action(verb, card, k, seat, amount, actor)


# =============================================================================
# legal actions
# =============================================================================
def legal_actions(st: BaseState) -> list[Action]:
    if st.phase == "over":
        return []
    if st.pending is not None:
        return list(st.pending.options)
    actors = st.actors()
    shared = len(st.team_turn) > 1
    out: list[Action] = []
    for seat in actors:
        out.extend(_main_actions(st, seat, seat if shared else None))
    out.extend(st.fmt.extra_actions(st, actors))
    out.extend(st.fmt.end_actions(st, actors))
    return out


def _main_actions(st: BaseState, seat: int, actor: int | None) -> list[Action]:
    p = st.players[seat]
    cid = st.cid
    cards = st.cards
    act = _act
    out: list[Action] = []
    seen: set[str] = set()
    for inst in p.hand:  # copies in hand are interchangeable: list each id once
        c = cid[inst]
        if c not in seen:
            seen.add(c)
            out.append(act("play", c, 1, None, None, actor))
    champs = p.champions
    expended = st.expended
    for i, inst in enumerate(champs):
        if not expended[inst] and cards[inst].has_expend:
            card, k = ref_at(champs, cid, i)
            out.append(act("expend", card, k, None, None, actor))
    in_play = p.in_play + champs
    if in_play:
        ally_used = st.ally_used
        factions: dict[str, int] = {}
        for inst in in_play:
            f = cards[inst].faction
            factions[f] = factions.get(f, 0) + 1
        seen_ally: set[str] = set()
        seen_sac: set[tuple[str, int]] = set()
        for i, inst in enumerate(in_play):
            d = cards[inst]
            if d.has_ally and not ally_used[inst] and factions[d.faction] >= 2 and d.id not in seen_ally:
                seen_ally.add(d.id)
                card, k = ref_at(in_play, cid, i)
                out.append(act("ally", card, k, None, None, actor))
            if d.has_sacrifice and (d.id, ally_used[inst]) not in seen_sac:
                seen_sac.add((d.id, ally_used[inst]))
                card, k = ref_at(in_play, cid, i)
                out.append(act("sacrifice", card, k, None, None, actor))
    gold = st.fmt.spendable_gold(st, seat)
    if gold > 0:
        seen.clear()
        for inst in st.row:  # the first copy of each id in the row is #1
            if inst >= 0:
                d = cards[inst]
                if d.cost <= gold and d.id not in seen:
                    seen.add(d.id)
                    out.append(act("buy", d.id, 1, None, None, actor))
        if st.gems and cards[st.gems[-1]].cost <= gold:
            out.append(act("buy", FIRE_GEM, 1, None, None, actor))
    combat = p.combat
    if combat > 0:
        fmt = st.fmt
        for target in fmt.reach_players(st, seat):
            if fmt.guard_of(st, target) < 0:
                out.append(act("attack", None, 1, target, combat, actor))
        cap = fmt.champion_attack_cap(st, seat, combat)
        for owner, inst in champion_targets(st, seat):
            zone = st.players[owner].champions
            card, k = ref_at(zone, cid, zone.index(inst))
            out.append(act("attack", card, k, owner, cap, actor))
    return out


# =============================================================================
# checking an action
# =============================================================================
def _coerce(action: Action | str) -> Action:
    if isinstance(action, str):
        return parse(action)
    return action


def check(st: BaseState, action: Action | str) -> Refusal | None:
    try:
        a = _coerce(action)
    except ValueError as exc:
        return refusal("unreadable", str(exc))
    return _reason(st, a)


def _actor(st: BaseState, a: Action) -> tuple[int, Refusal | None]:
    if st.pending is not None:
        seat = st.pending.seat
        if a.actor is not None and a.actor != seat:
            return seat, refusal("must_answer_first", f"seat {seat} must answer first: {st.pending.text}", seat=seat)
        return seat, None
    actors = st.actors()
    if a.actor is not None:
        if a.actor not in actors:
            if a.actor in st.ended:
                return a.actor, refusal("main_phase_ended", f"seat {a.actor} has ended their main phase", seat=a.actor)
            return a.actor, refusal("not_your_turn", f"it is not seat {a.actor}'s turn", seat=a.actor)
        return a.actor, None
    return (actors[0] if actors else st.active), None


def _card(a: Action) -> dict[str, str | int]:
    """A refusal's parameters naming the action's card: its id, copy and reference."""
    return {"card": a.card or "", "k": a.k, "ref": a.ref}


def _reason(st: BaseState, a: Action) -> Refusal | None:
    if st.phase == "over":
        return refusal("game_over", "the game is over")
    seat, problem = _actor(st, a)
    if problem:
        return problem
    if st.pending is not None:
        return _answer_reason(st, st.pending, a)
    p = st.players[seat]
    v = a.verb
    cid = st.cid
    if v == "play":
        if find_ref(p.hand, cid, a.card or "", a.k) < 0:
            return refusal("not_in_hand", f"no {a.ref} in your hand", **_card(a))
        return None
    if v == "expend":
        i = find_ref(p.champions, cid, a.card or "", a.k)
        if i < 0:
            return refusal("no_champion", f"no champion {a.ref} of yours in play", **_card(a))
        inst = p.champions[i]
        if "expend" not in st.cards[inst].abilities:
            return refusal("no_ability", f"{a.ref} has no expend ability", verb="expend", **_card(a))
        if st.expended[inst]:
            return refusal("already_expended", f"{a.ref} is already expended", **_card(a))
        return None
    if v in ("ally", "sacrifice"):
        zone = p.in_play + p.champions
        i = find_ref(zone, cid, a.card or "", a.k)
        if i < 0:
            return refusal("not_in_play", f"no {a.ref} of yours in play", **_card(a))
        inst = zone[i]
        if v not in st.cards[inst].abilities:
            return refusal("no_ability", f"{a.ref} has no {v} ability", verb=v, **_card(a))
        if v == "ally":
            if st.ally_used[inst]:
                return refusal("ally_used", f"the ally ability of {a.ref} was already used this turn", **_card(a))
            if not can_ally(st, seat, inst):
                faction = st.cards[inst].faction
                return refusal("ally_needs_faction", f"{a.ref} needs another {faction} card in play",
                               faction=faction, **_card(a))
        return None
    if v == "buy":
        gold = st.fmt.spendable_gold(st, seat)
        if a.card == FIRE_GEM:
            if not st.gems:
                return refusal("no_fire_gems", "no Fire Gems left")
            cost = st.cards[st.gems[-1]].cost
        else:
            row = [i for i in st.row if i >= 0]
            i = find_ref(row, cid, a.card or "", a.k)
            if i < 0:
                return refusal("not_in_market", f"no {a.ref} in the market", **_card(a))
            cost = st.cards[row[i]].cost
        if cost > gold:
            return refusal("too_costly", f"{a.ref} costs {cost} gold; you have {gold}", cost=cost, gold=gold,
                           **_card(a))
        return None
    if v == "attack":
        return _attack_reason(st, seat, a)
    if v == "end":
        return None
    if v in ("choose", "target", "select", "discard", "skip"):
        return refusal("no_decision", "there is no decision to answer")
    return st.fmt.extra_reason(st, seat, a)


def _attack_reason(st: BaseState, seat: int, a: Action) -> Refusal | None:
    p = st.players[seat]
    n = a.amount or 0
    if n < 1:
        return refusal("attack_at_least_one", "attack at least 1")
    if n > p.combat:
        return refusal("not_enough_combat", f"you have {p.combat} combat, not {n}", combat=p.combat, n=n)
    target = a.seat if a.seat is not None else -1
    if not 0 <= target < st.n or not st.players[target].alive:
        return refusal("no_such_player", f"there is no player at seat {target}", seat=target)
    if a.card is None:
        return target_block_reason(st, seat, target, -1)
    zone = st.players[target].champions
    i = find_ref(zone, st.cid, a.card, a.k)
    if i < 0:
        return refusal("no_such_champion", f"seat {target} has no champion {a.ref}", seat=target, **_card(a))
    return target_block_reason(st, seat, target, zone[i]) or st.fmt.champion_attack_reason(st, seat, target, zone[i], n)


def target_block_reason(st: BaseState, seat: int, target: int, inst: int) -> Refusal | None:
    """Why ``seat`` may not attack player ``target`` (``inst`` < 0) or that player's
    champion ``inst`` at all (format reach, guards); None when it may."""
    fmt = st.fmt
    if inst < 0:
        if target not in fmt.reach_players(st, seat):
            return fmt.reach_reason(st, seat, target, champion=False)
    elif target not in fmt.reach_champions(st, seat):
        return fmt.reach_reason(st, seat, target, champion=True)
    guard = fmt.guard_of(st, target)
    if guard >= 0 and (inst < 0 or not st.cards[inst].guard):
        return refusal("guarded", f"seat {target} is protected by {st.cid[guard]}", seat=target, guard=st.cid[guard])
    return None


def _canonical(st: BaseState, pr: Prompt, a: Action) -> Action:
    """Map an answer naming any copy of a card to the copy the options list."""
    if a.verb not in ("select", "discard") or a.card is None or pr.zone in ("champions", ""):
        return a
    p = st.players[pr.seat]
    parts = {"hand": [p.hand], "discard": [p.discard], "hand+discard": [p.hand, p.discard],
             "hand+deck+discard": [p.hand, p.deck[::-1], p.discard]}[pr.zone]
    zone = [i for part in parts for i in part]
    i = find_ref(zone, st.cid, a.card, a.k)
    if i < 0:
        return a
    start = 0
    for part in parts:
        if i < start + len(part):
            break
        start += len(part)
    first = next(j for j in range(start, i + 1) if st.cid[zone[j]] == a.card)
    card, k = ref_at(zone, st.cid, first)
    return _act(a.verb, card, k)


def _answer_reason(st: BaseState, pr: Prompt, a: Action) -> Refusal | None:
    if a.without_actor() in pr.options or _canonical(st, pr, a.without_actor()) in pr.options:
        return None
    if a.verb == "skip":
        return refusal("not_optional", f"this decision is not optional: {pr.text}")
    return refusal("not_an_answer", f"not an answer to: {pr.text} (answers: {', '.join(str(o) for o in pr.options)})")


# =============================================================================
# applying an action
# =============================================================================
def apply(st: BaseState, action: Action | str) -> list[Event]:
    a = _coerce(action)
    reason = _reason(st, a)
    if reason is not None:
        raise IllegalActionError(reason)
    ev: list[Event] = []
    if st.pending is not None:
        pr = st.pending
        st.pending = None
        nxt = RESUME[pr.resume](st, pr, _canonical(st, pr, a.without_actor()), ev)
        if nxt is not None:
            _open(st, nxt, ev)
    else:
        _main(st, _actor(st, a)[0], a, ev)
    run_stack(st, ev)
    return ev


def _open(st: BaseState, pr: Prompt, ev: list[Event]) -> None:
    st.pending = pr
    ev.append(PromptOpened(pr.seat, pr.kind, pr.card))


def run_stack(st: BaseState, ev: list[Event]) -> None:
    stack = st.stack
    while stack and st.pending is None and st.phase != "over":
        frame = stack[-1]
        if frame[0] == "fx":
            _, seat, src, effects, idx = frame
            if idx >= len(effects):
                stack.pop()
                continue
            stack[-1] = ("fx", seat, src, effects, idx + 1)
            eff = effects[idx]
            pr = HANDLERS[eff.verb](st, seat, src, eff, ev)
        else:  # a rules step that may need a decision (owed discards, format steps)
            stack.pop()
            pr = FRAMES[frame[0]](st, frame, ev)
        if pr is not None:
            _open(st, pr, ev)


def _owed_frame(st: BaseState, frame: Frame, ev: list[Event]) -> Prompt | None:
    """("owed", seat): discards owed from other players' effects, made as the turn starts."""
    seat = frame[1]
    p = st.players[seat]
    if not p.hand:
        p.owed = 0
    return discard_prompt(st, seat, -1, p.owed, "forced_discard")


# Frame kind -> handler; formats add their own steps (an Emperor's commander falling...).
FRAMES: dict[str, Callable[[BaseState, Frame, list[Event]], Prompt | None]] = {"owed": _owed_frame}


def _resolve(st: BaseState, seat: int, inst: int, kind: str) -> None:
    ability = st.cards[inst].abilities.get(kind)
    if ability is not None:
        st.stack.append(("fx", seat, inst, ability.effects, 0))


def _main(st: BaseState, seat: int, a: Action, ev: list[Event]) -> None:
    p = st.players[seat]
    v = a.verb
    cid = st.cid
    if v == "play":
        inst = p.hand.pop(find_ref(p.hand, cid, a.card or "", a.k))
        if st.cards[inst].is_champion:
            st.expended[inst] = 0
            st.damage[inst] = 0
            p.champions.append(inst)
        else:
            p.in_play.append(inst)
        ev.append(CardPlayed(seat, cid[inst]))
        _resolve(st, seat, inst, "primary")
    elif v == "expend":
        inst = p.champions[find_ref(p.champions, cid, a.card or "", a.k)]
        st.expended[inst] = 1
        ev.append(AbilityUsed(seat, cid[inst], "expend"))
        _resolve(st, seat, inst, "expend")
    elif v == "ally":
        zone = p.in_play + p.champions
        inst = zone[find_ref(zone, cid, a.card or "", a.k)]
        st.ally_used[inst] = 1
        ev.append(AbilityUsed(seat, cid[inst], "ally"))
        _resolve(st, seat, inst, "ally")
    elif v == "sacrifice":
        zone = p.in_play + p.champions
        i = find_ref(zone, cid, a.card or "", a.k)
        inst = zone[i]
        ev.append(AbilityUsed(seat, cid[inst], "sacrifice"))
        if i < len(p.in_play):
            sacrifice(st, seat, p.in_play, i, "in_play", ev)
        else:
            sacrifice(st, seat, p.champions, i - len(p.in_play), "champions", ev)
        _resolve(st, seat, inst, "sacrifice")
    elif v == "buy":
        _buy(st, seat, a, ev)
    elif v == "attack":
        target = a.seat if a.seat is not None else -1
        if a.card is None:
            damage_player(st, seat, target, a.amount or 0, ev)
        else:
            zone = st.players[target].champions
            inst = zone[find_ref(zone, cid, a.card, a.k)]
            damage_champion(st, seat, target, inst, a.amount or 0, ev)
    elif v == "end":
        st.fmt.end_main_phase(st, seat, ev)
    else:
        st.fmt.apply_extra(st, seat, a, ev)


# ---- acquiring ------------------------------------------------------------------------------
def _buy(st: BaseState, seat: int, a: Action, ev: list[Event]) -> None:
    if a.card == FIRE_GEM:
        source, slot, inst = "fire_gems", None, st.gems[-1]
    else:
        row = st.row
        present = [i for i in row if i >= 0]
        inst = present[find_ref(present, st.cid, a.card or "", a.k)]
        source, slot = "market", row.index(inst)
    p = st.players[seat]
    card = st.cards[inst]
    applicable = [r for r in p.redirects if r[1] == "card" or card.type == "action"]
    dests = sorted({r[0] for r in applicable})
    if len(dests) > 1:
        labels = tuple(f"put {card.name['en']} {'on top of your deck' if d == 'deck_top' else 'into your hand'}" for d in dests)
        _open(st, Prompt(seat, "acquire_destination", f"Where does {card.name['en']} go?",
                         (_act("choose", amount=1), _act("choose", amount=2)), "acquire_destination",
                         card.id, inst, data=(source, slot, tuple(dests), labels)), ev)
        return
    for r in applicable:
        p.redirects.remove(r)
    acquire(st, seat, source, slot, inst, dests[0] if dests else "discard", ev)


def acquire(st: BaseState, seat: int, source: str, slot: int | None, inst: int, to: str, ev: list[Event]) -> None:
    p = st.players[seat]
    card = st.cards[inst]
    st.fmt.pay(st, seat, card.cost)
    if source == "fire_gems":
        st.gems.pop()
    else:
        st.row[slot if slot is not None else -1] = -1
    if to == "deck_top":
        p.deck.append(inst)
        p.known_top += 1
    elif to == "hand":
        p.hand.append(inst)
    else:
        p.discard.append(inst)
    ev.append(CardAcquired(seat, card.id, card.cost, source, slot, to))
    if source == "market" and slot is not None and st.market_deck:
        new = st.market_deck.pop()
        st.row[slot] = new
        ev.append(MarketRefilled(slot, st.cid[new]))


def _re_acquire_destination(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    source, slot, dests, _labels = pr.data
    to = dests[(a.amount or 1) - 1]
    p = st.players[pr.seat]
    card = st.cards[pr.src]
    for r in [r for r in p.redirects if r[1] == "card" or card.type == "action"]:
        p.redirects.remove(r)
    acquire(st, pr.seat, source, slot, pr.src, to, ev)
    return None


RESUME["acquire_destination"] = _re_acquire_destination
