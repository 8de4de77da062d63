"""New game: the game (any playable game of the registry), then that game's own
options, then the number of players, who sits where (human or an AI level), names
and an optional seed.

The screen names no game: the game row lists ``games.playable()``, and everything
a game chooses for itself (Hero Realms' format, Fantasy Realms' variant, modules
and rulings, the player counts they allow, a reason to refuse Start, the setup a
table opens from) is that game's options panel (:class:`GameOptions`), made by its
table door. AI levels are listed from the AI registry, so new ones appear here
without touching this screen.
"""

from __future__ import annotations

import shutil
import weakref
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import games
from game.session import local as ui_games
from game.session.session import SeatConfig, seat_letter
from game.ui import theme
from game.ui.lan_start import host_game, hostable_games, lan_api
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop, agent_list, default_agent, open_table
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.tablekit.entry import table_entry
from game.ui.tablekit.options import GameOptions, Geometry, NewGameSetup
from game.ui.widgets.basic import Button, Cycle, Group, Label, TextField

if TYPE_CHECKING:
    from game.ui.app import App

COUNT_W = 160  # design pixels of the player count's choice; the game's panel may use the rest of its row
LAST = ""  # the key of the setup started last, whatever its game

# the setups started from this screen, per app and per game (every game alike): New game
# opens on the game played last with its choices, and each game's panel on its own last ones
_STARTED: weakref.WeakKeyDictionary[Any, dict[str, object]] = weakref.WeakKeyDictionary()


def remembered(app: Any) -> dict[str, object]:
    """The setups started from New game in this run of ``app``, by game (and the last one under ``LAST``)."""
    return _STARTED.setdefault(app, {})


class NewGameScene(Scene):
    menu = True

    def __init__(self, app: App, setup: object | None = None) -> None:
        """``setup``: the game to start from (a table's "new game" hands its setup back), or None."""
        super().__init__(app)
        self.backdrop = Backdrop()
        self.games = games.playable()
        if setup is None:  # from the title: the game played last, with its choices
            setup = remembered(app).get(LAST)
        game = str(getattr(setup, "game", games.DEFAULT))
        self.game = game if game in self.games else self.games[0]
        self.agents = agent_list(self.game)
        self._options: dict[str, GameOptions] = {}  # per game: the choices stay while another game is shown
        self.options = self._options_of(self.game, setup)
        default_ai = default_agent(self.agents)
        # an empty name is a default one: the field shows the seat type's default (see _default_name)
        seats = getattr(setup, "seats", None)
        self.seats: list[SeatConfig] = ([replace(s) for s in seats] if seats
                                        else [SeatConfig("human", ""), SeatConfig("ai", "", default_ai)])
        for i, seat in enumerate(self.seats):
            if self._is_default_name(i, seat.name):
                seat.name = ""
        seed = getattr(setup, "seed", None)
        self.seed_text = str(seed) if seed is not None else ""
        self.group = Group()
        self._fit_seats()

    def _options_of(self, game: str, previous: object | None = None) -> GameOptions:
        """The options panel of ``game``: kept from an earlier look, else made by its table
        door from ``previous`` (when that is a setup of this game)."""
        if game not in self._options:
            mine = previous if getattr(previous, "game", None) == game else remembered(self.app).get(game)
            self._options[game] = table_entry(game).new_options(self, mine)
        return self._options[game]

    # ---- what the options panel may ask (tablekit.options.OptionsScreen) ---------------------------
    def refit(self) -> None:
        self._fit_seats()
        self.relayout()

    def relayout(self) -> None:
        self.layout(self.w, self.h)

    def _kind_options(self) -> list[tuple[str, str]]:
        opts = [("human", self.tr("newgame.human"))]
        for a in self.agents:
            opts.append((f"ai:{a}", self.tr("newgame.ai", level=self.tr(f"agent.{a}") if self.tr.has(f"agent.{a}") else a)))
        return opts

    def _counts(self) -> list[int]:
        return self.options.seat_counts()

    def _fit_seats(self) -> None:
        counts = self._counts()
        n = min(counts, key=lambda c: (abs(c - len(self.seats)), c))
        default_ai = default_agent(self.agents)
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
        geo = Geometry(left + u(30), lab_w, fx, fw, row_h, panel_w - u(60))
        g.add(Label(self.tr("newgame.game"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
        titles = [(name, games.title(name)) for name in self.games]
        g.add(Cycle(titles, self.game, self._set_game, pygame.Rect(fx, y, fw, row_h)))
        y += row_h + u(10)
        y = self.options.rows(g, y, geo)
        g.add(Label(self.tr("newgame.seats"), u(18), theme.TEXT, pygame.Rect(left + u(30), y, lab_w, row_h)))
        seat_opts = [(n, str(n)) for n in self._counts()]
        c = Cycle(seat_opts, len(self.seats), self._set_count, pygame.Rect(fx, y, u(COUNT_W), row_h))
        c.enabled = len(seat_opts) > 1
        g.add(c)
        rx = fx + u(COUNT_W) + u(12)
        self.options.beside_count(g, pygame.Rect(rx, y, fx + fw - rx, row_h))
        y = self.options.note(g, y + row_h, geo, self.seats)
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
        problem = self.options.start_problem(self.seats)
        if problem:
            start.enabled = False
            start.tooltip = problem
        g.add(start)
        g.add(back)
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

    def _set_game(self, v: str) -> None:
        old_default = default_agent(self.agents)
        self.game = v
        self.agents = agent_list(v)
        self.options = self._options_of(v)
        default_ai = default_agent(self.agents)
        for s in self.seats:  # seats left at the old game's default take the new one's
            if s.kind == "ai" and (s.agent not in self.agents or s.agent == old_default):
                s.agent = default_ai
        self._fit_seats()
        self.layout(self.w, self.h)

    def _default_name(self, i: int) -> str:
        """The name seat ``i`` gets from its type while the player has typed none."""
        seat = self.seats[i]
        return self._kind_default_name(i, seat.kind, seat.agent)

    def _kind_default_name(self, i: int, kind: str, agent: str) -> str:
        if kind == "ai":
            lvl = self.tr(f"agent.{agent}") if self.tr.has(f"agent.{agent}") else agent
            return self.tr("newgame.ai_name", level=lvl, seat=seat_letter(i))
        if i == 0 and self.app.settings.player_name:
            return str(self.app.settings.player_name)
        return self.tr("newgame.default_name", seat=seat_letter(i))

    def _is_default_name(self, i: int, name: str) -> bool:
        """Whether ``name`` is what some seat type would call seat ``i`` (not a name the player chose)."""
        name = name.strip()
        defaults = {self._kind_default_name(i, "human", "")} | {self._kind_default_name(i, "ai", a) for a in self.agents}
        return not name or name in defaults

    def _set_count(self, n: int) -> None:
        default_ai = default_agent(self.agents)
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

    def setup(self, secret: bool = False) -> NewGameSetup:
        """The game's setup object (it gives ``record()``, ``seats``, ``seed`` and ``lan_config()``);
        ``secret``: without the typed seed (a secret one is drawn)."""
        seats = []
        for i, s in enumerate(self.seats):
            seats.append(SeatConfig(s.kind, s.name.strip() or self._default_name(i), s.agent))
        seed = int(self.seed_text) if self.seed_text.isdigit() and not secret else None
        return self.options.setup(seats, seed)

    def start(self) -> None:
        setup = self.setup()
        problem = self.options.start_problem(setup.seats)
        if problem:
            self.app.toast(problem, 6)
            return
        waiting = self._unfinished()
        if waiting is not None:  # Continue keeps one game: ask before this one takes its place
            self.app.push(ChoiceDialog(self.app, self.tr("newgame.replace_title"),
                                       [("replace", self.tr("newgame.replace_go")), ("keep", self.tr("newgame.replace_keep"))],
                                       (None, self.tr("newgame.back")), self.tr("newgame.replace_line", game=waiting)),
                          self._replace_answer)
            return
        self._start(setup)

    def _unfinished(self) -> str | None:
        """The game Continue would resume, in words ("Hero Realms, turn 12"), if there is one."""
        path = ui_games.autosave_path()
        if not self.app.persist or not path.exists():
            return None
        info = ui_games.save_info(path)
        if info.error:
            return None  # a broken autosave is nothing to keep
        return f"{info.game}, {self.tr('saves.turn', turn=info.turn)}" if info.turn is not None else info.game

    def _replace_answer(self, answer: Any) -> None:
        """Start anyway, keep the game left as a save first, or stay (None)."""
        if answer == "keep":
            kept = ui_games.new_save_path()
            try:
                kept.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(ui_games.autosave_path(), kept)
            except OSError as exc:
                self.app.toast(self.tr("newgame.replace_failed", reason=str(exc.strerror or exc)), 6)
                return
            self.app.toast(self.tr("newgame.replace_kept"), 6)
        if answer in ("replace", "keep"):
            self._start(self.setup())

    def _start(self, setup: NewGameSetup) -> None:
        humans = [s for s in setup.seats if s.kind == "human"]
        if humans and humans[0].name != self.app.settings.player_name and self.seats[0].name.strip():
            self.app.settings.player_name = humans[0].name
            self.app.apply_settings()
        if not humans:
            self.app.toast(self.tr("newgame.need_human"))
        self._remember(setup)
        self.close(None)
        open_table(self.app, setup.record(), setup.seats)

    def _remember(self, setup: NewGameSetup) -> None:
        mine = remembered(self.app)
        mine[self.game] = mine[LAST] = setup

    def host(self) -> None:
        if self.game not in hostable_games():
            self.app.toast(self.tr("frnew.no_lan"))
            return
        setup = self.setup()
        if setup.seed is None:
            self._host(setup)
            return
        # whoever knows the seed knows every hidden card (a remote seat finds a typed seed
        # from its first view in a second): dealt on the LAN only when the player says so,
        # the secret seed offered first
        self.app.push(ChoiceDialog(self.app, self.tr("newgame.seed_lan_title", seed=setup.seed),
                                   [(False, self.tr("newgame.seed_lan_secret")), (True, self.tr("newgame.seed_lan_keep"))],
                                   (None, self.tr("newgame.back")), subtitle=self.tr("newgame.seed_lan_warning")),
                      self._seed_answered)

    def _seed_answered(self, keep: object) -> None:
        if keep is True:
            self._host(self.setup())
        elif keep is False:
            self._host(self.setup(secret=True))

    def _host(self, setup: NewGameSetup) -> None:
        self._remember(setup)
        self.close(None)
        host_game(self.app, setup)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))  # opaque: the title's cards stay behind it
        t = theme.text(self.tr("newgame.title"), self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        self.group.draw(surf)
