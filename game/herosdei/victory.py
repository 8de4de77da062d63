"""Victory, checked after every resolution: no Hero left loses; 5 kills in combat win
(``initiation``, ``standard``); in ``tournament`` 10 victory points win, and so does a
Hero carrying its controller's own Sovereign Good and the 4 Qualities. Both players
at once: a draw. Each way a game ends has a termination key (``TERMINATIONS``), the
``termination`` of core's Outcome and of the game_over event."""

from __future__ import annotations

from game.herosdei.base import KILLS_TO_WIN, VP_TO_WIN, BaseState
from game.herosdei.events import GameOver

QUALITIES_NEEDED = 4
# the ways a seat wins, in the order its game_over reason lists them
WAYS = ("no_hero", "victory_points", "quest", "kills")
DRAW = "draw"  # both seats met a way at once
EXHAUSTED = "exhaustion"  # the futures ran out and the count decided (exhaustion.py), a level count included
TERMINATIONS = (*WAYS, DRAW, EXHAUSTED)
_WORDS = {"no_hero": "no Hero left", "victory_points": f"{VP_TO_WIN} victory points",
          "quest": "the Sovereign Good quest", "kills": f"{KILLS_TO_WIN} kills"}


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


def way_of(words: str) -> str | None:
    """The ``WAYS`` key of a way's English words in a game_over reason, or None."""
    return next((w for w in WAYS if _WORDS[w] == words), None)


def ways(st: BaseState, seat: int) -> list[str]:
    """The ways (``WAYS`` keys) ``seat`` meets a victory condition now."""
    p = st.players[seat]
    out = []
    if not _has_hero(st, 1 - seat):
        out.append("no_hero")
    if st.variant == "tournament":
        if p.vp >= VP_TO_WIN:
            out.append("victory_points")
        if quest_done(st, seat):
            out.append("quest")
    elif p.kills >= KILLS_TO_WIN:
        out.append("kills")
    return out


def decided(st: BaseState) -> bool:
    """A victory condition is met now (``check_victory`` would end the game)."""
    return st.winner is not None or any(ways(st, seat) for seat in (0, 1))


def check_victory(st: BaseState) -> None:
    if st.winner is not None:
        return
    met = {seat: ways(st, seat) for seat in (0, 1)}
    winners = [seat for seat in (0, 1) if met[seat]]
    if not winners:
        return
    why = "; ".join(f"seat {s}: {', '.join(_WORDS[w] for w in met[s])}" for s in winners)
    if len(winners) == 1:
        finish(st, winners[0], why, met[winners[0]][0])
    else:
        finish(st, "draw", why, DRAW)


def finish(st: BaseState, winner: int | str, why: str, termination: str) -> None:
    """The game is over: ``winner`` (a seat or "draw"), for ``why`` (English), in the way
    ``termination`` (a ``TERMINATIONS`` key)."""
    st.winner = winner
    st.termination = termination
    st.phase = "over"
    st.window = None
    st.pending = None
    st.emit(GameOver(st.winner, why, termination))
