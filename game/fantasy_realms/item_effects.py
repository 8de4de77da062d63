"""The ``effect`` phase: the further answers a Cursed Item's ability waits for.

An ability that needs more than its ``item use`` words (the Blindfold's discard, the
Market Wagon's offers and trade, the cards a Staff of Transmutation, Rake, Gold Mirror
or Cauldron moves, the Wishing Ring's wish, a stolen or dug-up item used at once, the
pick among a Backpack's items) leaves ``st.effect`` = (kind, seat, ...), and the
rules' door lists and plays its answers here, like any other decision. The effect
tuple is part of the state (hashed and saved) and names no item, so the events of an
effect phase give as their reason the item its kind belongs to (:data:`WHY`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from game.fantasy_realms.actions import Action
from game.fantasy_realms.events import CardDiscarded, CardsToDeck, Event, ItemDealt, ItemUsed, Offered, Traded
from game.fantasy_realms.items import TRANSMUTE_MAX, TRANSMUTE_MIN, perform, resume, to_discard_from_deck, uses
from game.fantasy_realms.turn import (
    card_id,
    discard_card,
    draw_top,
    finish_turn,
    limit_reached,
    main_done,
    take_from_discard,
    takeable,
)

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState

# effect kind -> the reason its events carry (the logs and saved event streams read these words)
WHY = {"blindfold": "blindfold", "wagon": "market_wagon", "staff": "staff_of_transmutation", "rake": "rake",
       "mirror": "gold_mirror"}
RAKE_TAKES = 2  # cards a Rake takes from the discard area
MIRROR_SWAPS = 3  # discard-area cards a Gold Mirror sends under the deck, at most
OFFER_MAX = 3  # cards each other player may offer a Market Wagon


def _slug(st: GameState, iid: str) -> str:
    return st.lib.items[iid].slug


def _card(st: GameState, cid: str) -> str:
    return st.lib.cards[cid].slug


def _unsealed(st: GameState) -> list[str]:
    return [c for c in st.discard if c not in st.sealed]


def effect_lines(st: GameState) -> list[Action]:
    """The answers the pending effect takes."""
    kind = st.effect[0]
    seat = st.effect[1]
    if kind == "pick":
        return [Action("pick", (_slug(st, x),)) for x in dict.fromkeys(st.reserve[seat])]
    if kind == "blindfold":
        return [Action("discard", (_card(st, c),)) for c in st.hands[seat]]
    if kind == "wagon":
        return _wagon_lines(st)
    if kind == "now":
        _, _, got, phase = st.effect
        return [Action("item", ("use", *a)) for a in uses(st, seat, got, phase, depth=1)]
    if kind == "staff":
        chosen = st.effect[2]
        lines = ([Action("select", (_card(st, c),)) for c in st.hands[seat] if c not in chosen]
                 if len(chosen) < TRANSMUTE_MAX else [])
        if len(chosen) >= TRANSMUTE_MIN:
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


def _wagon_lines(st: GameState) -> list[Action]:
    _, _, _cid, others, offers = st.effect
    if len(offers) < len(others):
        hand = st.hands[others[len(offers)]]
        lines = [Action("offer", ("none",))]
        for k in range(1, OFFER_MAX + 1):
            lines += [Action("offer", tuple(_card(st, c) for c in combo)) for combo in combinations(hand, k)]
        return lines
    lines = [Action("keep"), Action("redraw")] if st.deck else [Action("keep")]
    for who, cards in zip(others, offers):
        lines += [Action("trade", (str(who), _card(st, c))) for c in cards]
    return lines


def effect_apply(st: GameState, a: Action, ev: list[Event]) -> None:
    """Play answer ``a`` to the pending effect."""
    kind = st.effect[0]
    seat = st.effect[1]
    cid = card_id(st, a.args[0]) if a.args and a.verb not in ("offer", "trade", "item", "pick") else None
    if kind == "pick":
        _pick(st, seat, a, ev)
    elif kind == "blindfold":
        assert cid is not None
        discard_card(st, seat, cid, ev)
        if not limit_reached(st):  # a full discard area ends the game before the draw
            draw_top(st, seat, ev, WHY[kind])
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
        _staff(st, seat, a, cid, ev)
    elif kind == "rake":
        _rake(st, seat, cid, ev)
    elif kind == "mirror":
        _mirror(st, seat, cid, ev)
    elif kind == "cauldron":
        _cauldron(st, seat, a, cid, ev)
    elif kind == "ring":
        assert cid is not None
        st.deck.remove(cid)
        st.deck.append(cid)
        st.ring = True
        resume(st, seat, st.effect[2], ev)


def _pick(st: GameState, seat: int, a: Action, ev: list[Event]) -> None:
    iid = next(x for x in st.reserve[seat] if _slug(st, x) == a.args[0])
    st.reserve[seat].remove(iid)
    st.face_up[seat] = iid
    ev.append(ItemDealt(seat, iid))
    st.turn_item = "done"
    st.effect = ()
    finish_turn(st, seat, ev)


def _staff(st: GameState, seat: int, a: Action, cid: str | None, ev: list[Event]) -> None:
    chosen = st.effect[2]
    if a.verb == "select":
        assert cid is not None
        st.effect = ("staff", seat, (*chosen, cid))
        if len(chosen) + 1 < TRANSMUTE_MAX:
            return
        chosen = chosen + (cid,)
    for c in chosen:
        st.hands[seat].remove(c)
        st.deck.insert(0, c)
    ev.append(CardsToDeck(seat, len(chosen), "bottom", tuple(chosen)))
    for _ in chosen:
        draw_top(st, seat, ev, WHY["staff"])
    st.effect = ()
    main_done(st, seat, ev)


def _rake(st: GameState, seat: int, cid: str | None, ev: list[Event]) -> None:
    assert cid is not None
    take_from_discard(st, seat, cid, ev, WHY["rake"])
    taken = st.effect[2] + 1
    st.effect = ("rake", seat, taken)
    if taken >= RAKE_TAKES or not effect_lines(st):
        st.effect = ()
        st.phase = "discard"
        if len(st.hands[seat]) <= st.limit[seat]:
            main_done(st, seat, ev)


def _mirror(st: GameState, seat: int, cid: str | None, ev: list[Event]) -> None:
    assert cid is not None
    chosen = st.effect[2] + (cid,)
    st.effect = ("mirror", seat, chosen, st.effect[3])
    if len(chosen) < min(MIRROR_SWAPS, len(st.deck)) and effect_lines(st):
        return
    for c in chosen:
        st.discard.remove(c)
        st.deck.insert(0, c)
    ev.append(CardsToDeck(seat, len(chosen), "bottom", chosen, private=False))
    for _ in chosen:
        to_discard_from_deck(st, ev, WHY["mirror"])
    resume(st, seat, st.effect[3], ev)


def _cauldron(st: GameState, seat: int, a: Action, cid: str | None, ev: list[Event]) -> None:
    """One drawn card back on top or at the bottom; the last one goes to the hand."""
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
        resume(st, seat, "discard", ev)


def _wagon(st: GameState, a: Action, ev: list[Event]) -> None:
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
        ev.append(CardDiscarded(seat, cid, WHY["wagon"]))
        if not limit_reached(st):  # a full discard area ends the game before the draw
            draw_top(st, seat, ev, WHY["wagon"])
    st.effect = ()
    st.to_move = seat
    main_done(st, seat, ev)
