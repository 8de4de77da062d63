"""Outward forms of a state: the full JSON of the scenario runner, and the hash.

``full_state`` is the complete truth (every hand, every deck in order, top first),
for the scenario runner, tests and debugging; players and clients only ever get
``view.view``. ``state_hash`` digests everything that affects the future of the game
(including the RNG and instance identities) so two engines that agree on it will
agree on every later step.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState


def _champions(st: BaseState, zone: list[int]) -> list[dict[str, Any]]:
    return [{"card": st.cid[i], "expended": bool(st.expended[i]), "damage": st.damage[i]} for i in zone]


def full_state(st: BaseState) -> dict[str, Any]:
    cid = st.cid
    players = []
    for p in st.players:
        d: dict[str, Any] = {
            "seat": p.seat,
            "health": st.health_of(p.seat),
            "gold": p.gold,
            "combat": p.combat,
            "hand": [cid[i] for i in p.hand],
            "deck": [cid[i] for i in reversed(p.deck)],
            "discard": [cid[i] for i in p.discard],
            "in_play": [cid[i] for i in p.in_play],
            "champions": _champions(st, p.champions),
        }
        if p.owed:
            d["owed"] = p.owed
        if not p.alive:
            d["eliminated"] = True
        players.append(d)
    return {
        "turn": st.turn,
        "active": st.active,
        "phase": st.phase,
        "winner": list(st.winner) if isinstance(st.winner, tuple) else st.winner,
        "players": players,
        "market": {
            "row": [cid[i] for i in st.row if i >= 0],
            "deck": [cid[i] for i in reversed(st.market_deck)],
            "fire_gems": len(st.gems),
            "sacrificed": [cid[i] for i in st.sacrificed],
        },
        "pending": st.pending.to_dict() if st.pending is not None else None,
    }


def _canonical(st: BaseState) -> list[Any]:
    players = [
        [p.hand, p.deck, p.discard, p.in_play, p.champions, p.gold, p.combat, p.owed,
         p.known_top, [list(r) for r in p.redirects], p.alive]
        for p in st.players
    ]
    pending = None
    if st.pending is not None:
        pr = st.pending
        pending = [pr.seat, pr.kind, pr.resume, pr.src, pr.zone, [str(o) for o in pr.options], repr(pr.data)]
    stack = [repr(f) for f in st.stack]
    return [
        st.fmt.name, st.n, list(st.cid), players, st.health, list(st.life), st.row, st.market_deck,
        st.gems, st.sacrificed, st.out, list(st.expended), st.damage, list(st.ally_used), st.active,
        st.turn, st.phase, pending, stack, st.rng.state, repr(st.winner), st.first, list(st.team_turn), list(st.ended),
    ]


def state_hash(st: BaseState) -> str:
    blob = json.dumps(_canonical(st), separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:32]
