"""The faces' shared pieces: a card back's blank and outline, a face turned and kept per
degree, and where a zoomed card goes."""

from __future__ import annotations

import pygame

from game.ui.render.cards import back_blank, beside, card_height, outline
from game.ui.render.face_cache import FaceCache


def test_back_blank_is_a_card_with_its_frame_inset() -> None:
    s, inner = back_blank(90, (10, 20, 30), (200, 100, 50))
    assert s.get_size() == (90, card_height(90))
    assert s.get_at((0, 0)).a == 0  # rounded corner
    assert s.get_at(s.get_rect().center)[:3] == (10, 20, 30)
    assert s.get_rect().contains(inner) and s.get_at((inner.centerx, inner.top))[:3] == (200, 100, 50)
    outline(s, (1, 2, 3))
    assert s.get_at((s.get_width() // 2, 0))[:3] == (1, 2, 3)


class _Faces(FaceCache[int]):
    def __init__(self) -> None:
        super().__init__(1 << 24)
        self.rendered = 0

    def face(self) -> pygame.Surface:
        self.rendered += 1
        return pygame.Surface((20, 28), pygame.SRCALPHA)

    def _render_queued(self, item: int) -> None:
        self.face()


def test_a_turned_face_is_rendered_once_per_degree() -> None:
    faces = _Faces()
    a = faces._turned(("x", 20), 30, faces.face)
    assert faces._turned(("x", 20), 30, faces.face) is a and faces.rendered == 1
    assert a.get_width() > 20  # turned: its bounding box is wider
    faces._turned(("x", 20), 31, faces.face)
    assert faces.rendered == 2


def test_a_zoom_goes_right_of_its_card_else_left_and_stays_inside() -> None:
    bounds = pygame.Rect(0, 0, 1000, 600)
    r = beside((200, 280), pygame.Rect(100, 200, 60, 80), bounds, 1.0)
    assert r.left == 172 and r.centery == 240
    r = beside((200, 280), pygame.Rect(900, 500, 60, 80), bounds, 1.0)
    assert r.right == 888 and bounds.contains(r)
    r = beside((200, 280), pygame.Rect(150, 10, 700, 80), bounds, 1.0)  # no room either side
    assert r.left == 8 and r.top == 0
