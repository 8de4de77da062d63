"""The hint key (H): the Medium AI's suggested move for the seat at the screen, shown on the table.

The suggestion comes from the client when it knows the move it waits for (a
lesson's), else from the same Medium agent the AI seats play (the game's
registry entry names it: ``game.ai.agent.make_agent``), given the viewer's view and
legal lines only, so a hint knows nothing the player could not. A fresh agent with a
fixed seed answers each request: the same view always gets the same hint. It thinks
in a worker process (a Medium decision can take longer than a frame, and pure Python
would stall the frame loop in a thread), started on the first H and ended with the
table.

The kit keeps when a hint may be asked (only while the player may act: not during
another seat's turn, a LAN opponent's or an animation), forgets it once the player
moves, and draws it; the game's table says where the move's cards and target lie
(``hint_targets(line)``) and words it as its log would (``hint_words(line)``).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing as mp
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.ai.lifeline import exit_with_parent
from game.ui import theme
from game.ui.i18n import Tr

HINT_AGENT = "medium"
HINT_SEED = 0
HINT_COLOR = (120, 214, 255)  # apart from the table's yellow (a prompt's answers) and red (attacks)
THINKING_S = 0.25  # a hint still being worked out after this long says so


def suggest(game: str, view: dict[str, Any], legal: list[str]) -> str:
    """The Medium agent's line for ``view`` (a fresh agent: the answer depends on the view alone)."""
    from game.ai.agent import make_agent

    return make_agent(HINT_AGENT, HINT_SEED, game).choose(view, legal)


class HintAnswers(Protocol):
    """A game's answers about a legal line (its ``hints`` module): where it is on the table, and in words."""

    def targets(self, table: Any, line: str) -> list[pygame.Rect]: ...

    def words(self, table: Any, line: str) -> str: ...


class HintingTable(Protocol):
    """What the hint key reads of its table, and the two questions the game's table answers."""

    game: str
    viewer: int | None
    client: Any
    app: Any

    @property
    def can_act(self) -> bool: ...

    @property
    def tr(self) -> Tr: ...

    def view_of(self, seat: int | None) -> dict[str, Any]:
        """The client's view for ``seat`` as the table shares it."""
        ...

    def hint_targets(self, line: str) -> list[pygame.Rect]:
        """Where the move ``line`` names things on the table: its card(s), its target, its button."""
        ...

    def hint_words(self, line: str) -> str:
        """The move ``line`` in the words of the game's log ("You play Spark")."""
        ...

    # optional: ``may_hint() -> bool``, when a hint may be asked, for a table whose player
    # may act with no legal line listed (Chaos Realms lists no offers); else ``can_act``


@dataclass
class Hint:
    line: str
    words: str


Moment = tuple[int, str]  # the seat at the screen and a digest of its view


class HintKey:
    """A table's hint: asked with H, worked out off the frame loop, shown until the player moves."""

    def __init__(self, table: HintingTable) -> None:
        self.table = table
        self.shown: Hint | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._asked: tuple[Moment, Future[str], float] | None = None  # (the moment, the answer, when asked)
        self._moment: Moment | None = None  # the moment the shown hint is for

    def moment(self) -> Moment | None:
        """What a hint is for: the seat at the screen and what it sees (None: no hint may be asked now)."""
        t = self.table
        own = getattr(t, "may_hint", None)  # a table whose moves are not all listed (Chaos Realms' offers)
        if t.viewer is None or not (own() if own is not None else t.can_act):
            return None
        view = t.view_of(t.viewer)
        if own is None and not view.get("legal"):
            return None
        digest = hashlib.blake2b(json.dumps(view, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()
        return (t.viewer, digest)

    def press(self) -> None:
        """H: ask for a hint (said why not when the player may not act now)."""
        now = self.moment()
        if now is None:
            self.table.app.toast(self.table.tr("hint.not_now"), 2.5)
            self.table.app.sound.play("error")
            return
        if (self.shown is not None and self._moment == now) or (self._asked is not None and self._asked[0] == now):
            return  # already shown, or on its way
        own = getattr(self.table.client, "suggestion", None)
        line = own(now[0]) if own is not None else None
        if line is not None:  # a client that knows the move it waits for (a lesson's) gives it
            self.shown, self._moment, self._asked = Hint(line, self.table.hint_words(line)), now, None
            return
        view = self.table.view_of(now[0])
        self._asked = (now, self._worker().submit(suggest, self.table.game, view, list(view["legal"])), time.monotonic())
        self.shown = None

    def _worker(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"), initializer=exit_with_parent)
        return self._pool

    @property
    def thinking(self) -> bool:
        """A hint asked a moment ago is still being worked out."""
        return self._asked is not None and time.monotonic() - self._asked[2] > THINKING_S

    def update(self) -> None:
        """Each frame: take a finished answer; forget the hint once the moment it was for has passed."""
        if self.shown is None and self._asked is None:
            return  # nothing to keep up to date (the view is not asked for every frame)
        now = self.moment()
        if self.shown is not None and now != self._moment:
            self.shown = None
        if self._asked is None:
            return
        moment, answer, _ = self._asked
        if moment != now:
            answer.cancel()
            self._asked = None
        elif answer.done():
            self._asked = None
            try:
                line = answer.result()
            except Exception:  # a worker that died or an agent that failed: say so, never stop the table
                self.table.app.toast(self.table.tr("hint.failed"), 3)
                self.close()  # the next H starts a fresh worker
                return
            self.shown = Hint(line, self.table.hint_words(line))
            self._moment = moment

    def wait(self, timeout: float) -> bool:
        """Block until the hint asked is shown (for tools and tests); whether it is."""
        end = time.monotonic() + timeout
        while self._asked is not None and time.monotonic() < end:
            time.sleep(0.01)
            self.update()
        return self.shown is not None

    def draw(self, surf: pygame.Surface, at: pygame.Rect, scale: float, t: float) -> None:
        """The hint on the table: a pulsing frame around what its move names, and the move
        in words in a panel at the bottom of ``at`` (the sidebar's log, where moves are told),
        or that it is being worked out."""
        panel = self._panel(at, scale)
        if panel is None:
            return
        s = scale
        if self.shown is not None:
            k = 0.5 + 0.5 * abs(((t * 1.6) % 2) - 1)
            colour = theme.lerp_color(HINT_COLOR, (255, 255, 255), 0.35 * k)
            for r in self.table.hint_targets(self.shown.line):
                pygame.draw.rect(surf, colour, r.inflate(int(10 * s), int(10 * s)), max(3, int(4 * s)),
                                 border_radius=max(5, min(r.width, r.height) // 8))
        box, lines, size, pad, step = panel
        theme.panel(surf, box, (14, 22, 30), HINT_COLOR, max(4, int(8 * s)), alpha=245, width=max(1, int(2 * s)))
        for i, line in enumerate(lines):
            text = theme.fit_text(line, size, at.width - 2 * pad, HINT_COLOR, "bold")
            surf.blit(text, (box.left + pad, box.top + pad + i * step))

    def reserved(self, at: pygame.Rect, scale: float) -> int:
        """How much of the bottom of ``at`` the hint's panel takes (the log keeps above it)."""
        panel = self._panel(at, scale)
        return 0 if panel is None else panel[0].height + int(6 * scale)

    def _panel(self, at: pygame.Rect, scale: float) -> tuple[pygame.Rect, list[str], int, int, int] | None:
        """The words' panel at the bottom of ``at``: its rectangle, lines, text size,
        padding and line step; None when no hint is shown or being worked out."""
        if self.shown is not None:
            words = str(self.table.tr("hint.shown", move=self.shown.words))
        elif self.thinking:
            words = str(self.table.tr("hint.thinking"))
        else:
            return None
        pad = int(10 * scale)
        size = max(11, int(16 * scale))
        f = theme.font(size, "bold")
        lines = theme.wrap(words, f, at.width - 2 * pad)[:3]
        box = pygame.Rect(0, 0, at.width, len(lines) * f.get_linesize() + 2 * pad)
        box.midbottom = at.midbottom
        return box, lines, size, pad, f.get_linesize()

    def close(self) -> None:
        """The table closes: the worker ends (a request under way is dropped)."""
        self._asked = None
        self.shown = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
