"""The rules' door: legal actions, checks and apply for a turn and the two-player draft.

A turn: draw the top card of the deck or take any face-up card of the discard area
(on the game's first turn the first player must draw from the deck), then discard
one card face up. The game ends the moment the discard area holds 10 cards (12 with
the new suits), even in the middle of a turn: the rest of that turn is not played.
Two players use the rulebook's variant: no cards dealt; until a player holds 7 (8)
cards, a turn is "take one face-up card" or "draw two, keep one, discard the
other"; the game ends when both hands are full and the area holds 12 (14) cards.
This table's ruling for a game that could never end (Portals keep enough cards in
hands that the area can no longer fill): when a turn ends with the deck empty, the
game ends. Then end-of-game draws (Necromancer, Leprechaun, Genie, in that order),
the hand cap, and every hand scores with its best choices; ties go to the lowest
total base strength. The steps themselves (draws, the end of a turn, the end of the
game) are in ``turn.py``; Cursed Items (``items.py``, ``item_effects.py``) add their
options to each turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import IllegalActionError, NotationError
from game.core.refusal import Refusal, refusal
from game.fantasy_realms import items
from game.fantasy_realms.actions import Action, parse
from game.fantasy_realms.events import CardDiscarded, CardDrawn, Event
from game.fantasy_realms.item_effects import effect_apply, effect_lines
from game.fantasy_realms.modules import ITEMS
from game.fantasy_realms.turn import (
    begin_end,
    card_id,
    deal_item,
    discard_card,
    draw_top,
    end_apply,
    end_lines,
    finish_turn,
    limit_reached,
    main_done,
    slug,
    take_from_discard,
    takeable,
    word_index,
)
from game.fantasy_realms.turn import table_for as table_for  # the scorer's view of a seat, for the table's score panel

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState


def drafting(st: GameState, seat: int) -> bool:
    """Two players: a seat drafts (hand limit 0) until its hand is full."""
    return st.two_player and st.limit[seat] == 0


def first_turn(st: GameState) -> bool:
    """The game's first turn: the first player must draw from the deck, even when a
    Winged Boots has already put a card in the discard area."""
    return st.turn == 1


# ---------------------------------------------------------------- legal actions
def legal_actions(st: GameState) -> list[Action]:
    if st.phase == "over":
        return []
    seat = st.to_move
    out: list[Action] = []
    ph = st.phase
    if ph == "draw":
        if drafting(st, seat):
            if st.deck:
                out.append(Action("draw", ("two",)))
        elif st.deck:
            out.append(Action("draw", ("deck",)))
        seen = set()
        for c in [] if first_turn(st) else takeable(st, seat):
            if c not in seen:
                seen.add(c)
                out.append(Action("draw", (slug(st, c),)))
        if not out:
            out.append(Action("pass"))  # nothing to draw: the turn goes on without a card
    elif ph == "keep":
        out += [Action("keep", (slug(st, c),)) for c in st.drawn]
    elif ph == "discard":
        out += [Action("discard", (slug(st, c),)) for c in st.hands[seat] if c != st.forbid]
    elif ph == "end_turn":
        out.append(Action("end"))
    elif ph == "effect":
        return effect_lines(st)
    elif ph == "end_game":
        return end_lines(st)
    if ph in ("draw", "discard", "end_turn") and ITEMS in st.modules:
        out += items.item_lines(st, seat)
    return out


def _canon(st: GameState, action: Action | str) -> Action:
    a = parse(action)
    idx = word_index(st)
    return Action(a.verb, tuple(st.lib.cards[idx[w]].slug if w in idx and idx[w] in st.lib.cards
                                else (st.lib.items[idx[w]].slug if w in idx else w) for w in a.args))


def check(st: GameState, action: Action | str) -> Refusal | None:
    try:
        a = _canon(st, action)
    except NotationError as exc:
        return refusal("bad_line", str(exc), line=str(action), reason=str(exc))
    if st.phase == "over":
        return refusal("game_over", "the game is over")
    legal = legal_actions(st)
    if any(str(x) == str(a) for x in legal):
        return None
    return _why_not(st, a, legal)


def _why_not(st: GameState, a: Action, legal: list[Action]) -> Refusal:
    seat = st.to_move
    if a.verb == "discard" and a.args and st.phase == "discard":
        card = a.args[0]
        return refusal("not_in_hand", f"{card} is not in the hand of seat {seat}", card=card, seat=seat)
    if a.verb == "draw" and a.args and a.args[0] not in ("deck", "two") and st.phase == "draw":
        if first_turn(st):
            return refusal("first_turn_deck", "the first player must draw from the deck on the first turn")
        card = a.args[0]
        return refusal("not_in_discard", f"{card} is not in the discard area (or a Sealed Vault keeps it)", card=card)
    shown = ", ".join(str(x) for x in legal[:8]) + (" ..." if len(legal) > 8 else "")
    return refusal("not_legal_now", f"{str(a)!r} is not legal now (seat {seat}, {st.phase}); legal: {shown}",
                   action=str(a), seat=seat, phase=st.phase, legal=shown)


# ---------------------------------------------------------------- apply
def apply(st: GameState, action: Action | str) -> list[Event]:
    reason = check(st, action)
    if reason is not None:
        raise IllegalActionError(reason)
    a = _canon(st, action)
    ev: list[Event] = []
    seat = st.to_move
    verb = a.verb
    if st.phase == "effect":
        effect_apply(st, a, ev)
    elif st.phase == "end_game":
        end_apply(st, a, ev)
    elif verb == "item":
        items.item_apply(st, seat, a, ev)
    elif verb == "draw":
        _draw(st, seat, a.args[0], ev)
    elif verb == "pass":
        if drafting(st, seat):
            _after_draft(st, seat, ev)
        else:
            after_draw(st, seat, ev)
    elif verb == "keep":
        cid = card_id(st, a.args[0])
        assert cid is not None
        st.drawn.remove(cid)
        st.hands[seat].append(cid)
        for other in st.drawn:
            st.discard.append(other)
            ev.append(CardDiscarded(seat, other, "draft"))
        st.drawn = []
        _after_draft(st, seat, ev)
    elif verb == "discard":
        cid = card_id(st, a.args[0])
        assert cid is not None
        discard_card(st, seat, cid, ev)
        if len(st.hands[seat]) <= st.limit[seat]:
            main_done(st, seat, ev)
    elif verb == "end":
        finish_turn(st, seat, ev)
    if st.phase not in ("end_game", "over") and limit_reached(st):
        begin_end(st, ev)  # an item filled the discard area in mid-turn: the game ends now
    return ev


def _draw(st: GameState, seat: int, what: str, ev: list[Event]) -> None:
    if what == "two":
        for _ in range(2):
            if st.deck:
                cid = st.deck.pop()
                st.drawn.append(cid)
                ev.append(CardDrawn(seat, cid, "draft"))
        st.phase = "keep"
        return
    if what == "deck":
        draw_top(st, seat, ev)
    else:
        taken = card_id(st, what)
        assert taken is not None
        take_from_discard(st, seat, taken, ev)
        if drafting(st, seat):
            _after_draft(st, seat, ev)
            return
    after_draw(st, seat, ev)


def after_draw(st: GameState, seat: int, ev: list[Event]) -> None:
    st.moved = True
    if len(st.hands[seat]) > st.limit[seat]:
        st.phase = "discard"
    else:
        main_done(st, seat, ev)


def _after_draft(st: GameState, seat: int, ev: list[Event]) -> None:
    """A drafting turn (two players) ends without a discard; a full hand starts the
    normal turns for that player (and deals their Cursed Item)."""
    st.moved = True
    if len(st.hands[seat]) >= st.hand_size:
        st.limit[seat] = st.hand_size
        if ITEMS in st.modules and st.face_up[seat] is None:
            deal_item(st, seat, ev)
    finish_turn(st, seat, ev)
