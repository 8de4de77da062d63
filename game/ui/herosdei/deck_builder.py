"""The HerosDeï deck builder: a player builds a deck of their own, names it and saves it
in their folder, where New game finds it.

Across the top: the deck's name, its civilisation (whose Sovereign Good is its player's)
and where to start from (an empty deck, a copy of one of the game's decks, or one of the
player's own files to edit). On the left, the cards to browse by civilisation and type,
each face with its count in the deck over its cap; a click adds a copy, a right click
(or ``-`` over it) takes one out, the wheel or Page Up/Down turns the pages, and the
card under the pointer is shown large. On the right, the deck: "n/80" cards, its Heroes,
whether it is legal (the reason every deck is checked with, or "Legal deck"), its cards
with their counts (a click takes one out), Save and Back. What may go in and why not is
the engine's :class:`game.herosdei.deck_building.DeckDraft`; the scene only shows it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.refusal import Refusal
from game.herosdei.deck_building import DECK_CIVS, NAME_MAX, TYPE_ORDER, DeckDraft, Source, shown, sources
from game.herosdei.decks import DECK_SIZE, HEROES_NEEDED
from game.ui import i18n, theme
from game.ui.herosdei.deck_grid import Grid, card_name, draw_cell, draw_rows, fit_grid, list_fits, list_rows
from game.ui.herosdei.draw import FELT
from game.ui.herosdei.overlays import draw_zoom
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.tablekit.tip import draw_tip
from game.ui.widgets.basic import Button, Cycle, Group, Label, TextField

SIDE_W = 330  # design pixels of the deck's column
# design pixels from the top of the deck's column: its total, Heroes, legality (two lines), a rule,
# the list's heading (two lines) and the list
LINES = {"total": 12, "heroes": 46, "legal": 74, "rule": 118, "list": 164}  # design offsets in the side column
ADD_KEYS = frozenset({pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RETURN, pygame.K_KP_ENTER})
REMOVE_KEYS = frozenset({pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_BACKSPACE, pygame.K_DELETE})


class DeckBuilderScene(Scene):
    """Build, open and save a HerosDeï deck; closes with the saved deck's name (its file's
    stem) or None when nothing was saved."""

    def __init__(self, app: Any, start: Source | None = None) -> None:
        super().__init__(app)
        self.draft = DeckDraft.opened(start) if start is not None else DeckDraft()
        self.civ_filter = "deck"  # "deck" (its civilisation and the neutral cards), "all" or a civilisation
        self.type_filter = "all"
        self.page = 0
        self.list_first = 0
        self.starts = sources()
        self.start_choice = -1  # -1: an empty deck, else an index in ``starts``
        self.saved_as: str | None = None
        self.hover: str | None = None
        self.hover_rect: pygame.Rect | None = None
        self.pointer: tuple[int, int] | None = None
        self.group = Group()
        self.grid: Grid | None = None
        self.cells: list[tuple[str, pygame.Rect]] = []
        self.rows: list[tuple[str, int, pygame.Rect]] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)

    # ---- what is shown ------------------------------------------------------------------------
    def browsed(self) -> list[str]:
        """The cards the filters let through, in the browse's order."""
        kind = None if self.type_filter == "all" else self.type_filter
        lang = self.tr.lang
        if self.civ_filter == "all":
            return shown(self.draft.defs, None, kind, lang)
        if self.civ_filter == "deck":
            return shown(self.draft.defs, self.draft.civ, kind, lang, with_neutral=True)
        return shown(self.draft.defs, self.civ_filter, kind, lang)

    def words(self, why: Refusal) -> str:
        """A refusal of the draft in the player's language (a card named by its name)."""
        params = dict(why.params)
        if "card" in params:
            params["card"] = card_name(self.draft.defs, str(params["card"]), self.tr.lang)
        return i18n.refusal_words(self.tr, "herosdei", why, params)

    def civ_words(self, civ: str) -> str:
        return self.tr(f"hdface.civ_{civ}")

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u, tr = self.u, self.tr
        g = Group()
        m, row_h, gap = u(16), u(38), u(10)
        y = u(12)
        x = m
        title_w = u(210)
        g.add(Label(tr("deckbuilder.title"), u(26), theme.ACCENT, pygame.Rect(x, y, title_w, row_h), kind="bold"))
        x += title_w + gap
        self.name_field = TextField(self.draft.name, self._set_name, pygame.Rect(x, y, u(280), row_h), max_len=NAME_MAX,
                                    placeholder=tr("deckbuilder.name_placeholder"))
        g.add(self.name_field)
        x += u(280) + gap
        civs = [c for c in DECK_CIVS] + ([self.draft.civ] if self.draft.civ not in DECK_CIVS else [])
        civ_opts = [(c, tr("deckbuilder.deck_civ", civ=self.civ_words(c))) for c in civs]
        g.add(Cycle(civ_opts, self.draft.civ, self._set_civ, pygame.Rect(x, y, u(250), row_h)))
        x += u(250) + gap
        open_w = u(96)
        start_w = w - m - open_w - gap - x
        starts = [(-1, tr("deckbuilder.start_empty"))]
        starts += [(i, tr("deckbuilder.start_edit" if s.own else "deckbuilder.start_copy", name=s.name))
                   for i, s in enumerate(self.starts)]
        g.add(Cycle(starts, self.start_choice, self._set_start, pygame.Rect(x, y, start_w, row_h)))
        g.add(Button(tr("deckbuilder.open"), self._open, pygame.Rect(x + start_w + gap, y, open_w, row_h)))

        side_w = u(SIDE_W)
        y2 = y + row_h + gap
        self.side = pygame.Rect(w - m - side_w, y2, side_w, h - y2 - m)
        grid_right = self.side.left - m
        civ_opts = [("deck", tr("deckbuilder.filter_deck", civ=self.civ_words(self.draft.civ))),
                    ("all", tr("deckbuilder.filter_all"))] + [(c, self.civ_words(c)) for c in (*DECK_CIVS, "neutral")]
        fw = u(230)
        g.add(Cycle(civ_opts, self.civ_filter, self._set_civ_filter, pygame.Rect(m, y2, fw, row_h)))
        types = [("all", tr("deckbuilder.type_all"))] + [(t, tr(f"hdface.type_{t}")) for t in TYPE_ORDER
                                                        if any(d.type == t for d in self.draft.defs.values())]
        g.add(Cycle(types, self.type_filter, self._set_type_filter, pygame.Rect(m + fw + gap, y2, fw, row_h)))
        nav_w = u(44)
        self.next_btn = Button(">", lambda: self._turn(1), pygame.Rect(grid_right - nav_w, y2, nav_w, row_h))
        self.prev_btn = Button("<", lambda: self._turn(-1), pygame.Rect(grid_right - 2 * nav_w - u(110) - gap, y2, nav_w, row_h))
        self.page_rect = pygame.Rect(self.prev_btn.rect.right, y2, u(110), row_h)
        g.add(self.prev_btn)
        g.add(self.next_btn)
        help_y = y2 + row_h + u(4)
        g.add(Label(tr("deckbuilder.help"), u(14), theme.TEXT_DIM, pygame.Rect(m, help_y, grid_right - m, u(20))))
        area = pygame.Rect(m, help_y + u(28), grid_right - m, h - help_y - u(28) - m)
        self.grid = fit_grid(area, u, tr.lang)

        s = self.side
        pad = u(14)
        bw = (s.width - 3 * pad) // 2
        by = s.bottom - pad - u(44)
        self.save_btn = Button(tr("deckbuilder.save"), self._save, pygame.Rect(s.left + pad, by, bw, u(44)), primary=True)
        back = Button(tr("deckbuilder.back"), self._back, pygame.Rect(s.left + 2 * pad + bw, by, bw, u(44)))
        g.add(self.save_btn)
        g.add(back)
        self.save_why_rect = pygame.Rect(s.left + pad, by - u(26), s.width - 2 * pad, u(22))
        list_top = s.top + self._side_lines()["list"]
        self.list_rect = pygame.Rect(s.left + pad, list_top, s.width - 2 * pad, self.save_why_rect.top - u(8) - list_top)
        for wdg in g.widgets:
            if isinstance(wdg, Button):
                wdg.app_sound = self.app.sound.play
        self.group = g
        self._refresh()

    def _refresh(self) -> None:
        """What depends on the draft and the filters: the cells, the rows, the buttons' state."""
        cards = self.browsed()
        assert self.grid is not None
        pages = self.grid.pages(len(cards))
        self.page = max(0, min(self.page, pages - 1))
        self.cells = self.grid.cells(cards, self.page)
        self.prev_btn.enabled = self.page > 0
        self.next_btn.enabled = self.page < pages - 1
        listed = self.draft.listed(self.tr.lang)
        fits = list_fits(self.list_rect, self.u)
        self.list_first = max(0, min(self.list_first, len(listed) - fits))
        self.rows = list_rows(self.list_rect, listed, self.list_first, self.u)
        why = self.draft.why_not_save()
        self.save_btn.enabled = why is None
        self.save_btn.tooltip = self.words(why) if why is not None else ""
        self._hover_at(self.pointer)

    def pages(self) -> int:
        assert self.grid is not None
        return self.grid.pages(len(self.browsed()))

    # ---- the widgets' news --------------------------------------------------------------------
    def _set_name(self, v: str) -> None:
        self.draft.name = v
        self._refresh()

    def _set_civ(self, civ: str) -> None:
        self.draft.civ = civ
        self.page = 0
        self.relayout()

    def _set_start(self, i: int) -> None:
        self.start_choice = i

    def _set_civ_filter(self, v: str) -> None:
        self.civ_filter = v
        self.page = 0
        self._refresh()

    def _set_type_filter(self, v: str) -> None:
        self.type_filter = v
        self.page = 0
        self._refresh()

    def relayout(self) -> None:
        editing = self.name_field.editing if hasattr(self, "name_field") else False
        self.layout(self.w, self.h)
        self.name_field.editing = editing

    def _turn(self, delta: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + delta))
        self._refresh()

    def _open(self) -> None:
        if self.draft.dirty and self.draft.counts:
            self.app.push(ConfirmDialog(self.app, self.tr("deckbuilder.replace_title"), [self.tr("deckbuilder.unsaved")],
                                        self.tr("deckbuilder.open"), self.tr("deckbuilder.stay")),
                          lambda yes: self._opened() if yes else None)
            return
        self._opened()

    def _opened(self) -> None:
        i = self.start_choice
        self.draft = DeckDraft.opened(self.starts[i]) if 0 <= i < len(self.starts) else DeckDraft(civ=self.draft.civ)
        self.page = self.list_first = 0
        self.civ_filter = "deck"
        self.relayout()

    def add(self, card: str) -> None:
        why = self.draft.add(card)
        if why is not None:
            self.app.toast(self.words(why), 3)
            self.app.sound.play("error")
        else:
            self.app.sound.play("card")
        self._refresh()

    def remove(self, card: str) -> None:
        if self.draft.remove(card):
            self.app.sound.play("card")
        self._refresh()

    def _save(self) -> None:
        why = self.draft.why_not_save()
        if why is not None:
            self.app.toast(self.words(why), 5)
            return
        try:
            path = self.draft.save()
        except OSError as exc:
            self.app.toast(self.tr("deckbuilder.save_failed", reason=str(exc.strerror or exc)), 6)
            return
        self.saved_as = path.stem
        problem = self.draft.problem()
        if problem is None:
            self.app.toast(self.tr("deckbuilder.saved", file=path.name), 5)
        else:
            self.app.toast(self.tr("deckbuilder.saved_unfinished", file=path.name, reason=self.words(problem)), 7)
        self.starts = sources()
        self.start_choice = next((i for i, s in enumerate(self.starts) if s.path == path), -1)
        self.relayout()

    def _back(self) -> None:
        if self.draft.dirty and self.draft.counts:
            self.app.push(ConfirmDialog(self.app, self.tr("deckbuilder.leave_title"), [self.tr("deckbuilder.unsaved")],
                                        self.tr("deckbuilder.leave"), self.tr("deckbuilder.stay")),
                          lambda yes: self.close(self.saved_as) if yes else None)
            return
        self.close(self.saved_as)

    # ---- input --------------------------------------------------------------------------------
    def _hover_at(self, pos: tuple[int, int] | None) -> None:
        self.hover, self.hover_rect = None, None
        if pos is None:
            return
        pill = self.grid.badge_h if self.grid is not None else 0
        for card, rect in self.cells:
            if rect.inflate(0, pill).move(0, pill // 2).collidepoint(pos):  # the face and its pill under it
                self.hover, self.hover_rect = card, rect
                return
        for card, _n, rect in self.rows:
            if rect.collidepoint(pos):
                self.hover, self.hover_rect = card, rect
                return

    def _typing(self) -> bool:
        return self.name_field.editing or self.name_field.focused

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.name_field.editing:
                self.name_field.editing = False
                return
            self._back()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
            self._hover_at(self.pointer)
        if event.type == pygame.KEYDOWN and not self._typing() and self.hover is not None:
            if event.key in ADD_KEYS:
                self.add(self.hover)
                return
            if event.key in REMOVE_KEYS:
                self.remove(self.hover)
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and not self._typing():
            self._turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return
        if self.group.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.hover is not None:
            in_list = self.list_rect.collidepoint(event.pos)
            if event.button == 1 and not in_list:
                self.add(self.hover)
            else:
                self.remove(self.hover)
        elif event.type == pygame.MOUSEWHEEL and self.pointer is not None:
            if self.list_rect.collidepoint(self.pointer):
                self.list_first = max(0, self.list_first - int(event.y) * 3)
                self._refresh()
            elif event.y:
                self._turn(-1 if event.y > 0 else 1)

    def picture(self) -> object:
        """Only input changes it (the caret of the name blinks: drawn again while it is edited)."""
        if self._typing():
            return None
        return (self.draft.signature(), self.page, self.list_first, self.civ_filter, self.type_filter, self.hover,
                self.group.hovered_tooltip(), tuple((w.hover, w.focused) for w in self.group.widgets))

    # ---- drawing ------------------------------------------------------------------------------
    def toast_top(self) -> int:
        """Over the cards, clear of the filters."""
        return self.grid.area.top + self.u(40) if self.grid is not None else super().toast_top()

    def toast_span(self) -> tuple[int, int]:
        if self.grid is None:
            return super().toast_span()
        return self.grid.area.centerx, int(self.grid.area.width * 0.9)

    def draw(self, surf: pygame.Surface) -> None:
        u, tr = self.u, self.tr
        surf.blit(FELT.surface(self.w, self.h), (0, 0))
        theme.panel(surf, self.side, theme.PANEL, theme.ACCENT, u(12), alpha=235, width=max(1, u(2)))
        self.group.draw(surf)
        page = theme.fit_text(tr("deckbuilder.page", n=self.page + 1, of=self.pages()), u(16), self.page_rect.width,
                              theme.TEXT, "bold")
        surf.blit(page, page.get_rect(center=self.page_rect.center))
        lang = tr.lang
        assert self.grid is not None
        for card, rect in self.cells:
            draw_cell(surf, self.draft, card, rect, lang, u, card == self.hover, self.grid.badge_h)
        if not self.cells:
            t = theme.text(tr("deckbuilder.no_cards"), u(18), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midtop=(self.grid.area.centerx, self.grid.area.top + u(40))))
        self._draw_side(surf)
        if self.hover is not None and self.hover_rect is not None and self.hover in self.draft.defs:
            bounds = surf.get_rect().inflate(-u(8), -u(8))
            if not self.side.colliderect(self.hover_rect):  # a card of the grid: its zoom keeps off the deck's column
                bounds.width = self.side.left - u(6) - bounds.left
            draw_zoom(surf, self.hover, self.hover_rect, lang, self.app.scale, tr, bounds)
        tip = self.group.hovered_tooltip()
        if tip is not None and self.pointer is not None:
            draw_tip(surf, tip[0], (self.pointer[0] + u(14), self.pointer[1] + u(14)), u)

    def _side_lines(self) -> dict[str, int]:
        """Where the side column's blocks begin: the design's offsets, lower when a larger
        text size needs it (the legality line keeps two lines, the list's head two)."""
        u = self.u
        out = {"total": u(LINES["total"])}
        out["heroes"] = max(u(LINES["heroes"]), out["total"] + theme.font(u(24), "bold").get_linesize() + u(6))
        out["legal"] = max(u(LINES["legal"]), out["heroes"] + theme.font(u(17)).get_linesize() + u(8))
        out["rule"] = max(u(LINES["rule"]), out["legal"] + 2 * theme.font(u(15), "bold").get_linesize() + u(8))
        out["list"] = max(u(LINES["list"]), out["rule"] + u(6) + 2 * theme.font(u(14), "bold").get_linesize() + u(6))
        return out

    def _draw_side(self, surf: pygame.Surface) -> None:
        u, tr, s, d = self.u, self.tr, self.side, self.draft
        at = self._side_lines()
        pad = u(14)
        x, room = s.left + pad, s.width - 2 * pad
        full = d.total == DECK_SIZE
        total = theme.fit_text(tr("deckbuilder.total", n=d.total, size=DECK_SIZE), u(24), room,
                               theme.OK if full else theme.TEXT, "bold")
        surf.blit(total, (x, s.top + at["total"]))
        heroes = theme.fit_text(tr("deckbuilder.heroes", n=d.heroes, need=HEROES_NEEDED), u(17), room,
                                theme.OK if d.heroes >= HEROES_NEEDED else theme.TEXT_DIM)
        surf.blit(heroes, (x, s.top + at["heroes"]))
        problem = d.problem()
        words = tr("deckbuilder.legal") if problem is None else tr("deckbuilder.not_legal", reason=self.words(problem))
        self._lines(surf, words, u(15), theme.OK if problem is None else theme.DANGER, "bold",
                    pygame.Rect(x, s.top + at["legal"], room, at["rule"] - at["legal"]))
        rule_y = s.top + at["rule"]
        pygame.draw.line(surf, theme.PANEL_EDGE, (x, rule_y), (x + room, rule_y))
        head = tr("deckbuilder.in_deck", n=len(d.counts))
        self._lines(surf, head, u(14), theme.TEXT_DIM, "bold",
                    pygame.Rect(x, rule_y + u(6), room, self.list_rect.top - rule_y - u(8)))
        if not d.counts:
            self._lines(surf, tr("deckbuilder.empty_list"), u(15), theme.TEXT_DIM, "regular",
                        self.list_rect.inflate(0, -u(8)))
        draw_rows(surf, d, self.rows, tr.lang, u, self.hover)
        listed = len(d.counts)
        if listed > len(self.rows):  # more than fits: where the shown rows are among them
            bar = pygame.Rect(self.list_rect.right + u(4), self.list_rect.top, u(4), self.list_rect.height)
            pygame.draw.rect(surf, theme.PANEL_LIGHT, bar, border_radius=u(2))
            knob_h = max(u(16), bar.height * len(self.rows) // listed)
            top = bar.top + (bar.height - knob_h) * self.list_first // max(1, listed - len(self.rows))
            pygame.draw.rect(surf, theme.ACCENT, (bar.left, top, bar.width, knob_h), border_radius=u(2))
        why = d.why_not_save()
        if why is not None:
            t = theme.fit_text(self.words(why), u(14), self.save_why_rect.width, theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midleft=self.save_why_rect.midleft))

    def _lines(self, surf: pygame.Surface, words: str, size: int, color: theme.Color, kind: str,
               rect: pygame.Rect) -> None:
        """``words`` wrapped in ``rect``, as many lines as fit (the last one shrunk to fit if it must)."""
        f = theme.font(size, kind)
        step = f.get_linesize()
        lines = theme.wrap(words, f, rect.width)
        fits = max(1, rect.height // step)
        if len(lines) > fits:
            lines = lines[:fits - 1] + [" ".join(lines[fits - 1:])]
        for i, line in enumerate(lines):
            t = theme.fit_text(line, size, rect.width, color, kind)
            surf.blit(t, (rect.left, rect.top + i * step))
