"""The steps of a turn and the end of the game they lead to.

Cards move between the deck, the hands and the discard area; a turn's draw and
discards end in ``main_done`` (the end condition, then the after-turn window of a
Cursed Item), ``finish_turn`` replaces the turn's item and starts the next turn,
and ``begin_end`` plays the end-of-game draws, the hand cap and the scoring. The
rules' door (``rules.py``) and the Cursed Items (``items.py``, ``item_effects.py``)
both call these steps; this module imports neither, so the item modules never need
the door.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.fantasy_realms.actions import Action
from game.fantasy_realms.ending import DECK_EMPTY, SCORE, cap_options, end_queue, score_hands, termination
from game.fantasy_realms.events import (
    CardDiscarded,
    CardDrawn,
    CardTaken,
    Event,
    GameEnding,
    GameOver,
    ItemDealt,
    ItemDiscarded,
    TurnStarted,
)
from game.fantasy_realms.modules import ITEMS
from game.fantasy_realms.scoring import Table

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState


# ---------------------------------------------------------------- names and cards
def slug(st: GameState, cid: str) -> str:
    return st.lib.cards[cid].slug


def card_id(st: GameState, word: str) -> str | None:
    """The id of the card of this game named by ``word`` (slug or id)."""
    return word_index(st).get(word)


_INDEX: dict[tuple[int, tuple[str, ...]], dict[str, str]] = {}


def word_index(st: GameState) -> dict[str, str]:
    """Every word that names a card or an item of this game (slug or lower-case id)
    -> its id."""
    key = (id(st.lib), st.cards)
    got = _INDEX.get(key)
    if got is None:
        got = {}
        for cid in st.cards:
            got[st.lib.cards[cid].slug] = cid
            got[cid.lower()] = cid
        for iid, it in st.lib.items.items():
            got.setdefault(it.slug, iid)
            got.setdefault(iid.lower(), iid)
        _INDEX[key] = got
    return got


def takeable(st: GameState, seat: int) -> list[str]:
    """Discard-area cards ``seat`` may take (a Sealed Vault keeps others out)."""
    return [c for c in st.discard if st.sealed.get(c, seat) == seat]


def draw_top(st: GameState, seat: int, ev: list[Event], why: str = "draw") -> str | None:
    if not st.deck:
        return None
    cid = st.deck.pop()
    st.hands[seat].append(cid)
    ev.append(CardDrawn(seat, cid, why))
    return cid


def take_from_discard(st: GameState, seat: int, cid: str, ev: list[Event], why: str = "draw") -> None:
    st.discard.remove(cid)
    st.sealed.pop(cid, None)
    st.hands[seat].append(cid)
    st.taken[seat].append(cid)
    ev.append(CardTaken(seat, cid, why))


def discard_card(st: GameState, seat: int, cid: str, ev: list[Event], why: str = "discard") -> None:
    st.hands[seat].remove(cid)
    st.discard.append(cid)
    ev.append(CardDiscarded(seat, cid, why))


# ---------------------------------------------------------------- the item of the turn
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


def item_open(st: GameState, seat: int) -> bool:
    """``seat`` may still do something with its face-up item this turn (at least
    swap it)."""
    return st.face_up[seat] is not None and not st.turn_item and seat == st.active


def end_of_turn_item(st: GameState, seat: int, ev: list[Event]) -> bool:
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


# ---------------------------------------------------------------- the turn
def main_done(st: GameState, seat: int, ev: list[Event]) -> None:
    """The draw and discards of the turn are done: the end condition, then the
    end-of-turn window for Cursed Items."""
    if ended(st):
        begin_end(st, ev)
        return
    if ITEMS in st.modules and item_open(st, seat):
        st.phase = "end_turn"
        return
    finish_turn(st, seat, ev)


def limit_reached(st: GameState) -> bool:
    """The rulebook's end: the discard area holds its count (two players: and both
    hands are full). Checked after every action, so it ends the game in mid-turn."""
    if len(st.discard) < st.end_at:
        return False
    if st.two_player:
        return all(len(h) >= st.hand_size for h in st.hands)
    return True


def ended(st: GameState) -> bool:
    """At the end of a turn: the limit is reached, or it never can be. With the deck
    empty every turn takes a card from the area for each card it adds (hands never
    shrink), so the area can no longer fill and the game ends (this table's ruling)."""
    return limit_reached(st) or not st.deck


def finish_turn(st: GameState, seat: int, ev: list[Event]) -> None:
    if ITEMS in st.modules:
        if end_of_turn_item(st, seat, ev):
            return  # a Backpack pick is pending; it calls finish_turn again
    ring_shuffle(st)
    if ended(st):
        begin_end(st, ev)
        return
    if st.extra_turn:
        st.extra_turn = False
        start_turn(st, seat, ev, extra=True)
        return
    start_turn(st, (seat + 1) % st.n, ev)


def start_turn(st: GameState, seat: int, ev: list[Event], extra: bool = False) -> None:
    st.active = st.to_move = seat
    st.turn += 1
    st.phase = "draw"
    st.turn_item = ""
    st.forbid = ""
    st.moved = False
    ev.append(TurnStarted(seat, st.turn, extra))


def ring_shuffle(st: GameState) -> None:
    """A Wishing Ring used this turn: the deck is shuffled as the turn ends."""
    if st.ring:
        st.ring = False
        st.rng.shuffle(st.deck)


# ---------------------------------------------------------------- end of game
def begin_end(st: GameState, ev: list[Event]) -> None:
    """The end condition is met: the turn in progress ends with the game (its Wishing
    Ring shuffle included), then the end-of-game draws and the hand cap."""
    ring_shuffle(st)
    full = limit_reached(st)
    st.ending = SCORE if full else DECK_EMPTY
    ev.append(GameEnding(len(st.discard), "discards" if full else "deck_empty"))
    st.phase = "end_game"
    st.effect = ()
    st.forbid = ""
    order = [(st.active + 1 + i) % st.n for i in range(st.n)]
    st.endq = end_queue(order)
    _advance_end(st, ev)


def _holder(st: GameState, seat: int, kind: str) -> str | None:
    return st.lib.end_card(st.hands[seat], st.used_extra[seat], kind)


def _necro_options(st: GameState, seat: int, holder: str) -> list[str]:
    suits = st.lib.cards[holder].rule["end_game"]["suits"]
    return [c for c in takeable(st, seat) if st.lib.cards[c].suit in suits]


def _advance_end(st: GameState, ev: list[Event]) -> None:
    while st.endq:
        kind, seat = st.endq[0]
        st.to_move = seat
        if kind == "cap":
            if st.cap is not None and len(st.hands[seat]) > st.cap and _cap_options(st, seat):
                return
        else:
            holder = _holder(st, seat, kind)
            if holder is not None:
                if kind == "leprechaun":
                    if draw_top(st, seat, ev, "leprechaun") is not None:
                        st.used_extra[seat].append(holder)  # it drew: the hand cap may not discard it
                elif kind == "necromancer" and _necro_options(st, seat, holder):
                    return
                elif kind == "genie" and st.deck:
                    return
        st.endq.pop(0)
    _score(st, ev)


def _cap_options(st: GameState, seat: int) -> list[str]:
    return cap_options(st.hands[seat], st.used_extra[seat])


def end_lines(st: GameState) -> list[Action]:
    """The answers to the end-of-game decision at the head of the queue."""
    kind, seat = st.endq[0]
    if kind == "cap":
        return [Action("discard", (slug(st, c),)) for c in _cap_options(st, seat)]
    holder = _holder(st, seat, kind)
    assert holder is not None
    if kind == "necromancer":
        return [Action("take", (slug(st, c),)) for c in dict.fromkeys(_necro_options(st, seat, holder))] + [Action("pass")]
    return [Action("wish", (slug(st, c),)) for c in sorted(set(st.deck), key=lambda c: slug(st, c))]


def end_apply(st: GameState, a: Action, ev: list[Event]) -> None:
    """Play an answer to the end-of-game decision, then the rest of the queue."""
    kind, seat = st.endq[0]
    if kind == "cap":
        cid = card_id(st, a.args[0])
        assert cid is not None
        discard_card(st, seat, cid, ev, "hand cap")
        _advance_end(st, ev)
        return
    holder = _holder(st, seat, kind)
    assert holder is not None
    if a.verb != "pass":
        st.used_extra[seat].append(holder)  # it drew a card: the hand cap may not discard it
    if a.verb == "take":
        cid = card_id(st, a.args[0])
        assert cid is not None
        take_from_discard(st, seat, cid, ev, "necromancer")
    elif a.verb == "wish":
        cid = card_id(st, a.args[0])
        assert cid is not None
        st.deck.remove(cid)
        st.hands[seat].append(cid)
        ev.append(CardDrawn(seat, cid, "genie"))
        st.rng.shuffle(st.deck)
    st.endq.pop(0)
    _advance_end(st, ev)


def table_for(st: GameState, seat: int) -> Table:
    """What the scorer sees of the game beyond ``seat``'s hand."""
    return Table(players=st.n, discard=tuple(st.discard), items=tuple(st.face_down[seat]),
                 modules=st.modules, rulings=st.rulings)


def _score(st: GameState, ev: list[Event]) -> None:
    st.results, st.winners = score_hands(st.lib, st.hands, lambda seat: table_for(st, seat), ev)
    st.phase = "over"
    st.to_move = -1
    ev.append(GameOver(st.winners, tuple(r.total for r in st.results), termination(st.winners, st.ending)))
