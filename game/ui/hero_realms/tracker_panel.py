"""The deck tracker panel (T, or the table's Tracker button): what the player may know of the decks.

Left, the player's own deck as counts (never the order), each card with the chance
that the next five cards drawn hold at least one copy, then the same for any card of
each faction, then the discard pile; right, each opponent's deck as far as anyone can
know it: everything they own (their starting deck, what they bought or acquired, less
what they sacrificed, all done face up) and how much of it is out of sight (hand and
deck). Every figure is read off the seat's view (``game.hero_realms.tracker``), as the
table last showed it: the panel never runs ahead of the animations. In hotseat, while
the player's hand is face down (the one at the screen may be someone else), their own
side is not shown either: it would tell what the hand holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from game.hero_realms.cards import FACTIONS, library
from game.hero_realms.tracker import HAND_SIZE, draw_odds, tracker_of
from game.ui import theme
from game.ui.hero_realms.logtext import card_name
from game.ui.i18n import Tr
from game.ui.render import icons

if TYPE_CHECKING:
    from game.ui.hero_realms.parts import HeroTable


def percent(p: Fraction) -> str:
    """A chance as a whole percentage (never 0% or 100% unless it is exactly so)."""
    if p == 0 or p == 1:
        return f"{int(p) * 100}%"
    return f"{min(99, max(1, round(float(p) * 100)))}%"


@dataclass
class Row:
    """A line of the panel: an icon (a faction or none), words, and a figure on the right."""

    icon: str | None
    words: str
    figure: str = ""
    head: bool = False


def _faction(card: str) -> str | None:
    c = library().get(card)
    return c.faction if c is not None and c.faction in FACTIONS else None


def _listed(cards: Mapping[str, int], lang: str) -> str:
    """Cards as "Gold ×7, Dagger, Spark ×2", by name."""
    named = sorted((card_name(c, lang), n) for c, n in cards.items())
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in named)


def own_rows(view: Mapping[str, Any], tr: Tr) -> list[Row]:
    """The player's side: the deck with the draw odds of each card and each faction, the discard pile."""
    lang = tr.lang
    t = tracker_of(view)
    deck, reshuffle = t["deck"], t["reshuffle"]
    size = sum(deck.values())
    head = tr("tracker.deck", n=size) if size >= HAND_SIZE else tr("tracker.deck_reshuffle", n=size, m=sum(reshuffle.values()))
    rows = [Row(None, str(head), str(tr("tracker.next_draw")), head=True)]
    pool = sorted(set(deck) | (set(reshuffle) if size < HAND_SIZE else set()))
    odds = sorted(((draw_odds(deck, reshuffle, {c}), c) for c in pool), key=lambda x: (-x[0], card_name(x[1], lang)))
    for p, c in odds:
        n = deck.get(c, 0)
        rows.append(Row(_faction(c), card_name(c, lang) if n <= 1 else f"{card_name(c, lang)} ×{n}", percent(p)))
    factions = [f for f in FACTIONS if any(_faction(c) == f for c in pool)]
    for f in factions:
        wanted = {c for c in pool if _faction(c) == f}
        rows.append(Row(f, str(tr("tracker.any_faction", faction=tr(f"tracker.faction_{f}"))), percent(draw_odds(deck, reshuffle, wanted))))
    discard = t["discard"]
    rows.append(Row(None, str(tr("tracker.discard", n=sum(discard.values()))), head=True))
    rows.append(Row(None, _listed(discard, lang) or str(tr("table.empty"))))
    return rows


def opponent_rows(view: Mapping[str, Any], names: list[str], tr: Tr) -> list[Row]:
    """Each other seat: what it owns, and how much of it is out of sight (hand and deck)."""
    lang = tr.lang
    t = tracker_of(view)
    rows: list[Row] = []
    for p in view.get("players", ()):
        seat = p["seat"]
        if seat == view.get("seat") or not p.get("alive", True):
            continue
        owned = Counter(p.get("owned", ()))
        unseen = t["unseen"][seat]
        name = names[seat] if seat < len(names) else f"#{seat}"
        rows.append(Row(None, str(tr("tracker.opponent", name=name, n=sum(owned.values()))),
                        str(tr("tracker.unseen", n=sum(unseen.values()))), head=True))
        rows.append(Row(None, str(tr("tracker.unseen_list", cards=_listed(unseen, lang) or tr("table.empty")))))
        rows.append(Row(None, str(tr("tracker.owned_list", cards=_listed(owned, lang)))))
    return rows


class TrackerPanel:
    """The panel over the play area, open or closed; its figures follow the view the table shows."""

    def __init__(self) -> None:
        self.open = False
        self._view: Mapping[str, Any] | None = None

    def toggle(self) -> None:
        self.open = not self.open

    def rect(self, sc: HeroTable) -> pygame.Rect:
        """Over the play area, above the player's own seat (the hand and its counters stay in view)."""
        lay = sc.lay
        u = lay.u
        bottom = lay.seats[sc.viewer].panel.top if sc.viewer is not None else lay.play.bottom
        return pygame.Rect(lay.play.left + u(16), lay.play.top + u(12), lay.play.width - u(32), bottom - lay.play.top - u(20))

    def view(self, sc: HeroTable) -> Mapping[str, Any]:
        """The view the table shows now (kept while it animates towards the next one)."""
        if self._view is None or (sc.synced and sc.director.idle):
            self._view = sc.view_of(sc.viewer)
        return self._view

    def draw(self, sc: HeroTable, surf: pygame.Surface) -> None:
        if not self.open:
            return
        s = sc.lay.scale
        u = sc.lay.u
        box = self.rect(sc)
        theme.panel(surf, box, (16, 20, 26), theme.ACCENT, u(12), alpha=240, width=max(1, u(2)))
        title = theme.text(str(sc.tr("tracker.title")), max(12, int(22 * s)), theme.ACCENT, "bold")
        surf.blit(title, (box.left + u(18), box.top + u(10)))
        key = theme.text(str(sc.tr("tracker.close")), max(9, int(13 * s)), theme.TEXT_DIM)
        surf.blit(key, key.get_rect(topright=(box.right - u(18), box.top + u(16))))
        view = self.view(sc)
        body = pygame.Rect(box.left + u(18), box.top + u(16) + title.get_height(), box.width - u(36), 0)
        body.height = box.bottom - u(12) - body.top
        half = (body.width - u(24)) // 2
        left = pygame.Rect(body.left, body.top, half, body.height)
        right = pygame.Rect(left.right + u(24), body.top, body.width - half - u(24), body.height)
        if sc.viewer is not None and sc.hand_hidden:  # hotseat: the one at the screen may be someone else
            _column(surf, left, [Row(None, str(sc.tr("table.hand_hidden", name=sc.names[sc.viewer])))], s)
        elif sc.viewer is not None:
            _column(surf, left, own_rows(view, sc.tr), s)
        _column(surf, right if sc.viewer is not None else body, opponent_rows(view, sc.names, sc.tr), s)


def _column(surf: pygame.Surface, area: pygame.Rect, rows: list[Row], s: float) -> None:
    """Rows down ``area``: headings, then words (wrapped) with their figure at the right; what does not fit is left out."""
    size = max(10, int(15 * s))
    f = theme.font(size)
    y = area.top
    line_h = f.get_linesize()
    indent = line_h + int(4 * s) if any(r.icon for r in rows) else 0  # the cards' names line up, icon or not
    for row in rows:
        if row.head:
            y += int(6 * s)
        colour = theme.HILITE if row.head else theme.TEXT
        fig = theme.text(row.figure, size, colour, "bold" if row.head else "regular") if row.figure else None
        x = area.left if row.head else area.left + indent
        if row.icon:
            surf.blit(icons.icon(row.icon, line_h - 2), (area.left, y + 1))
        room = area.right - x - (fig.get_width() + int(10 * s) if fig else 0)
        # a card's row is one line (its name fits or shrinks); a heading or a list wraps
        lines = theme.wrap(row.words, theme.font(size, "bold" if row.head else "regular"), room) if row.head or not row.figure \
            else [row.words]
        if y + line_h * len(lines) > area.bottom:
            more = theme.text("…", size, theme.TEXT_DIM)
            surf.blit(more, (area.left, min(y, area.bottom - line_h)))
            return
        for i, text in enumerate(lines):
            t = theme.fit_text(text, size, room, colour, "bold" if row.head else "regular")
            surf.blit(t, (x, y + i * line_h))
        if fig is not None:
            surf.blit(fig, fig.get_rect(topright=(area.right, y)))
        y += line_h * len(lines)
