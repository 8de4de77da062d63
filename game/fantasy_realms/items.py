"""Cursed Items (The Cursed Hoard, part one): the three options of every turn.

Each player keeps one item face up. On their turn they may do nothing with it, swap
it (``item swap``: discarded at the end of the turn, a new one drawn), or use it
(``item use ...``) at its timing: any time during the turn, instead of the turn
(before drawing), or after the turn. A used item turns face down (its value counts
at the end) and a new one is drawn at the end of the turn. Effects that need more
answers (a Rake's two cards, Market Wagon offers...) run as an ``effect`` phase
whose answers ``legal_actions`` lists, like any other decision.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

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
    Offered,
    Revealed,
    Traded,
)
from game.fantasy_realms.modules import HAND_MAX

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState

Args = tuple[str, ...]
NOT_COPIED = ("backpack", "sarcophagus", "blindfold", "treasure_chest")


def _slug(st: GameState, iid: str) -> str:
    return st.lib.items[iid].slug


def _card(st: GameState, cid: str) -> str:
    return st.lib.cards[cid].slug


def _unsealed(st: GameState) -> list[str]:
    return [c for c in st.discard if c not in st.sealed]


def deal_item(st: GameState, seat: int, ev: list[Event]) -> None:
    """A new face-up item (a Backpack's reserve first, then the deck, reshuffling
    the item discard pile when the deck is out)."""
    if st.reserve[seat]:
        iid = st.reserve[seat].pop(0)
    else:
        if not st.item_deck and st.item_discard:
            st.item_deck, st.item_discard = st.item_discard, []
            st.rng.shuffle(st.item_deck)
        if not st.item_deck:
            st.face_up[seat] = None
            return
        iid = st.item_deck.pop()
    st.face_up[seat] = iid
    ev.append(ItemDealt(seat, iid))


# ------------------------------------------------------------ what may be used now
def uses(st: GameState, seat: int, iid: str, phase: str, depth: int = 0) -> list[Args]:
    """The argument lists with which ``seat`` may use item ``iid`` now."""
    it = st.lib.items[iid]
    name = it.slug
    timing = it.timing
    fresh = phase == "draw" and not st.moved
    if timing == "replace_turn" and not fresh:
        return []
    if timing == "after_turn" and phase != "end_turn":
        return []
    hand = st.hands[seat]
    deck = st.deck
    if name == "spyglass":
        return [(str(s),) for s in range(st.n) if s != seat]
    if name in ("sarcophagus", "winged_boots", "fishhook", "cauldron"):
        return [()] if deck else []
    if name == "blindfold":
        return [()] if deck and hand else []
    if name in ("book_of_prophecy", "treasure_chest", "hourglass"):
        return [()]
    if name == "crystal_ball":
        from game.fantasy_realms.modules import game_suits

        return [(s,) for s in (*game_suits(st.modules), "wild")]
    if name == "market_wagon":
        return [(_card(st, c),) for c in hand] if st.n > 1 else []
    if name == "backpack":
        return [()] if st.item_deck or st.item_discard else []
    if name == "shovel":
        return [(_card(st, c),) for c in dict.fromkeys(_unsealed(st))]
    if name == "sealed_vault":
        free = list(dict.fromkeys(_unsealed(st)))
        if len(free) == 1:
            return [(_card(st, free[0]),)]
        return [(_card(st, a), _card(st, b)) for a, b in combinations(free, 2)]
    if name == "crystal_lens":
        return [()] if deck and fresh else []
    if name == "wishing_ring":
        return [()] if deck and fresh else []
    if name == "larcenous_gloves":
        if depth:
            return []
        return [(str(s),) for s in range(st.n)
                if s != seat and st.face_up[s] and uses(st, seat, st.face_up[s] or "", phase, depth + 1)]
    if name == "junkyard_map":
        if depth:
            return []
        return [(_slug(st, x),) for x in dict.fromkeys(st.item_discard[-3:]) if uses(st, seat, x, phase, depth + 1)]
    if name == "staff_of_transmutation":
        return [()] if len(hand) >= 3 else []
    if name == "rake":
        from game.fantasy_realms.rules import takeable

        return [()] if takeable(st, seat) else []
    if name == "repair_kit":
        if depth:
            return []
        used = [x for x in st.face_down[seat] if st.lib.items[x].slug not in NOT_COPIED and x != iid]
        if not st.face_down[seat]:
            return [()]
        return [(_slug(st, x), *a) for x in dict.fromkeys(used) for a in uses(st, seat, x, phase, depth + 1)]
    if name == "gold_mirror":
        return [()] if _unsealed(st) and deck else []
    if name == "lantern":
        from game.fantasy_realms.modules import game_suits

        return [(s,) for s in game_suits(st.modules)] if deck else []
    if name == "portal":
        return [()] if phase == "discard" and len(hand) > st.limit[seat] else []
    return []


def item_lines(st: GameState, seat: int, after_turn: bool = False) -> list[Action]:
    """``item use ...`` and ``item swap`` lines open to ``seat`` now."""
    iid = st.face_up[seat]
    if iid is None or st.turn_item or seat != st.active:
        return []
    phase = "end_turn" if after_turn else st.phase
    out = [Action("item", ("use", *a)) for a in uses(st, seat, iid, phase)]
    out.append(Action("item", ("swap",)))
    return out


def item_apply(st: GameState, seat: int, a: Action, ev: list[Event]) -> None:
    if a.args[0] == "swap":
        st.turn_item = "swap"
        if st.phase == "end_turn":
            from game.fantasy_realms.rules import finish_turn

            finish_turn(st, seat, ev)
        return
    iid = st.face_up[seat]
    assert iid is not None
    args = a.args[1:]
    st.turn_item = "used"
    st.face_up[seat] = None
    if st.lib.items[iid].slug == "repair_kit" and not st.face_down[seat]:
        st.item_discard.append(iid)
        ev.append(ItemDiscarded(seat, iid))
        deal_item(st, seat, ev)
        _resume(st, seat, st.phase, ev)
        return
    st.face_down[seat].append(iid)
    ev.append(ItemUsed(seat, iid, " ".join(args)))
    perform(st, seat, iid, args, st.phase, ev)


# ------------------------------------------------------------ effects
def _resume(st: GameState, seat: int, phase: str, ev: list[Event]) -> None:
    """Back to the turn after an effect that did not replace it."""
    from game.fantasy_realms.rules import finish_turn, main_done

    st.phase = phase
    st.to_move = seat
    st.effect = ()
    if phase == "discard" and len(st.hands[seat]) <= st.limit[seat]:
        main_done(st, seat, ev)
    elif phase == "end_turn" and not item_lines(st, seat, after_turn=True):
        finish_turn(st, seat, ev)


def _to_discard_from_deck(st: GameState, ev: list[Event], why: str) -> None:
    if st.deck:
        cid = st.deck.pop()
        st.discard.append(cid)
        ev.append(CardDiscarded(-1, cid, why))


def perform(st: GameState, seat: int, iid: str, args: Args, phase: str, ev: list[Event]) -> None:
    """Carry out item ``iid``'s ability for ``seat`` (its card is already placed)."""
    from game.fantasy_realms.rules import card_id, draw_top, main_done

    name = st.lib.items[iid].slug
    hand = st.hands[seat]
    if name == "spyglass":
        target = int(args[0])
        ev.append(Revealed(target, seat, tuple(st.hands[target]), name))
    elif name == "sarcophagus":
        _to_discard_from_deck(st, ev, name)
        st.moved = True
        main_done(st, seat, ev)
        return
    elif name == "blindfold":
        st.phase, st.effect, st.moved = "effect", ("blindfold", seat), True
        return
    elif name == "book_of_prophecy":
        ev.append(Revealed(-1, seat, tuple(reversed(st.deck[:7])), name))
    elif name == "crystal_ball":
        for s in range(st.n):
            if s != seat:
                ev.append(Revealed(s, -1, tuple(c for c in st.hands[s] if args[0] in st.lib.cards[c].suits), name))
    elif name == "market_wagon":
        cid = card_id(st, args[0])
        ev.append(Revealed(seat, -1, (cid or "",), name))
        others = tuple((seat + i) % st.n for i in range(1, st.n))
        st.phase, st.effect, st.moved = "effect", ("wagon", seat, cid, others, ()), True
        st.to_move = others[0]
        return
    elif name == "backpack":
        for _ in range(3):
            if not st.item_deck and st.item_discard:
                st.item_deck, st.item_discard = st.item_discard, []
                st.rng.shuffle(st.item_deck)
            if st.item_deck:
                x = st.item_deck.pop()
                st.reserve[seat].append(x)
                ev.append(ItemDealt(seat, x))
    elif name == "shovel":
        cid = card_id(st, args[0])
        assert cid is not None
        st.discard.remove(cid)
        st.deck.insert(0, cid)
        ev.append(CardsToDeck(seat, 1, "bottom", (cid,), private=False))
    elif name == "sealed_vault":
        cids = tuple(c for c in (card_id(st, w) for w in args) if c is not None)
        for c in cids:
            st.sealed[c] = seat
        ev.append(DiscardSealed(seat, cids))
    elif name == "crystal_lens":
        ev.append(Revealed(-1, seat, (st.deck[-1],), name))
    elif name in ("larcenous_gloves", "junkyard_map"):
        if name == "larcenous_gloves":
            victim = int(args[0])
            got = st.face_up[victim]
            assert got is not None
            st.face_up[victim] = None
            ev.append(ItemStolen(seat, victim, got))
            deal_item(st, victim, ev)
        else:
            got = next(x for x in reversed(st.item_discard) if _slug(st, x) == args[0])
            st.item_discard.remove(got)
        st.phase, st.effect = "effect", ("now", seat, got, phase)
        return
    elif name == "winged_boots":
        _to_discard_from_deck(st, ev, name)
    elif name == "staff_of_transmutation":
        st.phase, st.effect, st.moved = "effect", ("staff", seat, ()), True
        return
    elif name == "rake":
        st.phase, st.effect, st.moved = "effect", ("rake", seat, 0), True
        return
    elif name == "fishhook":
        draw_top(st, seat, ev, name)
        draw_top(st, seat, ev, name)
        st.moved = True
        st.phase = "discard"
        return _resume(st, seat, "discard", ev)
    elif name == "repair_kit":
        copied = next(x for x in st.face_down[seat] if _slug(st, x) == args[0])
        return perform(st, seat, copied, args[1:], phase, ev)
    elif name == "hourglass":
        st.extra_turn = True
        st.hourglass = True
    elif name == "gold_mirror":
        st.phase, st.effect = "effect", ("mirror", seat, (), phase)
        return
    elif name == "cauldron":
        for _ in range(3):
            if st.deck:
                cid = st.deck.pop()
                st.drawn.append(cid)
                ev.append(CardDrawn(seat, cid, name))
        st.moved = True
        if len(st.drawn) <= 1:
            hand.extend(st.drawn)
            st.drawn = []
            return _resume(st, seat, "discard", ev)
        st.phase, st.effect = "effect", ("cauldron", seat)
        return
    elif name == "lantern":
        _lantern(st, seat, args[0], ev)
        return
    elif name == "portal":
        # never more than 9 cards in hand, the Portal included: at 9 the turn's discard stays due
        if st.limit[seat] < HAND_MAX:
            st.limit[seat] += 1
            ev.append(HandLimitChanged(seat, st.limit[seat]))
    elif name == "wishing_ring":
        st.phase, st.effect = "effect", ("ring", seat, phase)
        return
    _resume(st, seat, phase, ev)


def _lantern(st: GameState, seat: int, suit: str, ev: list[Event]) -> None:
    from game.fantasy_realms.rules import main_done

    shown: list[str] = []
    found = None
    while st.deck and len(shown) + (found is not None) < 10 and found is None:
        cid = st.deck.pop()
        if suit in st.lib.cards[cid].suits:
            found = cid
        else:
            shown.append(cid)
    st.moved = True
    if shown:
        ev.append(Revealed(-1, -1, tuple(shown), "lantern"))
        st.deck.extend(shown)
        st.rng.shuffle(st.deck)
        ev.append(CardsToDeck(seat, len(shown), "shuffled", tuple(shown), private=False))
    if found is None:
        main_done(st, seat, ev)
        return
    st.hands[seat].append(found)
    ev.append(CardDrawn(seat, found, "lantern"))
    st.forbid = found
    st.phase, st.effect = "discard", ()
    if len(st.hands[seat]) <= st.limit[seat]:
        st.forbid = ""
        main_done(st, seat, ev)


# ------------------------------------------------------------ effect phase
def effect_lines(st: GameState) -> list[Action]:
    from game.fantasy_realms.rules import takeable

    kind = st.effect[0]
    seat = st.effect[1]
    if kind == "pick":
        return [Action("pick", (_slug(st, x),)) for x in dict.fromkeys(st.reserve[seat])]
    if kind == "blindfold":
        return [Action("discard", (_card(st, c),)) for c in st.hands[seat]]
    if kind == "wagon":
        _, _, _cid, others, offers = st.effect
        if len(offers) < len(others):
            who = others[len(offers)]
            hand = st.hands[who]
            lines = [Action("offer", ("none",))]
            for k in (1, 2, 3):
                lines += [Action("offer", tuple(_card(st, c) for c in combo)) for combo in combinations(hand, k)]
            return lines
        lines = [Action("keep"), Action("redraw")] if st.deck else [Action("keep")]
        for who, cards in zip(others, offers):
            lines += [Action("trade", (str(who), _card(st, c))) for c in cards]
        return lines
    if kind == "now":
        _, _, got, phase = st.effect
        return [Action("item", ("use", *a)) for a in uses(st, seat, got, phase, depth=1)]
    if kind == "staff":
        chosen = st.effect[2]
        lines = [Action("select", (_card(st, c),)) for c in st.hands[seat] if c not in chosen] if len(chosen) < 8 else []
        if len(chosen) >= 3:
            lines.append(Action("done"))
        return lines
    if kind == "rake":
        return [Action("draw", (_card(st, c),)) for c in dict.fromkeys(takeable(st, seat))]
    if kind == "mirror":
        chosen = st.effect[2]
        return [Action("select", (_card(st, c),)) for c in dict.fromkeys(_unsealed(st)) if c not in chosen]
    if kind == "cauldron":
        return [Action(w, (_card(st, c),)) for c in st.drawn for w in ("top", "bottom")]
    if kind == "ring":
        return [Action("wish", (_card(st, c),)) for c in sorted(set(st.deck), key=lambda c: _card(st, c))]
    return []


def effect_apply(st: GameState, a: Action, ev: list[Event]) -> None:
    from game.fantasy_realms.rules import (
        card_id,
        discard_card,
        draw_top,
        finish_turn,
        limit_reached,
        main_done,
        take_from_discard,
    )

    kind = st.effect[0]
    seat = st.effect[1]
    cid = card_id(st, a.args[0]) if a.args and a.verb not in ("offer", "trade", "item", "pick") else None
    if kind == "pick":
        iid = next(x for x in st.reserve[seat] if _slug(st, x) == a.args[0])
        st.reserve[seat].remove(iid)
        st.face_up[seat] = iid
        ev.append(ItemDealt(seat, iid))
        st.turn_item = "done"
        st.effect = ()
        finish_turn(st, seat, ev)
    elif kind == "blindfold":
        assert cid is not None
        discard_card(st, seat, cid, ev)
        if not limit_reached(st):  # a full discard area ends the game before the draw
            draw_top(st, seat, ev, "blindfold")
        st.effect = ()
        main_done(st, seat, ev)
    elif kind == "wagon":
        _wagon(st, a, ev)
    elif kind == "now":
        got = st.effect[2]
        phase = st.effect[3]
        st.face_down[seat].append(got)
        ev.append(ItemUsed(seat, got, " ".join(a.args[1:])))
        st.effect = ()
        st.phase = phase
        perform(st, seat, got, a.args[1:], phase, ev)
    elif kind == "staff":
        chosen = st.effect[2]
        if a.verb == "select":
            assert cid is not None
            st.effect = ("staff", seat, (*chosen, cid))
            if len(chosen) + 1 < 8:
                return
            chosen = chosen + (cid,)
        for c in chosen:
            st.hands[seat].remove(c)
            st.deck.insert(0, c)
        ev.append(CardsToDeck(seat, len(chosen), "bottom", tuple(chosen)))
        for _ in chosen:
            draw_top(st, seat, ev, "staff_of_transmutation")
        st.effect = ()
        main_done(st, seat, ev)
    elif kind == "rake":
        assert cid is not None
        take_from_discard(st, seat, cid, ev, "rake")
        taken = st.effect[2] + 1
        st.effect = ("rake", seat, taken)
        if taken >= 2 or not effect_lines(st):
            st.effect = ()
            st.phase = "discard"
            if len(st.hands[seat]) <= st.limit[seat]:
                main_done(st, seat, ev)
    elif kind == "mirror":
        assert cid is not None
        chosen = st.effect[2] + (cid,)
        st.effect = ("mirror", seat, chosen, st.effect[3])
        if len(chosen) < min(3, len(st.deck)) and effect_lines(st):
            return
        for c in chosen:
            st.discard.remove(c)
            st.deck.insert(0, c)
        ev.append(CardsToDeck(seat, len(chosen), "bottom", chosen, private=False))
        for _ in chosen:
            _to_discard_from_deck(st, ev, "gold_mirror")
        _resume(st, seat, st.effect[3], ev)
    elif kind == "cauldron":
        assert cid is not None
        st.drawn.remove(cid)
        if a.verb == "top":
            st.deck.append(cid)
        else:
            st.deck.insert(0, cid)
        ev.append(CardsToDeck(seat, 1, a.verb, (cid,)))
        if len(st.drawn) <= 1:
            st.hands[seat].extend(st.drawn)
            st.drawn = []
            st.effect = ()
            _resume(st, seat, "discard", ev)
    elif kind == "ring":
        assert cid is not None
        st.deck.remove(cid)
        st.deck.append(cid)
        st.ring = True
        _resume(st, seat, st.effect[2], ev)


def _wagon(st: GameState, a: Action, ev: list[Event]) -> None:
    from game.fantasy_realms.rules import card_id, draw_top, limit_reached, main_done

    _, seat, cid, others, offers = st.effect
    if len(offers) < len(others):
        who = others[len(offers)]
        cards = () if a.args == ("none",) else tuple(c for c in (card_id(st, w) for w in a.args) if c)
        ev.append(Offered(who, cards))
        offers = (*offers, cards)
        st.effect = ("wagon", seat, cid, others, offers)
        st.to_move = others[len(offers)] if len(offers) < len(others) else seat
        return
    if a.verb == "trade":
        who = int(a.args[0])
        got = card_id(st, a.args[1])
        assert got is not None
        st.hands[seat].remove(cid)
        st.hands[who].remove(got)
        st.hands[seat].append(got)
        st.hands[who].append(cid)
        ev.append(Traded(seat, who, cid, got))
    elif a.verb == "redraw":
        st.hands[seat].remove(cid)
        st.discard.append(cid)
        ev.append(CardDiscarded(seat, cid, "market_wagon"))
        if not limit_reached(st):  # a full discard area ends the game before the draw
            draw_top(st, seat, ev, "market_wagon")
    st.effect = ()
    st.to_move = seat
    main_done(st, seat, ev)


def end_of_turn(st: GameState, seat: int, ev: list[Event]) -> bool:
    """Swap or replace the face-up item; True when a Backpack pick is pending."""
    if st.turn_item == "swap" and st.face_up[seat] is not None:
        iid = st.face_up[seat]
        assert iid is not None
        st.item_discard.append(iid)
        st.face_up[seat] = None
        ev.append(ItemDiscarded(seat, iid))
    if st.face_up[seat] is None and st.limit[seat] > 0:
        if st.extra_turn:
            return False  # the Hourglass: replaced only after the extra turn
        st.hourglass = False
        if len(st.reserve[seat]) > 1:
            st.phase, st.effect, st.to_move = "effect", ("pick", seat), seat
            return True
        deal_item(st, seat, ev)
    return False
