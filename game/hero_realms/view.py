"""What one seat may know: ``view(state, seat)``, the only state a player sees.

Hidden information is redacted here and nowhere else: other players' hands are
counts; no deck order is shown anywhere (own deck contents only as a sorted list);
the market deck is a count. Cards publicly placed on top of a deck (by Rasmus, by
Smash and Grab...) stay known until drawn or shuffled, as at a real table.

Each player's ``owned`` list (every card they own, sorted) is public knowledge: the
starting deck plus every card acquired, minus every card sacrificed, all of which
happened face up. It lets an AI sample hidden cards consistently with the view
without keeping the history. ``seat=None`` gives a spectator's view. The ``tracker``
field counts each seat's cards out of sight, hand and deck (``tracker.py``), read off
the rest of the view.

The resolution in progress is public too: ``pending`` carries the prompt's internals
and ``stack`` the effects still to resolve (see ``resolving.py``), and ``out`` lists
the cards that left the game with eliminated players, so a view holds everything a
full state needs except the hidden cards (``rebuild.state_from_view``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.refusal import Refusal
from game.hero_realms.resolving import encode_prompt, encode_stack
from game.hero_realms.rules import legal_actions, target_block_reason
from game.hero_realms.serialize import _champions
from game.hero_realms.tracker import unseen

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState


def view(st: BaseState, seat: int | None) -> dict[str, Any]:
    cid = st.cid
    players = []
    for p in st.players:
        mine = p.seat == seat
        known_top = [cid[i] for i in reversed(p.deck[len(p.deck) - p.known_top:])] if p.known_top else []
        owned = p.hand + p.deck + p.discard + p.in_play + p.champions
        d: dict[str, Any] = {
            "seat": p.seat,
            "alive": p.alive,
            "health": st.health_of(p.seat),
            "gold": p.gold,
            "combat": p.combat,
            "hand_count": len(p.hand),
            "deck_count": len(p.deck),
            "deck_known_top": known_top,
            "discard": [cid[i] for i in p.discard],
            "in_play": [cid[i] for i in p.in_play],
            "ally_used": [bool(st.ally_used[i]) for i in p.in_play + p.champions],
            "champions": _champions(st, p.champions),
            "owed": p.owed,
            "redirects": [list(r) for r in p.redirects],
            "owned": sorted(cid[i] for i in owned),
        }
        if mine:
            d["hand"] = [cid[i] for i in p.hand]
            d["deck_contents"] = sorted(cid[i] for i in p.deck)
        players.append(d)
    pending: dict[str, Any] | None = None
    if st.pending is not None:
        pending = st.pending.to_dict(with_options=st.pending.seat == seat)
        pending.update(encode_prompt(st, st.pending, seat))
    can_act = seat is not None and st.phase != "over" and (
        (st.pending is not None and st.pending.seat == seat)
        or (st.pending is None and seat in st.actors())
    )
    out: dict[str, Any] = {
        "seat": seat,
        "roles": [st.fmt.role(s) for s in range(st.n)],
        "reach": _reach(st, seat),
        "format": st.fmt.name,
        "seats": st.n,
        "turn": st.turn,
        "active": st.active,
        "team_turn": list(st.team_turn),
        "ended": list(st.ended),
        "teams": [list(t) for t in st.fmt.teams(st.n)],
        "first": st.first,
        "phase": st.phase,
        "winner": list(st.winner) if isinstance(st.winner, tuple) else st.winner,
        "players": players,
        "market": {
            "row": [cid[i] if i >= 0 else None for i in st.row],
            "deck_count": len(st.market_deck),
            "fire_gems": len(st.gems),
            "sacrificed": [cid[i] for i in st.sacrificed],
        },
        "out": [cid[i] for i in st.out],
        "stack": encode_stack(st, seat),
        "market_cards": sorted(cid[i] for i in range(len(cid)) if st.cards[i].deck == "market"),
        "pending": pending,
        "legal": [str(a) for a in legal_actions(st) if _mine(st, seat, a)] if can_act else [],
    }
    out["tracker"] = {"unseen": unseen(out)}  # read off the view itself: it can tell nothing more
    return out


def _reach(st: BaseState, seat: int | None) -> dict[str, Any] | None:
    """For the viewer: why each other player and champion cannot be attacked now
    (None when it can), so the table can dim them and say why."""
    if seat is None or not st.players[seat].alive or st.phase == "over":
        return None
    players: dict[str, Refusal | None] = {}
    champions: dict[str, list[Refusal | None]] = {}
    for p in st.players:
        if p.seat == seat or not p.alive:
            continue
        players[str(p.seat)] = target_block_reason(st, seat, p.seat, -1)
        champions[str(p.seat)] = [target_block_reason(st, seat, p.seat, i) for i in p.champions]
    # the sentences for the command line and older tables; the refusals' keys for a table's own words
    return {"players": {k: _text(r) for k, r in players.items()},
            "champions": {k: [_text(r) for r in lst] for k, lst in champions.items()},
            "why": {"players": {k: _why(r) for k, r in players.items()},
                    "champions": {k: [_why(r) for r in lst] for k, lst in champions.items()}}}


def _text(r: Refusal | None) -> str | None:
    return None if r is None else r.text


def _why(r: Refusal | None) -> dict[str, Any] | None:
    return None if r is None else r.to_dict()


def _mine(st: BaseState, seat: int | None, a: Any) -> bool:
    if st.pending is not None or a.actor is None:
        return True
    return bool(a.actor == seat)
