"""The hint key's two answers on the Fantasy Realms table (game/ui/tablekit/hint.py):
where a suggested line's card lies (the deck, a discard-area card, a card of the hand,
a button), and the line in the log's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.fantasy_realms.logtext import LogLine

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable


def targets(sc: FantasyTable, line: str) -> list[pygame.Rect]:
    """The rects the line ``line`` names."""
    words = line.split()
    if not words:
        return []
    verb, rest = words[0], words[1:]
    m = sc.model
    card = m.card_id(rest[0]) if rest else None
    if verb == "draw" and rest and rest[0] in ("deck", "two"):
        return [sc.lay.deck]
    if verb == "draw" and card in m.discard:
        return [sc.lay.discard_slot(m.discard.index(card))]
    if verb == "discard" and card in sc.hand_cards():
        return [sc.hand_rect(sc.hand_cards().index(card))]
    if verb in ("end", "pass"):
        return [sc.end_btn.rect]
    if verb == "item":
        return [sc.swap_btn.rect if rest[:1] == ["swap"] else sc.use_btn.rect]
    return []


def words(sc: FantasyTable, line: str) -> str:
    """The line as the log would tell it of the viewer ("You take Dragon from the discard area")."""
    parts = line.split()
    tr = sc.tr
    if not parts:
        return line
    verb, rest = parts[0], parts[1:]
    card = sc.model.card_id(rest[0]) if rest else None
    entry: LogLine | None = None
    if verb == "draw" and rest == ["deck"]:
        entry = LogLine(sc.viewer, "draw")
    elif verb == "draw" and rest == ["two"]:
        entry = LogLine(sc.viewer, "draw_two")
    elif verb == "draw" and card is not None:
        entry = LogLine(sc.viewer, "take", {"card": card})
    elif verb == "discard" and card is not None:
        entry = LogLine(sc.viewer, "discard", {"card": card})
    elif verb == "end":
        return str(tr("table.end_turn"))
    elif verb == "pass":
        return str(tr("fantasy.pass"))
    elif verb == "item":
        return str(tr("fantasy.swap" if rest[:1] == ["swap"] else "fantasy.use"))
    if entry is None:
        return line
    return sc.log.text(entry, tr, sc.viewer)
