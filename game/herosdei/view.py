"""What one seat may know: ``view(state, seat)``, the only form a player or an AI reads.

The other player's hand is a count; both futures are counts (so nobody learns where a
Sovereign Good lies in a future); museums, Characters, given cards, the stack and the
combat are public, as on the table.
"""

from __future__ import annotations

from typing import Any

from game.herosdei.rules import legal_lines
from game.herosdei.serialize import full_state
from game.herosdei.state import State


def view(st: State, seat: int) -> dict[str, Any]:
    out = full_state(st)
    for p in out["players"]:
        p["future"] = len(p["future"])
        if p["seat"] != seat:
            p["hand"] = len(p["hand"])
    if out["pending"] is not None and out["pending"]["seat"] != seat:
        out["pending"] = {"seat": out["pending"]["seat"], "kind": out["pending"]["kind"]}
    out["seat"] = seat
    out["seats"] = len(st.players)  # every table reads the player count from the view
    out["legal"] = legal_lines(st) if seat in st.waiting_for() else []
    return out
