"""The end of a Fantasy Realms game: every hand, card by card, and the winner.

One row per player, best score first: the total, the total base strength (it
breaks ties: the lowest wins), each card with its points (bonus in green, penalty
in red, BLANKED cards greyed), the face-down Cursed Items with their values, and
the choices the scorer made for wild cards. Cards are faces when there is room,
chips otherwise; hovering one zooms it and explains its points, naming the cards
that gave its bonus and its penalty. Returns the choice
("rematch", "new", "title").
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms import suits
from game.ui.fantasy_realms.draw_hand import BONUS_GREEN, PENALTY_RED
from game.ui.fantasy_realms.faces import ASPECT, draw_zoom
from game.ui.tablekit.end_screen import TableEndScreen

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import FantasyTable


class FantasyGameOverScene(TableEndScreen["FantasyTable"]):
    def __init__(self, app: Any, table: FantasyTable, conceded: int | None = None) -> None:
        super().__init__(app, table, conceded)
        self.names = table.names
        self.viewer = table.viewer
        m = table.model
        self.scores = list(m.scores)
        self.winners = list(m.winners)
        self.rows = self._rows() if m.over else []
        self.t = 0.0
        self.cells: list[tuple[pygame.Rect, str, dict[str, Any]]] = []
        self.hover: tuple[pygame.Rect, str, dict[str, Any]] | None = None
        self.hover_time = 0.0

    def _rows(self) -> list[dict[str, Any]]:
        m = self.table.model
        lib = self.table.art.lib
        out: list[dict[str, Any]] = []
        for seat in range(m.n):
            cards = m.breakdown[seat] if seat < len(m.breakdown) else []
            hand = [c for c in cards if c.get("id") in lib.cards]
            items = [c for c in cards if c.get("id") in lib.items]
            ev = m.scored.get(seat)
            ids = [c["id"] for c in hand]
            table = scoring.table_of(m.view, seat, self.table.rulings)
            if ev is not None:
                chosen = scoring.engine_choices(ev.get("choices", []))
                words = [scoring.choice_words(cid, ch, self.tr) for cid, ch in chosen.items()]
            else:
                best = scoring.score(ids, table) if ids else None
                chosen = dict(best.choices) if best is not None else {}
                words = scoring.choices(best, self.tr) if best is not None else []
            why = scoring.givers(ids, chosen, table) if ids else {}
            hand = [{**c, "bonus_from": why[c["id"]][0], "penalty_from": why[c["id"]][1], "hand": ids} if c["id"] in why else c
                    for c in hand]
            base = sum(lib.cards[c["id"]].strength for c in hand)
            total = self.scores[seat] if seat < len(self.scores) else sum(int(c.get("points", 0)) for c in cards)
            out.append({"seat": seat, "total": total, "base": base, "cards": hand, "items": items, "choices": words})
        out.sort(key=lambda r: (r["seat"] not in self.winners, -int(r["total"]), int(r["base"])))
        return out

    def headline(self) -> str:
        if self.conceded is not None:
            return self.tr("fover.conceded", name=self.names[self.conceded])
        w = self.winners
        if not w:
            return self.tr("gameover.title")
        top = self.scores[w[0]] if w[0] < len(self.scores) else 0
        if len(w) > 1:
            return self.tr("fover.shared", names=", ".join(self.names[s] for s in w), n=top)
        if w[0] == self.viewer:
            return self.tr("fover.you_win", n=top)
        return self.tr("fover.wins", name=self.names[w[0]], n=top)

    def subline(self) -> str:
        """How a tie was broken (the lowest total base strength)."""
        if not self.rows or len(self.winners) != 1:
            return ""
        top = self.scores[self.winners[0]]
        tied = [r for r in self.rows if r["total"] == top]
        if len(tied) < 2:
            return ""
        win = next(r for r in tied if r["seat"] == self.winners[0])
        return self.tr("fover.tiebreak", name=self.names[win["seat"]], base=win["base"])

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        self.panel = pygame.Rect(u(20), u(16), w - u(40), h - u(32))
        self.place_buttons(240, self.table.rec is not None)

    def pointed(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            was = self.hover
            self.hover = next((c for c in self.cells if c[0].collidepoint(event.pos)), None)
            if self.hover is not was:
                self.hover_time = 0.0

    def update(self, dt: float) -> None:
        self.t += self.app.ambient_dt  # the crown bobs: still while the app rests
        self.hover_time += dt

    def draw(self, surf: pygame.Surface) -> None:
        u = self.u
        p = self.panel
        theme.panel(surf, p, theme.PANEL, theme.ACCENT, u(16), width=max(2, u(3)))
        crown = suits.icon("leader", u(40), theme.ACCENT)
        surf.blit(crown, crown.get_rect(center=(p.centerx, p.top + u(26) + int(math.sin(self.t * 2.5) * u(3)))))
        t = theme.fit_text(self.headline(), u(32), p.width - u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(p.centerx, p.top + u(46))))
        y = p.top + u(46) + t.get_height() + u(2)
        sub = self.subline()
        if sub:
            s = theme.fit_text(sub, u(15), p.width - u(40), theme.TEXT_DIM)
            surf.blit(s, s.get_rect(midtop=(p.centerx, y)))
            y += s.get_height() + u(2)
        self.cells = []
        if self.rows:
            area = pygame.Rect(p.left + u(20), y + u(8), p.width - u(40), p.bottom - u(74) - y - u(8))
            rh = area.height // len(self.rows)
            for i, row in enumerate(self.rows):
                self._row(surf, row, pygame.Rect(area.left, area.top + i * rh, area.width, rh - u(6)))
        self.group.draw(surf)
        if self.hover is not None and self.hover_time > 0.25:
            rect, cid, info = self.hover
            z = draw_zoom(surf, self.table.art, cid, rect, self.tr.lang, self.app.scale, p)
            self._draw_explanation(surf, self._explain(info), z)

    def _draw_explanation(self, surf: pygame.Surface, lines: list[tuple[str, tuple[int, int, int]]], z: pygame.Rect) -> None:
        """The hovered card's points in words, in a box under its zoom (above it when
        there is no room below)."""
        u = self.u
        if not lines:
            return
        width = min(self.panel.width - u(20), max(z.width, u(460)))
        f = theme.font(u(15), "bold")
        labs = [theme.text(part, u(15), color, "bold") for text, color in lines for part in theme.wrap(text, f, width)]
        box = pygame.Rect(0, 0, max(lab.get_width() for lab in labs) + u(16), sum(lab.get_height() for lab in labs) + u(10))
        box.midtop = (z.centerx, z.bottom + u(4))
        if box.bottom > surf.get_height():
            box.midbottom = (z.centerx, z.top - u(4))
        box.clamp_ip(surf.get_rect())
        theme.panel(surf, box, (16, 16, 20), theme.ACCENT, u(6), alpha=235, width=1)
        y = box.top + u(5)
        for lab in labs:
            surf.blit(lab, lab.get_rect(midtop=(box.centerx, y)))
            y += lab.get_height()

    def _explain(self, c: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """The hovered card's points: how they add up, then which cards gave its bonus and its penalty."""
        if "blanked" in c:
            return [(scoring.reason(str(c["blanked"]), self.tr), theme.TEXT)]
        if "base" not in c:
            return [(self.tr("fantasy.points", n=c.get("points", 0)), theme.TEXT)]
        out = [(self.tr("fantasy.card_points", base=c.get("base", 0), bonus=c.get("bonus", 0), penalty=c.get("penalty", 0),
                        points=c.get("points", 0)), theme.TEXT)]
        hand = c.get("hand", ())
        if c.get("bonus") and c.get("bonus_from"):
            out.append((self.tr("fover.bonus_from", n=f"{int(c['bonus']):+d}", cards=scoring.names_of(c["bonus_from"], hand, self.tr)),
                        BONUS_GREEN))
        if c.get("penalty") and c.get("penalty_from"):
            out.append((self.tr("fover.penalty_from", n=f"{int(c['penalty']):+d}".replace("-", "−"),
                                cards=scoring.names_of(c["penalty_from"], hand, self.tr)), PENALTY_RED))
        return out

    def _row(self, surf: pygame.Surface, row: dict[str, Any], r: pygame.Rect) -> None:
        u = self.u
        seat = row["seat"]
        won = seat in self.winners
        theme.panel(surf, r, theme.shade(theme.ACCENT, 0.35) if won else theme.PANEL_LIGHT, theme.ACCENT if won else None,
                    u(8), alpha=200, width=max(1, u(2)))
        left = pygame.Rect(r.left + u(10), r.top + u(4), min(u(190), r.width // 5), r.height - u(8))
        name = theme.fit_text(self.names[seat], u(18), left.width, theme.SEAT_COLORS[seat % 6], "bold")
        surf.blit(name, left.topleft)
        total = theme.fit_text(self.tr("fantasy.points", n=row["total"]), min(u(30), max(u(14), left.height // 3)), left.width,
                               theme.ACCENT if won else theme.TEXT, "serif")
        surf.blit(total, (left.left, left.top + name.get_height()))
        base = theme.fit_text(self.tr("fover.base", n=row["base"]), u(13), left.width, theme.TEXT_DIM)
        if left.height > name.get_height() + total.get_height() + base.get_height():
            surf.blit(base, (left.left, left.top + name.get_height() + total.get_height()))
        cells = row["cards"] + row["items"]
        words = " · ".join(row["choices"])
        note_h = u(16) if words else 0
        area = pygame.Rect(left.right + u(12), r.top + u(4), r.right - left.right - u(20), r.height - u(8) - note_h)
        if words:
            nt = theme.fit_text(words, u(13), area.width, theme.HILITE, "bold")
            surf.blit(nt, (area.left, area.bottom + u(2)))
        if not cells:
            return
        k = len(cells)
        gap = u(6)
        cw = min((area.width - (k - 1) * gap) // k, int((area.height - u(20)) / ASPECT))
        if cw >= u(56):
            for i, c in enumerate(cells):
                cr = pygame.Rect(area.left + i * (cw + gap), area.top, cw, int(cw * ASPECT))
                self._face(surf, c, cr)
        else:
            chip_w = (area.width - (k - 1) * gap) // k
            for i, c in enumerate(cells):
                self._chip(surf, c, pygame.Rect(area.left + i * (chip_w + gap), area.top, chip_w, area.height))

    def _face(self, surf: pygame.Surface, c: dict[str, Any], r: pygame.Rect) -> None:
        u = self.u
        surf.blit(self.table.art.face(c["id"], r.width, self.tr.lang), r)
        if "blanked" in c:
            surf.blit(theme.translucent(r.size, (40, 40, 44), 175, u(6)), r)
            x = theme.fit_text(self.tr("fantasy.blanked"), u(12), r.width - u(4), (230, 230, 230), "bold")
            surf.blit(x, x.get_rect(center=r.center))
        elif c.get("as"):
            who = scoring.card_name(c["as"], self.tr.lang) if c["as"] in self.table.art.lib.cards else suits.name(c["as"], self.tr.lang)
            band = pygame.Rect(r.left, r.bottom - u(16), r.width, u(16))
            surf.blit(theme.translucent(band.size, (20, 20, 60), 215, u(3)), band)
            t = theme.fit_text("→ " + who, u(11), band.width - u(4), theme.HILITE, "bold")
            surf.blit(t, t.get_rect(center=band.center))
        self._points(surf, c, pygame.Rect(r.left, r.bottom + u(1), r.width, u(18)))
        self.cells.append((r, c["id"], c))

    def _chip(self, surf: pygame.Surface, c: dict[str, Any], r: pygame.Rect) -> None:
        u = self.u
        lib = self.table.art.lib
        grey = "blanked" in c
        pygame.draw.rect(surf, (52, 52, 58) if grey else theme.PANEL, r, border_radius=u(6))
        suit = lib.cards[c["id"]].suit if c["id"] in lib.cards else "item"
        b = suits.badge(suit, min(u(18), r.width // 3))
        surf.blit(b, (r.left + u(2), r.top + u(2)))
        name = scoring.card_name(c["id"], self.tr.lang)
        y = r.top + b.get_height() + u(3)
        strip = max(u(18), theme.font(u(14), "bold").get_height())  # the points, at any text size
        size, lines = theme.fit_wrap(name, max(8, u(11)), r.width - u(4), r.bottom - strip - y, "condensed")
        f = theme.font(size, "condensed")
        for ln in lines[:2]:
            t = theme.fit_text(ln, size, r.width - u(4), theme.TEXT_DIM if grey else theme.TEXT, "condensed")
            surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
            y += f.get_linesize()
        self._points(surf, c, pygame.Rect(r.left, r.bottom - strip, r.width, strip))
        self.cells.append((r, c["id"], c))

    def _points(self, surf: pygame.Surface, c: dict[str, Any], r: pygame.Rect) -> None:
        u = self.u
        if "blanked" in c:
            t = theme.text("0", u(14), theme.TEXT_DIM, "bold")
        else:
            pts = int(c.get("points", 0))
            col = BONUS_GREEN if c.get("bonus", 0) > 0 and pts > c.get("base", pts) else (
                PENALTY_RED if pts < c.get("base", pts) or pts < 0 else theme.TEXT)
            t = theme.text(str(pts), u(14), col, "bold")
        surf.blit(t, t.get_rect(center=r.center))
