"""The Statistics screen: charts over the history of finished games.

For all games or one game (a choice at the top): games played, won and lost; a bar
chart of the win rate against each AI level with its 95% Wilson interval as whiskers;
a line of the win rate over time; the average length; and the game's own figures (its
game class's ``summary_figures``: for one game the cards bought most, the average score...).
"Export CSV" writes one line per game to the user's data folder and says where. The
figures come from ``game/session/stats.py``, cached in the history folder.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import games as registry
from game.core.userdirs import data_dir
from game.session import stats
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop
from game.ui.widgets.basic import Button, Cycle, Group

ALL = ""  # the choice of every game at once


def figure_lines(tr: Any, figures: dict[str, Any], name: Callable[[str], str]) -> list[tuple[str, list[str]]]:
    """A game's figures (its game class's plain JSON) as lines to show: each a label with its value
    on the first line and, for a list of cards or a hand's cards, more lines under it.
    Labels come from ``stats.fig_<key>`` when the text has one, cards by their names (``name``)."""
    out: list[tuple[str, list[str]]] = []
    for key, value in figures.items():
        label = str(tr(f"stats.fig_{key}")) if tr.has(f"stats.fig_{key}") else key.replace("_", " ")
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.append((f"{label}:", [show_value(v, name) for v in value[:5]]))
        elif isinstance(value, dict) and isinstance(value.get("cards"), list):  # a hand: its figures, then its cards
            rest = [show_value(v, name) for k, v in value.items() if k != "cards"]
            out.append((f"{label}: {' · '.join(rest)}", [", ".join(name(str(c)) for c in value["cards"])]))
        else:
            out.append((f"{label}: {show_value(value, name)}", []))
    return out


def show_value(value: Any, name: Callable[[str], str]) -> str:
    """A figure in a few words: numbers, rates as percentages, cards by name."""
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list):
        return ", ".join(show_value(v, name) for v in value[:5]) or "–"
    if isinstance(value, dict):
        if "card" in value:  # a card and its figures
            rest = [_rate(v) if k.endswith("rate") else show_value(v, name) for k, v in value.items() if k != "card"]
            return f"{name(str(value['card']))} ({' · '.join(rest)})"
        if "win_rate" in value:
            return f"{_rate(value['win_rate'])} ({value.get('won', 0)}/{value.get('games', 0)})"
        return " · ".join(show_value(v, name) for v in value.values())
    return str(value)


def _rate(v: Any) -> str:
    return "–" if not isinstance(v, (int, float)) else f"{v:.0%}"


SKIPPED_SHOWN = 3  # the history files not counted that the screen names (the rest are counted in one line)


def tally_words(tr: Any, t: dict[str, Any]) -> str:
    """"1 game · 1 won · 0 lost": each count agrees with its own word (``_one`` forms)."""
    return " · ".join(str(tr(f"stats.{k}", n=int(t[k]))) for k in ("played", "won", "lost"))


def figure(x: float) -> str:
    """An average as every line of the screen shows it: at most one decimal ("3.5", "4")."""
    return f"{round(x, 1):g}"


def length_words(tr: Any, turns: float | None, minutes: float | None) -> str:
    """The average game ("Average game: 3.5 turns, 12 min"); games of less than a minute
    (AI against AI) say nothing of their time."""
    if turns is None:
        return ""
    if minutes is not None and minutes >= 1:
        return str(tr("stats.length_minutes", turns=figure(turns), minutes=figure(minutes)))
    return str(tr("stats.length", turns=figure(turns)))


class StatsScene(Scene):
    """Charts and figures over the history; Export CSV."""

    menu = True

    def __init__(self, app: Any, folder: Path | None = None) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.group = Group()
        # the player's history; none when the app must not read the player's files (the tour gives its own)
        self.rows, self.problems = stats.summaries(folder) if folder is not None or app.persist else ([], [])
        for reason in self.problems[:SKIPPED_SHOWN]:  # a file that cannot be counted says why, and the rest count
            self.app.toast(self.tr("stats.skipped", reason=reason), 8)
        if len(self.problems) > SKIPPED_SHOWN:
            self.app.toast(self.tr("stats.skipped_more", n=len(self.problems) - SKIPPED_SHOWN), 8)
        self.games = sorted({r["game"] for r in self.rows})
        self.game = ALL
        self.result: dict[str, Any] = {}
        self._compute()

    def _compute(self) -> None:
        rows = [r for r in self.rows if self.game in (ALL, r["game"])]
        self.shown_rows = rows
        self.result = stats.aggregate(rows)

    def choose(self, game: Any) -> None:
        self.game = str(game)
        self._compute()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        self.panel = pygame.Rect(u(20), u(16), w - u(40), h - u(32))
        g = Group()
        options = [(ALL, str(self.tr("stats.all")))] + [(name, registry.title(name)) for name in self.games]
        g.add(Cycle(options, self.game, self.choose, pygame.Rect(self.panel.left + u(20), self.panel.top + u(14),
                                                                   u(300), u(40)), caption=self.tr("stats.game")))
        bottom = self.panel.bottom - u(58)
        export = Button(self.tr("stats.export"), self.export, pygame.Rect(self.panel.right - u(420), bottom, u(190), u(44)))
        back = Button(self.tr("newgame.back"), lambda: self.close(None),
                      pygame.Rect(self.panel.right - u(210), bottom, u(190), u(44)), primary=True)
        for b in (export, back):
            b.app_sound = self.app.sound.play
            g.add(b)
        self.group = g

    def export(self) -> None:
        path = data_dir() / time.strftime("statistics-%Y%m%d-%H%M%S.csv")
        try:
            stats.export_csv(self.shown_rows, path)
        except OSError as exc:
            self.app.toast(self.tr("stats.export_failed", reason=str(exc.strerror or exc)), 6)
            return
        self.app.toast(self.tr("stats.exported", path=str(path)), 8)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        u = self.u
        self.backdrop.draw(surf, self.app)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, u(14), width=max(2, u(2)))
        t = theme.text(self.tr("stats.title"), u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + u(12))))
        self.group.draw(surf)
        if not self.rows:
            e = theme.text(self.tr("stats.empty"), u(18), theme.TEXT_DIM)
            surf.blit(e, e.get_rect(center=self.panel.center))
            return
        r = self.result
        top = self.panel.top + u(66)
        line = theme.text(tally_words(self.tr, r), u(20), theme.TEXT, "bold")
        surf.blit(line, (self.panel.left + u(24), top))
        length = self._length()
        if length:
            s = theme.text(length, u(16), theme.TEXT_DIM)
            surf.blit(s, (self.panel.left + u(24), top + u(28)))
        chart_top = top + u(62)
        chart_h = int((self.panel.bottom - u(70) - chart_top) * 0.6)
        half = (self.panel.width - u(72)) // 2
        bars = pygame.Rect(self.panel.left + u(24), chart_top, half, chart_h)
        line_box = pygame.Rect(bars.right + u(24), chart_top, half, chart_h)
        self.draw_bars(surf, bars, self._levels())
        self.draw_line(surf, line_box, r["over_time"])
        self.draw_figures(surf, pygame.Rect(self.panel.left + u(24), bars.bottom + u(16),
                                            self.panel.width - u(48), self.panel.bottom - u(70) - bars.bottom - u(16)))

    def _length(self) -> str:
        """The average game of the games shown, when they are all of one game (turns of
        different games are not alike: each game's column says its own)."""
        if len({r["game"] for r in self.shown_rows}) != 1:
            return ""
        g = next(iter(self.result.get("by_game", {}).values()), None)
        return length_words(self.tr, g["turns"], g["minutes"]) if g else ""

    def _levels(self) -> dict[str, dict[str, Any]]:
        """Each AI level's tally over the games shown (a game against two levels counts for both)."""
        by: dict[str, list[dict[str, Any]]] = {}
        for row in self.shown_rows:
            for level in row["levels"] or [str(self.tr("stats.no_ai"))]:
                by.setdefault(level, []).append(row)
        order = ["easy", "medium", "hard", "random"]
        names = sorted(by, key=lambda lv: (order.index(lv) if lv in order else len(order), lv))
        return {lv: stats.aggregate(by[lv]) for lv in names}

    def _frame(self, surf: pygame.Surface, box: pygame.Rect, title: str) -> pygame.Rect:
        """A chart's panel and title; the plotting area inside, with room for the axis words."""
        u = self.u
        theme.panel(surf, box, theme.FELT_DARK, theme.PANEL_EDGE, u(10))
        t = theme.fit_text(title, u(16), box.width - u(20), theme.ACCENT, "bold")
        surf.blit(t, (box.left + u(12), box.top + u(8)))
        # room for the title above and two lines of axis words below, at any text size
        top = max(u(38), u(14) + t.get_height())
        below = max(u(36), u(8) + theme.font(u(14)).get_linesize() + theme.font(u(11)).get_linesize())
        left = max(u(52), theme.font(u(12)).size("100%")[0] + u(12))
        area = pygame.Rect(box.left + left, box.top + top, box.width - left - u(18), box.height - top - below)
        for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = area.bottom - int(area.height * frac)
            pygame.draw.line(surf, theme.FELT_LINE, (area.left, y), (area.right, y), 1)
            lab = theme.text(f"{frac:.0%}", u(12), theme.TEXT_DIM)
            surf.blit(lab, lab.get_rect(midright=(area.left - u(6), y)))
        return area

    def draw_bars(self, surf: pygame.Surface, box: pygame.Rect, levels: dict[str, dict[str, Any]]) -> None:
        """One bar per AI level (the win rate), its 95% interval as a whisker."""
        u = self.u
        area = self._frame(surf, box, str(self.tr("stats.by_level")))
        decided = {lv: t for lv, t in levels.items() if t["win_rate"] is not None}
        if not decided:
            e = theme.text(self.tr("stats.no_decided"), u(14), theme.TEXT_DIM)
            surf.blit(e, e.get_rect(center=area.center))
            return
        slot = area.width // len(decided)
        bar_w = max(u(10), min(u(70), int(slot * 0.5)))
        for i, (level, t) in enumerate(decided.items()):
            cx = area.left + slot * i + slot // 2
            hgt = int(area.height * t["win_rate"])
            bar = pygame.Rect(cx - bar_w // 2, area.bottom - hgt, bar_w, max(1, hgt))
            pygame.draw.rect(surf, theme.shade(theme.ACCENT, 0.85), bar, border_radius=u(3))
            lo, hi = t["interval"]
            y_lo, y_hi = area.bottom - int(area.height * lo), area.bottom - int(area.height * hi)
            pygame.draw.line(surf, theme.TEXT, (cx, y_lo), (cx, y_hi), max(1, u(2)))
            for y in (y_lo, y_hi):
                pygame.draw.line(surf, theme.TEXT, (cx - bar_w // 4, y), (cx + bar_w // 4, y), max(1, u(2)))
            pct = theme.text(f"{t['win_rate']:.0%}", u(13), theme.TEXT, "bold")
            surf.blit(pct, pct.get_rect(midbottom=(cx + bar_w // 2 + u(14), max(area.top + pct.get_height(), bar.top))))
            words = self.tr(f"agent.{level}") if self.tr.has(f"agent.{level}") else level
            name = theme.fit_text(words, u(14), slot - u(4), theme.TEXT)
            at = surf.blit(name, name.get_rect(midtop=(cx, area.bottom + u(4))))
            n = theme.fit_text(self.tr("stats.played", n=t["won"] + t["lost"]), u(11), slot - u(4), theme.TEXT_DIM)
            surf.blit(n, n.get_rect(midtop=(cx, max(area.bottom + u(20), at.bottom))))

    def draw_line(self, surf: pygame.Surface, box: pygame.Rect, points: list[dict[str, Any]]) -> None:
        """The running win rate after each decided game, oldest to newest."""
        u = self.u
        area = self._frame(surf, box, str(self.tr("stats.over_time")))
        if not points:
            e = theme.text(self.tr("stats.no_decided"), u(14), theme.TEXT_DIM)
            surf.blit(e, e.get_rect(center=area.center))
            return
        n = len(points)
        xy = [(area.left + (area.width * i // max(1, n - 1) if n > 1 else area.width // 2),
               area.bottom - int(area.height * p["win_rate"])) for i, p in enumerate(points)]
        if len(xy) > 1:
            pygame.draw.lines(surf, theme.ACCENT, False, xy, max(2, u(3)))
        for x, y in xy[-1:] if n > 40 else xy:
            pygame.draw.circle(surf, theme.HILITE, (x, y), max(2, u(4)))
        for i, anchor in ((0, "topleft"), (n - 1, "topright")):
            lab = theme.text(str(points[i]["date"])[:10], u(11), theme.TEXT_DIM)
            rect = lab.get_rect(**{anchor: (area.left if i == 0 else area.right, area.bottom + u(6))})
            surf.blit(lab, rect)

    def variant_words(self, game: str, label: str) -> str:
        """A game's setup label ("ffa", "base+promo", "chaos:300+base") in the player's words,
        from its table door (as the LAN list shows a host's setup)."""
        from game.ui.tablekit.entry import table_entry

        modules = [m for m in label.split("+") if ":" not in m and m != "chaos"]
        try:
            return str(table_entry(game).setup_words(self.tr, label, modules))
        except (ValueError, KeyError):
            return label

    def draw_figures(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        """Each game's own figures, a column per game."""
        u = self.u
        by_game = self.result.get("by_game", {})
        if not by_game or box.height < u(40):
            return
        col_w = box.width // len(by_game)
        for i, (game, g) in enumerate(by_game.items()):
            rules = registry.game(game)
            x, y = box.left + i * col_w, box.top
            title = theme.fit_text(f"{g['title']}: {tally_words(self.tr, g)}", u(16), col_w - u(16), theme.ACCENT, "bold")
            surf.blit(title, (x, y))
            y += title.get_height() + u(4)
            length = length_words(self.tr, g["turns"], g["minutes"])
            if length and len(by_game) > 1:  # one game alone: the line at the top says it
                text = theme.fit_text(length, u(14), col_w - u(16), theme.TEXT)
                surf.blit(text, (x, y))
                y += text.get_height() + u(2)
            if len(g["by_variant"]) > 1:  # the games by format or variant, when there are several
                for label, t in sorted(g["by_variant"].items(), key=lambda kv: -kv[1]["played"])[:3]:
                    words = f"{self.variant_words(game, label)}: {tally_words(self.tr, t)}"
                    text = theme.fit_text(words, u(14), col_w - u(16), theme.TEXT_DIM)
                    surf.blit(text, (x, y))
                    y += text.get_height() + u(2)
            lang = self.tr.lang

            def name(card: str, rules: Any = rules, lang: str = lang) -> str:
                return str(rules.card_name(card, lang))

            for first, more in figure_lines(self.tr, g["figures"], name):
                for k, words in enumerate([first, *(f"   {v}" for v in more)]):
                    if y + u(18) > box.bottom:
                        break
                    text = theme.fit_text(words, u(14), col_w - u(16), theme.TEXT if k == 0 else theme.TEXT_DIM)
                    surf.blit(text, (x, y))
                    y += text.get_height() + u(2)
