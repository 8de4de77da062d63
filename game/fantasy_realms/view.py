"""What one seat may know: the one place hidden information is removed.

A seat sees its own hand (and, at the end, everybody's), every hand's size, the
discard area in order, the deck's size (never its order), every face-up Cursed
Item, its own face-down items and the other seats' counts, and its legal lines
when it is to move; everybody sees the setup (modules, rulings). ``seat`` None is
a spectator who sees no hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.fantasy_realms.state import GameState


def _card(st: GameState, cid: str) -> dict[str, Any]:
    c = st.lib.cards[cid]
    return {"id": cid, "slug": c.slug, "name": c.en, "suit": c.suit, "strength": c.strength}


def view(st: GameState, seat: int | None) -> dict[str, Any]:
    over = st.phase == "over"
    players = []
    for s in range(st.n):
        p: dict[str, Any] = {
            "seat": s,
            "hand_size": len(st.hands[s]),
            "hand_limit": st.limit[s],
            "item": st.face_up[s],
            "items_face_down": len(st.face_down[s]),
            "item_reserve": list(st.reserve[s]),
            "taken": list(st.taken[s]),  # public: cards this seat took from the discard area
        }
        if s == seat or over:
            p["hand"] = list(st.hands[s])
            p["items_used"] = list(st.face_down[s])
        players.append(p)
    v: dict[str, Any] = {
        "game": "fantasy_realms",
        "seat": seat,
        "seats": st.n,
        "modules": sorted(st.modules),
        "rulings": st.rulings.to_dict(),  # the disputed readings this game scores with
        "two_player": st.two_player,
        "turn": st.turn,
        "active": st.active,
        "to_move": st.to_move,
        "phase": st.phase,
        "deck_size": len(st.deck),
        "discard": list(st.discard),
        "sealed": {c: s for c, s in st.sealed.items()},
        "discards_to_end": st.end_at,
        "hand_size": st.hand_size,
        "players": players,
        "item_deck_size": len(st.item_deck),
        "item_discard": list(st.item_discard),
        "cards": {cid: _card(st, cid) for cid in st.cards},
    }
    if seat is not None and st.drawn and seat == st.to_move:
        v["drawn"] = list(st.drawn)  # two-player draft or Cauldron: cards to choose from
    if st.effect and seat == st.to_move:
        v["effect"] = str(st.effect[0])
    if st.forbid and seat == st.active:
        v["forbid"] = st.forbid
    v["legal"] = [str(a) for a in st.legal_actions()] if seat is not None and seat == st.to_move and not over else []
    if over and st.results is not None:
        v["scores"] = [r.total for r in st.results]
        v["winners"] = list(st.winners)
        v["breakdown"] = [[c.to_dict() for c in r.cards] + [{"id": i, "points": p} for i, p in r.items]
                          for r in st.results]
    return v
