"""Drawing the table: felt, seats, market, sprites, markers, floating numbers.

Everything is drawn from the displayed model and the layout; nothing here decides
anything. Costly pieces are cached: the felt background per window size, card
faces (see ``faces.py``), icons and text labels. Counters (health, gold,
combat) are drawn from eased values so changes roll instead of jumping.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import theme
from game.ui.hero_realms.layout import SeatLayout, TableLayout, card_rect, float_path, health_tiles
from game.ui.hero_realms.model import SeatModel, Sprite
from game.ui.render import icons
from game.ui.render.cards import ASPECT, zoom_width
from game.ui.tablekit.felt import Felt

# the cloth, lit from the middle of the play area (the sidebar and the board's markings go over it)
FELT = Felt(theme.FELT_DARK, theme.FELT, rings=24, tall=1.35, wide=1.35, shrink=0.5)


class TableRenderer:
    """Hero Realms' pieces drawn: the felt and its markings, the seats, the market, the cards,
    damage markers, floating numbers, the zoom; the eased counters kept between frames.
    ``clock``: the table's clock for what pulses and glows."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._bg: tuple[tuple[int, int, int], pygame.Surface] | None = None
        self.shown: dict[tuple[int, str], float] = {}
        self.marks: dict[int, float] = {}  # sprite uid -> damage shown (counts up as combat lands)
        self.pulse: dict[tuple[int, str], float] = {}
        self.dt = 0.0

    # ---- eased counters -----------------------------------------------------------------
    @property
    def t(self) -> float:
        return self.clock()

    def update(self, dt: float, seats: list[SeatModel], speed: float) -> None:
        """The eased counters move by ``dt``."""
        self.dt = dt if speed > 0 else 0.0
        rate = 0.0 if speed <= 0 else 6.0 / speed
        for s in seats:
            for attr in ("health", "gold", "combat"):
                key = (s.seat, attr)
                target = float(getattr(s, attr))
                cur = self.shown.get(key)
                if cur is None or rate <= 0:
                    self.shown[key] = target
                    continue
                if abs(cur - target) > 0.01:
                    self.pulse[key] = 0.6 if target > cur else -0.6
                    step = (target - cur) * min(1.0, dt * rate)
                    if abs(step) < dt * 4:
                        step = math.copysign(min(abs(target - cur), dt * 4), target - cur)
                    self.shown[key] = cur + step
            for attr in ("health", "gold", "combat"):
                key = (s.seat, attr)
                p = self.pulse.get(key, 0.0)
                if p:
                    self.pulse[key] = p - math.copysign(min(abs(p), dt), p)

    def value(self, seat: int, attr: str) -> int:
        return int(round(self.shown.get((seat, attr), 0.0)))

    # ---- background -----------------------------------------------------------------------
    def background(self, lay: TableLayout, n: int) -> pygame.Surface:
        key = (lay.w, lay.h, n)
        if self._bg is not None and self._bg[0] == key:
            return self._bg[1]
        surf = FELT.surface(lay.w, lay.h, lay.play).copy()  # the board's markings are drawn onto a copy
        pygame.draw.rect(surf, theme.BG, lay.sidebar)
        pygame.draw.line(surf, theme.PANEL_EDGE, lay.sidebar.topleft, lay.sidebar.bottomleft, 2)
        # market band
        m = lay.market.inflate(-int(6 * lay.scale), -int(6 * lay.scale))
        theme.panel(surf, m, (14, 30, 26), theme.FELT_LINE, int(12 * lay.scale), alpha=150, width=1)
        for r in [lay.gems, lay.market_deck, lay.sacrificed, *lay.slots]:
            pygame.draw.rect(surf, theme.FELT_LINE, r, 1, border_radius=max(3, r.width // 14))
        for _seat, sl in lay.seats.items():
            if not sl.viewer:
                theme.panel(surf, sl.panel, (10, 22, 20), theme.FELT_LINE, int(10 * lay.scale), alpha=140, width=1)
            for r in (sl.deck, sl.discard):
                pygame.draw.rect(surf, theme.FELT_LINE, r, 1, border_radius=max(2, r.width // 14))
        self._bg = (key, surf)
        return surf

    # ---- seats ------------------------------------------------------------------------------
    def seat(self, surf: pygame.Surface, sl: SeatLayout, sm: SeatModel, lay: TableLayout, ctx: Any) -> None:
        s = lay.scale
        active = sm.seat in ctx.model.team_turn and ctx.model.phase != "over"
        col = theme.SEAT_COLORS[sm.seat % len(theme.SEAT_COLORS)]
        if active:
            glow = 0.5 + 0.5 * math.sin(self.t * 3)
            r = sl.panel.inflate(int(4 * s), int(4 * s)) if not sl.viewer else sl.portrait.inflate(int(10 * s), int(10 * s))
            pygame.draw.rect(surf, theme.lerp_color(col, theme.HILITE, glow * 0.5), r, max(2, int(3 * s)), border_radius=int(12 * s))
        # name with a seat-coloured disc
        hd = sl.header
        disc = max(8, int((hd.height if sl.viewer else 20 * s) * 0.42))
        dc = (hd.left + disc + int(4 * s), hd.top + (hd.height // 2 if sl.viewer else int(12 * s)))
        pygame.draw.circle(surf, col, dc, disc)
        pygame.draw.circle(surf, theme.shade(col, 0.5), dc, disc, max(1, int(2 * s)))
        ini = theme.text((sm.name[:1] or "?").upper(), int(disc * 1.2), theme.TEXT_DARK, "bold")
        surf.blit(ini, ini.get_rect(center=dc))
        name = sm.name + ("" if sm.alive else f" — {ctx.tr('table.eliminated')}")
        ink = theme.TEXT if sm.alive else theme.TEXT_DIM
        name_w = (hd.right - dc[0] - disc - int(8 * s)) if (sl.viewer or sl.deck.top > hd.bottom) else (sl.deck.left - dc[0] - disc - int(10 * s))
        role = ctx.model.roles[sm.seat] if sm.seat < len(ctx.model.roles) else ""
        if role and ctx.tr.has(f"table.role_{role}"):
            name = f"{name} · {ctx.tr(f'table.role_{role}')}"
        mate = not sl.viewer and sm.seat in ctx.model.teammates(ctx.viewer)
        pill = theme.text(ctx.tr("table.team_tag"), max(8, int(11 * s)), theme.TEXT_DARK, "bold") if mate else None
        if pill is not None:
            name_w -= pill.get_width() + int(16 * s)
        owes = theme.text(ctx.tr("table.owes", n=sm.owed), max(8, int(11 * s)), theme.DANGER, "bold") if sm.owed else None
        if owes is not None and not sl.viewer:  # the tag ends the name line: the name keeps clear of it
            name_w -= owes.get_width() + int(16 * s)
        nt = theme.fit_text(name, int(18 * s) if sl.viewer else int(15 * s), max(20, name_w), ink, "bold")
        nr = surf.blit(nt, nt.get_rect(midleft=(dc[0] + disc + int(6 * s), dc[1])))
        if pill is not None:  # a teammate (Hydra, Emperor): same side of the table
            pr = pill.get_rect(midleft=(nr.right + int(8 * s), dc[1])).inflate(int(10 * s), int(2 * s))
            pygame.draw.rect(surf, theme.OK, pr, border_radius=pr.height // 2)
            surf.blit(pill, pill.get_rect(center=pr.center))
        self.health(surf, sl.health, sm.seat, s)
        self.pool(surf, sl.gold, "gold", self.value(sm.seat, "gold"), self.pulse.get((sm.seat, "gold"), 0.0), s)
        self.pool(surf, sl.combat, "combat", self.value(sm.seat, "combat"), self.pulse.get((sm.seat, "combat"), 0.0), s)
        # deck: a few backs and a count
        if sm.deck_count:
            art = ctx.app.art
            back = art.surface(None, sl.deck.width)
            wiggle = ctx.director.shuffles.get(sm.seat, 0.0)
            for i in range(min(3, (sm.deck_count + 4) // 5)):
                dx = int(math.sin(self.t * 40 + i * 2.1) * sl.deck.width * 0.25) if wiggle > 0 else 0
                surf.blit(back, back.get_rect(center=(sl.deck.centerx - i * 2 + dx, sl.deck.centery - i * 2)))
        self.badge(surf, sl.deck, str(sm.deck_count), s)
        if owes is not None:  # an opponent's at the end of their name line, clear of their cards and piles
            t = owes
            if sl.viewer:
                surf.blit(t, (sl.gold.left, sl.gold.bottom + int(4 * s)))
            else:
                tag = t.get_rect(midright=(sl.header.right - int(4 * s), dc[1])).inflate(int(8 * s), int(2 * s))
                pygame.draw.rect(surf, (24, 12, 12), tag, border_radius=tag.height // 2)
                surf.blit(t, t.get_rect(center=tag.center))
        if not sm.alive:
            self.dim(surf, sl.panel if not sl.viewer else sl.portrait, 140)
            pygame.draw.line(surf, theme.DANGER, sl.panel.topleft, sl.panel.bottomright, max(2, int(3 * s)))
            pygame.draw.line(surf, theme.DANGER, sl.panel.topright, sl.panel.bottomleft, max(2, int(3 * s)))

    def discard_badge(self, surf: pygame.Surface, sl: SeatLayout, sm: SeatModel, s: float) -> None:
        self.badge(surf, sl.discard, str(len(sm.discard)), s)

    def hand_badge(self, surf: pygame.Surface, sl: SeatLayout, sm: SeatModel, s: float) -> None:
        """How many cards an opponent holds, under their fanned backs."""
        if sl.viewer or not sm.alive or not sm.hand:
            return
        xs = [sp.x for sp in sm.hand]
        r = pygame.Rect(int(min(xs)), sl.hand.top, max(1, int(max(xs) - min(xs))), sl.hand.height)
        self.badge(surf, r, str(len(sm.hand)), s, right=False)

    def market_badges(self, surf: pygame.Surface, lay: TableLayout, ctx: Any) -> None:
        self.badge(surf, lay.market_deck, str(ctx.model.market_deck), lay.scale)
        self.badge(surf, lay.sacrificed, str(len(ctx.model.sacrificed)), lay.scale)

    def badge(self, surf: pygame.Surface, r: pygame.Rect, label: str, s: float, right: bool = True) -> None:
        t = theme.text(label, max(8, int(13 * s)), theme.TEXT, "bold")
        b = t.get_rect(midbottom=(r.centerx, r.bottom + int(4 * s))).inflate(int(10 * s), int(2 * s))
        if right:  # a pile's count sits in its bottom corner, off the top card's type line
            b.right = r.right + int(2 * s)
        pygame.draw.rect(surf, (20, 20, 24), b, border_radius=b.height // 2)
        pygame.draw.rect(surf, theme.PANEL_EDGE, b, 1, border_radius=b.height // 2)
        surf.blit(t, t.get_rect(center=b.center))

    def health(self, surf: pygame.Surface, r: pygame.Rect, seat: int, s: float) -> None:
        """Two tracker cards, tens and ones, like the game's health cards."""
        v = max(0, self.value(seat, "health"))
        p = self.pulse.get((seat, "health"), 0.0)
        cw = (health_tiles(r, s).width - int(4 * s)) // 2
        for i, digit in enumerate((v // 10, v % 10)):
            card = pygame.Rect(r.left + i * (cw + int(4 * s)), r.top, cw, r.height)
            base = theme.PARCHMENT
            if p:
                base = theme.lerp_color(base, theme.HEALTH if p > 0 else theme.DANGER, abs(p))
            pygame.draw.rect(surf, (60, 40, 30), card.move(0, max(1, int(2 * s))), border_radius=max(3, cw // 8))
            pygame.draw.rect(surf, base, card, border_radius=max(3, cw // 8))
            pygame.draw.rect(surf, theme.shade(theme.HEALTH, 0.6), card, max(1, int(2 * s)), border_radius=max(3, cw // 8))
            hi = icons.icon("health", max(8, card.height // 4))
            surf.blit(hi, (card.left + 2, card.top + 2))
            d = theme.text(str(digit), int(card.height * 0.62), (40, 30, 20), "serif")
            surf.blit(d, d.get_rect(center=(card.centerx + cw // 10, card.centery + card.height // 10)))
        if v <= 10 and v > 0:
            warn = pygame.Rect(r.left - 2, r.top - 2, 2 * cw + int(8 * s), r.height + 4)
            a = int(120 + 100 * math.sin(self.t * 6))
            pygame.draw.rect(surf, (255, 60, 40), warn, 2, border_radius=max(3, cw // 8))
            _ = a

    def pool(self, surf: pygame.Surface, r: pygame.Rect, kind: str, value: int, pulse: float, s: float) -> None:
        size = max(10, int(r.height * 0.9))
        ic = icons.icon(kind, size)
        if pulse:
            k = 1 + 0.25 * abs(pulse)
            ic = pygame.transform.smoothscale(ic, (int(size * k), int(size * k)))
        surf.blit(ic, ic.get_rect(center=(r.left + size // 2, r.centery)))
        t = theme.text(str(value), int(r.height * 0.78), theme.GOLD if kind == "gold" else (255, 140, 120), "bold")
        surf.blit(t, t.get_rect(midleft=(r.left + size + int(4 * s), r.centery)))

    # ---- market -------------------------------------------------------------------------------
    def market(self, surf: pygame.Surface, lay: TableLayout, ctx: Any) -> None:
        s = lay.scale
        model = ctx.model
        art = ctx.app.art
        lang = ctx.tr.lang
        if model.gems:
            gem = art.surface("fire_gem", lay.gems.width, lang)
            for i in range(min(3, model.gems)):
                surf.blit(gem, gem.get_rect(center=(lay.gems.centerx - i * 2, lay.gems.centery - i * 2)))
        self.badge(surf, lay.gems, str(model.gems), s)
        if model.market_deck:
            back = art.surface(None, lay.market_deck.width)
            for i in range(min(4, (model.market_deck + 9) // 10)):
                surf.blit(back, back.get_rect(center=(lay.market_deck.centerx - i * 2, lay.market_deck.centery - i * 2)))
        for r, key in ((lay.gems, "table.fire_gems"), (lay.market_deck, "table.market_deck"), (lay.sacrificed, "table.sacrificed")):
            t = theme.fit_text(ctx.tr(key), max(8, int(12 * s)), r.width + int(20 * s), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midbottom=(r.centerx, r.top - int(2 * s))))

    # ---- sprites -----------------------------------------------------------------------------------
    def sprite(self, surf: pygame.Surface, sp: Sprite, ctx: Any, lang: str) -> pygame.Rect:
        art = ctx.app.art
        if abs(sp.w - sp.tw) > 1:
            img = art.moving(sp.card, int(sp.tw), sp.w, lang, sp.angle)
        else:
            img = art.turned(sp.card, int(sp.w), lang, sp.angle if abs(sp.angle - sp.tangle) < 0.5 else round(sp.angle / 3) * 3)
        rect: pygame.Rect = img.get_rect(center=(int(sp.x), int(sp.y)))
        if sp.z > 0 or sp.flash > 0:  # a shadow under cards in flight
            sh = card_rect(sp.x + sp.w * 0.06, sp.y + sp.w * 0.08, sp.w, abs(sp.angle) > 45)
            surf.blit(theme.translucent(sh.size, (0, 0, 0), 90, max(3, int(sp.w) // 12)), sh)
        surf.blit(img, rect)
        if sp.flash > 0:
            a = int(200 * min(1.0, sp.flash / 0.35)) // 25 * 25
            surf.blit(theme.translucent(rect.size, theme.HILITE, a, max(3, int(sp.w) // 12), max(2, int(sp.w) // 25)), rect)
        return rect

    def dim(self, surf: pygame.Surface, rect: pygame.Rect, alpha: int = 120) -> None:
        surf.blit(theme.translucent(rect.size, (0, 0, 0), alpha, max(3, min(rect.width, rect.height) // 12)), rect)

    def outline(self, surf: pygame.Surface, rect: pygame.Rect, color: theme.Color, s: float, pulse: bool = True) -> None:
        k = 0.5 + 0.5 * math.sin(self.t * 5) if pulse else 1.0
        c = theme.lerp_color(color, (255, 255, 255), 0.3 * k)
        pygame.draw.rect(surf, c, rect.inflate(int(6 * s), int(6 * s)), max(2, int(3 * s)), border_radius=max(4, min(rect.width, rect.height) // 10))

    def damage_marker(self, surf: pygame.Surface, sp: Sprite, damage: int, s: float, dt: float = 0.0) -> None:
        """The damage on a champion, counting up as combat lands, on the same spot of its face
        whether it stands or lies expended (and all the way as it turns)."""
        uid = sp.uid
        shown = self.marks.get(uid, 0.0)
        if dt > 0 and shown < damage:
            shown = min(float(damage), shown + dt * 12)  # counts up, a dozen points a second
        elif dt <= 0 or shown > damage:
            shown = float(damage)
        self.marks[uid] = shown
        damage = int(shown)
        if damage <= 0:
            return
        c = damage_spot(sp, s)
        r = damage_radius(sp)
        pygame.draw.circle(surf, (90, 10, 10), (c[0] + 1, c[1] + 2), r)
        pygame.draw.circle(surf, theme.DANGER, c, r)
        pygame.draw.circle(surf, (255, 200, 190), c, r, max(1, r // 6))
        t = theme.text(str(damage), int(r * 1.2), (255, 255, 255), "bold")
        surf.blit(t, t.get_rect(center=c))

    def ability_button(self, surf: pygame.Surface, rect: pygame.Rect, kind: str, faction: str, hover: bool) -> None:
        glow = 0.5 + 0.5 * math.sin(self.t * 4)
        base = theme.FACTION_COLORS.get(faction, (150, 150, 150)) if kind == "ally" else (200, 70, 40)
        pygame.draw.circle(surf, theme.lerp_color(base, theme.HILITE, 0.3 + 0.4 * glow), rect.center, rect.width // 2 + 3)
        pygame.draw.circle(surf, theme.shade(base, 1.3 if hover else 1.0), rect.center, rect.width // 2)
        ic = icons.tinted(faction if kind == "ally" else "sacrifice", int(rect.width * 0.66), (255, 250, 235))
        surf.blit(ic, ic.get_rect(center=rect.center))

    # ---- floating numbers ------------------------------------------------------------------------------
    def floats(self, surf: pygame.Surface, ctx: Any, lay: TableLayout) -> None:
        s = lay.scale
        for f in ctx.director.floats:
            kind, seat, idx = f.anchor
            sl = lay.seats.get(seat)
            if sl is None:
                continue
            champion = None
            if kind == "champion":
                champs = ctx.model.seats[seat].champions
                sp = champs[idx] if 0 <= idx < len(champs) else None
                champion = card_rect(sp.x, sp.y, sp.w, abs(sp.angle) > 45) if sp is not None else sl.champions
            k = f.age / f.life
            top = int((26 if sl.viewer else 20) * s * 1.3)  # the size it starts at, the largest
            start, end = float_path(lay, seat, kind, theme.text(f.text, max(10, top), f.color, "bold").get_size(), champion)
            size = int((26 if sl.viewer else 20) * s * (1 + 0.3 * max(0.0, 0.2 - k) * 5))
            t = theme.text(f.text, max(10, size), f.color, "bold").copy()
            o = theme.text(f.text, max(10, size), (0, 0, 0), "bold").copy()
            alpha = int(255 * (1 - max(0.0, k - 0.6) / 0.4))
            t.set_alpha(alpha)
            o.set_alpha(alpha)
            at = (int(start.centerx + (end.centerx - start.centerx) * k), int(start.centery + (end.centery - start.centery) * k))
            r = t.get_rect(center=at)
            surf.blit(o, r.move(2, 2))
            surf.blit(t, r)

    # ---- zoom ----------------------------------------------------------------------------------------
    def zoom(self, surf: pygame.Surface, card: str, anchor: pygame.Rect, ctx: Any, lay: TableLayout) -> pygame.Rect:
        w = zoom_width(lay.play.width * 0.3, lay.h, 0.48)
        img = ctx.app.art.surface(card, w, ctx.tr.lang)
        r: pygame.Rect = img.get_rect()
        r.left = anchor.right + int(12 * lay.scale)
        if r.right > lay.play.right:
            r.right = anchor.left - int(12 * lay.scale)
        r.centery = anchor.centery
        r.clamp_ip(pygame.Rect(0, 0, lay.w, lay.h))
        sh = r.move(int(6 * lay.scale), int(8 * lay.scale))
        self.dim(surf, sh, 110)
        surf.blit(img, r)
        return r

    def tooltip(self, surf: pygame.Surface, text: str, pos: tuple[int, int], lay: TableLayout,
                under: pygame.Rect | None = None) -> None:
        """A line of explanation by the pointer, or under ``under`` (a zoomed card it must not cover)."""
        s = lay.scale
        t = theme.text(text, max(10, int(14 * s)), theme.TEXT)
        r = t.get_rect(topleft=(pos[0] + int(16 * s), pos[1] + int(12 * s))).inflate(int(16 * s), int(10 * s))
        if under is not None:
            r.midtop = (under.centerx, under.bottom + int(12 * s))
            if r.bottom > lay.h:
                r.midbottom = (under.centerx, under.top - int(8 * s))
        r.clamp_ip(pygame.Rect(0, 0, lay.w, lay.h))
        theme.panel(surf, r, (12, 12, 16), theme.ACCENT, int(6 * s), alpha=235, width=1)
        surf.blit(t, t.get_rect(center=r.center))


def damage_radius(sp: Sprite) -> int:
    return max(8, int(sp.w * 0.2))


def damage_spot(sp: Sprite, s: float) -> tuple[int, int]:
    """Where a champion's damage marker sits: its face's bottom-left corner (clear of the
    name, the numbers and the shield), turned with the card (an expended card lies
    turned a quarter clockwise: that corner is then its top left)."""
    w, h = sp.w, sp.w * ASPECT
    inset = damage_radius(sp) + max(2, int(3 * s))
    fx, fy = -w / 2 + inset, h / 2 - inset  # from the card's centre, on the upright face (y down)
    a = math.radians(sp.angle)
    x = fx * math.cos(a) - fy * math.sin(a)  # a clockwise turn on the screen
    y = fx * math.sin(a) + fy * math.cos(a)
    return int(round(sp.x + x)), int(round(sp.y + y))
