"""The deck builder's pixels: the grid of card faces with each card's count and cap
("2/7", "1/1"), and the side list of the deck (card, count) with its scroll.

The scene (:mod:`game.ui.herosdei.deck_builder`) decides what is shown and what a click
does; these helpers say where each cell and row goes and draw them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.herosdei.cards import CardDef
from game.herosdei.deck_building import DeckDraft
from game.ui import theme
from game.ui.herosdei.draw import aspect, card_face
from game.ui.herosdei.faces import civ_color

CARD_W = 112  # design pixels of a face in the grid (a compact face: name, picture, type, figures)
GAP = 10  # design pixels between two cells
BADGE_H = 24  # design pixels of the count's pill under a face
ROW_H = 24  # design pixels of a row of the deck's list


@dataclass(frozen=True)
class Grid:
    """How many faces fit in the grid's area, and how large."""

    area: pygame.Rect
    card_w: int
    card_h: int
    cols: int
    rows: int
    gap: int
    badge_h: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cells(self, cards: Sequence[str], page: int) -> list[tuple[str, pygame.Rect]]:
        """The cards of ``page`` with the rect of each face (its pill is under it)."""
        first = page * self.per_page
        shown = cards[first:first + self.per_page]
        used_w = self.cols * self.card_w + (self.cols - 1) * self.gap
        left = self.area.left + (self.area.width - used_w) // 2
        out = []
        for i, card in enumerate(shown):
            r, c = divmod(i, self.cols)
            x = left + c * (self.card_w + self.gap)
            y = self.area.top + r * (self.card_h + self.badge_h + self.gap)
            out.append((card, pygame.Rect(x, y, self.card_w, self.card_h)))
        return out

    def pages(self, count: int) -> int:
        return max(1, -(-count // self.per_page))


def fit_grid(area: pygame.Rect, u: Callable[[float], int], lang: str) -> Grid:
    """The grid for ``area``: faces of about ``CARD_W`` design pixels, narrower when fewer
    than two rows would fit."""
    gap, badge = u(GAP), u(BADGE_H)
    ratio = aspect(lang)
    card_w = u(CARD_W)
    while card_w > u(70) and int(card_w * ratio) * 2 + 2 * (badge + gap) > area.height:
        card_w -= max(1, u(4))
    card_h = int(card_w * ratio)
    cols = max(1, (area.width + gap) // (card_w + gap))
    rows = max(1, (area.height + gap) // (card_h + badge + gap))
    return Grid(area, card_w, card_h, cols, rows, gap, badge)


def count_words(draft: DeckDraft, card: str) -> str:
    """A cell's pill: the copies in the deck over the cap ("2/7", "1/1")."""
    return f"{draft.count(card)}/{draft.cap(card)}"


def draw_cell(surf: pygame.Surface, draft: DeckDraft, card: str, rect: pygame.Rect, lang: str,
              u: Callable[[float], int], hovered: bool, badge_h: int) -> None:
    """A face, lit when hovered, dimmed when no copy more may go in; under it its pill:
    the count in the deck over the cap, gold while some are in."""
    surf.blit(card_face(card, rect.width, lang), rect)
    n, top = draft.count(card), draft.cap(card)
    blocked = draft.why_not_add(card) is not None
    if blocked:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((10, 10, 14, 120))
        surf.blit(veil, rect)
    if n:
        pygame.draw.rect(surf, theme.ACCENT, rect.inflate(u(4), u(4)), max(2, u(3)), border_radius=u(8))
    if hovered:
        pygame.draw.rect(surf, theme.HILITE, rect.inflate(u(8), u(8)), max(2, u(2)), border_radius=u(10))
    pill = pygame.Rect(0, 0, min(rect.width, u(64)), badge_h - u(4))
    pill.midtop = (rect.centerx, rect.bottom + u(3))
    full = n >= top
    fill = theme.ACCENT if n else theme.PANEL_LIGHT
    pygame.draw.rect(surf, fill, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surf, theme.HILITE if full and n else theme.PANEL_EDGE, pill, max(1, u(1)), border_radius=pill.height // 2)
    ink = theme.TEXT_DARK if n else theme.TEXT
    t = theme.fit_text(count_words(draft, card), int(pill.height * 0.72), pill.width - u(8), ink, "bold")
    surf.blit(t, t.get_rect(center=pill.center))


def card_name(defs: Mapping[str, CardDef], card: str, lang: str) -> str:
    d = defs.get(card)
    if d is None:
        return card
    return d.name.get(lang) or d.name.get("en") or card


def list_rows(rect: pygame.Rect, listed: Sequence[tuple[str, int]], first: int,
              u: Callable[[float], int]) -> list[tuple[str, int, pygame.Rect]]:
    """The deck's rows shown in ``rect`` from row ``first``: (card, count, rect)."""
    row_h = u(ROW_H)
    fits = max(1, rect.height // row_h)
    out = []
    for i, (card, n) in enumerate(listed[first:first + fits]):
        out.append((card, n, pygame.Rect(rect.left, rect.top + i * row_h, rect.width, row_h)))
    return out


def list_fits(rect: pygame.Rect, u: Callable[[float], int]) -> int:
    return max(1, rect.height // u(ROW_H))


def draw_rows(surf: pygame.Surface, draft: DeckDraft, rows: Sequence[tuple[str, int, pygame.Rect]], lang: str,
              u: Callable[[float], int], hovered: str | None) -> None:
    """Each row: its civilisation's colour, the card's name (a star for a legendary one), ×count."""
    size = u(16)
    if rows:  # one size for the whole list, the row height's at a larger text size
        size = theme.fit_lines([size], rows[0][2].height)[0]
    for card, n, r in rows:
        if card == hovered:
            pygame.draw.rect(surf, theme.PANEL_LIGHT, r, border_radius=u(5))
        d = draft.defs.get(card)
        dot = pygame.Rect(r.left + u(4), r.centery - u(5), u(10), u(10))
        pygame.draw.rect(surf, civ_color(d.civ if d else "neutral"), dot, border_radius=u(3))
        count = theme.text(f"×{n}", size, theme.ACCENT, "bold")
        surf.blit(count, count.get_rect(midright=(r.right - u(6), r.centery)))
        name = card_name(draft.defs, card, lang) + (" ★" if d is not None and d.legendary else "")
        room = r.width - u(24) - count.get_width() - u(10)
        t = theme.fit_text(name, size, room, theme.TEXT, min_size=max(7, u(12)))
        surf.blit(t, t.get_rect(midleft=(dot.right + u(8), r.centery)))
