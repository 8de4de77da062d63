"""Card geometry every game's faces share: the cards' proportions, a card back's blank,
and where a zoomed card goes beside the card it enlarges."""

from __future__ import annotations

import pygame

from game.ui import theme

ASPECT = 1.4  # height / width, like the real cards

Color = tuple[int, int, int]


def card_height(w: int) -> int:
    return int(round(w * ASPECT))


def back_blank(w: int, fill: Color, edge: Color) -> tuple[pygame.Surface, pygame.Rect]:
    """A card back ``w`` wide before its emblem: rounded, ``fill`` coloured, an ``edge``
    frame inset from its border; the surface and the frame's rectangle."""
    s = pygame.Surface((w, card_height(w)), pygame.SRCALPHA)
    r = s.get_rect()
    rad = corner(w)
    pygame.draw.rect(s, fill, r, border_radius=rad)
    inner = r.inflate(-max(4, w // 9), -max(4, w // 9))
    pygame.draw.rect(s, edge, inner, max(1, w // 40), border_radius=rad)
    return s, inner


def corner(w: int) -> int:
    """The corner radius of a card ``w`` wide."""
    return max(3, w // 14)


def outline(s: pygame.Surface, color: Color) -> None:
    """The thin dark border around a whole card."""
    w = s.get_width()
    pygame.draw.rect(s, color, s.get_rect(), max(1, w // 50), border_radius=corner(w))


def beside(size: tuple[int, int], near: pygame.Rect, bounds: pygame.Rect, scale: float) -> pygame.Rect:
    """Where a zoomed card of ``size`` goes: right of ``near``, else left of it, level with
    it, kept inside ``bounds``."""
    r = pygame.Rect((0, 0), size)
    r.left = near.right + int(12 * scale)
    if r.right > bounds.right:
        r.right = near.left - int(12 * scale)
    if r.left < bounds.left:
        r.left = bounds.left + int(8 * scale)
    r.centery = near.centery
    r.clamp_ip(bounds)
    return r


def zoom_width(design_w: float, room_h: float, share: float, least: int = 0) -> int:
    """A zoomed card's width: ``design_w`` pixels (already at the window's scale) grown with
    the player's text size, since a face's words grow only with its card; its height at most
    ``share`` of ``room_h``, a share that grows with the text size too (up to nine tenths)."""
    grow = max(1.0, theme.text_scale())
    return max(least, int(min(design_w * grow, room_h * min(0.9, share * grow) / ASPECT)))


def drop_shadow(surf: pygame.Surface, r: pygame.Rect, scale: float, alpha: int) -> None:
    """The soft shadow a zoomed card at ``r`` casts, a little down and left."""
    shadow = theme.translucent((r.width + int(12 * scale), r.height + int(12 * scale)), (0, 0, 0), alpha, int(14 * scale))
    surf.blit(shadow, (r.left - int(4 * scale), r.top + int(2 * scale)))


def stacked_name(first: str, second: str, size: int, ink: Color) -> pygame.Surface:
    """A card's name on two centred lines of the condensed face, the second a line's ascent below the first."""
    l1 = theme.card_text(first, size, ink, "condensed")
    l2 = theme.card_text(second, size, ink, "condensed")
    lh = theme.card_font(size, "condensed").get_ascent() + 1
    out = pygame.Surface((max(l1.get_width(), l2.get_width()), lh + l2.get_height()), pygame.SRCALPHA)
    out.blit(l1, l1.get_rect(midtop=(out.get_width() // 2, 0)))
    out.blit(l2, l2.get_rect(midtop=(out.get_width() // 2, lh)))
    return out
