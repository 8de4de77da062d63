"""Driving the HerosDeï table headless: a game opened on the table, and each decision
answered with the table's own gestures (drags of cards and Characters, the end
button) or the dialog on top."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game import games
from game.session.ai_seats import NO_PAUSE, AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.herosdei.dialogs import PickDialog
from game.ui.herosdei.table import HdTableScene


def open_hd(app: App, kinds: tuple[str, ...] = ("human", "ai"), agent: str = "easy", seed: int = 7,
            variant: str = "standard", decks: tuple[str, ...] = ()) -> HdTableScene:
    rec = games.game("herosdei").new_record(2, seed, variant, decks)
    seats = [SeatConfig(k, f"P{i}", agent) for i, k in enumerate(kinds)]
    session = Session(rec, seats)
    client = LocalClient(session, AISeats(session, inline=True, secret_pause=NO_PAUSE))  # the pause: tests/ui/herosdei/test_secret_choices.py
    sc = HdTableScene(app, client, [s.name for s in seats], list(kinds), rec=rec)
    app.reset(sc)
    settle(app, sc)
    return sc


def settle(app: App, sc: HdTableScene, limit: int = 400) -> None:
    """Run frames until the table shows the latest state (or a dialog is up)."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if sc.director.idle and sc.synced and not sc._pending():
            break
    app.step(1 / 60, [])


def actions(sc: HdTableScene) -> list[str]:
    """The game's actions so far (a local game's record; a LAN client's table: what it sent)."""
    client = sc.client
    if isinstance(client, LocalClient):
        return list(client.session.record.actions)
    return list(getattr(sc, "sent", []))


def center(rect: Any) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def drag(app: App, src: tuple[int, int], dst: tuple[int, int]) -> None:
    app.step(0, [pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1)])
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    for p in (mid, dst):
        app.step(0, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
    app.step(0, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)])


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(0, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step(0, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def answer_dialog(app: App, rng: random.Random) -> bool:
    """Answer the dialog on top with one of its cards or buttons (clicked); False when none is up."""
    top = app.top
    if not isinstance(top, PickDialog):
        return False
    picks = [r for r, o in zip(top.rects, top.q.options) if o.value is not None]
    buttons = [w for w in top.group.widgets if getattr(w, "label", "") != app.tr("hdprompt.cancel")]
    choices: list[Any] = picks + buttons
    target = rng.choice(choices) if choices else None
    if target is None:
        top.close(None)
    else:
        click(app, center(target if isinstance(target, pygame.Rect) else target.rect))
    return True


def gesture_for(sc: HdTableScene, line: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The drag that sends ``line`` (from, to), or None for a line the end button sends."""
    m = sc.model
    w = line.split()
    seat = sc.viewer
    assert seat is not None
    if w[0] == "play":
        card = w[1].partition("#")[0]
        hand = m.sides[seat].hand
        src = center(sc.hand_rects()[hand.index(card)])
        if len(w) == 4:
            at = m.find(w[3])
            assert at is not None
            return src, center(sc.char_rects(at[0])[at[1]][0])
        return src, (sc.lay.middle.left + 20, sc.lay.middle.bottom - 10)
    if w[0] == "attack":
        a, d = m.find(w[1]), m.find(w[2])
        assert a is not None and d is not None
        return center(sc.char_rects(a[0])[a[1]][0]), center(sc.char_rects(d[0])[d[1]][0])
    return None


def act(app: App, sc: HdTableScene, rng: random.Random) -> bool:
    """One decision of the seat at the screen, made with the table's gestures; False when
    there is nothing for it to do."""
    if answer_dialog(app, rng):
        return True
    if not sc.can_act:
        return False
    legal = list(sc.model.legal)
    plays = [x for x in legal if x.split()[0] in ("play", "attack")]
    ends = [x for x in legal if x in ("done", "pass", "skip")]
    line = rng.choice(plays) if plays and (not ends or rng.random() < 0.75) else (ends[0] if ends else rng.choice(legal))
    before = len(actions(sc))
    g = gesture_for(sc, line)
    if g is None:
        app.step(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    else:
        drag(app, *g)
        if len(actions(sc)) == before and isinstance(app.top, PickDialog):  # several Characters: pick the one meant
            dlg = app.top
            i = next((i for i, o in enumerate(dlg.q.options) if o.value == line), -1)
            assert i >= 0, f"{line}: {g} hit {sc.ctrl.hit(g[1])}, asked {[o.value for o in dlg.q.options]}"
            click(app, center(dlg.rects[i]))
    if isinstance(sc.client, LocalClient):
        assert len(actions(sc)) > before or isinstance(app.top, PickDialog), f"{line} was not sent"
    return True
