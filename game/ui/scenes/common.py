"""Shared pieces of the menu screens: a felt backdrop with a fan of cards of every
hosted game (each table door's showcase, dealt in turn), the title with the hosted
games named from the registry, a helper that starts a table from a record of any game
(new game, continue, load, rematch), a game's AI levels in the order the seat
choices list them, and the frame of the screens that list rows (Load, Replays)."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pygame

from game import games as registry
from game.core.errors import RealmsError
from game.session.local import SaveInfo
from game.ui import theme
from game.ui.i18n import Tr
from game.ui.render.cards import ASPECT
from game.ui.save_names import show_date
from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Group

LEVEL_ORDER = ["easy", "medium", "hard", "random"]
DEFAULT_LEVEL = "medium"  # a new AI seat's level, when the game has it

FAN_SIZE = 10  # cards in the menus' fan
DEAL_BUDGET_S = 0.008  # per frame, for the fan's faces drawn for the first time (at least one a frame)


def hosted_games() -> list[str]:
    """The games the table hosts (the registry's playable ones), in the registry's order."""
    return registry.playable()


def showcase(size: int = FAN_SIZE) -> list[tuple[str, str]]:
    """The fan's cards, (game, card id): each hosted game's showcase, dealt in turn (a
    table door without one, a game still being built, adds none)."""
    from game.ui.tablekit.entry import table_entry

    decks = [[(g, c) for c in table_entry(g).showcase()] for g in hosted_games()]
    out: list[tuple[str, str]] = []
    while len(out) < size and any(decks):
        for deck in decks:
            if deck and len(out) < size:
                out.append(deck.pop(0))
    return out


def games_line(app: Any) -> str:
    """The hosted games' titles as a phrase ("Hero Realms and Fantasy Realms")."""
    titles = [registry.title(g) for g in hosted_games()]
    if len(titles) < 2:
        return "".join(titles)
    return str(app.tr("app.games_and", first=", ".join(titles[:-1]), last=titles[-1]))


class Backdrop:
    """The menus' background: felt and a slow fan of card faces. ``fan_top``: the
    highest the fan may reach (a menu sets it under its last button, so that no card
    covers one); the fan sinks below the window's edge as far as that needs."""

    WOBBLE = 4  # design pixels the cards bob up and down

    def __init__(self) -> None:
        self._bg: tuple[tuple[int, int], pygame.Surface] | None = None
        self.phase = random.random() * 10  # where in its sway the fan starts
        self.fan_top: int | None = None
        self.cards = showcase()
        self.dealt: set[int] = set()  # the fan's cards drawn so far

    def fan(self, w: int, h: int, scale: float) -> list[tuple[str, float, pygame.Rect]]:
        """Each card of the fan at rest: its id, its angle and the box its turned face
        fills (the bobbing moves them by at most ``WOBBLE`` design pixels)."""
        cw = int(118 * scale)
        ch = cw * ASPECT
        n = len(self.cards)
        out: list[tuple[str, float, pygame.Rect]] = []
        for i, (_game, card) in enumerate(self.cards):
            off = i - (n - 1) / 2
            ang = off * 7
            a = math.radians(ang)
            bw = cw * abs(math.cos(a)) + ch * abs(math.sin(a))
            bh = cw * abs(math.sin(a)) + ch * abs(math.cos(a))
            x = w // 2 + off * cw * 0.62
            y = h * 0.86 + abs(off) ** 1.7 * cw * 0.05
            out.append((card, ang, pygame.Rect(int(x - bw / 2), int(y - bh / 2), int(bw) + 1, int(bh) + 1)))
        if self.fan_top is not None:
            # room for the bob and the sway (a degree and a half lifts a corner by 3% of a card)
            sink = self.fan_top + int(self.WOBBLE * scale) + int(cw * 0.03) + 2 - min(r.top for _, _, r in out)
            if sink > 0:
                out = [(card, ang, r.move(0, sink)) for card, ang, r in out]
        return out

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        w, h = surf.get_size()
        if self._bg is None or self._bg[0] != (w, h):
            bg = pygame.Surface((w, h))
            bg.fill(theme.FELT_DARK)
            for i in range(20):
                t = i / 20
                r = pygame.Rect(0, 0, int(w * (1.6 - t)), int(h * (1.6 - t)))
                r.center = (w // 2, int(h * 0.45))
                pygame.draw.ellipse(bg, theme.lerp_color(theme.FELT_DARK, theme.FELT, t), r)
            self._bg = ((w, h), bg)
        surf.blit(self._bg[1], (0, 0))
        from game.ui.tablekit.entry import table_entry

        s = app.scale
        cw = int(118 * s)
        t = self.phase + app.ambient_t  # the fan sways with the app's ambient clock: still while the app rests
        start = time.perf_counter()
        dealt_now = False
        for i, ((game, _), (card, ang, box)) in enumerate(zip(self.cards, self.fan(w, h, s))):
            if i not in self.dealt:
                # a face seen for the first time costs a render (a game's card data, a picture):
                # the fan is dealt over the first frames, not all before the first one
                if dealt_now and time.perf_counter() - start > DEAL_BUDGET_S:
                    continue
                self.dealt.add(i)
                dealt_now = True
            img = table_entry(game).fan_face(app, card, cw, app.tr.lang, ang + math.sin(t * 0.6 + i) * 1.5)
            bob = int(math.sin(t * 0.8 + i * 0.7) * self.WOBBLE * s)
            surf.blit(img, img.get_rect(center=(box.centerx, box.centery + bob)))
        shade = pygame.Surface((w, int(h * 0.3)), pygame.SRCALPHA)
        for y in range(shade.get_height()):
            pygame.draw.line(shade, (0, 0, 0, int(120 * (1 - y / shade.get_height()))), (0, y), (w, y))
        surf.blit(shade, (0, 0))


def agent_list(game: str) -> list[str]:
    """The AI levels of ``game`` (the registry's agents), the usual ones first, easiest first."""
    from game.ai.agent import agent_names

    names = agent_names(game)
    return sorted(names, key=lambda n: (LEVEL_ORDER.index(n) if n in LEVEL_ORDER else len(LEVEL_ORDER), n))


def default_agent(agents: list[str]) -> str:
    """The level a new AI seat gets among ``agents`` (a game's :func:`agent_list`)."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in agents else agents[0]


def open_table(app: Any, rec: Any, seats: Any, autosave: bool = True) -> bool:
    """Start a local game and push its table; False (with a message) on failure. The
    game is kept in the history of finished games when it ends (unless the app writes no
    files of the player's)."""
    from game.session import local as games
    from game.ui.tablekit.entry import table_entry

    try:
        client = games.start(rec, seats, autosave=games.autosave_path() if (autosave and app.persist) else None,
                             keep_history=app.persist)
    except (RealmsError, ValueError, OSError) as exc:
        app.toast(str(exc))
        return False
    app.push(table_entry(games.game_of(rec)).open_local(app, client, rec, seats))
    return True


def title_text(surf: pygame.Surface, app: Any, y: int) -> int:
    s = app.scale
    w = surf.get_width()
    t = theme.text(app.tr("app.title"), int(64 * s), theme.ACCENT, "serif")
    o = theme.text(app.tr("app.title"), int(64 * s), (20, 10, 5), "serif")
    surf.blit(o, o.get_rect(midtop=(w // 2 + int(3 * s), y + int(4 * s))))
    surf.blit(t, t.get_rect(midtop=(w // 2, y)))
    sub = theme.text(app.tr("app.subtitle", games=games_line(app)), int(20 * s), theme.TEXT_DIM, "regular")
    surf.blit(sub, sub.get_rect(midtop=(w // 2, y + t.get_height() + int(4 * s))))
    return y + t.get_height() + sub.get_height() + int(12 * s)


class ListScreen(Scene):
    """A menu screen that lists rows in a titled panel, scrolling with the wheel (Load,
    Replays): the panel, how many rows fit and which come first, the Back button, the
    range line under a longer list. A screen lays its own rows from :meth:`frame`."""

    menu = True
    ROW_H = 62  # a row's height, in design pixels
    ROW_GAP = 10

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.group = Group()
        self.first = 0  # the first row shown
        self.shown = 1  # rows that fit
        self.panel = pygame.Rect(0, 0, 0, 0)

    def frame(self, w: int, h: int, count: int) -> int:
        """Lay the panel for ``count`` rows; the y of the first row."""
        u = self.u
        pw = min(w - u(40), u(860))
        self.panel = pygame.Rect((w - pw) // 2, u(30), pw, h - u(60))
        row_h, gap = u(self.ROW_H), u(self.ROW_GAP)
        top, bottom = self.panel.top + u(72), self.panel.bottom - u(80)
        self.shown = max(1, (bottom - top + gap) // (row_h + gap))
        self.first = max(0, min(self.first, count - self.shown))
        return top

    def back_button(self) -> Button:
        u = self.u
        back = Button(self.tr("newgame.back"), lambda: self.close(None),
                      pygame.Rect(self.panel.centerx - u(110), self.panel.bottom - u(64), u(220), u(46)), primary=True)
        back.app_sound = self.app.sound.play
        return back

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.first = max(0, self.first - event.y)
            self.layout(self.w, self.h)
            return
        super().handle(event)

    def draw_frame(self, surf: pygame.Surface, title: str, count: int, empty: str | None = None) -> None:
        """The backdrop, the panel and its title, the range line, ``empty`` when there is
        no row, and the widgets."""
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14), width=max(2, self.u(2)))
        t = theme.text(title, self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        if count > self.shown:  # where the view stands in a longer list
            n = theme.text(self.tr("saves.range", a=self.first + 1, b=min(count, self.first + self.shown), n=count),
                           self.u(15), theme.TEXT_DIM)
            surf.blit(n, n.get_rect(bottomleft=(self.panel.left + self.u(26), self.panel.bottom - self.u(28))))
        if not count and empty:
            e = theme.text(empty, self.u(18), theme.TEXT_DIM)
            surf.blit(e, e.get_rect(center=self.panel.center))
        self.group.draw(surf)


def save_details(info: SaveInfo, tr: Tr) -> str:
    """A save's line under its name: game · players · turn · date (or why it cannot be loaded)."""
    if info.error:
        return str(tr("saves.unreadable", reason=info.error))
    parts = [info.game]
    if info.players:
        parts.append(", ".join(info.players))
    if info.turn is not None:
        parts.append(str(tr("saves.turn", turn=info.turn)))
    parts.append(show_date(info.saved_at, tr))
    return " · ".join(parts)
