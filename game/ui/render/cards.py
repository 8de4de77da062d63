"""Card geometry every game's faces share: the cards' proportions and a card back's blank."""

from __future__ import annotations

import pygame

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
