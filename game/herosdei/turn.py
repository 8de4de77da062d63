"""The start of a turn and the placement phase.

Start of turn: both players draw 4 (seat 0 first), each holding 9 or more sends cards
of their choice to the museum down to 8 (seat 0 answers first), then player 1 is
found by Mastery, Charisma, then the seeded coin. Placement: player 1 then player 2
place cards within their allowances (1 Hero, 1 Mythic Object, 1 Mythic Animal, 1
God, 1 Place, 1 Black Magic, any other Characters, Objects, Animals, Qualities and
Sovereign Goods) and the placement limits (one card of each slot symbol and at most 2
hands under one Character).
"""

from __future__ import annotations

from game.core.refusal import Refusal, refusal
from game.herosdei.actions import DONE, Action, Ref, card_of, line_of, made
from game.herosdei.base import DRAW_EACH_TURN, HAND_LIMIT, BaseState, Prompt
from game.herosdei.cards import CardDef
from game.herosdei.effects import Context, resolve
from game.herosdei.events import CardDiscarded, CardPlaced, FirstPlayer, PhaseBegan, TurnStarted
from game.herosdei.limits import (
    ALLOWANCE,
    PLACED_ALONE,
    carry_refusal,
    heroes_only,
    misfit,
    not_your_character,
    placed_alone,
    placement_refusal,
)
from game.herosdei.verbs import CHOSEN_TARGETS
from game.herosdei.zones import draw, to_museum

__all__ = ["ALLOWANCE", "PLACED_ALONE"]  # the placement limits' tables, kept here for their readers



def begin_turn(st: BaseState) -> None:
    st.phase = "start"
    st.emit(TurnStarted(st.turn))
    for seat in (0, 1):
        draw(st, seat, DRAW_EACH_TURN)
    continue_start(st)


def continue_start(st: BaseState) -> None:
    """Ask the next hand over the limit to discard; when none is, find player 1."""
    for seat in (0, 1):
        options = discard_options(st, seat)
        if len(st.players[seat].hand) > HAND_LIMIT and options:
            st.pending = Prompt(seat, "hand_limit", f"send a card to the museum (hand limit {HAND_LIMIT})", options)
            st.to_act = seat
            return
    st.pending = None
    find_first(st)
    begin_placement(st, st.first)


def discard_options(st: BaseState, seat: int) -> list[str]:
    """No Sovereign Good is discarded for the hand limit: the other player's must be given,
    and one's own would come straight back to the hand (a discard that never shrinks it)."""
    ids = {st.cid[u]: None for u in st.players[seat].hand if st.card(u).type != "sovereign_good"}
    return [f"discard {c}" for c in ids]


def discard(st: BaseState, seat: int, uid: int) -> None:
    st.players[seat].hand.remove(uid)
    st.emit(CardDiscarded(seat, st.cid[uid]))
    to_museum(st, uid)
    continue_start(st)


def _key(st: BaseState, seat: int, stat: str) -> list[int]:
    return sorted((st.stat(u, stat) for u in st.heroes(seat)), reverse=True)


def find_first(st: BaseState) -> None:
    for stat, by in (("M", "mastery"), ("C", "charisma")):
        a, b = _key(st, 0, stat), _key(st, 1, stat)
        if a != b:
            st.first = 0 if a > b else 1
            st.emit(FirstPlayer(st.first, by))
            return
    st.first = st.rng.below(2)
    st.emit(FirstPlayer(st.first, "coin"))


def begin_placement(st: BaseState, seat: int) -> None:
    st.phase = "placement"
    st.to_act = seat
    st.players[seat].placed = {}
    st.emit(PhaseBegan("placement", seat))


# ---- what may be placed -----------------------------------------------------------------------
def carriers(st: BaseState, seat: int, d: CardDef, uid: int) -> list[int]:
    """The Characters of ``seat`` that may be given card ``d`` now."""
    chars = st.players[seat].chars
    only = heroes_only(d, st.owner[uid] == seat)
    cards = st.cards
    given = st.given
    return [c for c in chars if (not only or cards[c].type == "hero")
            and (c not in given or misfit(d, [cards[g] for g in given[c]]) is None)]


def placement_problem(st: BaseState, seat: int, d: CardDef) -> Refusal | None:
    return placement_refusal(d, st.players[seat].placed)


def placement_moves(st: BaseState) -> list[Action]:
    """What the player placing now may place, one action a carrier (copies of one card once)."""
    seat = st.to_act
    out: list[Action] = []
    seen: set[str] = set()
    refs: dict[int, Ref] | None = None
    for uid in st.players[seat].hand:
        d = st.cards[uid]
        if d.id in seen or placement_problem(st, seat, d) is not None:
            continue
        seen.add(d.id)
        card = card_of(d.id)
        if d.type in PLACED_ALONE:
            out.append(made("play", card))
        else:
            if refs is None:
                refs = st.refs(seat)
            out += [made("play", card, refs[c]) for c in carriers(st, seat, d, uid)]
    if done_problem(st, seat) is None:
        out.append(DONE)
    return out


def placement_actions(st: BaseState) -> list[str]:
    """:func:`placement_moves` as lines."""
    return [line_of(a) for a in placement_moves(st)]


def done_problem(st: BaseState, seat: int) -> Refusal | None:
    for uid in st.players[seat].hand:
        d = st.card(uid)
        if d.type == "sovereign_good" and st.owner[uid] != seat and carriers(st, seat, d, uid):
            return refusal("give_good_first", f"you must first give {d.id} to one of your Characters", card=d.id)
    return None


def place(st: BaseState, seat: int, uid: int, a: Action) -> Refusal | None:
    """Place card ``uid`` as ``a`` says; the reason it is illegal, or None once done."""
    d = st.card(uid)
    problem = placement_problem(st, seat, d)
    if problem is not None:
        return problem
    carrier = None
    if d.type in PLACED_ALONE:
        if a.target is not None:
            return placed_alone(d)
    else:
        if a.target is None:
            return refusal("needs_carrier", f"{d.id} must be given to a Character: play {d.id} on <seat>:<card>",
                           card=d.id)
        carrier = st.find_char(a.target.seat, a.target.card.id, a.target.card.k)
        if carrier is None or a.target.seat != seat:
            return not_your_character(str(a.target))
        why = carry_refusal(d, st.cards[carrier], [st.cards[g] for g in st.given.get(carrier, ())],
                            st.owner[uid] == seat, st.ref(carrier))
        if why is not None:
            return why
    st.players[seat].hand.remove(uid)
    use = ALLOWANCE.get(d.type)
    if use is not None:
        st.players[seat].placed[use] = st.players[seat].placed.get(use, 0) + 1
    _put(st, seat, uid, d, carrier)
    st.emit(CardPlaced(seat, d.id, None if carrier is None else st.ref(carrier)))
    enter_play(st, seat, uid, carrier if carrier is not None else uid if d.is_character else None)
    return None


def _put(st: BaseState, seat: int, uid: int, d: CardDef, carrier: int | None) -> None:
    p = st.players[seat]
    if carrier is not None:
        st.give(carrier, uid)
    elif d.type == "god":
        p.gods.append(uid)
    elif d.type == "place":
        p.places.append(uid)
    elif d.type == "black_magic":
        p.black_magic.append(uid)
    else:
        p.chars.append(uid)


def chosen_sides(st: BaseState, seat: int, uid: int) -> list[int]:
    """The Characters a card's ``own_character`` / ``opposing_character`` effects may name."""
    wanted = {e.get("target") for e in st.card(uid).effects} & CHOSEN_TARGETS
    out: list[int] = []
    if "own_character" in wanted:
        out += st.players[seat].chars
    if "opposing_character" in wanted:
        out += st.players[1 - seat].chars
    return out


def enter_play(st: BaseState, seat: int, uid: int, carrier: int | None) -> None:
    """A Stable card's text as it enters play (not in ``initiation``); a Character to
    name opens a ``target`` prompt."""
    d = st.card(uid)
    if not d.effects or not st.texts_apply:
        return
    options = chosen_sides(st, seat, uid)
    if options:
        st.pending = Prompt(seat, "target", f"choose the Character {d.id} acts on",
                            [f"target {st.ref(c)}" for c in options], {"uid": uid, "carrier": carrier})
        return
    resolve(st, d.effects, Context(seat, uid, None, carrier))


def answer_target(st: BaseState, chosen: int) -> None:
    pr = st.pending
    assert pr is not None
    st.pending = None
    uid = pr.data["uid"]
    resolve(st, st.card(uid).effects, Context(pr.seat, uid, chosen, pr.data["carrier"]))
