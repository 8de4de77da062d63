"""New game: the game (Hero Realms or Fantasy Realms), then that game's options -
Hero Realms: format; Fantasy Realms: modules (promos, Cursed Items, the new suits,
in any combination) and the disputed rulings (a dialog, ``fantasy/rulings.py``) -
and the number of players, who sits where (human or an AI
level), names and an optional seed. Formats, modules and AI levels are listed from
the engines and the AI registry, so new ones appear here without touching this screen.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from game.session import SeatConfig
from game.ui import theme
from game.ui.hero_realms.setup import GameSetup
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop, open_table
from game.ui.widgets.basic import Button, Cycle, Group, Label, TextField, Toggle

LEVEL_ORDER = ["easy", "medium", "hard", "random"]
GAMES = (("hero_realms", "Hero Realms"), ("fantasy_realms", "Fantasy Realms"))


def agent_list(game: str = "hero_realms") -> list[str]:
    from game.ai.agent import agent_names

    names = agent_names(game)
    return sorted(names, key=lambda n: (LEVEL_ORDER.index(n) if n in LEVEL_ORDER else len(LEVEL_ORDER), n))


def hostable_games() -> tuple[str, ...]:
    """The games the LAN host can host (every game of the registry the network layer knows)."""
    from game.ui.scenes.lan import lan_api

    if lan_api() is None:
        return ()
    from game.net.setups import game_names

    return tuple(game_names())


def formats() -> dict[str, Any]:
    from game.hero_realms.formats import FORMATS

    return dict(FORMATS)


class NewGameScene(Scene):
    menu = True

    def __init__(self, app: Any, setup: Any = None) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.game = str(getattr(setup, "game", "hero_realms")) if setup is not None else "hero_realms"
        self.agents = agent_list(self.game)
        self.formats = formats()
        fmt = getattr(setup, "format", None)
        self.fmt = fmt if fmt in self.formats else next(iter(self.formats))
        self.modules: list[str] = list(getattr(setup, "modules", []) or [])
        self.rulings: dict[str, bool] = dict(getattr(setup, "rulings", None) or {})  # Fantasy Realms; {}: the defaults
        self.variant = str(getattr(setup, "variant", "standard"))  # Fantasy Realms: "standard" or "chaos" (Chaos Realms)
        self.limit_s = int(getattr(setup, "limit_s", 300))  # Chaos Realms' time limit
        default_ai = "medium" if "medium" in self.agents else self.agents[0]
        # an empty name is a default one: the field shows the seat type's default (see _default_name)
        self.seats: list[SeatConfig] = ([replace(s) for s in setup.seats] if setup
                                        else [SeatConfig("human", ""), SeatConfig("ai", "", default_ai)])
        for i, seat in enumerate(self.seats):
            if self._is_default_name(i, seat.name):
                seat.name = ""
        self.seed_text = str(setup.seed) if setup and setup.seed is not None else ""
        self.group = Group()
        self._fit_seats()

    def _kind_options(self) -> list[tuple[str, str]]:
        opts = [("human", self.tr("newgame.human"))]
        for a in self.agents:
            opts.append((f"ai:{a}", self.tr("newgame.ai", level=self.tr(f"agent.{a}") if self.tr.has(f"agent.{a}") else a)))
        return opts

    def _counts(self) -> list[int]:
        if self.game == "fantasy_realms":
            from game.ui.fantasy_realms.setup import SEAT_COUNTS

            if self.variant == "chaos":
                from game.ui.fantasy_realms import chaos_setup

                return list(chaos_setup.SEAT_COUNTS)
            return list(SEAT_COUNTS)
        f = self.formats[self.fmt]
        return [n for n in range(f.min_seats, f.max_seats + 1) if f.seats_problem(n) is None] or [f.min_seats]

    def _fit_seats(self) -> None:
        counts = self._counts()
        n = min(counts, key=lambda c: (abs(c - len(self.seats)), c))
        default_ai = "medium" if "medium" in self.agents else self.agents[0]
        while len(self.seats) < n:
            self.seats.append(SeatConfig("ai", "", default_ai))
        del self.seats[n:]

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        g = Group()
        u = self.u
        panel_w = min(w - u(40), u(760))
        left = (w - panel_w) // 2
        self.panel = pygame.Rect(left, u(70), panel_w, h - u(100))
        y = self.panel.top + u(70)
        lab_w = u(150)
        row_h = u(40)
        fx = left + u(30) + lab_w
        fw = panel_w - lab_w - u(60)
        g.add(Label(self.tr("newgame.game"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
        g.add(Cycle(list(GAMES), self.game, self._set_game, pygame.Rect(fx, y, fw, row_h)))
        y += row_h + u(10)
        if self.game == "fantasy_realms":
            y = self._fantasy_options(g, y, left, lab_w, fx, fw, row_h)
        else:
            g.add(Label(self.tr("newgame.format"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
            fmt_opts = [(k, self.tr(f"newgame.format_{k}") if self.tr.has(f"newgame.format_{k}") else k) for k in self.formats]
            g.add(Cycle(fmt_opts, self.fmt, self._set_format, pygame.Rect(fx, y, fw, row_h)))
            y += row_h + u(10)
        g.add(Label(self.tr("newgame.seats"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
        seat_opts = [(n, str(n)) for n in self._counts()]
        c = Cycle(seat_opts, len(self.seats), self._set_count, pygame.Rect(fx, y, u(160), row_h))
        c.enabled = len(seat_opts) > 1
        g.add(c)
        if self.game == "fantasy_realms":  # beside the player count: the screen has no row to spare for 6 seats
            from game.ui.fantasy_realms.rulings import summary

            rx = fx + u(160) + u(12)
            g.add(Button(summary(self.tr, self.rulings), self._open_rulings, pygame.Rect(rx, y, fx + fw - rx, row_h)))
        y += row_h + (u(18) if self.game != "fantasy_realms" else u(6))
        if self.game == "fantasy_realms":
            y = self._fantasy_note(g, y, left, panel_w)
        kinds = self._kind_options()
        rh = min(row_h, (self.panel.bottom - u(150) - y) // max(1, len(self.seats)) - u(6))
        for i, seat in enumerate(self.seats):
            g.add(Label(self.tr("newgame.seat", n=i + 1), u(16), theme.SEAT_COLORS[i % 6], pygame.Rect(left + u(30), y, lab_w, rh), kind="bold"))
            value = "human" if seat.kind == "human" else f"ai:{seat.agent}"
            g.add(Cycle(kinds, value, partial(self._set_kind, i), pygame.Rect(fx, y, fw // 2 - u(6), rh)))
            placeholder = self._default_name(i)
            g.add(TextField(seat.name, partial(self._set_name, i), pygame.Rect(fx + fw // 2 + u(6), y, fw // 2 - u(6), rh),
                            placeholder=placeholder))
            y += rh + u(6)
        y += u(10)
        g.add(Label(self.tr("newgame.seed"), u(16), theme.TEXT_DIM, pygame.Rect(left + u(30), y, lab_w, row_h)))
        g.add(TextField(self.seed_text, self._set_seed, pygame.Rect(fx, y, u(200), row_h), max_len=9,
                        allowed=str.isdigit, placeholder="—"))
        bw = u(200)
        by = self.panel.bottom - u(64)
        start = Button(self.tr("newgame.start"), self.start, pygame.Rect(self.panel.right - u(30) - bw, by, bw, u(46)), primary=True,
                       hotkey=pygame.K_RETURN)
        back = Button(self.tr("newgame.back"), lambda: self.close(None), pygame.Rect(left + u(30), by, bw, u(46)))
        if self.game == "fantasy_realms" and self.variant == "chaos":
            from game.ui.fantasy_realms.chaos_setup import hotseat_problem

            if hotseat_problem(self.seats):  # one shared screen cannot hide each hand while all trade at once
                start.enabled = False
                start.tooltip = self.tr("chaos.no_hotseat")
        g.add(start)
        g.add(back)
        from game.ui.scenes.lan import lan_api

        if lan_api() is not None:
            host = Button(self.tr("lan.host"), self.host, pygame.Rect(self.panel.centerx - bw // 2, by, bw, u(46)))
            host.enabled = self.game in hostable_games()
            if not host.enabled:
                host.tooltip = self.tr("frnew.no_lan")
            g.add(host)
        for wdg in g.widgets:
            if isinstance(wdg, Button):
                wdg.app_sound = self.app.sound.play
        self.group = g

    def _fantasy_options(self, g: Group, y: int, left: int, lab_w: int, fx: int, fw: int, row_h: int) -> int:
        """Fantasy Realms: the modules, any combination (the base game is always in)."""
        from game.ui.fantasy_realms.chaos_setup import variant_row
        from game.ui.fantasy_realms.setup import OPTIONAL_MODULES

        u = self.u
        y = variant_row(self, g, y, left + u(30), lab_w, fx, fw, row_h)
        g.add(Label(self.tr("frnew.modules"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
        tw = (fw - 2 * u(8)) // 3
        for i, m in enumerate(OPTIONAL_MODULES):
            toggle = Toggle(self.tr(f"frnew.module_{m}"), m in self.modules, partial(self._set_module, m),
                            pygame.Rect(fx + i * (tw + u(8)), y, tw, row_h))
            if self.variant == "chaos" and m == "cursed_items":
                toggle.enabled = False
                toggle.tooltip = self.tr("chaos.no_items")
            g.add(toggle)
        return y + row_h + u(10)

    def _fantasy_note(self, g: Group, y: int, left: int, panel_w: int) -> int:
        """What the options mean for the game: hand size, when it ends, the two-player draft."""
        from game.ui.fantasy_realms.setup import facts

        u = self.u
        if self.variant == "chaos":
            from game.ui.fantasy_realms.chaos_setup import note_row

            return note_row(self, g, y, left + u(30), panel_w - u(60))
        f = facts(self.modules, len(self.seats))
        key = "frnew.note_two" if f["two_player"] else "frnew.note"
        text = self.tr(key, hand=f["hand"], end=f["end"])
        if f["cap"]:
            text += " " + self.tr("frnew.note_cap", cap=f["cap"])
        g.add(Label(text, u(14), theme.TEXT_DIM, pygame.Rect(left + u(30), y, panel_w - u(60), u(22))))
        return y + u(30)

    def _set_game(self, v: str) -> None:
        old_default = "medium" if "medium" in self.agents else self.agents[0]
        self.game = v
        self.agents = agent_list(v)
        default_ai = "medium" if "medium" in self.agents else self.agents[0]
        for s in self.seats:  # seats left at the old game's default take the new one's
            if s.kind == "ai" and (s.agent not in self.agents or s.agent == old_default):
                s.agent = default_ai
        self._fit_seats()
        self.layout(self.w, self.h)

    def _set_module(self, m: str, on: bool) -> None:
        if on and m not in self.modules:
            self.modules.append(m)
        elif not on and m in self.modules:
            self.modules.remove(m)
        self.layout(self.w, self.h)

    def _open_rulings(self) -> None:
        from game.ui.fantasy_realms.rulings import RulingsDialog

        self.app.push(RulingsDialog(self.app, self.rulings), self._set_rulings)

    def _set_rulings(self, rulings: dict[str, bool] | None) -> None:
        """The rulings dialog's answer (None: cancelled)."""
        if rulings is not None:
            self.rulings = dict(rulings)
        self.layout(self.w, self.h)

    def _default_name(self, i: int) -> str:
        """The name seat ``i`` gets from its type while the player has typed none."""
        seat = self.seats[i]
        return self._kind_default_name(i, seat.kind, seat.agent)

    def _kind_default_name(self, i: int, kind: str, agent: str) -> str:
        if kind == "ai":
            lvl = self.tr(f"agent.{agent}") if self.tr.has(f"agent.{agent}") else agent
            return self.tr("newgame.ai_name", level=lvl, n=i + 1)
        if i == 0 and self.app.settings.player_name:
            return str(self.app.settings.player_name)
        return self.tr("newgame.default_name", n=i + 1)

    def _is_default_name(self, i: int, name: str) -> bool:
        """Whether ``name`` is what some seat type would call seat ``i`` (not a name the player chose)."""
        name = name.strip()
        defaults = {self._kind_default_name(i, "human", "")} | {self._kind_default_name(i, "ai", a) for a in self.agents}
        return not name or name in defaults

    def _set_format(self, v: str) -> None:
        self.fmt = v
        self._fit_seats()
        self.layout(self.w, self.h)

    def _set_count(self, n: int) -> None:
        default_ai = "medium" if "medium" in self.agents else self.agents[0]
        while len(self.seats) < n:
            self.seats.append(SeatConfig("ai", "", default_ai))
        del self.seats[n:]
        self.layout(self.w, self.h)

    def _set_kind(self, i: int, v: str) -> None:
        if v == "human":
            self.seats[i].kind = "human"
        else:
            self.seats[i].kind, self.seats[i].agent = "ai", v.split(":", 1)[1]
        self.layout(self.w, self.h)  # the name field shows the new type's default name

    def _set_name(self, i: int, v: str) -> None:
        self.seats[i].name = "" if self._is_default_name(i, v) else v

    def _set_seed(self, v: str) -> None:
        self.seed_text = v

    def setup(self) -> Any:
        """A GameSetup (Hero Realms) or a FantasySetup: both give ``record()`` and ``seats``."""
        seats = []
        for i, s in enumerate(self.seats):
            seats.append(SeatConfig(s.kind, s.name.strip() or self._default_name(i), s.agent))
        seed = int(self.seed_text) if self.seed_text.isdigit() else None
        if self.game == "fantasy_realms" and self.variant == "chaos":
            from game.ui.fantasy_realms.chaos_setup import ChaosSetup
            from game.ui.fantasy_realms.rulings import full

            return ChaosSetup(seats, list(self.modules), seed, full(self.rulings), self.limit_s)
        if self.game == "fantasy_realms":
            from game.ui.fantasy_realms.rulings import full
            from game.ui.fantasy_realms.setup import FantasySetup

            return FantasySetup(seats, list(self.modules), seed, full(self.rulings))
        return GameSetup(self.fmt, seats, seed)

    def start(self) -> None:
        setup = self.setup()
        if getattr(setup, "variant", "") == "chaos":
            from game.ui.fantasy_realms.chaos_setup import hotseat_problem

            if hotseat_problem(setup.seats):
                self.app.toast(self.tr("chaos.no_hotseat"), 6)
                return
        humans = [s for s in setup.seats if s.kind == "human"]
        if humans and humans[0].name != self.app.settings.player_name and self.seats[0].name.strip():
            self.app.settings.player_name = humans[0].name
            self.app.apply_settings()
        if not humans:
            self.app.toast(self.tr("newgame.need_human"))
        self.close(None)
        open_table(self.app, setup.record(), setup.seats)

    def host(self) -> None:
        from game.ui.scenes.lan import host_game

        if self.game not in hostable_games():
            self.app.toast(self.tr("frnew.no_lan"))
            return
        setup = self.setup()
        self.close(None)
        host_game(self.app, setup)

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))  # opaque: the title's cards stay behind it
        t = theme.text(self.tr("newgame.title"), self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        self.group.draw(surf)
