"""Effect verbs: one handler per verb of ``verbs.py``, plus the prompt answers.

A handler runs one effect for ``seat`` (the card's owner) and either finishes it,
returning None, or returns a :class:`Prompt` for the decision it needs; the answer
comes back through the ``resume`` handler the prompt names. Partial effects follow
the rulebook: with no legal target or card, that part is skipped and the rest of
the ability resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.hero_realms.actions import SKIP, Action
from game.hero_realms.cards import Effect
from game.hero_realms.events import (
    CardToDeckTop,
    ChampionPrepared,
    DiscardOwed,
    Event,
    NextAcquireRedirected,
)
from game.hero_realms.mechanics import (
    champion_targets,
    discard_from_hand,
    faction_in_play,
    find_ref,
    first_copies,
    gain_combat,
    gain_gold,
    gain_health,
    ref_at,
    sacrifice,
    stun,
)
from game.hero_realms.prompts import Prompt

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState

Handler = Callable[["BaseState", int, int, Effect, list[Event]], "Prompt | None"]
Resume = Callable[["BaseState", Prompt, Action, list[Event]], "Prompt | None"]


def _name(st: BaseState, src: int) -> str:
    return st.cards[src].name["en"] if src >= 0 else "Effect"


def _choices(n: int) -> tuple[Action, ...]:
    return tuple(Action("choose", amount=i) for i in range(1, n + 1))


# ---- simple gains ------------------------------------------------------------------
def fx_gold(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    gain_gold(st, seat, eff.amount, ev)
    return None


def fx_combat(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    gain_combat(st, seat, eff.amount, ev)
    return None


def fx_health(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    gain_health(st, seat, eff.amount, ev)
    return None


def fx_draw(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    st.draw_n(seat, eff.amount, ev)
    return None


def count_per(st: BaseState, seat: int, src: int, eff: Effect) -> int:
    p = st.players[seat]
    cards = st.cards
    per = eff.per
    if per == "champion":
        return len(p.champions)
    if per == "other_champion":
        return len(p.champions) - (1 if src in p.champions else 0)
    if per == "other_guard":
        return sum(1 for i in p.champions if cards[i].guard and i != src)
    # other_faction: any card of that faction in play, the source excluded
    mine = 1 if (src in p.in_play or src in p.champions) and cards[src].faction == eff.faction else 0
    return faction_in_play(st, seat, eff.faction) - mine


def fx_combat_per(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    gain_combat(st, seat, eff.amount * count_per(st, seat, src, eff), ev)
    return None


def fx_health_per(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    gain_health(st, seat, eff.amount * count_per(st, seat, src, eff), ev)
    return None


# ---- choose one -----------------------------------------------------------------------
def fx_choose_one(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    return Prompt(seat, "choose_one", f"{_name(st, src)}: choose one", _choices(len(eff.options)),
                  "choose_one", st.cid[src] if src >= 0 else None, src, data=(eff,))


def re_choose_one(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    eff: Effect = pr.data[0]
    st.stack.append(("fx", pr.seat, pr.src, eff.options[(a.amount or 1) - 1], 0))
    return None


# ---- stun target champion -----------------------------------------------------------------
def _champion_options(st: BaseState, targets: list[tuple[int, int]]) -> tuple[Action, ...]:
    opts = []
    for owner, inst in targets:
        zone = st.players[owner].champions
        card, k = ref_at(zone, st.cid, zone.index(inst))
        opts.append(Action("target", card, k, owner))
    return tuple(opts)


def fx_stun_target_champion(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    targets = champion_targets(st, seat)
    if not targets:
        return None
    opts = _champion_options(st, targets)
    if eff.optional:
        opts += (SKIP,)
    return Prompt(seat, "target_champion", f"{_name(st, src)}: stun target champion", opts,
                  "stun", st.cid[src] if src >= 0 else None, src, optional=eff.optional)


def re_stun(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    if a.verb == "skip":
        return None
    owner = a.seat if a.seat is not None else -1
    zone = st.players[owner].champions
    inst = zone[find_ref(zone, st.cid, a.card or "", a.k)]
    stun(st, owner, inst, pr.seat, ev)
    return None


# ---- target opponent discards ------------------------------------------------------------
def owe_discard(st: BaseState, target: int, by: int, n: int, ev: list[Event]) -> None:
    p = st.players[target]
    p.owed += n
    ev.append(DiscardOwed(target, by, p.owed))


def fx_opponent_discards(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    targets = st.fmt.reach_players(st, seat)
    if not targets:
        return None
    if len(targets) == 1:
        owe_discard(st, targets[0], seat, eff.amount, ev)
        return None
    opts = tuple(Action("target", seat=t) for t in targets)
    return Prompt(seat, "target_opponent", f"{_name(st, src)}: target opponent discards a card", opts,
                  "owe_discard", st.cid[src] if src >= 0 else None, src, data=(eff.amount,))


def re_owe_discard(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    owe_discard(st, a.seat if a.seat is not None else -1, pr.seat, pr.data[0], ev)
    return None


# ---- prepare a champion ---------------------------------------------------------------------
def _prepare_prompt(st: BaseState, seat: int, src: int, remaining: int) -> Prompt | None:
    zone = st.players[seat].champions
    opts = []
    for i, inst in enumerate(zone):
        if st.expended[inst]:
            card, k = ref_at(zone, st.cid, i)
            opts.append(Action("select", card, k))
    if not opts:
        return None
    return Prompt(seat, "select", f"{_name(st, src)}: prepare a champion", tuple(opts), "prepare",
                  st.cid[src] if src >= 0 else None, src, zone="champions", data=(remaining,))


def fx_prepare_champion(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    return _prepare_prompt(st, seat, src, eff.amount)


def re_prepare(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    zone = st.players[pr.seat].champions
    inst = zone[find_ref(zone, st.cid, a.card or "", a.k)]
    st.expended[inst] = 0
    ev.append(ChampionPrepared(pr.seat, st.cid[inst]))
    remaining = pr.data[0] - 1
    return _prepare_prompt(st, pr.seat, pr.src, remaining) if remaining > 0 else None


# ---- next acquire redirection -------------------------------------------------------------------
def fx_next_acquire(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    st.players[seat].redirects.append((eff.to, eff.of))
    ev.append(NextAcquireRedirected(seat, eff.to, eff.of))
    return None


# ---- a card from the discard pile to the top of the deck --------------------------------------------
def fx_discard_to_deck_top(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    zone = st.players[seat].discard
    refs = first_copies(zone, st.cid)
    if eff.of == "champion":
        refs = [r for r in refs if st.lib[r[0]].is_champion]
    if not refs:
        return None
    opts = tuple(Action("select", c, k) for c, k in refs)
    if eff.optional:
        opts += (SKIP,)
    what = "a champion" if eff.of == "champion" else "a card"
    return Prompt(seat, "select", f"{_name(st, src)}: put {what} from your discard pile on top of your deck",
                  opts, "to_deck_top", st.cid[src] if src >= 0 else None, src, zone="discard",
                  optional=eff.optional)


def re_to_deck_top(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    if a.verb == "skip":
        return None
    p = st.players[pr.seat]
    inst = p.discard.pop(find_ref(p.discard, st.cid, a.card or "", a.k))
    p.deck.append(inst)
    p.known_top += 1
    ev.append(CardToDeckTop(pr.seat, st.cid[inst], "discard"))
    return None


# ---- sacrifice cards from hand or discard pile -------------------------------------------------------
def _sacrifice_prompt(st: BaseState, seat: int, src: int, remaining: int, bonus: int, optional: bool) -> Prompt | None:
    p = st.players[seat]
    zone = p.hand + p.discard
    refs = first_copies(zone, st.cid, 0, len(p.hand)) + first_copies(zone, st.cid, len(p.hand))
    if not refs:
        return None
    opts = tuple(Action("select", c, k) for c, k in refs)
    if optional:
        opts += (SKIP,)
    return Prompt(seat, "select", f"{_name(st, src)}: sacrifice a card from your hand or discard pile",
                  opts, "sacrifice", st.cid[src] if src >= 0 else None, src, zone="hand+discard",
                  data=(remaining, bonus), optional=optional)


def fx_sacrifice_from_hand_or_discard(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    return _sacrifice_prompt(st, seat, src, eff.amount, eff.bonus_combat, eff.optional or eff.up_to)


def re_sacrifice(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    if a.verb == "skip":
        return None
    p = st.players[pr.seat]
    i = find_ref(p.hand + p.discard, st.cid, a.card or "", a.k)
    if i < len(p.hand):
        sacrifice(st, pr.seat, p.hand, i, "hand", ev)
    else:
        sacrifice(st, pr.seat, p.discard, i - len(p.hand), "discard", ev)
    remaining, bonus = pr.data
    if bonus:
        gain_combat(st, pr.seat, bonus, ev)
    if remaining > 1:
        return _sacrifice_prompt(st, pr.seat, pr.src, remaining - 1, 0, True)
    return None


# ---- draw, then discard ------------------------------------------------------------------------------
def discard_prompt(st: BaseState, seat: int, src: int, remaining: int, kind: str = "discard") -> Prompt | None:
    hand = st.players[seat].hand
    if not hand or remaining <= 0:
        return None
    opts = tuple(Action("discard", c, k) for c, k in first_copies(hand, st.cid))
    who = _name(st, src) if kind == "discard" else "Owed discard"
    text = f"{who}: discard a card" + (f" ({remaining} to go)" if remaining > 1 else "")
    return Prompt(seat, kind, text, opts, "discard", st.cid[src] if src >= 0 else None, src,
                  zone="hand", data=(remaining,))


def re_discard(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    p = st.players[pr.seat]
    reason = "owed" if pr.kind == "forced_discard" else "effect"
    discard_from_hand(st, pr.seat, find_ref(p.hand, st.cid, a.card or "", a.k), reason, ev)
    if pr.kind == "forced_discard":
        p.owed -= 1
        if not p.hand:
            p.owed = 0
        return discard_prompt(st, pr.seat, -1, p.owed, "forced_discard")
    return discard_prompt(st, pr.seat, pr.src, pr.data[0] - 1)


def _draw_then_discard(st: BaseState, seat: int, src: int, n: int, ev: list[Event]) -> Prompt | None:
    drawn = st.draw_n(seat, n, ev)
    return discard_prompt(st, seat, src, drawn)


def fx_draw_then_discard(st: BaseState, seat: int, src: int, eff: Effect, ev: list[Event]) -> Prompt | None:
    if not eff.optional:
        # "Draw a card, then discard a card" (no "if you do"): the discard does not depend
        # on the draw, so with nothing to draw the player still discards (partial effects).
        st.draw_n(seat, eff.amount, ev)
        return discard_prompt(st, seat, src, eff.amount)
    card = st.cid[src] if src >= 0 else None
    if eff.up_to:
        return Prompt(seat, "up_to", f"{_name(st, src)}: draw up to {eff.amount} cards, then discard that many",
                      _choices(eff.amount) + (SKIP,), "draw_then_discard", card, src, optional=True)
    return Prompt(seat, "yes_no", f"{_name(st, src)}: draw {eff.amount} and discard {eff.amount}?",
                  (Action("choose", amount=1), SKIP), "draw_then_discard", card, src,
                  data=(eff.amount,), optional=True)


def re_draw_then_discard(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    if a.verb == "skip" or not a.amount:
        return None
    n = pr.data[0] if pr.kind == "yes_no" else a.amount
    return _draw_then_discard(st, pr.seat, pr.src, n, ev)


HANDLERS: dict[str, Handler] = {
    "gold": fx_gold,
    "combat": fx_combat,
    "health": fx_health,
    "draw": fx_draw,
    "choose_one": fx_choose_one,
    "stun_target_champion": fx_stun_target_champion,
    "opponent_discards": fx_opponent_discards,
    "prepare_champion": fx_prepare_champion,
    "next_acquire": fx_next_acquire,
    "discard_to_deck_top": fx_discard_to_deck_top,
    "sacrifice_from_hand_or_discard": fx_sacrifice_from_hand_or_discard,
    "draw_then_discard": fx_draw_then_discard,
    "combat_per": fx_combat_per,
    "health_per": fx_health_per,
}

RESUME: dict[str, Resume] = {
    "choose_one": re_choose_one,
    "stun": re_stun,
    "owe_discard": re_owe_discard,
    "prepare": re_prepare,
    "to_deck_top": re_to_deck_top,
    "sacrifice": re_sacrifice,
    "discard": re_discard,
    "draw_then_discard": re_draw_then_discard,
}
