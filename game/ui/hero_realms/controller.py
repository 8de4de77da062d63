"""Turns the player's clicks, drags and keys on the Hero Realms table into engine actions.

Widgets and sprites only say *what* was touched; this controller decides what
it means now (play, buy, attack, expend, ally, sacrifice, answer a prompt on the
table), finds the legal line through :mod:`game.ui.hero_realms.intents` and sends
it through the scene's client. Nothing is sent unless the engine listed it as
legal. The pointer, hover and drag machinery is the table kit's
(:mod:`game.ui.tablekit.controller`); the prompts that open as dialogs are in
:mod:`game.ui.hero_realms.prompts`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.refusal import Refusal
from game.hero_realms.cards import library
from game.ui.hero_realms import intents
from game.ui.hero_realms.dialogs import AttackDialog
from game.ui.hero_realms.layout import card_rect
from game.ui.hero_realms.logtext import card_name
from game.ui.hero_realms.model import Sprite
from game.ui.hero_realms.prompts import Prompts
from game.ui.hero_realms.wasted import wasted_reason
from game.ui.scenes.dialogs import DIGITS, ChoiceDialog, ConfirmDialog
from game.ui.tablekit.controller import Press, Target

KEY_MENUS = {pygame.K_b: "buy", pygame.K_c: "attack", pygame.K_e: "ability"}


@dataclass
class Drag(Press):
    """A press on a hand or market card, the gem stack or the combat counter (kind: hand | market | gems | combat)."""

    sprite: Sprite | None = None  # the card that follows the pointer (none for combat)


class HeroController(Prompts[Drag]):
    pending_click: Target | None = None  # what the last press was on (a release on the same is a click)
    pressed: bool = False  # a press since the pointer last moved: no zoom or tooltip until it moves again

    # ---- the hover -----------------------------------------------------------------------------
    def mouse_motion(self, pos: tuple[int, int]) -> None:
        if pos != self.mouse:
            self.pressed = False
        super().mouse_motion(pos)

    def refresh_hover(self) -> None:
        """Each frame: a hovered card that left its place (played, bought, stunned, a card
        sliding into its slot) is no longer what the pointer rests on; ask again."""
        h = self.hover
        if self.drag is not None or h is None or not hasattr(h[-1], "card"):
            return
        if not any(sp is h[-1] and where == h[:-1] for sp, where in self.scene.draw_order()):
            self.track_hover(self.mouse)

    @property
    def resting(self) -> bool:
        """The pointer rests on what it hovers (no press since it moved there): zooms and tooltips may show."""
        return not self.pressed

    # ---- hit testing ---------------------------------------------------------------------------
    def sprite_rect(self, sp: Sprite) -> pygame.Rect:
        return card_rect(sp.x, sp.y, sp.w, abs(sp.angle) > 45)

    def ability_buttons(self) -> list[tuple[pygame.Rect, str, str, str]]:
        """(rect, kind, line, faction) of the glowing ally/sacrifice buttons on my cards."""
        sc = self.scene
        if sc.viewer is None or not self.legal or self.my_pending() is not None:
            return []
        me = sc.model.seats[sc.viewer]
        out = []
        lib = library()
        for sp in me.in_play + me.champions:
            if sp.card is None:
                continue
            c = lib.get(sp.card)
            if c is None:
                continue
            r = self.sprite_rect(sp)
            size = max(16, int(min(r.width, r.height) * 0.3))
            kinds = []
            if "ally" in c.abilities and not sp.ally_used:
                line = intents.find(self.legal, "ally", sp.card)
                if line:
                    kinds.append(("ally", line))
            if "sacrifice" in c.abilities:
                line = intents.find(self.legal, "sacrifice", sp.card)
                if line:
                    kinds.append(("sacrifice", line))
            shift = int(size * 0.35) if sp.damage else 0  # clear of the damage marker (bottom left)
            for j, (kind, line) in enumerate(kinds):
                cx = r.centerx + shift + int((j - (len(kinds) - 1) / 2) * size * 1.25)
                # astride the bottom edge: on the card, but over its type line rather than its numbers
                out.append((pygame.Rect(cx - size // 2, r.bottom - size // 2, size, size), kind, line, c.faction))
        return out

    def hit(self, pos: tuple[int, int]) -> Target | None:
        sc = self.scene
        lay = sc.lay
        if sc.tracker.open and sc.tracker.rect(sc).collidepoint(pos):
            return None  # the open tracker covers the table: what lies under it is neither hovered nor clicked
        for r, kind, line, _f in self.ability_buttons():
            if r.collidepoint(pos):
                return ("ability", kind, line)
        # sprites, topmost first (the order they are drawn, reversed)
        for sp, where in reversed(sc.draw_order()):
            if self.sprite_rect(sp).collidepoint(pos):
                return (*where, sp)
        for seat, sl in lay.seats.items():
            if sl.combat.collidepoint(pos):
                return ("combat", seat)
            if sl.discard.collidepoint(pos):
                return ("discard", seat)
            if sl.deck.collidepoint(pos):
                return ("deck", seat)
        if lay.gems.collidepoint(pos):
            return ("gems",)
        if lay.sacrificed.collidepoint(pos):
            return ("sacrificed",)
        for seat, sl in lay.seats.items():
            if sl.portrait.collidepoint(pos) or (not sl.viewer and sl.panel.collidepoint(pos)):
                return ("portrait", seat)
        return None

    # ---- mouse -------------------------------------------------------------------------------------
    def mouse_down(self, pos: tuple[int, int]) -> None:
        t = self.hit(pos)
        self.drag = None
        self.pressed = True
        if t is None or not self.scene.can_act:
            self.pending_click = t
            return
        self.pending_click = t
        sc = self.scene
        if t[0] == "hand" and t[1] == sc.viewer:
            self.drag = Drag("hand", t[2], pos, sprite=t[3])
        elif t[0] == "market":
            self.drag = Drag("market", t[1], pos, sprite=t[2])
        elif t[0] == "gems" and sc.model.gems:
            self.drag = Drag("gems", 0, pos, sprite=self.gem_sprite())
        elif t[0] == "combat" and sc.viewer is not None and t[1] == sc.viewer and sc.model.seats[sc.viewer].combat > 0:
            self.drag = Drag("combat", 0, pos)

    def gem_sprite(self) -> Sprite:
        """A Fire Gem lifted off the stack: it follows the pointer like a market card (the stack has no sprites)."""
        r = self.scene.lay.gems
        return Sprite("fire_gem", x=r.centerx, y=r.centery, w=r.width, tx=r.centerx, ty=r.centery, tw=r.width, placed=True)

    @property
    def drag_threshold(self) -> float:
        return 10 * self.scene.lay.scale

    def hover_key(self, target: Target | None) -> object:
        return target[:3] if target else None  # a card's sprite moving under the pointer is the same hover

    def dragged(self, drag: Drag) -> bool:
        """A dragged card follows the pointer, above the others and upright."""
        if drag.active and drag.sprite is not None:
            drag.sprite.x, drag.sprite.y = drag.pos
            drag.sprite.z = 20
            drag.sprite.tangle = drag.sprite.angle = 0
        return True

    def mouse_up(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        if d is not None and d.active:
            self.drop(d, pos)
            return
        t = self.pending_click
        here = self.hit(pos)
        if t is not None and here is not None and here[:3] == t[:3]:
            self.click(t)

    def drop(self, d: Drag, pos: tuple[int, int]) -> None:
        sc = self.scene
        me = sc.lay.seats[sc.viewer] if sc.viewer is not None else None
        target = self.hit(pos)
        if d.kind == "hand" and d.sprite is not None and me is not None:
            pend = self.my_pending()
            if pend is not None and pend["kind"] in ("discard", "forced_discard"):
                self.send(intents.find(self.legal, "discard", d.sprite.card))
            elif pos[1] < me.hand.top - 10 * sc.lay.scale:
                self.send(intents.find(self.legal, "play", d.sprite.card))
        elif d.kind in ("market", "gems") and d.sprite is not None and me is not None:
            if pos[1] > sc.lay.market.bottom or me.discard.collidepoint(pos):
                self.send(intents.find(self.legal, "buy", d.sprite.card))
        elif d.kind == "combat" and target is not None:
            if target[0] == "portrait" and target[1] != sc.viewer:
                self.attack(target[1], None, quick=True)
            elif target[0] == "champion" and target[1] != sc.viewer:
                self.attack(target[1], target[2], quick=True)

    def click(self, t: Target) -> None:
        sc = self.scene
        kind = t[0]
        pend = self.my_pending()
        if kind == "ability":
            self.use_ability(t[2])
        elif kind == "discard":
            sc.show_discard(t[1])
        elif kind == "deck" and t[1] == sc.viewer:
            sc.show_deck(t[1])
        elif kind == "sacrificed":
            sc.show_sacrificed()
        elif not sc.can_act:
            return
        elif kind == "hand" and t[1] == sc.viewer:
            sp = t[3]
            if pend is not None and pend["kind"] in ("discard", "forced_discard"):
                self.send(intents.find(self.legal, "discard", sp.card))
            elif pend is None:
                self.send(intents.find(self.legal, "play", sp.card))
        elif kind == "market" and pend is None:
            self.send(intents.find(self.legal, "buy", t[2].card))
        elif kind == "gems" and pend is None:
            self.send(intents.find(self.legal, "buy", "fire_gem"))
        elif kind == "champion":
            seat, i = t[1], t[2]
            cards = [c.card for c in sc.model.seats[seat].champions]
            k = intents.copy_index(cards, i)
            if pend is not None:
                if pend["kind"] == "target_champion":
                    self.send(next((ln for ln in self.legal if ln.endswith(f"target {seat}:{intents.ref(cards[i] or '', k)}")), None))
                elif pend["kind"] == "select" and pend.get("zone") == "champions" and seat == sc.viewer:
                    self.send(intents.find(self.legal, "select", cards[i], k))
            elif seat == sc.viewer:
                line = intents.find(self.legal, "expend", cards[i], k)
                if line is not None and intents._parse(line) is not None and intents._parse(line).k == k:  # type: ignore[union-attr]
                    self.use_ability(line)
            else:
                self.attack(seat, i, quick=False)
        elif kind == "portrait" and t[1] != sc.viewer:
            if pend is not None and pend["kind"] == "target_opponent":
                self.send(intents.find(self.legal, "target", seat=t[1]))
            elif pend is None:
                self.attack(t[1], None, quick=False)

    def use_ability(self, line: str) -> None:
        """Send ``line``; an ability that would do nothing now (no target) asks first."""
        sc = self.scene
        why = wasted_reason(line, sc.model, sc.viewer)
        if why is None:
            self.send(line)
            return
        a = intents._parse(line)
        name = card_name(a.card if a is not None else None, sc.tr.lang)
        sc.app.push(ConfirmDialog(sc.app, sc.tr("prompt.wasted_title", card=name), [sc.tr(why), sc.tr("prompt.wasted_note")],
                                  sc.tr("prompt.wasted_use"), sc.tr("prompt.wasted_keep")),
                    lambda ok: self.send(line) if ok and line in self.legal else None)

    # ---- attacking -------------------------------------------------------------------------------------
    def attack_reason(self, seat: int, index: int | None) -> str | None:
        """None when attacking there is legal now; else why not (for the tooltip)."""
        sc = self.scene
        if sc.viewer is None:
            return None
        me = sc.model.seats[sc.viewer]
        if me.combat <= 0:
            return str(sc.tr("table.no_combat"))
        champs = sc.model.seats[seat].champions
        if index is not None and index >= len(champs):
            return None  # a stale pointer: that champion is gone
        card = champs[index].card if index is not None else None
        k = intents.copy_index([c.card for c in champs], index) if index is not None else 1
        if intents.attack_line(self.legal, seat, card, k) is not None:
            return None
        why = _reach_refusal(sc.model.reach or {}, seat, index)
        if why is not None and why.key == "teammate":
            return sc.refusal_words(why)
        view_player = {"champions": [{"card": c.card, "expended": c.expended} for c in champs]}
        guard = intents.guard_of(view_player)
        if guard is not None:
            return str(sc.tr("table.guard_blocks", card=card_name(guard, sc.tr.lang)))
        if why is not None:
            return sc.refusal_words(why)  # the engine says exactly why, in the player's words
        return str(sc.tr("table.out_of_reach"))

    def attack(self, seat: int, index: int | None, quick: bool) -> None:
        sc = self.scene
        if sc.viewer is None:
            return
        me = sc.model.seats[sc.viewer]
        champs = sc.model.seats[seat].champions
        if index is not None and index >= len(champs):
            return
        card = champs[index].card if index is not None else None
        k = intents.copy_index([c.card for c in champs], index) if index is not None else 1
        line = intents.attack_line(self.legal, seat, card, k)
        if line is None:
            reason = self.attack_reason(seat, index)
            if reason:
                sc.app.toast(reason, 2.5)
            sc.app.sound.play("error")
            return
        parsed = intents._parse(line)
        maximum = parsed.amount if parsed is not None and parsed.amount else me.combat
        damage = champs[index].damage if index is not None else 0
        default = intents.default_attack(maximum, card, damage)
        if quick:
            self.send(intents.with_amount(line, default))
            return
        target = sc.model.names[seat] if card is None else f"{card_name(card, sc.tr.lang)} ({sc.model.names[seat]})"
        hint = sc.tr("attack.stun_hint", n=default) if card is not None else ""
        sc.app.push(AttackDialog(sc.app, sc.tr("attack.title", target=target), maximum, default, hint),
                    lambda n: self.send(intents.with_amount(line, n)) if n else None)

    # ---- keys --------------------------------------------------------------------------------------------
    def keyed(self, event: pygame.event.Event) -> None:
        sc = self.scene
        k = event.key
        if k == pygame.K_h:
            sc.hints.press()  # it says itself when no hint may be asked
            return
        if k == pygame.K_t:
            sc.tracker.toggle()
            return
        if not sc.can_act:
            return
        pend = self.my_pending()
        if k in DIGITS:
            n = DIGITS[k]
            me = sc.model.seats[sc.viewer] if sc.viewer is not None else None
            if pend is not None and pend["kind"] in ("discard", "forced_discard") and me is not None:
                if n <= len(me.hand):
                    self.send(intents.find(self.legal, "discard", me.hand[n - 1].card))
            elif pend is not None:
                opts = [o for o in pend.get("options", []) if not o.endswith("skip")]
                if n <= len(opts):
                    self.send(opts[n - 1])
            elif me is not None and n <= len(me.hand):
                self.send(intents.find(self.legal, "play", me.hand[n - 1].card))
        elif k == pygame.K_a and pend is None:
            sc.play_all()
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and pend is None:
            self.end_turn()
        elif k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            sc.undo()
        elif k in (pygame.K_s, pygame.K_n) and pend is not None and "skip" in [o.split()[-1] for o in pend.get("options", [])]:
            self.send(intents.find(self.legal, "skip"))
        elif pend is None and k in KEY_MENUS:
            self.key_menu(KEY_MENUS[k])

    # ---- keyboard menus: buying, attacking and abilities without the mouse ------------------------
    def key_menu(self, kind: str) -> None:
        sc = self.scene
        lang = sc.tr.lang
        options: list[tuple[str, str]] = []
        for line in self.legal:
            a = intents._parse(line)
            if a is None:
                continue
            if kind == "buy" and a.verb == "buy":
                c = library().get(a.card or "")
                options.append((line, f"{card_name(a.card, lang)} ({c.cost if c else '?'})"))
            elif kind == "attack" and a.verb == "attack" and a.seat is not None:
                who = sc.model.names[a.seat]
                options.append((line, who if a.card is None else f"{card_name(a.card, lang)} — {who}"))
            elif kind == "ability" and a.verb in ("expend", "ally", "sacrifice"):
                options.append((line, f"{sc.tr('table.' + a.verb + '_word')}: {card_name(a.card, lang)}"))
        if not options:
            sc.app.sound.play("error")
            return
        title = sc.tr(f"table.menu_{kind}")
        cb = self._attack_from_menu if kind == "attack" else (lambda line: self.use_ability(line) if line else None)
        sc.app.push(ChoiceDialog(sc.app, title, options[:9], (None, sc.tr("attack.cancel"))), cb)

    def _attack_from_menu(self, line: str | None) -> None:
        a = intents._parse(line) if line else None
        if a is None or a.seat is None:
            return
        index = None
        if a.card is not None:
            champs = self.scene.model.seats[a.seat].champions
            seen = 0
            for i, sp in enumerate(champs):
                if sp.card == a.card:
                    seen += 1
                    if seen == a.k:
                        index = i
        self.attack(a.seat, index, quick=False)

    # ---- end of turn -----------------------------------------------------------------------------------------
    def end_turn(self) -> None:
        sc = self.scene
        line = intents.find(self.legal, "end")
        if line is None:
            return
        if sc.app.settings.confirm_end_turn and sc.viewer is not None:
            me = sc.model.seats[sc.viewer]
            reasons = []
            if me.gold > 0 and intents.find(self.legal, "buy") is not None:
                reasons.append(sc.tr("endturn.gold_left", n=me.gold))
            if me.combat > 0 and intents.find(self.legal, "attack") is not None:
                reasons.append(sc.tr("endturn.combat_left", n=me.combat))
            if me.hand:
                reasons.append(sc.tr("endturn.cards_left", n=len(me.hand)))
            if reasons:
                sc.app.push(ConfirmDialog(sc.app, sc.tr("endturn.title"), reasons, sc.tr("endturn.confirm"), sc.tr("endturn.cancel")),
                            lambda ok: self.send(intents.find(self.legal, "end")) if ok else None)
                return
        self.send(line)


def _reach_refusal(reach: dict[str, Any], seat: int, index: int | None) -> Refusal | None:
    """Why the view says the viewer cannot attack player ``seat`` (``index`` None) or that
    player's champion ``index``: the engine's refusal, or None when the view says nothing."""
    why = reach.get("why") or {}
    if index is None:
        found = (why.get("players") or {}).get(str(seat))
        text = (reach.get("players") or {}).get(str(seat))
    else:
        lst, texts = (why.get("champions") or {}).get(str(seat)) or [], (reach.get("champions") or {}).get(str(seat)) or []
        found = lst[index] if index < len(lst) else None
        text = texts[index] if index < len(texts) else None
    if not isinstance(found, dict):
        return None
    return Refusal(str(found.get("key")), str(text or ""), dict(found.get("params") or {}))
