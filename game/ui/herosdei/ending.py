"""How a HerosDeï game ended, in the table's words: the headline (a win, a draw, a
concession) and why (no Hero left, five kills, ten victory points, the quest), for the
end panel and the sidebar alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.herosdei.state import KILLS_TO_WIN, VP_TO_WIN
from game.ui.herosdei.model import HdModel

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable

# what the engine's game_over reason says -> the words' key
REASONS = (("futures exhausted", "exhausted"), ("no Hero left", "no_heroes"), ("kills", "kills"), ("victory points", "vp"), ("Sovereign Good", "quest"))


def headline(table: HdTable, conceded: int | None = None) -> str:
    tr = table.tr
    if conceded is not None:
        return tr("hdover.conceded", name=table.names[conceded])
    w = table.model.winner
    if w == "draw":
        return tr("hdover.draw")
    if not isinstance(w, int):
        return tr("gameover.title")
    if w == table.viewer and len(table.humans) == 1:  # in hotseat, "you" could be either: the name says
        return tr("hdover.you_win")
    return tr("hdover.wins", name=table.names[w] if w < len(table.names) else "?")


def why(table: HdTable) -> str:
    """Why the game ended, in words (each winner's reasons)."""
    reason = table.model.reason
    keys = [key for words, key in REASONS if words in reason] if reason else seen_reasons(table.model)
    if not keys:
        return ""
    return table.tr("hdover.because", reasons=", ".join(table.tr(f"hdover.why_{k}") for k in keys))


def seen_reasons(m: HdModel) -> list[str]:
    """Why the game ended, read off the table when its end was not seen (a game opened
    over): the winners' side of the victory rules (the quest is told by its event only)."""
    winners = [m.winner] if isinstance(m.winner, int) else [0, 1] if m.winner == "draw" else []
    keys: list[str] = []
    for seat in winners:
        mine, theirs = m.sides[seat], m.sides[1 - seat]
        if not any(m.kind(c.card) == "hero" for c in theirs.chars):
            keys.append("no_heroes")
        if m.variant == "tournament" and mine.vp >= VP_TO_WIN:
            keys.append("vp")
        elif m.variant != "tournament" and mine.kills >= KILLS_TO_WIN:
            keys.append("kills")
    return list(dict.fromkeys(keys))
