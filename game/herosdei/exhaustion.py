"""The end of a game whose futures have run out (a ruling of this project).

The seed gives a player with an empty future nothing to draw and no other end, so two
sides that can no longer kill each other would play for ever. Once both futures are
empty, the game ends at the end of a turn in which nothing moved (the same hands,
tables and museums as at the end of the turn before), or at the end of the tenth turn
since they ran out: the player ahead wins (kills, then victory points; in
``tournament`` victory points, then kills), otherwise it is a draw.
"""

from __future__ import annotations

from typing import Any

from game.herosdei.base import BaseState

DRY_TURNS = 10  # turns played with both futures empty before the count decides
REASON = "futures exhausted"  # the game_over reason's words (the table's end screen reads them)


def _table(st: BaseState) -> list[Any]:
    """What a turn could change: hands, Characters and their cards, the other zones, the scores."""
    return [(len(p.hand), list(p.chars), len(p.museum), list(p.gods), list(p.places), list(p.black_magic),
             p.kills, p.vp) for p in st.players] + [sorted((k, list(v)) for k, v in st.given.items())]


def note_turn_end(st: BaseState) -> bool:
    """Note the end of a turn with both futures empty; True when the exhaustion ends the game."""
    if any(p.future for p in st.players):
        return False
    table = _table(st)
    if st.dry_since is None:
        st.dry_since = st.turn
        st.dry_table = table
        return False
    still = table == st.dry_table
    st.dry_table = table
    return still or st.turn - st.dry_since + 1 >= DRY_TURNS


def leader(st: BaseState) -> tuple[int | str, str]:
    """The winner by the count (or "draw") and why, in the game_over reason's words."""
    a, b = st.players
    if st.variant == "tournament":
        keys = [(a.vp, a.kills), (b.vp, b.kills)]
        measure = "the most points, then Characters killed in combat"
    else:
        keys = [(a.kills, a.vp), (b.kills, b.vp)]
        measure = "the most Characters killed in combat, then points"
    if keys[0] == keys[1]:
        return "draw", f"{REASON}: level on {measure}"
    return (0 if keys[0] > keys[1] else 1), f"{REASON}: {measure}"
