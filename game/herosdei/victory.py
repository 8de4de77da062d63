"""Victory, checked after every resolution: no Hero left loses; 5 kills in combat win
(``initiation``, ``standard``); in ``tournament`` 10 victory points win, and so does a
Hero carrying its controller's own Sovereign Good and the 4 Qualities. Both players
at once: a draw."""

from __future__ import annotations

from game.herosdei.base import KILLS_TO_WIN, VP_TO_WIN, BaseState
from game.herosdei.events import GameOver

QUALITIES_NEEDED = 4


def quest_done(st: BaseState, seat: int) -> bool:
    """A Hero of ``seat`` carries ``seat``'s own Sovereign Good and 4 different Qualities."""
    cards = st.cards
    for hero in st.heroes(seat):
        given = st.given.get(hero)
        if not given or len(given) <= QUALITIES_NEEDED:  # the Good and 4 Qualities: 5 cards at least
            continue
        good = any(cards[g].type == "sovereign_good" and st.owner[g] == seat for g in given)
        qualities = {st.cid[g] for g in given if cards[g].type == "quality"}
        if good and len(qualities) >= QUALITIES_NEEDED:
            return True
    return False


def _has_hero(st: BaseState, seat: int) -> bool:
    cards = st.cards
    return any(cards[u].type == "hero" for u in st.players[seat].chars)


def _reasons(st: BaseState, seat: int) -> list[str]:
    p = st.players[seat]
    out = []
    if not _has_hero(st, 1 - seat):
        out.append("no Hero left")
    if st.variant == "tournament":
        if p.vp >= VP_TO_WIN:
            out.append(f"{VP_TO_WIN} victory points")
        if quest_done(st, seat):
            out.append("the Sovereign Good quest")
    elif p.kills >= KILLS_TO_WIN:
        out.append(f"{KILLS_TO_WIN} kills")
    return out


def decided(st: BaseState) -> bool:
    """A victory condition is met now (``check_victory`` would end the game)."""
    return st.winner is not None or any(_reasons(st, seat) for seat in (0, 1))


def check_victory(st: BaseState) -> None:
    if st.winner is not None:
        return
    reasons = {seat: _reasons(st, seat) for seat in (0, 1)}
    winners = [seat for seat in (0, 1) if reasons[seat]]
    if not winners:
        return
    why = "; ".join(f"seat {s}: {', '.join(reasons[s])}" for s in winners)
    finish(st, winners[0] if len(winners) == 1 else "draw", why)


def finish(st: BaseState, winner: int | str, why: str) -> None:
    """The game is over: ``winner`` (a seat or "draw"), for ``why``."""
    st.winner = winner
    st.phase = "over"
    st.window = None
    st.pending = None
    st.emit(GameOver(st.winner, why))
