"""LAN play: find the games on the network, join one (or an address typed by
hand), wait in the lobby; or host this game for the LAN from the New game screen.
Any game of the registry: the list and the lobby say which, with the setup words
and rulings line its table door gives, and the game's own table opens when it starts.

Everything network goes through ``game.net.api`` (non-blocking calls polled each
frame; hosting a New game's setup is ``game.ui.lan_start.host_game``); once the
game starts, the table gets the :class:`RemoteClient` exactly as it gets a local
client. Without the network layer these screens are not offered.

A guest's seat token is stored (``game.net.seat_tokens``) as soon as the host
welcomes it, so a player who quits a game to the title finds it again in the list
(or by its address) and gets the seat back; the token is forgotten when the game
ends or the seat is given up in the lobby. The host's lobby shows the addresses
the other computers can reach it at. A guest of a game that takes decks of the players'
own (HerosDeï) chooses in the lobby one of their own legal decks or the host's choice; the
host judges it, the lobby names the deck each seat brought, and a refusal's reason is shown.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from game import games
from game.core.errors import RealmsError
from game.core.refusal import Refusal
from game.session.session import seat_letter
from game.ui import i18n, theme
from game.ui.i18n import Tr
from game.ui.lan_start import lan_api as lan_api  # the menus ask it whether to offer LAN play
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop, agent_list
from game.ui.tablekit.entry import table_entry
from game.ui.widgets.basic import Button, Cycle, Group, Label, TextField

REFRESH_S = 2.0
NAMES_WAIT_S = 1.0  # a resumed seat's table waits this long at most for the players' names
# private addresses no packet goes to: connecting a UDP socket towards them sends nothing
# and tells which local address the system would use on that network
ROUTE_PROBES = ("10.254.254.254", "172.31.254.254", "192.168.254.254")


def setup_words(tr: Tr, game: str, fmt: str, modules: Sequence[str] | None = ()) -> str:
    """A game's setup for a list or a lobby: its title, then what its table door says of
    the announced format and modules ("Hero Realms · Free for all")."""
    title = games.title(game) if game in games.names() else game
    if game not in games.playable():  # no table here to ask: the format as announced
        return f"{title} · {fmt}"
    return f"{title} · {table_entry(game).setup_words(tr, fmt, list(modules or ()))}"


class JoinScene(Scene):
    """Games heard on the LAN, a manual address, and the player's name."""

    menu = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.api = lan_api()
        self.backdrop = Backdrop()
        self.name = app.settings.player_name or self.tr("newgame.default_name", seat=seat_letter(0))
        self.address = ""
        self.found: list[Any] = []
        self.held: dict[int, Any] = {}  # index in ``found`` -> the seat this player holds at that game
        self.finder: Any = None
        self.next_send = 0.0
        self.group = Group()
        try:
            self.finder = self.api.Discovery() if self.api is not None else None
        except OSError as exc:
            app.toast(self.tr("lan.no_discovery", reason=str(exc)))

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        pw = min(w - u(40), u(760))
        self.panel = pygame.Rect((w - pw) // 2, u(50), pw, h - u(80))
        x = self.panel.left + u(30)
        fw = pw - u(60)
        g = Group()
        y = self.panel.top + u(70)
        g.add(Label(self.tr("lan.your_name"), u(17), theme.TEXT, pygame.Rect(x, y, u(200), u(40))))
        g.add(TextField(self.name, self._set_name, pygame.Rect(x + u(210), y, fw - u(210), u(40))))
        y += u(56)
        g.add(Label(self.tr("lan.address"), u(17), theme.TEXT, pygame.Rect(x, y, u(200), u(40))))
        g.add(TextField(self.address, self._set_address, pygame.Rect(x + u(210), y, fw - u(210) - u(260), u(40)),
                        max_len=60, placeholder="192.168.1.5:47380"))
        g.add(Button(self.tr("lan.watch"), partial(self.join_typed, True), pygame.Rect(x + fw - u(250), y, u(120), u(40))))
        g.add(Button(self.tr("lan.join"), self.join_typed, pygame.Rect(x + fw - u(120), y, u(120), u(40)), primary=True))
        y += u(64)
        g.add(Label(self.tr("lan.found"), u(17), theme.ACCENT, pygame.Rect(x, y, fw, u(30)), kind="bold"))
        y += u(36)
        self.list_top = y
        for i, info in enumerate(self.found[:6]):
            g.add(self._game_button(info, self.held.get(i), pygame.Rect(x, y, fw - u(130), u(42))))
            watch = Button(self.tr("lan.watch"), partial(self.join, info.address, info.port, None,
                                                         str(getattr(info, "host_id", "")), True),
                           pygame.Rect(x + fw - u(120), y, u(120), u(42)))
            watch.enabled = bool(getattr(info, "watchable", False))
            watch.tooltip = self.tr("lan.watch_tip")
            g.add(watch)
            y += u(50)
        g.add(Button(self.tr("newgame.back"), lambda: self.close(None),
                     pygame.Rect(x, self.panel.bottom - u(64), u(200), u(46))))
        for wdg in g.widgets:
            if isinstance(wdg, Button):
                wdg.app_sound = self.app.sound.play
        self.group = g

    def _game_button(self, info: Any, held: Any, rect: pygame.Rect) -> Button:
        """One game of the list: join it, resume the seat held there, or say why not."""
        address = f"{info.address}:{info.port}"
        host_id = str(getattr(info, "host_id", ""))
        if held is not None and info.phase in ("lobby", "playing"):
            label = self.tr("lan.resume_line", name=info.name, address=address, player=held.name)
            return Button(label, partial(self.join, info.address, info.port, held, host_id), rect, primary=True)
        fmt = setup_words(self.tr, getattr(info, "game", games.DEFAULT), info.format, getattr(info, "modules", ()))
        key = "lan.game_line_playing" if info.phase == "playing" else "lan.game_line"
        label = self.tr(key, name=info.name, address=address, free=info.seats_free, seats=info.seats, format=fmt)
        b = Button(label, partial(self.join, info.address, info.port, None, host_id), rect)
        b.enabled = bool(getattr(info, "joinable", True))
        return b

    def _find_held(self) -> None:
        """Which listed games hold a seat of this player (from the stored tokens)."""
        from game.net import seat_tokens

        self.held = {}
        for i, info in enumerate(self.found):
            held = seat_tokens.find(str(getattr(info, "host_id", "")), getattr(info, "game", None), info.address,
                                    info.port)
            if held is not None:
                self.held[i] = held

    def _set_name(self, v: str) -> None:
        self.name = v

    def _set_address(self, v: str) -> None:
        self.address = v

    def join_typed(self, watch: bool = False) -> None:
        try:
            host, port = self.api.parse_address(self.address)
        except ValueError as exc:
            self.app.toast(str(exc))
            return
        from game.net import seat_tokens

        self.join(host, port, None if watch else seat_tokens.find("", None, host, port), watch=watch)

    def join(self, host: str, port: int, held: Any = None, host_id: str = "", watch: bool = False) -> None:
        """Join the game at ``host``:``port``; with ``held`` (a stored seat) take that seat
        back; ``watch``: as a spectator, with no seat."""
        name = self.name.strip() or self.tr("newgame.default_name", seat=seat_letter(0))
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.apply_settings()
        try:  # the host says which game: its table opens
            client = self.api.join(host, port, name, token=held.token if held is not None else None,
                                   game=held.game if held is not None else None, watch=watch)
        except (OSError, RealmsError, ValueError) as exc:
            self.app.toast(str(exc))
            return
        self.close(None)
        self.app.push(LobbyScene(self.app, client, place=(host, port, host_id), held=held))

    def leave(self) -> None:
        if self.finder is not None:
            try:
                self.finder.sock.close()
            except (AttributeError, OSError):
                pass

    def update(self, dt: float) -> None:
        if self.finder is None:
            return
        now = time.monotonic()
        if now >= self.next_send:
            self.next_send = now + REFRESH_S
            self.finder.send()
        found = self.finder.poll()
        if [(f.name, f.address, f.port, f.seats_free, f.phase) for f in found] != \
                [(f.name, f.address, f.port, f.seats_free, f.phase) for f in self.found]:
            self.found = found
            self._find_held()
            self.layout(self.w, self.h)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))  # opaque over the title's cards
        t = theme.text(self.tr("lan.title"), self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(16))))
        if not self.found:
            dots = "." * (1 + int(time.monotonic() * 2) % 3)
            m = theme.text(self.tr("lan.searching") + dots, self.u(16), theme.TEXT_DIM)
            surf.blit(m, (self.panel.left + self.u(30), self.list_top + self.u(6)))
        self.group.draw(surf)


class LobbyScene(Scene):
    """Waiting for the game to start: seats, who is ready; the host also sees its
    port, fills seats with AI and starts. Hands the client to the table."""

    menu = True

    def __init__(self, app: Any, client: Any, handle: Any = None, place: tuple[str, int, str] | None = None,
                 held: Any = None) -> None:
        """``handle``: the host this player runs (None: a guest). A guest's ``place`` is
        (address, port, host id from the list or ""), where its seat token is stored;
        ``held`` is the stored seat this join tries to take back."""
        super().__init__(app)
        self.client = client
        self.hosting = handle
        self.place = place
        self.held = held
        self.token_kept = False
        self.playing_since: float | None = None
        self.addresses = lan_addresses() if handle is not None else []  # once: finding them may ask the resolver
        self.backdrop = Backdrop()
        self.group = Group()
        self.ready = False
        self.started = False
        self.agents = agent_list(self._game())
        self._seen: Any = None
        self.own_decks: list[tuple[str, dict[str, Any]]] | None = None  # this player's decks, once the game is known
        self.deck_pick: int | None = None  # the index in ``own_decks`` asked for (None: the host's choice)
        self.deck_refusal = ""  # the host's reason for refusing the deck asked for last

    def _game(self) -> str:
        """The game of this lobby (the host's handle, else the host's welcome)."""
        if self.hosting is not None:
            return str(self.hosting.snapshot().get("game") or games.DEFAULT)
        lobby = self.client.lobby or {}
        return str(getattr(self.client, "game", None) or lobby.get("game") or games.DEFAULT)

    def _setup_line(self) -> str:
        snap = self.hosting.snapshot() if self.hosting is not None else (self.client.lobby or {})
        line = setup_words(self.tr, self._game(), str(snap.get("format") or ""), snap.get("modules") or ())
        rulings = snap.get("rulings")
        if isinstance(rulings, dict) and self._game() in games.playable():  # the players should know before they start
            said = table_entry(self._game()).rulings_line(self.tr, rulings)
            if said:
                line += f" · {said}"
        return line

    def _spectators(self) -> list[str]:
        if self.hosting is not None:
            return [str(n) for n in self.hosting.snapshot().get("spectators", [])]
        return list(getattr(self.client, "spectators", []))

    def _seats(self) -> list[dict[str, Any]]:
        if self.hosting is not None:
            return list(self.hosting.snapshot().get("seats", []))
        lobby = self.client.lobby or {}
        return list(lobby.get("seats", []))

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        pw = min(w - u(40), u(760))
        self.panel = pygame.Rect((w - pw) // 2, u(50), pw, h - u(80))
        x = self.panel.left + u(30)
        fw = pw - u(60)
        g = Group()
        self.agents = agent_list(self._game())
        y = self.panel.top + u(112 if self.hosting is not None else 84)
        kinds = [("remote", self.tr("lan.open_seat"))] + [(a, self.tr("newgame.ai", level=self.tr(f"agent.{a}") if self.tr.has(f"agent.{a}") else a))
                                                          for a in self.agents]
        for entry in self._seats():
            seat = int(entry.get("seat", 0))
            g.add(Label(self.tr("newgame.seat", n=seat + 1), u(16), theme.SEAT_COLORS[seat % 6], pygame.Rect(x, y, u(110), u(38)), kind="bold"))
            status = self.tr(f"lan.status_{entry.get('status', 'open')}") if self.tr.has(f"lan.status_{entry.get('status', 'open')}") \
                else str(entry.get("status", ""))
            name = entry.get("name") or ""
            ready = " ✔" if entry.get("ready") and entry.get("status") == "connected" else ""
            line = f"{name} · {status}{ready}" if name else status  # an open seat has no name yet
            if entry.get("deck"):  # a deck of its own: the host (and every seat) sees which
                line += " · " + self.tr("landeck.seat_deck", deck=str(entry["deck"]))
            choice = self.hosting is not None and seat != getattr(self.client, "seat", 0) and \
                entry.get("status") in ("open", "ai")  # the host chooses who plays it: a Cycle at the row's end
            g.add(Label(line, u(16), theme.TEXT if name else theme.TEXT_DIM,
                        pygame.Rect(x + u(120), y, fw - u(420) if choice else fw - u(120), u(38))))
            if choice:
                value = "remote" if entry.get("kind") != "ai" else (entry.get("agent") or "remote")
                g.add(Cycle(kinds, value, partial(self._set_seat, seat), pygame.Rect(x + fw - u(290), y, u(290), u(38))))
            y += u(46)
        y = self._deck_row(g, x, y, fw)
        watching = self._spectators()
        if watching:
            g.add(Label(self.tr("lan.spectators", names=", ".join(watching)), u(15), theme.TEXT_DIM,
                        pygame.Rect(x, y + u(4), fw, u(30))))
        by = self.panel.bottom - u(64)
        g.add(Button(self.tr("lan.leave"), self.leave_lobby, pygame.Rect(x, by, u(180), u(46))))
        if self.hosting is not None:
            g.add(Button(self.tr("lan.fill_ai"), self._fill, pygame.Rect(x + u(200), by, u(200), u(46))))
            start = Button(self.tr("newgame.start"), self._start, pygame.Rect(x + fw - u(180), by, u(180), u(46)), primary=True)
            start.enabled = bool(self.hosting.snapshot().get("can_start"))
            g.add(start)
        elif getattr(self.client, "watch", False):  # a spectator waits for the players: nothing to be ready for
            g.add(Label(self.tr("lan.watching"), u(16), theme.TEXT_DIM,
                        pygame.Rect(x + fw - u(320), by, u(320), u(46)), align="right"))
        else:
            g.add(Button(self.tr("lan.ready") if not self.ready else self.tr("lan.not_ready"), self._toggle_ready,
                         pygame.Rect(x + fw - u(220), by, u(220), u(46)), primary=not self.ready))
        for wdg in g.widgets:
            if isinstance(wdg, Button):
                wdg.app_sound = self.app.sound.play
        self.group = g

    def _takes_decks(self) -> bool:
        """A guest's seat in the lobby of a game played with decks of the players' own."""
        c = self.client
        if self.hosting is not None or getattr(c, "watch", False) or getattr(c, "seat", None) is None:
            return False
        return self.own_decks is not None and self._game_known()

    def _game_known(self) -> bool:
        return bool(getattr(self.client, "game", None))

    def _find_own_decks(self) -> None:
        """This player's own legal decks for the lobby's game (read once the host named it)."""
        if self.own_decks is not None or self.hosting is not None or not self._game_known():
            return
        try:
            from game.net import own_decks
        except ImportError:
            self.own_decks = []
            return
        game = self._game()
        self.own_decks = own_decks.yours(game) if own_decks.takes_decks(game) else None
        if self.own_decks is not None:
            self.layout(self.w, self.h)

    def _deck_row(self, g: Group, x: int, y: int, fw: int) -> int:
        """The guest's choice of deck, and the host's refusal of the last one; the next row's y."""
        if not self._takes_decks() or self.own_decks is None:
            return y
        u = self.u
        y += u(6)
        g.add(Label(self.tr("landeck.your_deck"), u(16), theme.TEXT, pygame.Rect(x, y, u(200), u(38))))
        if self.own_decks:
            options: list[tuple[int | None, str]] = [(None, self.tr("landeck.hosts_choice"))]
            options += [(i, name) for i, (name, _deck) in enumerate(self.own_decks)]
            g.add(Cycle(options, self.deck_pick, self._pick_deck, pygame.Rect(x + u(210), y, fw - u(210), u(38))))
        else:
            g.add(Label(self.tr("landeck.none_yours"), u(15), theme.TEXT_DIM,
                        pygame.Rect(x + u(210), y, fw - u(210), u(38))))
        y += u(44)
        if self.deck_refusal:
            g.add(Label(self.tr("landeck.refused", reason=self.deck_refusal), u(15), theme.DANGER,
                        pygame.Rect(x, y, fw, u(30))))
            y += u(34)
        return y

    def _deck_words(self, why: Refusal) -> str:
        """The host's refusal in the player's language (a card by its name in it)."""
        own = f"landeck.why_{why.key}"  # the lobby's own refusals: no such decks, not now, not yours
        if self.tr.has(own):
            return str(self.tr(own))
        game = self._game()
        params = dict(why.params)
        if "card" in params:
            params["card"] = games.game(game).card_name(str(params["card"]), self.tr.lang)
        return i18n.refusal_words(self.tr, game, why, params)

    def _pick_deck(self, index: int | None) -> None:
        """Bring the deck chosen (None: back to the host's choice); the host answers in the lobby."""
        self.deck_pick = index
        self.deck_refusal = ""
        deck = self.own_decks[index][1] if self.own_decks and index is not None else None
        self.client.bring_deck(deck)
        self.layout(self.w, self.h)

    def _deck_answer(self) -> None:
        """The host refused the deck: say why, and show the deck the seat keeps."""
        why = getattr(self.client, "deck_refused", None)
        if why is None:
            return
        self.client.deck_refused = None
        self.deck_refusal = self._deck_words(why)
        self.app.toast(self.tr("landeck.refused", reason=self.deck_refusal), 6)
        mine = next((e for e in self._seats() if e.get("seat") == getattr(self.client, "seat", None)), {})
        kept = mine.get("deck")
        self.deck_pick = next((i for i, (name, _d) in enumerate(self.own_decks or []) if name == kept), None)
        self.layout(self.w, self.h)

    def _set_seat(self, seat: int, kind: str) -> None:
        try:
            self.hosting.set_seat(seat, kind)
        except (RealmsError, ValueError) as exc:
            self.app.toast(str(exc))

    def _fill(self) -> None:
        self.hosting.fill_with_ai()

    def _start(self) -> None:
        try:
            self.hosting.start_game()
        except (RealmsError, ValueError) as exc:
            self.app.toast(str(exc))

    def _toggle_ready(self) -> None:
        self.ready = not self.ready
        self.client.set_ready(self.ready)
        self.layout(self.w, self.h)

    def leave_lobby(self) -> None:
        self.close(None)

    def leave(self) -> None:
        if not self.started:
            if self.client.phase == "lobby" and self.client.token:
                _forget_seat(self.client.token)  # leaving the lobby gives the seat up
            self.client.close()
            if self.hosting is not None:
                self.hosting.stop()

    def _keep_token(self) -> None:
        """Store a guest's seat token once the host has welcomed it."""
        c = self.client
        if self.hosting is not None or self.place is None or self.token_kept or not c.token or c.seat is None:
            return
        from game.net import seat_tokens

        self.token_kept = True
        address, port, listed_id = self.place
        seat_tokens.remember(seat_tokens.SeatToken(c.host_id or listed_id, str(c.game or ""), address, port, c.seat,
                                                   str(c.name), str(c.token), time.time()))

    def _join_afresh(self) -> bool:
        """The host did not know the stored seat (another game now): forget it and join
        as a newcomer. False when this closing is not that."""
        api = lan_api()
        if self.held is None or self.place is None or api is None or self.client.refused_code not in ("bad_token",
                                                                                                      "wrong_game"):
            return False
        _forget_seat(self.held.token)
        self.held = None
        self.token_kept = False
        self.client.close()
        name = self.app.settings.player_name or self.tr("newgame.default_name", seat=seat_letter(0))
        try:
            self.client = api.join(self.place[0], self.place[1], name)
        except (OSError, RealmsError, ValueError) as exc:
            self.app.toast(str(exc), 6)
            self.close(None)
            return True
        self.app.toast(self.tr("lan.seat_gone"), 5)
        return True

    def _names_known(self) -> bool:
        """A resumed seat learns the names just after its view: wait for them, briefly."""
        now = time.monotonic()
        if self.playing_since is None:
            self.playing_since = now
        return bool(getattr(self.client, "names", None)) or now - self.playing_since > NAMES_WAIT_S

    def update(self, dt: float) -> None:
        self.client.poll()  # the table rebuilds from the view: batches before it are not needed
        self._keep_token()
        if self.client.status == "closed" and self._join_afresh():
            self.client.errors()  # the refusal was answered by joining afresh
            return
        for err in self.client.errors():
            self.app.toast(err, 6)
        self._find_own_decks()
        self._deck_answer()
        for said in self.client.talk() if not self.app.settings.mute_talk else []:  # talk in the lobby, as at the table
            emote = said.get("emote")
            words = self.tr(f"talk.{emote}") if isinstance(emote, str) else str(said.get("text", ""))
            self.app.toast(self.tr("lan.said_toast", name=str(said.get("name", "")), words=words), 5)
        if self.client.status == "closed":
            self.app.toast(self.client.closed_reason or self.tr("lan.closed"), 6)
            self.close(None)
            return
        if self.hosting is not None and not self.ready and self.client.status == "lobby":
            self.ready = True  # the host's own player is ready: the host presses Start
            self.client.set_ready(True)
        if self.client.phase == "playing" and not self.started and self._names_known():
            self.started = True
            names = list(getattr(self.client, "names", []) or [])
            handle = self.hosting
            on_close = (lambda: handle.stop()) if handle is not None else partial(_table_closed, self.client)
            table = table_entry(self._game()).open_remote(self.app, self.client, names, on_close)
            table.lan_host = handle  # the host's player may save the game
            self.app.pop(self)
            self.app.push(table)
            return
        seen = (repr(self._seats()), self._spectators(),
                self.hosting is not None and bool(self.hosting.snapshot().get("can_start")))
        if seen != self._seen:
            self._seen = seen
            self.layout(self.w, self.h)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))  # opaque over the title's cards
        t = theme.text(self.tr("lan.lobby"), self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(12))))
        if self.client.status not in ("connecting",):  # which game, and how it is set up
            g = theme.fit_text(self._setup_line(), self.u(17), self.panel.width - self.u(60), theme.HILITE, "bold")
            surf.blit(g, g.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(50))))
        if self.hosting is not None:
            m = theme.fit_text(self.hosting_line(), self.u(16), self.panel.width - self.u(60), theme.TEXT_DIM)
            surf.blit(m, (self.panel.left + self.u(30), self.panel.top + self.u(78)))
        elif self.client.status in ("connecting",):
            m = theme.text(self.tr("lan.connecting"), self.u(16), theme.TEXT_DIM)
            surf.blit(m, (self.panel.left + self.u(30), self.panel.top + self.u(56)))
        self.group.draw(surf)

    def hosting_line(self) -> str:
        """Where the other computers reach this host (this computer only when no network is found)."""
        port = self.hosting.port
        if not self.addresses:
            return self.tr("lan.hosting_local", address=f"127.0.0.1:{port}")
        return self.tr("lan.hosting", addresses=", ".join(f"{a}:{port}" for a in self.addresses))


def _forget_seat(token: str) -> None:
    from game.net import seat_tokens

    seat_tokens.forget(token)


def _table_closed(client: Any) -> None:
    """A guest left the table: a finished game's seat is of no more use."""
    if getattr(client, "ended", False) and client.token:
        _forget_seat(client.token)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses the other computers may reach (no loopback), for
    friends typing one by hand. Nothing is sent: the host name's own addresses, and the
    source address the system would use towards each private network (a UDP socket's
    connect only picks a route)."""
    found: list[str] = []
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except (OSError, UnicodeError):
        pass
    for probe in ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(str(s.getsockname()[0]))
        except OSError:
            continue  # no route to that network
    out: list[str] = []
    for a in found:
        try:
            ip = ipaddress.IPv4Address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_multicast) and a not in out:
            out.append(a)
    return out[:4]
