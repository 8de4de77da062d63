"""The hint key's two answers on the HerosDeï table (game/ui/tablekit/hint.py): where a
suggested line's cards lie (the hand card it plays and the Character it goes onto, the
attacker and the defender, the free place in the row, the sidebar's button), and the
line in the table's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.herosdei.layout import row_slots
from game.ui.herosdei.logtext import LogLine, ref_name
from game.ui.herosdei.targets import character_rect, hand_rect
from game.ui.herosdei.words import line_words

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable


def _where_played(sc: HdTable, card: str) -> pygame.Rect | None:
    """Where a card played with no Character lands: a destiny on the stack, any other
    card at the end of the player's row (a God, a Place or Black Magic: its bar)."""
    kind = sc.model.kind(card)
    if kind.endswith("destiny"):
        return sc.lay.stack_area
    if sc.viewer is None:
        return None
    if kind in ("god", "place", "black_magic"):
        return sc.lay.bars[sc.viewer]
    return row_slots(sc.lay, sc.viewer, len(sc.model.sides[sc.viewer].chars) + 1)[-1]


def targets(sc: HdTable, line: str) -> list[pygame.Rect]:
    """The rects the line ``line`` names."""
    w = line.split()
    if w and w[0].startswith("@"):
        w = w[1:]
    if not w:
        return []
    verb = w[0]
    found: list[pygame.Rect | None] = []
    if verb == "play" and len(w) >= 2:
        card = hand_rect(sc, w[1])
        if card is None:
            return []  # not in the hand shown: nothing to point at
        found.append(card)
        found.append(character_rect(sc, w[3]) if len(w) == 4 else _where_played(sc, w[1].partition("#")[0]))
    elif verb == "attack" and len(w) == 3:
        found += [character_rect(sc, w[1]), character_rect(sc, w[2])]
    elif verb in ("discard", "monster") and len(w) == 2:
        found.append(hand_rect(sc, w[1]))
    elif verb == "target" and len(w) == 2:
        found.append(character_rect(sc, w[1]))
    elif verb in ("done", "pass", "skip") and sc.end_btn.visible:
        found.append(sc.end_btn.rect)
    return [r for r in found if r is not None]


def words(sc: HdTable, line: str) -> str:
    """The line as the table says it to the viewer ("Give Excalibur to Lancelot of the Lake")."""
    w = line.split()
    if w and w[0].startswith("@"):
        w = w[1:]
    tr = sc.tr
    if not w:
        return line
    verb = w[0]
    if verb in ("play", "attack"):
        return line_words(sc, " ".join(w))
    if verb == "done":
        return str(tr("hdtable.done"))
    if verb in ("pass", "skip"):
        monster = verb == "skip" and (sc.model.pending or {}).get("kind") == "monster"
        return str(tr("hdprompt.no_monster" if monster else "hdtable.pass"))
    if verb in ("discard", "monster") and len(w) == 2:
        return sc.log.text(LogLine(sc.viewer, verb, {"card": w[1].partition("#")[0]}), tr, sc.viewer)
    if verb == "target" and len(w) == 2:
        return str(tr("hdtable.do_target", target=ref_name(w[1], tr.lang)))
    return line
