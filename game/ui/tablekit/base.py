"""What the tables of every game do the same way, whatever the game's pieces.

A table scene holds a :class:`~game.session.clients.GameClient` and nothing of the engine:
it reads the client's event batches into one stream per seat of this screen, hands
the viewer's batches on (the copies redacted for the other seats of the screen are
dropped with them), takes input only once what is shown is the client's view, and
passes the screen behind a curtain in hotseat. The frame, submitting, undo, the pause
menu, conceding, leaving, and what follows the end screen are the same for every game;
each adds its model, director, layout, controller and drawing (the engine's questions
asked as dialogs: :mod:`game.ui.tablekit.asking`). What the kit asks of those pieces
is in :mod:`game.ui.tablekit.protocols`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game import games as registry
from game.core.errors import IllegalActionError, RealmsError
from game.core.game import GameState
from game.core.record import SaveRecord
from game.core.refusal import Refusal
from game.session import local as games
from game.session.clients import GameClient
from game.session.session import seat_letter
from game.ui import save_names
from game.ui.i18n import refusal_words
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ChoiceDialog, Curtain
from game.ui.tablekit import lan_news
from game.ui.tablekit.hint import HintAnswers, HintKey
from game.ui.tablekit.protocols import (
    Controls,
    Event,
    GameLog,
    HostedGame,
    Layout,
    LessonTargets,
    Overlay,
    Paced,
    ShownModel,
    TableSetup,
    View,
)
from game.ui.widgets.basic import Button, Group

if TYPE_CHECKING:
    from game.ui.app import App

# the parameters of the engines' refusals that name a card, and those that name a seat
CARD_PARAMS = frozenset({"card", "guard"})
SEAT_PARAMS = frozenset({"seat", "left", "right", "owner", "target"})


class TableSceneBase(Scene, ABC):
    #: the game of this table (its registry name): whose rules the pause menu's Rules button opens
    game: str
    #: the LAN host this table's player runs (its player may save the game); None elsewhere
    lan_host: HostedGame | None = None
    #: a lesson's pointer and texts over the table (game/ui/tutorial); None in other games
    overlay: Overlay | None = None
    #: a finished game replayed on this table (the Replays screen sets it): nobody is
    #: waited for and nothing may be taken back, so the table says neither
    replaying: bool = False
    # set up by each game's :meth:`build`
    model: ShownModel
    director: Paced
    ctrl: Controls
    lay: Layout
    log: GameLog
    undo_btn: Button  # the sidebar's Undo button (each game's layout makes it with :meth:`undo_button`)
    #: a local game is asked for its next events (which drives its AI seats) only once the
    #: table has shown the last ones, so that an AI's pause runs from what the player sees;
    #: a table whose director applies an event at once and then lingers on it (Hero Realms')
    #: asks every frame, and the AI's pause runs while the last move is lingered on
    polls_while_showing: ClassVar[bool] = False

    def __init__(self, app: App, client: GameClient, names: list[str], kinds: list[str] | None = None,
                 rec: SaveRecord[GameState] | None = None, history: Sequence[Event] | None = None,
                 on_close: Callable[[], object] | None = None, **more: object) -> None:
        super().__init__(app)
        self.client = client
        self.humans: list[int] = list(client.seats)
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.first_view: View = client.view(self.viewer)
        n = int(self.first_view["seats"])
        self.names = names + [self.tr("newgame.default_name", seat=seat_letter(i)) for i in range(len(names), n)]
        self.kinds = kinds or self.default_kinds(n)
        self.rec = rec
        self.on_close = on_close  # e.g. stop hosting a LAN game when the table closes
        self.saved_n = len(getattr(rec, "actions", None) or [])  # actions in the game as last saved or loaded
        self.streams: dict[int | None, deque[list[Event]]] = {}
        self.taken = 0  # the batches handed to the director (a local game's: one an action)
        self.synced = True
        self.sent_at: tuple[int, object] | None = None  # a LAN line sent: the client's action count and refusal then
        self.hints = HintKey(self)  # H: the Medium AI's move for the viewer (each table updates and draws it)
        self.curtain_for: int | None = None
        # hotseat privacy: the seat the screen was last passed to (behind a curtain, or at
        # a new game's start), and whether the viewer's hand is face down now because the
        # one at the screen may be someone else (AIs are moving, or nobody was passed it)
        self.shown_to: int | None = None
        self.hand_hidden = False
        self.over_shown = False
        self.conceded: int | None = None  # the seat at the screen that gave up (the end screen says so)
        self.lost_told = False  # a LAN game's end by the host closing it was told
        self.closed = False
        self.log_scroll = 0
        self.log_cache: tuple[tuple[object, ...], pygame.Surface] | None = None  # (what the page shows, the page)
        self.seats_seen: dict[int, str] = {}  # LAN: the other seats' connection status, as last shown
        self.group = Group()
        self.t = 0.0  # the table's clock for what pulses and glows (still while the app rests)
        self._views: tuple[object, dict[int | None, View]] | None = None  # (the client's view version, views by seat)
        self.build(more)
        for e in history or []:  # a resumed or rejoined game: its recent past in the log
            self.log.add(e)

    @abstractmethod
    def build(self, more: Mapping[str, object]) -> None:
        """The game's model, log, director, controller and layout (``more``: what its door adds)."""

    def default_kinds(self, n: int) -> list[str]:
        """Who sits where when the door does not say: in a LAN game, the seat list's AI
        seats, else people here or remote; in a local game, the seats of this screen's
        people, else AIs."""
        if not self.on_lan:
            return ["human" if i in self.humans else "ai" for i in range(n)]
        entries = getattr(self.client, "seat_status", None) or (getattr(self.client, "lobby", None) or {}).get("seats", [])
        out = ["human" if i in self.humans else "remote" for i in range(n)]
        for e in entries if isinstance(entries, list) else []:
            seat = e.get("seat") if isinstance(e, dict) else None
            if isinstance(seat, int) and 0 <= seat < n and (e.get("status") == "ai" or e.get("kind") == "ai"):
                out[seat] = "ai"
        return out

    def game_over(self) -> bool:
        return self.model.over

    # ---- life cycle --------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if len(self.humans) > 1:  # hotseat: the first player to act may not be the one at the screen
            if not getattr(self.rec, "actions", None) and self._may_act(self.viewer):
                self.shown_to = self.viewer  # a new game its first player opened (a loaded one asks who is there)
            self._check_curtain()

    def leave(self) -> None:
        if not self.closed:
            self.closed = True
            # the host of a LAN game stops first, telling everyone the game closed; its own
            # player's goodbye before would have been told to them as a seat left and kept
            if self.on_close is not None:
                self.on_close()
            self.client.close()
        self.hints.close()

    # ---- the hint key's answers (tablekit/hint.py) ------------------------------------------------
    #: the game's module that answers them (``targets(table, line)``, ``words(table, line)``)
    hint_answers: ClassVar[HintAnswers]

    def hint_targets(self, line: str) -> list[pygame.Rect]:
        """Where the move ``line`` names things on the table: its card(s), its target, its button."""
        return self.hint_answers.targets(self, line)

    def hint_words(self, line: str) -> str:
        """The move ``line`` in the words of the game's log ("You play Spark")."""
        return self.hint_answers.words(self, line)

    # ---- acting ----------------------------------------------------------------------------------
    @property
    def on_top(self) -> bool:
        """No dialog or screen covers the table."""
        return self.app.top is self

    @property
    def can_act(self) -> bool:
        return (self.viewer is not None and self.director.idle and self.synced and not self.game_over()
                and self.curtain_for is None and bool(self.model.legal) and self.on_top
                and getattr(self.client, "status", "ok") != "closed")  # a LAN game the host closed takes no move

    def submit(self, line: str) -> bool:
        if self.viewer is None:
            return False
        try:
            self.client.submit(self.viewer, line)
        except RealmsError as exc:
            self.app.toast(self.refusal_words(exc.refusal) if isinstance(exc, IllegalActionError) else str(exc), 3)
            self.app.sound.play("error")
            self.refused()
            return False
        self.synced = False
        self.model.legal = []
        self.await_host()
        self._hide_hand_unless_acting()  # a turn just ended: the new hand is not for the next player's eyes
        self.submitted()
        return True

    def await_host(self) -> None:
        """A LAN client's line is on its way: the view it holds is the one the line was
        chosen on, so the table waits for the host's answer (the game moves on, the line
        is refused or lost) before it takes a view for the truth again; else that view's
        lines are offered, and may be sent, a second time."""
        n = getattr(self.client, "n", None)
        self.sent_at = (n, getattr(self.client, "rejected", None)) if self.on_lan and isinstance(n, int) else None

    def _host_answered(self) -> bool:
        if self.sent_at is None:
            return True
        n, rejected = self.sent_at
        if getattr(self.client, "n", None) == n and getattr(self.client, "rejected", None) == rejected:
            return False
        self.sent_at = None
        return True

    def refused(self) -> None:
        """The client refused a line (the table forgets what it meant to send next)."""

    def submitted(self) -> None:
        """A line went to the client."""

    # ---- undo ----------------------------------------------------------------------------------------
    def undo(self) -> None:
        fn = getattr(self.client, "undo", None)
        if fn is None or self.viewer is None or self.replaying:
            return
        if not self.can_undo():
            if self.director.idle:  # refused: say why (a card was revealed, nothing of the player's to take back)
                self.app.toast(self.undo_tip(), 3)
                self.app.sound.play("error")
            return
        try:
            fn(self.viewer)
        except RealmsError as exc:
            self.app.toast(str(exc), 3)
            return
        self.synced = False

    def can_undo(self) -> bool:
        fn = getattr(self.client, "can_undo", None)
        return bool(fn and self.viewer is not None and self.director.idle and fn(self.viewer))

    def undo_tip(self) -> str:
        """The undo button's tooltip: what it does, or why it cannot now (a greyed button says why)."""
        if self.can_undo():
            return str(self.tr("table.tip_undo"))
        if self.on_lan and getattr(self.client, "undo", None) is None:
            return str(self.tr("table.tip_undo_lan"))  # not "nothing to take back": it is never offered here
        fn = getattr(self.client, "undo_blocked", None)
        why = fn(self.viewer) if fn is not None and self.viewer is not None else None
        return str(self.tr("table.tip_undo_revealed" if why == "revealed" else "table.tip_undo_none"))

    # ---- the sidebar's buttons ------------------------------------------------------------------
    def sidebar_button(self, label: str, action: Callable[[], object], rect: pygame.Rect, tip: str,
                       primary: bool = False) -> Button:
        """A button of the table: it clicks with the app's sound and says what it does (``tip``, a string key)."""
        b = Button(label, action, rect, primary=primary)
        b.app_sound = self.app.sound.play
        b.tooltip = self.tr(tip)
        return b

    def menu_button(self) -> Button:
        """The sidebar's ≡ button: the pause menu."""
        return self.sidebar_button("≡", self.pause, self.lay.menu_btn, "table.tip_menu")

    def undo_button(self) -> Button:
        """The sidebar's Undo button (kept up to date by :meth:`refresh_undo`)."""
        b = self.sidebar_button(self.tr("table.undo"), self.undo, self.lay.undo_btn, "table.tip_undo")
        b.visible = self.undo_shown()
        return b

    def undo_shown(self) -> bool:
        """Undo is for a player: not in a replay, nor for a LAN game's spectator."""
        return not self.replaying and not (self.on_lan and self.viewer is None)

    def refresh_undo(self) -> None:
        """The Undo button greyed when nothing can be taken back, its tooltip saying why."""
        self.undo_btn.enabled = self.can_undo()
        self.undo_btn.tooltip = self.undo_tip()
        self.undo_btn.visible = self.undo_shown()

    def show_save_notices(self) -> None:
        """Toast what the client says of the autosave (local or the LAN host's): it fails, it works again."""
        fn = getattr(self.client, "save_notices", None)
        for notice in fn() if fn is not None else []:
            if notice.get("ok"):
                self.app.toast(self.tr("table.save_ok"), 4)
            else:
                self.app.toast(self.tr("table.save_failed", reason=str(notice.get("reason") or "?")), 8)
                self.app.sound.play("error")

    def pause(self) -> None:
        # a lesson's client keeps the table to its script: it is never saved
        local = getattr(self.client, "session", None) is not None and getattr(self.client, "savable", True)
        lan = None if local or not self.on_lan else ("host" if self.lan_host is not None else "guest")
        self.app.push(self.app.new_screen("pause", can_save=local or lan == "host",
                                 can_concede=self.viewer is not None and not self.game_over(), game=self.game,
                                 lan=None if self.game_over() else lan, unsaved=local and self.unsaved(),
                                 can_talk=self.on_lan and self.viewer is not None and hasattr(self.client, "say")),
                      self._pause_result)

    def unsaved(self) -> bool:
        """A local game with moves since it was saved or loaded (quitting asks first)."""
        session = getattr(self.client, "session", None)
        return (session is not None and getattr(self.client, "savable", True) and not self.game_over()
                and len(session.record.actions) != self.saved_n)

    @property
    def on_lan(self) -> bool:
        """A LAN game (the client speaks to a host; the seats' connections can change)."""
        return hasattr(self.client, "seat_status")

    def _pause_result(self, choice: object) -> None:
        if choice == "save":
            view = self.view_of(self.viewer)
            turn = view.get("turn") if isinstance(view.get("turn"), int) else None
            if self.rec is not None:
                default = save_names.default_save_name(self.rec, turn, self.tr)
            else:  # a LAN table: the game the host announced
                default = save_names.game_save_name(str(getattr(self.client, "game", "")), view.get("format"), turn, self.tr)
            self.app.push(self.app.new_screen("save_name", default), self._save_as)
        elif choice == "concede":
            self.concede()
        elif choice == "talk":
            from game.ui.scenes.talk import TalkDialog

            self.app.push(TalkDialog(self.app), self._said)
        elif choice == "quit":
            self.to_title()

    def _said(self, said: object) -> None:
        """The talk dialog's answer: an emote or a line, to the table (nothing when cancelled)."""
        if isinstance(said, tuple) and said[0] == "emote":
            self.client.say(emote=str(said[1]))  # type: ignore[attr-defined]
        elif isinstance(said, tuple) and said[0] == "text":
            self.client.say(text=str(said[1]))  # type: ignore[attr-defined]

    def _save_as(self, name: object) -> None:
        """Save the game under ``name`` (the save dialog's answer; None: cancelled)."""
        if not isinstance(name, str):
            return
        path = games.new_save_path()
        try:
            if self.lan_host is not None:
                self.lan_host.save_as(path, name)  # the game lives in the host's thread
            else:
                games.save(self.client, path, name)
                session = getattr(self.client, "session", None)  # a local game's (only those save here)
                if session is not None:
                    self.saved_n = len(session.record.actions)
            self.app.toast(self.tr("pause.saved", file=name))
        except (RealmsError, OSError) as exc:
            self.app.toast(self.tr("pause.save_failed", reason=str(exc)))

    #: the game's module that finds a lesson's targets on its table (``target_rect(table, target)``)
    lesson_targets: ClassVar[LessonTargets | None] = None

    def target_rect(self, target: Any) -> pygame.Rect | None:
        """Where a lesson's ``target`` (a ``game.session.tutorial.Target``: a zone, a card of it, a
        seat, or a button) is on the screen now; None when it is not in sight."""
        return self.lesson_targets.target_rect(self, target) if self.lesson_targets is not None else None

    def concede(self) -> None:
        """The player at the screen gives up: the game ends for this table, and its end screen says who conceded."""
        self.conceded = self.viewer
        self.show_game_over()

    def toast_span(self) -> tuple[int, int]:
        """Toasts keep to the play area: a refusal's reason never runs into the sidebar."""
        play = getattr(getattr(self, "lay", None), "play", None)
        if isinstance(play, pygame.Rect):
            return play.centerx, int(play.width * 0.9)
        return super().toast_span()

    def to_title(self) -> None:
        self.app.reset(self.app.new_screen("title"))

    # ---- frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One frame of every table: the client read and the viewer's events fed to the
        director, the model synced once they are shown, the client's news, the hint key,
        a lesson's overlay, then the end screen, or what the player may do and the buttons."""
        self.tick(dt)
        if self.polls_while_showing or self.director.idle or getattr(self.client, "session", None) is None:
            self._fetch()  # a LAN client is read every frame: its socket must be served
        self._feed()
        self.director.update(dt)
        self._catch_up()
        self.shown_moved(dt)
        self.show_client_news()
        self.hints.update()
        if self.overlay is not None:
            self.overlay.update(dt)
        if self.on_top and self.game_over() and self.synced and self.director.idle and not self.over_shown:
            self.show_game_over()
            return
        self.act()
        self.refresh_buttons()

    def tick(self, dt: float) -> None:
        """The table's own clocks move on (first thing in a frame)."""
        self.t += self.app.ambient_dt

    def shown_moved(self, dt: float) -> None:
        """What moves once the director has played its part: sprites gliding, the hover
        under a still pointer, the pictures warmed while nothing flies."""

    def act(self) -> None:
        """What the table does for its player this frame (a question asked, a forced pass)."""

    def refresh_buttons(self) -> None:
        """The sidebar's buttons as the moment allows (the last thing in a frame)."""
        self.refresh_undo()

    def show_game_over(self) -> None:
        """The game ended (or the player conceded) and all of it is shown: the game's end
        screen, then what the player picks there (:meth:`_leave_game`)."""
        self.over_shown = True
        self._forget_autosave()
        self.app.sound.play("win")
        self.app.push(self.end_screen(), lambda choice: self._leave_game(choice, self.setup_again()))

    @abstractmethod
    def end_screen(self) -> Scene:
        """The game's end screen (``conceded``: the seat that gave up, or None)."""

    @abstractmethod
    def setup_again(self) -> TableSetup | None:
        """This game's setup for a rematch or for New game (None: a LAN or replayed game, which has none here)."""

    def _feed(self) -> None:
        """The viewer's next batch of events to the director, once it shows nothing else
        (an undo's batch is not shown: the next one follows in the same frame)."""
        while self.director.idle and (batch := self._next_batch()) is not None:
            self._take(batch, own=bool(batch) and batch[0].get("seat") == self.viewer)

    def view_of(self, seat: int | None) -> View:
        """The client's view for ``seat``, shared by everything that reads it (the model,
        the curtain, the hints, forced passes) until the game changes: a client that says
        its ``view_version`` is asked once per version; another client at each call."""
        version = getattr(self.client, "view_version", None)
        if version is None:
            return self.client.view(seat)
        now = version()
        if self._views is None or self._views[0] != now:
            self._views = (now, {})
        kept = self._views[1]
        if seat not in kept:
            kept[seat] = self.client.view(seat)
        return kept[seat]

    def sync_model(self, view: View) -> None:
        """Set the model from the client's view (the truth, once the events are shown)."""
        self.model.sync(view)

    def draw(self, surf: pygame.Surface) -> None:
        """The game's table, the hint shown and a lesson's overlay over it, then what lies over those."""
        self.draw_table(surf)
        self.hints.draw(surf, self.lay.log, self.lay.scale, self.t)
        if self.overlay is not None:
            self.overlay.draw(surf)
        self.draw_above(surf)

    @abstractmethod
    def draw_table(self, surf: pygame.Surface) -> None:
        """The game's table: its zones, cards, sidebar and what its director has in flight."""

    def draw_above(self, surf: pygame.Surface) -> None:
        """What the game draws over the hint and the lesson (a card zoomed under the pointer)."""

    def handle(self, event: pygame.event.Event) -> None:
        greyed = getattr(self, "undo_btn", None)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and greyed is not None and greyed.visible
                and not greyed.enabled and greyed.rect.collidepoint(event.pos)):
            self.undo()  # a greyed Undo clicked says why it cannot
            return
        if self.group.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.ctrl.mouse_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ctrl.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ctrl.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.lay.log.collidepoint(self.ctrl.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
        elif event.type == pygame.KEYDOWN:
            self.ctrl.key(event)

    @property
    def shown(self) -> int:
        """The batches the table has finished showing."""
        return self.taken - (0 if self.director.idle else 1)

    def picture(self) -> object | None:
        """What the table shows at rest: the game as the client last changed it, what the
        table has taken and shown of it, whether its player may act and what is drawn for
        them (curtain, hidden hand, end screen, log page, hint), the connection's status.
        None with a client that does not count its changes."""
        version = getattr(self.client, "view_version", None)
        if version is None:
            return None
        return (version(), self.taken, self.synced, self.sent_at, len(self.log.entries),
                self.can_act, self.curtain_for, self.shown_to, self.hand_hidden, self.over_shown, self.log_scroll,
                self.hints.shown, self.hints.thinking, getattr(self.client, "status", None))

    def animating(self) -> bool:
        """Events are being played, or wait to be (the loop stays at full frame rate: game/ui/pace.py)."""
        return not self.director.idle or self._pending()

    def _pending(self) -> bool:
        """Batches of the viewer's events still to be shown."""
        key = self.viewer if self.viewer in self.streams else None
        return bool(self.streams.get(key))

    def _take(self, batch: list[Event], own: bool) -> bool:
        """A batch of the viewer's events to the director (``own``: the player's own move);
        False for an undo's batch: nothing to show, it goes to the log and the table
        syncs with the view instead."""
        self.synced = False
        self.taken += 1
        if any(e.get("type") == "undone" for e in batch):
            self.director.clear()
            for e in batch:
                self.log.add(e)
            self.undone()
            return False
        self.director.push(batch, own)
        return True

    def undone(self) -> None:
        """Moves were taken back (the undo's events are in the log)."""

    def _catch_up(self) -> None:
        """Once every event received is shown, set the model from the client's view; the
        next player may have to be passed the screen."""
        if self.director.idle and not self.synced and not self._pending() and self._host_answered():
            self.sync_model(self.view_of(self.viewer))
            self.synced = True
            self.caught_up()
            self._check_curtain()

    def caught_up(self) -> None:
        """The model was just set from the view."""

    def show_client_news(self) -> None:
        """Toast what the client reports: errors (an illegal line, a lost connection) and the autosave's health."""
        errors = self.client.errors()
        if errors:
            self.sent_at = None  # a refused line is the host's answer too
        if self.on_lan and self.client.status == "closed" and not self.game_over() and not self.lost_told:
            self.lost_told = True  # the game is gone: say so once, in a dialog that leads on (not a toast)
            reason = getattr(self.client, "closed_reason", None) or self.tr("lan.closed")
            errors = [e for e in errors if e != reason]
            self.app.push(ChoiceDialog(self.app, self.tr("table.lan_lost"), [("title", self.tr("table.to_title")),
                                                                            ("table", self.tr("table.look"))],
                                       subtitle=reason), self._after_lost)
        for err in errors:
            self.app.toast(err, 5)
        refused = getattr(self.client, "refused", None)
        for why in refused() if refused is not None else []:
            self.sent_at = None
            self.app.toast(self.refusal_words(why), 5)
        lan_news.talk_news(self)
        self.show_save_notices()

    def refusal_words(self, why: Refusal) -> str:
        """A refusal of the engine in the player's words: the game's words for its key
        (``refusal.<game>.<key>`` in its language files) with its parameters, or the
        engine's English sentence for a key no file words (``other``, an older host's)."""
        return refusal_words(self.tr, self.game, why, self.refusal_params(why))

    def refusal_params(self, why: Refusal) -> dict[str, object]:
        """A refusal's parameters as its words show them: a card by its name in the
        player's language, a seat by its player's name (a game's table adds its own)."""
        out: dict[str, object] = dict(why.params)
        for k, v in why.params.items():
            if k in CARD_PARAMS and isinstance(v, str):
                out[k] = registry.game(self.game).card_name(v, self.tr.lang)
            elif k in SEAT_PARAMS and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.names):
                out[k] = self.names[v]
        return out

    def _after_lost(self, choice: object) -> None:
        if choice == "title":
            self.to_title()

    def _fetch(self) -> None:
        for seat, events in self.client.poll():
            self.streams.setdefault(seat, deque()).append(events)
        lan_news.seat_news(self)

    def _next_batch(self) -> list[Event] | None:
        """The viewer's next batch of events (None: none waiting)."""
        key = self.viewer if self.viewer in self.streams else (None if None in self.streams else next(iter(self.streams), None))
        stream = self.streams.get(key)
        if not stream:
            return None
        batch = stream.popleft()
        for other, q in self.streams.items():
            if other != key and q:
                q.popleft()  # the same facts, redacted for another seat of this screen
        return batch

    def _may_act(self, seat: int | None) -> bool:
        return seat is not None and bool(self.view_of(seat).get("legal"))

    def _hide_hand_unless_acting(self) -> None:
        """Hotseat: the viewer's hand shows only while its owner, who was passed the
        screen, may act; otherwise (AIs moving, a game loaded or begun by AIs) it is face down."""
        if len(self.humans) > 1 and not self.game_over():
            self.hand_hidden = self.shown_to != self.viewer or not self._may_act(self.viewer)
        else:
            self.hand_hidden = False

    def _check_curtain(self) -> None:
        """Hotseat: when a human seat must act and the screen was not passed to it, the
        curtain comes first (another player's turn, a loaded game, a game the AIs began)."""
        self._hide_hand_unless_acting()
        if len(self.humans) < 2 or self.game_over() or self.curtain_for is not None:
            return
        # who may act now, asked seat by seat (in a team turn a seat that ended waits)
        waiting = [s for s in self.humans if self.view_of(s).get("legal")]
        if not waiting or (self.viewer in waiting and self.shown_to == self.viewer):
            return
        nxt = self.viewer if self.viewer in waiting else waiting[0]
        self.curtain_for = nxt

        def lifted(_: object) -> None:
            self.curtain_for = None
            self.viewer = self.shown_to = nxt
            self.hand_hidden = False
            self.seated(nxt)
            self.layout(self.w, self.h)

        self.app.push(Curtain(self.app, self.names[nxt]), lifted)

    @abstractmethod
    def seated(self, seat: int) -> None:
        """``seat`` sits at the screen (after the curtain): show the table as it sees it."""
        ...  # each game provides it

    # ---- the end -------------------------------------------------------------------------------------
    def _forget_autosave(self) -> None:
        """A local game that ended needs no autosave to continue from."""
        if self.app.persist and getattr(self.client, "session", None) is not None:
            try:
                games.autosave_path().unlink(missing_ok=True)
            except OSError:
                pass

    def _leave_game(self, choice: object, setup: TableSetup | None) -> None:
        """After the end screen: the same ``setup`` again (a rematch), New game opened on
        it, the table left in view ("table"), or the title."""
        from game.ui.scenes.common import open_table

        if choice == "table":
            return  # look at the table; the menu leads on
        self.app.reset(self.app.new_screen("title"))
        if choice == "rematch" and setup is not None:
            open_table(self.app, setup.record(), setup.seats)
        elif choice == "new":
            self.app.push(self.app.new_screen("new_game", setup))
