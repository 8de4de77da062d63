"""The end of a HerosDeï game: who won and why, each side's figures, and what next.

The panel sits over the play area (the log stays readable in the sidebar): the
headline (a win, a draw, a concession), why the game ended (no Hero left, five kills,
ten victory points, the Sovereign Good quest), each side's victory points, kills,
Characters standing and museum, and the Heroes still in play as faces. Rematch deals
the same decks and variant again with a new seed (the New game panel's setup). Returns the choice ("rematch",
"new", "title").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.herosdei import decks as deckfiles
from game.session import local as ui_games
from game.ui import theme
from game.ui.herosdei.draw import card_face
from game.ui.herosdei.ending import headline, why
from game.ui.herosdei.options import HdSetup
from game.ui.tablekit.end_screen import TableEndScreen

if TYPE_CHECKING:  # (named as a string in the screen's base, which ruff does not read)
    from game.ui.herosdei.parts import HdTable  # noqa: F401

def setup_of(rec: Any) -> HdSetup | None:
    """The same game again (the decks in seat order, the variant, the seats) with a new
    seed: the rematch, and where New game starts from. None for a position set up by
    hand or decks that are no longer installed."""
    setup = getattr(rec, "setup", None)
    if not isinstance(setup, dict) or setup.get("kind") != "standard":
        return None
    decks = tuple(str(d.get("civ", "")) for d in setup.get("decks", []) if isinstance(d, dict))
    if len(decks) != 2 or not set(decks) <= set(deckfiles.available()):
        return None
    return HdSetup(variant=str(setup.get("variant", "standard")), decks=(decks[0], decks[1]),
                   seats=ui_games.seats_of(rec))


class HdGameOverScene(TableEndScreen["HdTable"]):
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        play = self.table.lay.play
        self.panel = pygame.Rect(play.left + u(24), play.top + u(40), play.width - u(48), play.height - u(80))
        self.place_buttons(220, setup_of(self.table.rec) is not None)

    def draw(self, surf: pygame.Surface) -> None:
        u = self.u
        p = self.panel
        theme.panel(surf, p, theme.PANEL, theme.ACCENT, u(12), alpha=240, width=max(1, u(2)))
        head = theme.fit_text(headline(self.table, self.conceded), u(40), p.width - u(40), theme.ACCENT, "serif")
        surf.blit(head, head.get_rect(midtop=(p.centerx, p.top + u(18))))
        y = p.top + u(18) + head.get_height() + u(4)
        reason = why(self.table) if self.conceded is None else ""
        if reason:
            t = theme.fit_text(reason, u(18), p.width - u(40), theme.TEXT)
            surf.blit(t, t.get_rect(midtop=(p.centerx, y)))
            y += t.get_height() + u(12)
        col_w = (p.width - u(60)) // 2
        for i, seat in enumerate(self._order()):
            self._side(surf, seat, pygame.Rect(p.left + u(20) + i * (col_w + u(20)), y, col_w, p.bottom - u(80) - y))
        self.group.draw(surf)

    def _order(self) -> list[int]:
        w = self.table.model.winner
        return [w, 1 - w] if isinstance(w, int) and w in (0, 1) else [0, 1]

    def _side(self, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        u = self.u
        tr = self.tr
        m = self.table.model
        side = m.sides[seat]
        theme.panel(surf, r, theme.PANEL_LIGHT, theme.SEAT_COLORS[seat % 6], u(10), alpha=220)
        name = self.table.names[seat] if seat < len(self.table.names) else "?"
        t = theme.fit_text(name, u(22), r.width - u(20), theme.SEAT_COLORS[seat % 6], "bold")
        surf.blit(t, (r.left + u(12), r.top + u(8)))
        y = r.top + u(12) + t.get_height()
        figures = [tr("hdover.vp", n=side.vp), tr("hdover.kills", n=side.kills),
                   tr("hdover.standing", n=len(side.chars)), tr("hdover.museum", n=len(side.museum))]
        for line in figures:
            f = theme.fit_text(line, u(16), r.width - u(24), theme.TEXT)
            surf.blit(f, (r.left + u(12), y))
            y += f.get_height() + u(2)
        standing = sorted((c.card for c in side.chars), key=lambda cid: m.kind(cid) != "hero")  # Heroes first
        room = pygame.Rect(r.left + u(12), y + u(6), r.width - u(24), r.bottom - y - u(16))
        if not standing or room.height < u(40):
            return
        n = len(standing)
        cw = u(30)
        for rows in (1, 2, 3):  # the widest faces that fit the side's panel
            per_row = -(-n // rows)
            fit = min((room.width + u(6)) // per_row - u(6), int((room.height + u(6)) / rows / 1.45) - u(6), u(110))
            cw = max(cw, fit)
        per_row = max(1, (room.width + u(6)) // (cw + u(6)))
        for i, cid in enumerate(standing):
            row, col = divmod(i, per_row)
            at = (room.left + col * (cw + u(6)), room.top + row * (int(cw * 1.45) + u(6)))
            if at[1] + int(cw * 1.4) > room.bottom:
                break
            surf.blit(card_face(cid, cw, tr.lang), at)
