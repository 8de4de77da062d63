"""Draws the table scene: one function over the scene's state, split from the
scene so that the scene stays about flow (events, input, turns) and this module
about pixels (what is highlighted, dimmed, zoomed, and the sidebar)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.hero_realms import intents
from game.ui.hero_realms.logtext import HeroLogLine, card_name
from game.ui.render import icons
from game.ui.tablekit.frame import draw_turn_box
from game.ui.tablekit.log_panel import draw_log

if TYPE_CHECKING:
    from game.ui.hero_realms.parts import HeroTable


def draw_table(sc: HeroTable, surf: pygame.Surface) -> None:
    lay = sc.lay
    r = sc.renderer
    s = lay.scale
    tr = sc.tr
    lang = tr.lang
    surf.blit(r.background(lay, len(sc.model.seats)), (0, 0))
    ctrl = sc.ctrl
    legal = ctrl.legal
    pend = ctrl.my_pending()
    for seat, sl in lay.seats.items():
        r.seat(surf, sl, sc.model.seats[seat], lay, sc)
    r.market(surf, lay, sc)
    # targets that answer a prompt, and where combat may go
    targets = _targets(sc, pend, legal)
    me = sc.model.seats[sc.viewer] if sc.viewer is not None else None
    combat_on = me is not None and me.combat > 0 and pend is None and bool(legal)
    dragging_combat = ctrl.drag is not None and ctrl.drag.active and ctrl.drag.kind == "combat"
    asking_champion = pend is not None and (pend["kind"] == "target_champion" or (pend["kind"] == "select" and pend.get("zone") == "champions"))
    for seat, sl in lay.seats.items():
        if seat == sc.viewer:
            continue
        if ("portrait", seat) in targets:
            r.outline(surf, sl.panel, theme.HILITE, s)
            _key_badge(surf, targets[("portrait", seat)], (sl.panel.right - int(16 * s), sl.panel.top + int(14 * s)), s)
        elif combat_on and sc.model.seats[seat].alive:
            ok = intents.attack_line(legal, seat) is not None
            if ok:
                r.outline(surf, sl.panel, theme.DANGER, s, pulse=dragging_combat)
    for sp, where in sc.draw_order():
        kind = where[0]
        if kind == "hand" and where[1] == sc.viewer and sc.hand_hidden:
            r.sprite(surf, replace(sp, card=None), sc, lang)  # hotseat: face down until its owner is passed the screen
            continue
        rect = r.sprite(surf, sp, sc, lang)
        if kind == "champion" and (sp.damage or r.marks.get(sp.uid)):
            r.damage_marker(surf, sp, sp.damage, s, r.dt)
        if kind == "market" and sc.can_act and pend is None and intents.find(legal, "buy", sp.card) is None:
            r.dim(surf, rect)
        if kind == "champion":
            seat, i = where[1], where[2]
            if (kind, seat, i) in targets:
                r.outline(surf, rect, theme.HILITE, s)
                _key_badge(surf, targets[(kind, seat, i)], (rect.left + int(4 * s), rect.top + int(4 * s)), s)
            elif asking_champion:
                r.dim(surf, rect, 110)  # not a legal answer (a guard protects it, or it is out of reach)
            elif combat_on and seat != sc.viewer:
                if ctrl.attack_reason(seat, i) is None:
                    r.outline(surf, rect, theme.DANGER, s, pulse=dragging_combat)
                else:
                    r.dim(surf, rect, 90)
            elif seat == sc.viewer and pend is None and sc.can_act and not sp.expended:
                k = intents.copy_index([c.card for c in sc.model.seats[seat].champions], i)
                line = intents.find(legal, "expend", sp.card, k)
                if line is not None and line.split()[-1].endswith(intents.ref(sp.card or "", k)):
                    r.outline(surf, rect, theme.OK, s, pulse=False)
        if kind == "hand" and ("hand", where[1], where[2]) in targets:
            r.outline(surf, rect, theme.HILITE, s)
        numbered = pend is None or pend["kind"] in ("discard", "forced_discard")  # the keys that answer
        if kind == "hand" and where[1] == sc.viewer and sc.can_act and numbered and len(sc.model.seats[where[1]].hand) <= 9:
            n = theme.text(str(where[2] + 1), max(9, int(13 * s)), theme.TEXT, "bold")
            br = n.get_rect(center=(rect.centerx, rect.top - int(9 * s))).inflate(int(8 * s), int(2 * s))
            pygame.draw.rect(surf, (20, 20, 24), br, border_radius=br.height // 2)
            surf.blit(n, n.get_rect(center=br.center))
    gem_line = intents.find(legal, "buy", "fire_gem") if sc.can_act and pend is None else None
    if sc.can_act and pend is None and sc.model.gems and gem_line is None:
        r.dim(surf, lay.gems)
    for sl_seat, sl in lay.seats.items():
        r.discard_badge(surf, sl, sc.model.seats[sl_seat], s)
        r.hand_badge(surf, sl, sc.model.seats[sl_seat], s)
    r.market_badges(surf, lay, sc)
    for rect, kind, _line, faction in ctrl.ability_buttons():
        hov = rect.collidepoint(ctrl.mouse)
        r.ability_button(surf, rect, kind, faction, hov)
    for sp, _kind, _seat in sc.model.transients:
        r.sprite(surf, sp, sc, lang)
    if ctrl.drag is not None and ctrl.drag.active and ctrl.drag.kind == "gems" and ctrl.drag.sprite is not None:
        r.sprite(surf, ctrl.drag.sprite, sc, lang)  # a gem lifted off the stack (no sprite of the model)
    _banner(sc, surf, pend)
    _sidebar(sc, surf)
    sc.group.draw(surf)
    r.floats(surf, sc, lay)  # over the buttons: a gain rises from the counters past the Tracker button
    # a dragged combat token: an arrow from the counter to the pointer
    if dragging_combat and me is not None and sc.viewer is not None and ctrl.drag is not None:
        a = lay.seats[sc.viewer].combat.center
        b = ctrl.drag.pos
        pygame.draw.line(surf, theme.COMBAT, a, b, max(3, int(5 * s)))
        ic = icons.with_number("combat", int(40 * s), me.combat, (255, 255, 255))
        surf.blit(ic, ic.get_rect(center=b))
    if ctrl.drag is not None and ctrl.drag.active and ctrl.drag.kind == "hand" and sc.viewer is not None:
        hint = theme.text(tr("table.drop_here"), max(10, int(15 * s)), theme.HILITE, "bold")
        surf.blit(hint, hint.get_rect(midbottom=(ctrl.drag.pos[0], ctrl.drag.pos[1] - int(80 * s))))
    _announce(sc, surf)
    if sc.director.shake > 0.05:
        _shake(surf, sc.director.shake * 6 * s, sc.t)


def _announce(sc: HeroTable, surf: pygame.Surface) -> None:
    """A big fading line across the table: whose turn begins, who is out."""
    ann = sc.director.announce
    if ann is None or sc.model.phase == "over":
        return
    kind, seat, left = ann
    s = sc.lay.scale
    if kind == "turn":
        text = sc.tr("table.your_turn") if seat == sc.viewer else sc.tr("table.their_turn", name=sc.names[seat])
        col = theme.HILITE if seat == sc.viewer else theme.SEAT_COLORS[seat % 6]
    else:
        text = sc.log.text(HeroLogLine(seat, "eliminated"), sc.tr, sc.viewer)
        col = theme.DANGER
    if not text:
        return
    alpha = int(255 * min(1.0, left / 0.4))
    t = theme.text(text, int(44 * s), col, "serif").copy()
    o = theme.text(text, int(44 * s), (0, 0, 0), "serif").copy()
    t.set_alpha(alpha)
    o.set_alpha(alpha // 2)
    center = sc.lay.market.center  # over the market for a moment, not over anyone's cards
    band = pygame.Rect(0, 0, sc.lay.play.width, t.get_height() + int(16 * s))
    band.center = center
    surf.blit(theme.translucent(band.size, (0, 0, 0), alpha // 3, 0), band)
    surf.blit(o, o.get_rect(center=(center[0] + int(3 * s), center[1] + int(3 * s))))
    surf.blit(t, t.get_rect(center=center))


def _shake(surf: pygame.Surface, amount: float, t: float) -> None:
    dx = int(math.sin(t * 60) * amount)
    dy = int(math.cos(t * 47) * amount * 0.6)
    if dx or dy:
        surf.scroll(dx, dy)


def _targets(sc: HeroTable, pend: dict[str, Any] | None, legal: list[str]) -> dict[tuple[Any, ...], int]:
    """What answers the prompt on the table, each with the number key that picks it
    (the position of its line among the prompt's options; 0: no key)."""
    out: dict[tuple[Any, ...], int] = {}
    if pend is None:
        return out
    kind = pend["kind"]
    opts = [o for o in pend.get("options", []) if not o.endswith("skip")]  # as the number keys count them
    if kind == "target_champion":
        for n, line in enumerate(opts, 1):
            a = intents._parse(line)
            if a is not None and a.verb == "target" and a.card is not None and a.seat is not None:
                champs = sc.model.seats[a.seat].champions
                seen = 0
                for i, sp in enumerate(champs):
                    if sp.card == a.card:
                        seen += 1
                        if seen == a.k:
                            out[("champion", a.seat, i)] = n if n <= 9 else 0
    elif kind == "target_opponent":
        for n, line in enumerate(opts, 1):
            a = intents._parse(line)
            if a is not None and a.verb == "target" and a.seat is not None:
                out[("portrait", a.seat)] = n if n <= 9 else 0
    elif kind in ("discard", "forced_discard") and sc.viewer is not None:
        for i, _sp in enumerate(sc.model.seats[sc.viewer].hand):
            out[("hand", sc.viewer, i)] = 0  # the hand shows its own numbers
    elif kind == "select" and pend.get("zone") == "champions" and sc.viewer is not None:
        champs = sc.model.seats[sc.viewer].champions
        for i, sp in enumerate(champs):
            k = intents.copy_index([c.card for c in champs], i)
            line = intents.find(legal, "select", sp.card, k)
            if line is not None and sp.expended:
                out[("champion", sc.viewer, i)] = opts.index(line) + 1 if line in opts and opts.index(line) < 9 else 0
    return out


def _key_badge(surf: pygame.Surface, n: int, at: tuple[int, int], s: float) -> None:
    """The number key that answers a prompt with this target."""
    if n <= 0:
        return
    t = theme.text(str(n), max(9, int(14 * s)), theme.TEXT_DARK, "bold")
    r = t.get_rect(center=at).inflate(int(10 * s), int(4 * s))
    r.width = max(r.width, r.height)
    r.center = at
    pygame.draw.rect(surf, theme.HILITE, r, border_radius=r.height // 2)
    pygame.draw.rect(surf, (40, 30, 10), r, max(1, int(1.5 * s)), border_radius=r.height // 2)
    surf.blit(t, t.get_rect(center=r.center))


def _banner(sc: HeroTable, surf: pygame.Surface, pend: dict[str, Any] | None) -> None:
    lay = sc.lay
    s = lay.scale
    text = ""
    if pend is not None:
        text = sc.ctrl.prompt_title(pend)
        hint = {"target_champion": "prompt.click_champion", "target_opponent": "prompt.click_opponent",
                "discard": "prompt.click_hand", "forced_discard": "prompt.click_hand"}.get(pend["kind"])
        if pend["kind"] == "select" and pend.get("zone") == "champions":
            hint = "prompt.click_champion"
        if hint:
            text = f"{text} — {sc.tr(hint)}"
    elif sc.model.pending is not None and sc.model.phase != "over" and sc.director.idle and not sc.replaying:
        who = sc.model.pending.get("seat")
        if who is not None and who != sc.viewer:
            text = sc.tr("prompt.waiting", name=sc.names[who])
    if not text:
        return
    b = lay.banner
    if pend is not None:  # the market cannot be used while a decision waits: it steps back
        sc.renderer.dim(surf, lay.market.inflate(-int(6 * s), -int(6 * s)), 110)
    theme.panel(surf, b, (16, 14, 10), theme.ACCENT, max(4, int(10 * s)), alpha=235, width=max(1, int(2 * s)))
    room = b.width - int(30 * s) - (sc.skip_btn.rect.width if sc.skip_btn.visible else 0)
    t = theme.fit_text(text, int(18 * s), room, theme.HILITE, "bold")
    surf.blit(t, t.get_rect(midleft=(b.left + int(16 * s), b.centery)))


def _sidebar(sc: HeroTable, surf: pygame.Surface) -> None:
    s = sc.lay.scale
    m = sc.model
    room = sc.more_btn.rect.width if sc.more_btn.visible else 0
    draw_turn_box(sc, surf, sc.lay.turn_box, lambda v: int(v * s), turn=m.turn, mover=m.active, over=m.phase == "over",
                  yours=m.active == sc.viewer or sc.viewer in m.team_turn, t=sc.t, room=room)
    _log(sc, surf)


def _log(sc: HeroTable, surf: pygame.Surface) -> None:
    entries = sc.log.entries
    key = (len(entries), entries[-1].params.get("n") if entries else None, len(entries[-1].gains) if entries else 0)
    draw_log(sc, surf, key, ("turn", "winner", "winners", "eliminated"), theme.TEXT)


def draw_hover(sc: HeroTable, surf: pygame.Surface) -> None:
    """What the pointer rests on, zoomed or explained: drawn last, over the tracker, the
    hint and a lesson's panels, so no panel cuts a tooltip or a zoomed card."""
    ctrl = sc.ctrl
    tip_btn = sc.group.hovered_tooltip()
    if tip_btn is not None and sc.on_top:
        sc.renderer.tooltip(surf, tip_btn[0], ctrl.mouse, sc.lay)
        return
    hov = ctrl.hover
    if hov is not None and hov[0] == "ability" and sc.on_top:
        a = intents._parse(hov[2])
        if a is not None and a.card:
            from game.hero_realms.cards import library

            c = library().get(a.card)
            ab = c.abilities.get(a.verb) if c is not None else None
            if ab is not None:
                word = sc.tr(f"table.{a.verb}_word")
                sc.renderer.tooltip(surf, f"{word}: {ab.text.get(sc.tr.lang, ab.text['en'])}", ctrl.mouse, sc.lay)
        return
    h = ctrl.hover
    lay = sc.lay
    if h is None or (ctrl.drag is not None and ctrl.drag.active) or not sc.on_top or not ctrl.resting:
        return  # a click or a drop ends the zoom: it comes back once the pointer moves
    sp = h[-1] if h and hasattr(h[-1], "card") else None
    if h[0] == "hand" and h[1] == sc.viewer and sc.hand_hidden:
        sp = None  # a face-down hand shows nothing on hover either
    zoomed = None
    if sp is not None and sp.card and ctrl.hover_time > 0.3:
        r = ctrl.sprite_rect(sp)
        zoomed = sc.renderer.zoom(surf, sp.card, r, sc, lay)
    elif h[0] == "gems" and sc.model.gems and ctrl.hover_time > 0.3:
        zoomed = sc.renderer.zoom(surf, "fire_gem", lay.gems, sc, lay)  # the large preview market cards get
    tip = ""
    if h[0] == "gems":
        tip = f"{card_name('fire_gem', sc.tr.lang)} ({sc.model.gems})"
    elif h[0] == "deck":
        tip = sc.tr("table.cards", n=sc.model.seats[h[1]].deck_count)
        known = sc.model.seats[h[1]].deck_known_top
        if known:
            tip += " — " + sc.tr("table.known_top", cards=", ".join(card_name(c, sc.tr.lang) for c in known))
    elif sc.viewer is not None and sc.model.seats[sc.viewer].combat > 0 and sc.can_act and ctrl.my_pending() is None:
        if h[0] == "portrait" and h[1] != sc.viewer:
            tip = ctrl.attack_reason(h[1], None) or ""
        elif h[0] == "champion" and h[1] != sc.viewer:
            tip = ctrl.attack_reason(h[1], h[2]) or ""
    elif h[0] == "market" and sc.can_act and ctrl.my_pending() is None and sc.viewer is not None:
        card = h[2].card
        if intents.find(ctrl.legal, "buy", card) is None:
            from game.hero_realms.cards import library

            c = library().get(card)
            if c is not None:
                tip = sc.tr("table.cannot_afford", cost=c.cost, gold=sc.model.seats[sc.viewer].gold)
    if tip and ctrl.hover_time > 0.15:
        sc.renderer.tooltip(surf, tip, ctrl.mouse, lay, under=zoomed)
