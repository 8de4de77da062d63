"""Cursed Items (The Cursed Hoard, part one): the three options of every turn, and the
item verbs.

Each player keeps one item face up. On their turn they may do nothing with it, swap
it (``item swap``: discarded at the end of the turn, a new one drawn), or use it
(``item use ...``) at its timing: any time during the turn, instead of the turn
(before drawing), or after the turn. A used item turns face down (its value counts
at the end) and a new one is drawn at the end of the turn.

An item's ability is the verb its ``ability`` names in the data file, with that
verb's fields; :data:`VERBS` gives each verb of ``item_verbs.ITEM_VERBS`` its two
halves: the words ``item use`` may take now, and what using it does. Abilities that
need more answers (a Rake's two cards, Market Wagon offers...) open an ``effect``
phase, played by ``item_effects.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.fantasy_realms.actions import Action
from game.fantasy_realms.events import (
    CardDiscarded,
    CardDrawn,
    CardsToDeck,
    DiscardSealed,
    Event,
    HandLimitChanged,
    ItemDealt,
    ItemDiscarded,
    ItemStolen,
    ItemUsed,
    Revealed,
)
from game.fantasy_realms.modules import HAND_MAX, game_suits
from game.fantasy_realms.turn import card_id, deal_item, draw_top, finish_turn, item_open, main_done, takeable

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState

Args = tuple[str, ...]
# The Staff of Transmutation's bounds: the effect phase's state (hashed, saved) names no
# item, so the verb's numbers are fixed rather than fields.
TRANSMUTE_MIN, TRANSMUTE_MAX = 3, 8


def _slug(st: GameState, iid: str) -> str:
    return st.lib.items[iid].slug


def _card(st: GameState, cid: str) -> str:
    return st.lib.cards[cid].slug


def _param(st: GameState, iid: str, name: str) -> Any:
    return st.lib.items[iid].params[name]


def _unsealed(st: GameState) -> list[str]:
    return [c for c in st.discard if c not in st.sealed]


def _fresh(st: GameState, phase: str) -> bool:
    """The turn has not drawn yet."""
    return phase == "draw" and not st.moved


# ------------------------------------------------------------ what may be used now
def uses(st: GameState, seat: int, iid: str, phase: str, depth: int = 0) -> list[Args]:
    """The argument lists with which ``seat`` may use item ``iid`` now (``depth`` > 0:
    an item used by another, which may not pass the use on again)."""
    it = st.lib.items[iid]
    if it.timing == "replace_turn" and not _fresh(st, phase):
        return []
    if it.timing == "after_turn" and phase != "end_turn":
        return []
    return VERBS[it.verb].uses(st, seat, iid, phase, depth)


def item_lines(st: GameState, seat: int, after_turn: bool = False) -> list[Action]:
    """``item use ...`` and ``item swap`` lines open to ``seat`` now."""
    if not item_open(st, seat):
        return []
    iid = st.face_up[seat]
    assert iid is not None
    phase = "end_turn" if after_turn else st.phase
    out = [Action("item", ("use", *a)) for a in uses(st, seat, iid, phase)]
    out.append(Action("item", ("swap",)))
    return out


def item_apply(st: GameState, seat: int, a: Action, ev: list[Event]) -> None:
    if a.args[0] == "swap":
        st.turn_item = "swap"
        if st.phase == "end_turn":
            finish_turn(st, seat, ev)
        return
    iid = st.face_up[seat]
    assert iid is not None
    args = a.args[1:]
    st.turn_item = "used"
    st.face_up[seat] = None
    if st.lib.items[iid].verb == "copy_used_item" and not st.face_down[seat]:
        # nothing to copy: the Repair Kit is discarded and replaced, not turned face down
        st.item_discard.append(iid)
        ev.append(ItemDiscarded(seat, iid))
        deal_item(st, seat, ev)
        resume(st, seat, st.phase, ev)
        return
    st.face_down[seat].append(iid)
    ev.append(ItemUsed(seat, iid, " ".join(args)))
    perform(st, seat, iid, args, st.phase, ev)


def perform(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    """Carry out item ``iid``'s ability for ``seat`` (its card is already placed)."""
    VERBS[st.lib.items[iid].verb].perform(st, seat, iid, args, phase, ev)


def resume(st: GameState, seat: int, phase: str, ev: list[Event]) -> None:
    """Back to the turn after an ability that did not replace it."""
    st.phase = phase
    st.to_move = seat
    st.effect = ()
    if phase == "discard" and len(st.hands[seat]) <= st.limit[seat]:
        main_done(st, seat, ev)
    elif phase == "end_turn" and not item_open(st, seat):
        finish_turn(st, seat, ev)


def to_discard_from_deck(st: GameState, ev: list[Event], why: str) -> None:
    if st.deck:
        cid = st.deck.pop()
        st.discard.append(cid)
        ev.append(CardDiscarded(-1, cid, why))


# ------------------------------------------------------------ the verbs: when each may be used
def _always(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()]


def _with_deck(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if st.deck else []


def _before_draw_with_deck(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if st.deck and _fresh(st, phase) else []


def _uses_see_hand(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [(str(s),) for s in range(st.n) if s != seat]


def _uses_reveal_suit(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [(s,) for s in (*game_suits(st.modules), "wild")]


def _uses_see_deck(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    if st.lib.items[iid].params.get("before_draw", False):
        return _before_draw_with_deck(st, seat, iid, phase, depth)
    return [()]


def _uses_discard_then_draw(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if st.deck and st.hands[seat] else []


def _uses_offer_trade(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [(_card(st, c),) for c in st.hands[seat]] if st.n > 1 else []


def _uses_set_aside_items(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if st.item_deck or st.item_discard else []


def _uses_discard_to_deck_bottom(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [(_card(st, c),) for c in dict.fromkeys(_unsealed(st))]


def _uses_seal_discards(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    count = _param(st, iid, "count")
    free = list(dict.fromkeys(_unsealed(st)))
    if 0 < len(free) < count:
        return [tuple(_card(st, c) for c in free)]  # fewer cards than it seals: all of them
    return [tuple(_card(st, c) for c in combo) for combo in combinations(free, count)]


def _uses_steal_item(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    if depth:
        return []
    return [(str(s),) for s in range(st.n)
            if s != seat and st.face_up[s] and uses(st, seat, st.face_up[s] or "", phase, depth + 1)]


def _uses_use_discarded_item(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    if depth:
        return []
    top = st.item_discard[-_param(st, iid, "count"):]
    return [(_slug(st, x),) for x in dict.fromkeys(top) if uses(st, seat, x, phase, depth + 1)]


def _uses_transmute(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if len(st.hands[seat]) >= TRANSMUTE_MIN else []


def _uses_take_discards(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if takeable(st, seat) else []


def _uses_copy_used_item(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    if depth:
        return []
    if not st.face_down[seat]:
        return [()]
    never = st.lib.items[iid].params.get("except", ())
    used = [x for x in st.face_down[seat] if st.lib.items[x].en not in never and x != iid]
    return [(_slug(st, x), *a) for x in dict.fromkeys(used) for a in uses(st, seat, x, phase, depth + 1)]


def _uses_swap_discards_with_deck(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if _unsealed(st) and st.deck else []


def _uses_draw_until_suit(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [(s,) for s in game_suits(st.modules)] if st.deck else []


def _uses_raise_hand_limit(st: GameState, seat: int, iid: str, phase: str, depth: int) -> list[Args]:
    return [()] if phase == "discard" and len(st.hands[seat]) > st.limit[seat] else []


# ------------------------------------------------------------ the verbs: what each does
def _see_hand(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    target = int(args[0])
    ev.append(Revealed(target, seat, tuple(st.hands[target]), _slug(st, iid)))
    resume(st, seat, phase, ev)


def _reveal_suit(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    for s in range(st.n):
        if s != seat:
            ev.append(Revealed(s, -1, tuple(c for c in st.hands[s] if args[0] in st.lib.cards[c].suits), _slug(st, iid)))
    resume(st, seat, phase, ev)


def _see_deck(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    count = _param(st, iid, "count")
    seen = st.deck[-count:] if _param(st, iid, "from") == "top" else st.deck[:count]
    ev.append(Revealed(-1, seat, tuple(reversed(seen)), _slug(st, iid)))  # from the top down
    resume(st, seat, phase, ev)


def _deck_to_discard(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    to_discard_from_deck(st, ev, _slug(st, iid))
    if st.lib.items[iid].params.get("ends_turn", False):
        st.moved = True
        main_done(st, seat, ev)
        return
    resume(st, seat, phase, ev)


def _discard_to_deck_bottom(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    cid = card_id(st, args[0])
    assert cid is not None
    st.discard.remove(cid)
    st.deck.insert(0, cid)
    ev.append(CardsToDeck(seat, 1, "bottom", (cid,), private=False))
    resume(st, seat, phase, ev)


def _seal_discards(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    cids = tuple(c for c in (card_id(st, w) for w in args) if c is not None)
    for c in cids:
        st.sealed[c] = seat
    ev.append(DiscardSealed(seat, cids))
    resume(st, seat, phase, ev)


def _swap_discards_with_deck(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.phase, st.effect = "effect", ("mirror", seat, (), phase)


def _take_discards(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.phase, st.effect, st.moved = "effect", ("rake", seat, 0), True


def _discard_then_draw(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.phase, st.effect, st.moved = "effect", ("blindfold", seat), True


def _draw_then_discard(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    for _ in range(_param(st, iid, "count")):
        draw_top(st, seat, ev, _slug(st, iid))
    st.moved = True
    st.phase = "discard"
    resume(st, seat, "discard", ev)


def _draw_and_put_back(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    for _ in range(_param(st, iid, "count")):
        if st.deck:
            cid = st.deck.pop()
            st.drawn.append(cid)
            ev.append(CardDrawn(seat, cid, _slug(st, iid)))
    st.moved = True
    if len(st.drawn) <= 1:
        st.hands[seat].extend(st.drawn)
        st.drawn = []
        resume(st, seat, "discard", ev)
        return
    st.phase, st.effect = "effect", ("cauldron", seat)


def _draw_until_suit(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    """Cards are turned over until one of the suit (at most ``count``); the others are
    shuffled back, the found one goes to the hand, which then discards another."""
    suit, why, most = args[0], _slug(st, iid), _param(st, iid, "count")
    shown: list[str] = []
    found = None
    while st.deck and len(shown) + (found is not None) < most and found is None:
        cid = st.deck.pop()
        if suit in st.lib.cards[cid].suits:
            found = cid
        else:
            shown.append(cid)
    st.moved = True
    if shown:
        ev.append(Revealed(-1, -1, tuple(shown), why))
        st.deck.extend(shown)
        st.rng.shuffle(st.deck)
        ev.append(CardsToDeck(seat, len(shown), "shuffled", tuple(shown), private=False))
    if found is None:
        main_done(st, seat, ev)
        return
    st.hands[seat].append(found)
    ev.append(CardDrawn(seat, found, why))
    st.forbid = found
    st.phase, st.effect = "discard", ()
    if len(st.hands[seat]) <= st.limit[seat]:
        st.forbid = ""
        main_done(st, seat, ev)


def _transmute(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.phase, st.effect, st.moved = "effect", ("staff", seat, ()), True


def _wish_to_top(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.phase, st.effect = "effect", ("ring", seat, phase)


def _offer_trade(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    cid = card_id(st, args[0])
    ev.append(Revealed(seat, -1, (cid or "",), _slug(st, iid)))
    others = tuple((seat + i) % st.n for i in range(1, st.n))
    st.phase, st.effect, st.moved = "effect", ("wagon", seat, cid, others, ()), True
    st.to_move = others[0]


def _set_aside_items(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    for _ in range(_param(st, iid, "count")):
        if not st.item_deck and st.item_discard:
            st.item_deck, st.item_discard = st.item_discard, []
            st.rng.shuffle(st.item_deck)
        if st.item_deck:
            x = st.item_deck.pop()
            st.reserve[seat].append(x)
            ev.append(ItemDealt(seat, x))
    resume(st, seat, phase, ev)


def _steal_item(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    victim = int(args[0])
    got = st.face_up[victim]
    assert got is not None
    st.face_up[victim] = None
    ev.append(ItemStolen(seat, victim, got))
    deal_item(st, victim, ev)
    _use_at_once(st, seat, got, phase, ev)


def _use_discarded_item(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    got = next(x for x in reversed(st.item_discard) if _slug(st, x) == args[0])
    st.item_discard.remove(got)
    _use_at_once(st, seat, got, phase, ev)


def _use_at_once(st: GameState, seat: int, got: str, phase: str, ev: list[Event]) -> None:
    """A stolen or dug-up item is used at once: its ``item use`` lines are the effect
    phase's answers. When taking it left it nothing to do (a Backpack whose taking
    emptied the item piles), it turns face down without effect and the turn goes on."""
    st.phase, st.effect = "effect", ("now", seat, got, phase)
    if uses(st, seat, got, phase, depth=1):
        return
    st.face_down[seat].append(got)
    ev.append(ItemUsed(seat, got, ""))
    resume(st, seat, phase, ev)


def _copy_used_item(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    copied = next(x for x in st.face_down[seat] if _slug(st, x) == args[0])
    perform(st, seat, copied, args[1:], phase, ev)


def _extra_turn(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    st.extra_turn = True
    st.hourglass = True
    resume(st, seat, phase, ev)


def _raise_hand_limit(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    # never more than 9 cards in hand, the Portal included: at 9 the turn's discard stays due
    if st.limit[seat] < HAND_MAX:
        st.limit[seat] += 1
        ev.append(HandLimitChanged(seat, st.limit[seat]))
    resume(st, seat, phase, ev)


def _nothing(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    resume(st, seat, phase, ev)


# ------------------------------------------------------------ the registry
UsesFn = Callable[["GameState", int, str, str, int], list[Args]]
PerformFn = Callable[["GameState", int, str, Args, str, list[Event]], None]


@dataclass(frozen=True, slots=True)
class ItemVerb:
    """One item verb: ``uses(st, seat, iid, phase, depth)`` lists the words ``item use``
    may take now (timing aside), ``perform(st, seat, iid, args, phase, ev)`` does it."""

    uses: UsesFn
    perform: PerformFn


VERBS: dict[str, ItemVerb] = {
    "see_hand": ItemVerb(_uses_see_hand, _see_hand),
    "reveal_suit": ItemVerb(_uses_reveal_suit, _reveal_suit),
    "see_deck": ItemVerb(_uses_see_deck, _see_deck),
    "deck_to_discard": ItemVerb(_with_deck, _deck_to_discard),
    "discard_to_deck_bottom": ItemVerb(_uses_discard_to_deck_bottom, _discard_to_deck_bottom),
    "seal_discards": ItemVerb(_uses_seal_discards, _seal_discards),
    "swap_discards_with_deck": ItemVerb(_uses_swap_discards_with_deck, _swap_discards_with_deck),
    "take_discards": ItemVerb(_uses_take_discards, _take_discards),
    "discard_then_draw": ItemVerb(_uses_discard_then_draw, _discard_then_draw),
    "draw_then_discard": ItemVerb(_with_deck, _draw_then_discard),
    "draw_and_put_back": ItemVerb(_with_deck, _draw_and_put_back),
    "draw_until_suit": ItemVerb(_uses_draw_until_suit, _draw_until_suit),
    "transmute": ItemVerb(_uses_transmute, _transmute),
    "wish_to_top": ItemVerb(_before_draw_with_deck, _wish_to_top),
    "offer_trade": ItemVerb(_uses_offer_trade, _offer_trade),
    "set_aside_items": ItemVerb(_uses_set_aside_items, _set_aside_items),
    "steal_item": ItemVerb(_uses_steal_item, _steal_item),
    "use_discarded_item": ItemVerb(_uses_use_discarded_item, _use_discarded_item),
    "copy_used_item": ItemVerb(_uses_copy_used_item, _copy_used_item),
    "extra_turn": ItemVerb(_always, _extra_turn),
    "raise_hand_limit": ItemVerb(_uses_raise_hand_limit, _raise_hand_limit),
    "nothing": ItemVerb(_always, _nothing),
}
