"""The rules of play: turns, the two-player draft, the end of the game and scoring.

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
total base strength. Cursed Items (``items.py``) add their options to each turn.
"""

from __future__ import annotations

from game.core.errors import IllegalActionError, NotationError
from game.fantasy_realms import items
from game.fantasy_realms.actions import Action, parse
from game.fantasy_realms.events import (
    CardDiscarded,
    CardDrawn,
    CardTaken,
    Event,
    GameEnding,
    GameOver,
    HandScored,
    TurnStarted,
)
from game.fantasy_realms.modules import ITEMS
from game.fantasy_realms.state import GameState


def slug(st: GameState, cid: str) -> str:
    return st.lib.cards[cid].slug


def card_id(st: GameState, word: str) -> str | None:
    """The id of the card of this game named by ``word`` (slug or id)."""
    return _index(st).get(word)


_INDEX: dict[tuple[int, tuple[str, ...]], dict[str, str]] = {}


def _index(st: GameState) -> dict[str, str]:
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


def drafting(st: GameState, seat: int) -> bool:
    """Two players: a seat drafts (hand limit 0) until its hand is full."""
    return st.two_player and st.limit[seat] == 0


def takeable(st: GameState, seat: int) -> list[str]:
    """Discard-area cards ``seat`` may take (a Sealed Vault keeps others out)."""
    return [c for c in st.discard if st.sealed.get(c, seat) == seat]


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
        return items.effect_lines(st)
    elif ph == "end_game":
        return _end_lines(st)
    if ph in ("draw", "discard", "end_turn") and ITEMS in st.modules:
        out += items.item_lines(st, seat)
    return out


def _canon(st: GameState, action: Action | str) -> Action:
    a = parse(action)
    idx = _index(st)
    return Action(a.verb, tuple(st.lib.cards[idx[w]].slug if w in idx and idx[w] in st.lib.cards
                                else (st.lib.items[idx[w]].slug if w in idx else w) for w in a.args))


def check(st: GameState, action: Action | str) -> str | None:
    try:
        a = _canon(st, action)
    except NotationError as exc:
        return str(exc)
    if st.phase == "over":
        return "the game is over"
    legal = legal_actions(st)
    if any(str(x) == str(a) for x in legal):
        return None
    return _why_not(st, a, legal)


def _why_not(st: GameState, a: Action, legal: list[Action]) -> str:
    seat = st.to_move
    if a.verb == "discard" and a.args and st.phase == "discard":
        return f"{a.args[0]} is not in the hand of seat {seat}"
    if a.verb == "draw" and a.args and a.args[0] not in ("deck", "two") and st.phase == "draw":
        if first_turn(st):
            return "the first player must draw from the deck on the first turn"
        return f"{a.args[0]} is not in the discard area (or a Sealed Vault keeps it)"
    shown = ", ".join(str(x) for x in legal[:8]) + (" ..." if len(legal) > 8 else "")
    return f"{str(a)!r} is not legal now (seat {seat}, {st.phase}); legal: {shown}"


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
        items.effect_apply(st, a, ev)
    elif st.phase == "end_game":
        _end_apply(st, a, ev)
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
            items.deal_item(st, seat, ev)
    finish_turn(st, seat, ev)


def main_done(st: GameState, seat: int, ev: list[Event]) -> None:
    """The draw and discards of the turn are done: the end condition, then the
    end-of-turn window for Cursed Items."""
    if ended(st):
        begin_end(st, ev)
        return
    if ITEMS in st.modules and items.item_lines(st, seat, after_turn=True):
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
        if items.end_of_turn(st, seat, ev):
            return  # a Backpack pick is pending; it calls finish_turn again
    _ring_shuffle(st)
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


# ---------------------------------------------------------------- end of game
END_KINDS = ("necromancer", "leprechaun", "genie")


def _ring_shuffle(st: GameState) -> None:
    """A Wishing Ring used this turn: the deck is shuffled as the turn ends."""
    if st.ring:
        st.ring = False
        st.rng.shuffle(st.deck)


def begin_end(st: GameState, ev: list[Event]) -> None:
    """The end condition is met: the turn in progress ends with the game (its Wishing
    Ring shuffle included), then the end-of-game draws and the hand cap."""
    _ring_shuffle(st)
    ev.append(GameEnding(len(st.discard), "discards" if limit_reached(st) else "deck_empty"))
    st.phase = "end_game"
    st.effect = ()
    st.forbid = ""
    order = [(st.active + 1 + i) % st.n for i in range(st.n)]
    st.endq = [(kind, s) for kind in END_KINDS for s in order] + [("cap", s) for s in order]
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
    return [c for c in st.hands[seat] if c not in st.used_extra[seat]]


def _end_lines(st: GameState) -> list[Action]:
    kind, seat = st.endq[0]
    if kind == "cap":
        return [Action("discard", (slug(st, c),)) for c in _cap_options(st, seat)]
    holder = _holder(st, seat, kind)
    assert holder is not None
    if kind == "necromancer":
        return [Action("take", (slug(st, c),)) for c in dict.fromkeys(_necro_options(st, seat, holder))] + [Action("pass")]
    return [Action("wish", (slug(st, c),)) for c in sorted(set(st.deck), key=lambda c: slug(st, c))]


def _end_apply(st: GameState, a: Action, ev: list[Event]) -> None:
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


def table_for(st: GameState, seat: int) -> object:
    from game.fantasy_realms.scoring import Table

    return Table(players=st.n, discard=tuple(st.discard), items=tuple(st.face_down[seat]),
                 modules=st.modules, rulings=st.rulings)


def _score(st: GameState, ev: list[Event]) -> None:
    from game.fantasy_realms.optimal import best
    from game.fantasy_realms.scoring import Table

    results = []
    for seat in range(st.n):
        table = table_for(st, seat)
        assert isinstance(table, Table)
        sc = best([st.lib.cards[c] for c in st.hands[seat]], table, st.lib)
        results.append(sc)
        ev.append(HandScored(seat, sc.total, sum(st.lib.cards[c].strength for c in st.hands[seat]),
                             tuple(st.hands[seat]), tuple(sc.per_card.items()), tuple(sc.blanked),
                             tuple(f"{k}:{'/'.join(v)}" for k, v in sc.choices.items() if v[0] != "none")))
    st.results = results
    top = max(r.total for r in results)
    tied = [s for s in range(st.n) if results[s].total == top]
    if len(tied) > 1:
        base = {s: sum(st.lib.cards[c].strength for c in st.hands[s]) for s in tied}
        low = min(base.values())
        tied = [s for s in tied if base[s] == low]
    st.winners = tuple(tied)
    st.phase = "over"
    st.to_move = -1
    ev.append(GameOver(st.winners, tuple(r.total for r in results)))
