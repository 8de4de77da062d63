"""What one seat may know: ``view(state, seat)``, the only form a player or an AI reads.

The other player's hand is a count; both futures are counts (so nobody learns where a
Sovereign Good lies in a future); museums, Characters, given cards, the stack and the
combat are public, as on the table. What a table needs to tell why a drop is refused
is added where it applies: the cards of the viewer's hand another seat owns
(``foreign``), the allowances it has used while it places (``placed``) and the keywords
effects grant a Character (``granted``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.herosdei.base import BaseState
from game.herosdei.rules import legal_lines
from game.herosdei.serialize import full_state


def view(st: BaseState, seat: int) -> dict[str, Any]:
    out = full_state(st, seat)
    for p in out["players"]:
        p["used"] = sorted(st.players[p["seat"]].used)  # the destinies played this phase: public
        if st.boosts:  # a keyword an effect grants for a while is in force as a printed one (who reaches a flyer)
            for ch, uid in zip(p["characters"], st.players[p["seat"]].chars):
                granted = sorted({b.stat[3:] for b in st.boosts if b.uid == uid and b.stat.startswith("kw:")})
                if granted:
                    ch["granted"] = granted
        if p["seat"] == seat:
            # whose a card is decides where it may go (limits.heroes_only): the table asks the
            # engine's owner, not the card's civilisation; said only when some card is another's
            foreign = sorted({st.cid[u] for u in st.players[seat].hand if st.owner[u] != seat})
            if foreign:
                p["foreign"] = foreign
            if st.phase == "placement" and st.to_act == seat and st.players[seat].placed:
                p["placed"] = sorted(st.players[seat].placed)  # the allowances used: the table says so
    if out["pending"] is not None and out["pending"]["seat"] != seat:
        out["pending"] = {"seat": out["pending"]["seat"], "kind": out["pending"]["kind"]}
    out["seat"] = seat
    out["seats"] = len(st.players)  # every table reads the player count from the view
    out["legal"] = legal_lines(st) if seat in st.waiting_for() else []
    return out


def in_window(phase: str, pending: Mapping[str, Any] | None, legal: Sequence[str]) -> bool:
    """A destiny window as a view shows it: the seat may play a destiny on the stack or
    skip (``legal_lines``; the Monster step, which offers a skip too, is a prompt)."""
    return phase == "attack" and pending is None and "skip" in legal


def secret_choice(view: Mapping[str, Any]) -> bool:
    """A decision the other seat must not time: a destiny window or the Monster step,
    which a hand with nothing to play only passes (the seat's own view)."""
    pending = view.get("pending")
    legal = view.get("legal") or []
    if view.get("phase") != "attack":
        return False
    return in_window("attack", pending, legal) or (isinstance(pending, Mapping) and pending.get("kind") == "monster")
