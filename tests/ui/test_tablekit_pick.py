"""The kit's card-pick dialog: the dimming around the clear rectangle, the answers
it gives to digits, clicks, Esc and its buttons, and the grid it lays cards in."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.app import App
from game.ui.tablekit.pick import CANCEL, PickDialogBase, dim_around
from game.ui.tablekit.prompts import CANCELLED, Option, Question


class Plain(PickDialogBase[Question]):
    cancel_key = "table.close"

    def draw_option(self, surf: pygame.Surface, i: int, o: Any, rr: pygame.Rect) -> None:
        surf.fill((255, 0, 0), rr)

    def zoom(self, surf: pygame.Surface, o: Any, rr: pygame.Rect) -> None:
        surf.fill((0, 0, 255), rr)


def _answers(app: App, dlg: Plain, *events: pygame.event.Event) -> list[Any]:
    got: list[Any] = []

    def pop(scene: object = None, result: Any = None) -> None:
        got.append(result)

    app.pop = pop  # type: ignore[method-assign]  # the answers, kept instead of closing a scene
    dlg.layout(*app.size)
    for e in events:
        dlg.handle(e)
    return got


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_dim_around_leaves_the_clear_rect_untouched() -> None:
    surf = pygame.Surface((200, 100))
    surf.fill((200, 200, 200))
    dim_around(surf, pygame.Rect(50, 60, 100, 40))
    assert surf.get_at((60, 70))[:3] == (200, 200, 200)
    assert surf.get_at((10, 10))[:3] != (200, 200, 200) and surf.get_at((10, 70))[:3] != (200, 200, 200)
    dim_around(surf, None)
    assert surf.get_at((60, 70))[:3] != (200, 200, 200)


def test_digits_and_clicks_answer_only_with_answers(app: App) -> None:
    q = Question("Pick", "", [Option("a", "A", "x"), Option(None, "shown", "y"), Option("c", "C", "z")])
    assert _answers(app, Plain(app, q), _key(pygame.K_2), _key(pygame.K_3)) == ["c"]
    dlg = Plain(app, q)
    dlg.layout(*app.size)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dlg.rects[0].center, button=1)
    assert _answers(app, dlg, click) == ["a"]


def test_escape_cancels_only_what_may_be_cancelled(app: App) -> None:
    q = Question("Pick", "", [Option("a", "A", "x")])
    assert _answers(app, Plain(app, q), _key(pygame.K_ESCAPE)) == []
    q.cancellable = True
    assert _answers(app, Plain(app, q), _key(pygame.K_ESCAPE)) == [CANCELLED]
    viewer = Plain(app, Question("Seen", "", [Option(None, "A", "x")]), closable=True)
    assert _answers(app, viewer, _key(pygame.K_SPACE)) == [CANCELLED]


def test_buttons_answer_their_value_and_cancel_none(app: App) -> None:
    q = Question("Pick", "sub", [], [Option("pass", "Pass")], cancellable=True)
    dlg = Plain(app, q)
    dlg.layout(*app.size)
    assert [v for v, _b in dlg.buttons] == ["pass", CANCEL]
    got = _answers(app, dlg)
    for _v, b in dlg.buttons:
        b.on_click()
    assert got == ["pass", CANCELLED]


def test_cards_fit_the_panel_in_a_grid(app: App) -> None:
    dlg = Plain(app, Question("Pick", "", [Option(str(i), str(i), "x") for i in range(12)]))
    dlg.layout(*app.size)
    assert len(dlg.rects) == 12 and all(dlg.rect.contains(r) for r in dlg.rects)
    assert len({r.width for r in dlg.rects}) == 1 and not any(
        a.colliderect(b) for i, a in enumerate(dlg.rects) for b in dlg.rects[i + 1:])
