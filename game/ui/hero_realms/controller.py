"""Turns the player's clicks, drags and keys into engine actions, and prompts into
dialogs or highlights.

Widgets and sprites only say *what* was touched; this controller decides what
it means now (play, buy, attack, expend, ally, sacrifice, answer a prompt), finds
the legal line through :mod:`game.ui.hero_realms.intents` and sends it through the
scene's client. Nothing is sent unless the engine listed it as legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.hero_realms.cards import library
from game.ui.hero_realms import intents
from game.ui.hero_realms.layout import card_rect
from game.ui.hero_realms.logtext import card_name
from game.ui.hero_realms.model import Sprite
from game.ui.hero_realms.wasted import wasted_reason
from game.ui.scenes.dialogs import DIGITS, AttackDialog, CardPickerDialog, ChoiceDialog, ConfirmDialog

if TYPE_CHECKING:
    from game.ui.hero_realms.table import TableScene

Target = tuple[Any, ...]
KEY_MENUS = {pygame.K_b: "buy", pygame.K_c: "attack", pygame.K_e: "ability"}
INLINE = ("target_champion", "target_opponent", "discard", "forced_discard")
HANDLED_VERBS = {"play", "expend", "ally", "sacrifice", "buy", "attack", "end", "choose", "target", "select", "discard", "skip"}


@dataclass
class Drag:
    kind: str  # hand | market | gems | combat
    index: int
    start: tuple[int, int]
    sprite: Sprite | None
    active: bool = False
    pos: tuple[int, int] = (0, 0)


class Controller:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.drag: Drag | None = None
        self.hover: Target | None = None
        self.hover_time = 0.0
        self.mouse = (0, 0)
        self.prompt_shown: object | None = None  # the pending dict a dialog was opened for

    # ---- state -------------------------------------------------------------------------------
    @property
    def legal(self) -> list[str]:
        return self.scene.model.legal if self.scene.can_act else []

    def my_pending(self) -> dict[str, Any] | None:
        p = self.scene.model.pending
        if p is not None and self.scene.can_act and p.get("seat") == self.scene.viewer and "options" in p:
            return p
        return None

    def send(self, line: str | None) -> bool:
        if line is None:
            self.scene.app.sound.play("error")
            return False
        return self.scene.submit(line)

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
        if t is None or not self.scene.can_act:
            self.pending_click = t
            return
        self.pending_click = t
        sc = self.scene
        if t[0] == "hand" and t[1] == sc.viewer:
            self.drag = Drag("hand", t[2], pos, t[3])
        elif t[0] == "market":
            self.drag = Drag("market", t[1], pos, t[2])
        elif t[0] == "gems" and sc.model.gems:
            self.drag = Drag("gems", 0, pos, self.gem_sprite())
        elif t[0] == "combat" and sc.viewer is not None and t[1] == sc.viewer and sc.model.seats[sc.viewer].combat > 0:
            self.drag = Drag("combat", 0, pos, None)

    def gem_sprite(self) -> Sprite:
        """A Fire Gem lifted off the stack: it follows the pointer like a market card (the stack has no sprites)."""
        r = self.scene.lay.gems
        return Sprite("fire_gem", x=r.centerx, y=r.centery, w=r.width, tx=r.centerx, ty=r.centery, tw=r.width, placed=True)

    def mouse_motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.drag is not None:
            d = self.drag
            if not d.active and (abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1])) > 10 * self.scene.lay.scale:
                d.active = True
            d.pos = pos
            if d.active and d.sprite is not None:
                d.sprite.x, d.sprite.y = pos
                d.sprite.z = 20
                d.sprite.tangle = d.sprite.angle = 0
        t = self.hit(pos)
        key = t[:3] if t else None
        if key != (self.hover[:3] if self.hover else None):
            self.hover_time = 0.0
        self.hover = t

    def mouse_up(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        if d is not None and d.active:
            self.drop(d, pos)
            return
        t = getattr(self, "pending_click", None)
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
        engine = None
        reach = sc.model.reach or {}
        if index is None:
            engine = (reach.get("players") or {}).get(str(seat))
        else:
            lst = (reach.get("champions") or {}).get(str(seat)) or []
            engine = lst[index] if index < len(lst) else None
        if engine and "teammate" in engine:
            return str(sc.tr("table.teammate"))
        view_player = {"champions": [{"card": c.card, "expended": c.expended} for c in champs]}
        guard = intents.guard_of(view_player)
        if guard is not None:
            return str(sc.tr("table.guard_blocks", card=card_name(guard, sc.tr.lang)))
        if engine and sc.tr.lang == "en":
            return str(engine[:1].upper() + engine[1:])  # the engine's own words say exactly why
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
    def key(self, event: pygame.event.Event) -> None:
        sc = self.scene
        k = event.key
        if k == pygame.K_ESCAPE:
            sc.pause()
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

    # ---- prompts ------------------------------------------------------------------------------------------------
    def prompt_title(self, pend: dict[str, Any]) -> str:
        sc = self.scene
        kind = pend["kind"]
        card = card_name(pend.get("card"), sc.tr.lang) if pend.get("card") else ""
        if kind == "select":
            kind = {"champions": "select_champions", "discard": "select_discard", "hand+discard": "select_hand_discard"}.get(
                pend.get("zone", ""), "select_discard")
        key = f"prompt.{kind}"
        return str(sc.tr(key, card=card) if sc.tr.has(key) else pend.get("prompt", kind))

    def open_prompt(self) -> None:
        """Show the dialog for a pending decision (once per decision)."""
        pend = self.my_pending()
        if pend is None or pend is self.prompt_shown:
            return
        sc = self.scene
        kind = pend["kind"]
        if kind in INLINE or (kind == "select" and pend.get("zone") == "champions"):
            return  # answered on the table (highlights and the banner)
        self.prompt_shown = pend
        opts: list[str] = list(pend.get("options", []))
        skip = next((o for o in opts if o.split()[-1] == "skip"), None)
        title = self.prompt_title(pend)
        card = pend.get("card")

        def answer(line: Any) -> None:
            self.prompt_shown = None
            if line:
                self.send(line)

        if kind == "choose_one":
            labels = choice_labels(card, len(opts), sc.tr)
            sc.app.push(ChoiceDialog(sc.app, title, [(o, labels[i] if i < len(labels) else o) for i, o in enumerate(opts)]), answer)
        elif kind == "yes_no":
            sub = ability_text(card, sc.tr.lang, "draw_then_discard")
            sc.app.push(ChoiceDialog(sc.app, title, [(opts[0], sc.tr("prompt.yes"))], (skip, sc.tr("prompt.no")), sub, yes_no=True), answer)
        elif kind == "up_to":
            amounts = [(o, o.split()[-1]) for o in opts if o != skip]
            sc.app.push(ChoiceDialog(sc.app, title, amounts, (skip, sc.tr("prompt.none"))), answer)
        elif kind == "acquire_destination":
            labels = [sc.tr("prompt.deck_top"), sc.tr("prompt.to_hand")]
            sc.app.push(ChoiceDialog(sc.app, title, [(o, labels[i] if i < 2 else o) for i, o in enumerate(opts)]), answer)
        elif kind == "select":
            me = sc.model.seats[sc.viewer] if sc.viewer is not None else None
            hand = [c.card for c in me.hand] if me else []
            choices: list[tuple[Any, str | None, str]] = []
            for o in opts:
                a = intents._parse(o)
                if a is None or a.verb != "select":
                    continue
                where = ""
                if pend.get("zone") == "hand+discard":
                    where = sc.tr("table.hand") if a.k <= hand.count(a.card) else sc.tr("table.discard")
                choices.append((o, a.card, where))
            extra = [(skip, sc.tr("prompt.skip"))] if skip else []
            sc.app.push(CardPickerDialog(sc.app, title, choices, extra), answer)
        else:  # a decision this table does not know yet: list the engine's answers
            sc.app.push(ChoiceDialog(sc.app, title, [(o, o) for o in opts if o != skip],
                                     (skip, sc.tr("prompt.skip")) if skip else None), answer)

    def other_moves(self) -> list[str]:
        """Legal main-phase moves the table has no gesture for (format extras)."""
        out = []
        for line in self.legal:
            a = intents._parse(line)
            if a is not None and a.verb not in HANDLED_VERBS:
                out.append(line)
        return out

    def show_other_moves(self) -> None:
        sc = self.scene
        moves = self.other_moves()
        if moves:
            sc.app.push(ChoiceDialog(sc.app, sc.tr("table.more_moves"), [(m, self.move_label(m)) for m in moves[:9]],
                                     (None, sc.tr("attack.cancel"))), self._other_move)

    def _other_move(self, line: str | None) -> None:
        """Send a chosen extra move; gold for a teammate is listed once with all of it,
        so ask how much (any amount from 1 is legal)."""
        a = intents._parse(line) if line else None
        if a is None or line is None:
            return
        if a.verb == "give" and a.seat is not None and a.amount and a.amount > 1:
            sc = self.scene
            sc.app.push(AttackDialog(sc.app, sc.tr("table.give_title", name=sc.names[a.seat]), a.amount, a.amount,
                                     amount_key="table.give_amount", confirm_key="table.give_confirm"),
                        lambda n: self.send(f"{line.rsplit(' ', 1)[0]} {n}") if n else None)
            return
        self.send(line)

    def move_label(self, line: str) -> str:
        """Words for a format's extra move (give gold, send a card to a teammate)."""
        sc = self.scene
        a = intents._parse(line)
        if a is None or a.seat is None or not 0 <= a.seat < len(sc.names):
            return line
        if a.verb == "give":
            return str(sc.tr("table.give", n=a.amount, name=sc.names[a.seat]))
        if a.verb == "send":
            return str(sc.tr("table.send", card=card_name(a.card, sc.tr.lang), name=sc.names[a.seat]))
        return line


def _effect_label(effects: Any, tr: Any, lang: str, fallback: str) -> str:
    parts = []
    for e in effects:
        if e.verb in ("gold", "combat", "health") and not e.optional:
            parts.append(tr(f"prompt.gain_{e.verb}", n=e.amount))
        elif e.verb == "draw":
            parts.append(tr("prompt.gain_draw", n=e.amount))
        else:
            return fallback
    return ", ".join(parts) if parts else fallback


def choice_labels(card: str | None, n: int, tr: Any) -> list[str]:
    """Labels of a choose-one's options, from the card's effects."""
    c = library().get(card or "")
    if c is None:
        return [str(i + 1) for i in range(n)]
    for ab in c.abilities.values():
        for e in ab.effects:
            if e.verb == "choose_one":
                text = ab.text.get(tr.lang, ab.text["en"])
                return [_effect_label(opt, tr, tr.lang, f"{i + 1}. {text}") for i, opt in enumerate(e.options)]
    return [str(i + 1) for i in range(n)]


def ability_text(card: str | None, lang: str, verb: str) -> str:
    c = library().get(card or "")
    if c is None:
        return ""
    for ab in c.abilities.values():
        if any(e.verb == verb for e in ab.effects):
            return ab.text.get(lang, ab.text["en"])
    return ""
