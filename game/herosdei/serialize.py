"""Outward forms of a state: the full JSON of the scenario runner, and the state hash.

``full_state`` is the whole truth (every hand, every future top first), as the spec's
runner prints it; players only ever get ``view.view``. ``state_hash`` digests all that
shapes the rest of the game (card instances, zones, the turn's progress, the RNG).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.herosdei.base import BaseState
from game.herosdei.cards import FORMER
from game.herosdei.rules import acting_seat

STATS = ("F", "S", "C", "M")


def character(st: BaseState, uid: int, stats: tuple[int, int, int, int] | None = None) -> dict[str, Any]:
    cid = st.cid
    f, s, c, m = st.stats(uid) if stats is None else stats
    return {"card": cid[uid], "given": [cid[g] for g in st.given.get(uid, ())], "F": f, "S": s, "C": c, "M": m,
            "attacked": uid in st.attacked}


def full_state(st: BaseState, seen_by: int | None = None) -> dict[str, Any]:
    """The whole truth; with ``seen_by``, what that seat may know (-1: a spectator), as
    ``view.view`` shows it: the futures and the other hands as counts."""
    cid = st.cid
    players = [{
        "seat": p.seat, "vp": p.vp, "kills": p.kills,
        "hand": [cid[u] for u in p.hand] if seen_by is None or p.seat == seen_by else len(p.hand),
        "future": [cid[u] for u in p.future] if seen_by is None else len(p.future),
        "museum": [cid[u] for u in p.museum],
        "characters": [character(st, u, x) for u, x in zip(p.chars, st.side_stats(p.seat))],
        "gods": [cid[u] for u in p.gods], "places": [cid[u] for u in p.places],
        "black_magic": [cid[u] for u in p.black_magic],
    } for p in st.players]
    c = st.combat
    return {
        "game": "herosdei", "variant": st.variant, "turn": st.turn, "phase": st.phase, "first": st.first,
        "to_act": acting_seat(st), "winner": st.winner, "players": players,
        "stack": [{"card": cid[e.uid], "seat": e.seat} for e in st.stack],
        "combat": None if c is None else {"attacker": st.ref(c.attacker), "defender": st.ref(c.defender),
                                          "step": c.step},
        "pending": None if st.pending is None else st.pending.to_dict(),
    }


def _canonical(st: BaseState) -> list[Any]:
    cid: list[str] = st.cid
    options = None if st.pending is None else st.pending.options
    if st.edition == 1 and FORMER:  # the saves of the first edition hashed the cards' former ids
        cid = [FORMER.get(c, c) for c in cid]
        options = None if options is None else [_former_line(o) for o in options]
    players = [[p.civ, p.hand, p.future, p.museum, p.chars, p.gods, p.places, p.black_magic, p.vp, p.kills,
                sorted(p.used), sorted(p.placed.items())] for p in st.players]
    w = st.window
    c = st.combat
    pr = st.pending
    return [
        st.variant, cid, st.owner, players, sorted((k, v) for k, v in st.given.items()), sorted(st.attacked),
        [[b.uid, b.stat, b.amount, b.until] for b in st.boosts], st.turn, st.phase, st.first, st.to_act, st.slot,
        st.passed_round, st.combats, st.locked_out, None if w is None else [w.point, w.lead, w.to_act, w.skips],
        [[e.uid, e.seat, e.target, e.cancelled] for e in st.stack],
        None if c is None else [c.attacker, c.defender, c.seat, c.step, c.no_riposte],
        None if pr is None else [pr.seat, pr.kind, options, repr(sorted(pr.data.items()))],
        st.winner, st.rng.state,
    # what old saves never had (a dry turn, ask_all, a later edition) is added only when present: their hashes hold
    ] + ([] if st.dry_since is None else [st.dry_since, st.dry_table]) + (["ask_all"] if st.ask_all else []) + (
        [] if st.edition == 1 else [["edition", st.edition]])


def _former_line(line: str) -> str:
    return " ".join(FORMER.get(w, w) for w in line.split(" "))


def state_hash(st: BaseState) -> str:
    blob = json.dumps(_canonical(st), separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:32]
