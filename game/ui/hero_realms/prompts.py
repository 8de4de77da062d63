"""The engine's questions on the Hero Realms table: which open as dialogs, in which
words, and the format's extra moves (gold or a card for a teammate).

A pending decision of the viewer's opens once as a dialog (a step of the table
kit's, :mod:`game.ui.tablekit.prompts`) whose answers are the engine's legal lines (a choose-one labelled from the card's effects, yes/no,
how many, where an acquired card goes, which cards to select); target, discard
and champion-select prompts are answered on the table itself (highlights and
the banner). The input half of the controller (:mod:`game.ui.hero_realms.controller`)
builds on this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from game.hero_realms.cards import library
from game.ui.hero_realms import intents
from game.ui.hero_realms.dialogs import AttackDialog, CardPickerDialog
from game.ui.hero_realms.logtext import card_name
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.tablekit.controller import Controller, Press
from game.ui.tablekit.prompts import Step

if TYPE_CHECKING:
    from game.ui.hero_realms.parts import HeroTable  # noqa: F401 (named by the generic base below)

INLINE = ("target_champion", "target_opponent", "discard", "forced_discard")
HANDLED_VERBS = {"play", "expend", "ally", "sacrifice", "buy", "attack", "end", "choose", "target", "select", "discard", "skip"}
D = TypeVar("D", bound=Press)


class Prompts(Controller["HeroTable", D]):
    """The viewer's pending decision, its dialog, and the moves the table has no gesture for."""

    # ---- state -------------------------------------------------------------------------------
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
        """Ask the viewer's pending decision in its dialog (once: not while one is open)."""
        pend = self.my_pending()
        sc = self.scene
        if pend is None or sc.asking:
            return
        kind = pend["kind"]
        if kind in INLINE or (kind == "select" and pend.get("zone") == "champions"):
            return  # answered on the table (highlights and the banner)
        sc.ask(Step(self.prompt_dialog(pend), _line))

    def prompt_dialog(self, pend: dict[str, Any]) -> Scene:
        """The dialog of a pending decision: the engine's answers (legal lines), in words."""
        sc = self.scene
        kind = pend["kind"]
        opts: list[str] = list(pend.get("options", []))
        skip = next((o for o in opts if o.split()[-1] == "skip"), None)
        title = self.prompt_title(pend)
        card = pend.get("card")
        if kind == "choose_one":
            labels = choice_labels(card, len(opts), sc.tr)
            return ChoiceDialog(sc.app, title, [(o, labels[i] if i < len(labels) else o) for i, o in enumerate(opts)])
        if kind == "yes_no":
            sub = ability_text(card, sc.tr.lang, "draw_then_discard")
            return ChoiceDialog(sc.app, title, [(opts[0], sc.tr("prompt.yes"))], (skip, sc.tr("prompt.no")), sub, yes_no=True)
        if kind == "up_to":
            amounts = [(o, o.split()[-1]) for o in opts if o != skip]
            return ChoiceDialog(sc.app, title, amounts, (skip, sc.tr("prompt.none")))
        if kind == "acquire_destination":
            labels = [sc.tr("prompt.deck_top"), sc.tr("prompt.to_hand")]
            return ChoiceDialog(sc.app, title, [(o, labels[i] if i < 2 else o) for i, o in enumerate(opts)])
        if kind == "select":
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
            return CardPickerDialog(sc.app, title, choices, extra)
        # a decision this table does not know yet: list the engine's answers
        return ChoiceDialog(sc.app, title, [(o, o) for o in opts if o != skip], (skip, sc.tr("prompt.skip")) if skip else None)

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


def _line(answer: Any) -> list[str] | None:
    """A prompt dialog's answer: the legal line picked (None: none, nothing is sent)."""
    return [answer] if answer else None


def _effect_label(effects: Any, tr: Any, fallback: str) -> str:
    """One option of a choose-one in words ("Gain 1 gold"), or ``fallback`` (the
    ability's own text) for an effect this table has no words of its own for."""
    parts = []
    for e in effects:
        if e.verb in ("gold", "combat", "health") and not e.optional:
            parts.append(tr(f"prompt.gain_{e.verb}", n=e.amount))
        elif e.verb == "draw":
            parts.append(tr("prompt.gain_draw", n=e.amount))
        elif e.verb in ("combat_per", "health_per") and tr.has(f"prompt.gain_{e.verb}_{e.per}"):
            parts.append(tr(f"prompt.gain_{e.verb}_{e.per}", n=e.amount))
        else:
            return fallback
    return ", ".join(parts) if parts else fallback


def choice_labels(card: str | None, n: int, tr: Any) -> list[str]:
    """Labels of a choose-one's options, from the card's effects (the dialog numbers them)."""
    c = library().get(card or "")
    if c is None:
        return [str(i + 1) for i in range(n)]
    for ab in c.abilities.values():
        for e in ab.effects:
            if e.verb == "choose_one":
                text = ab.text.get(tr.lang, ab.text["en"])
                return [_effect_label(opt, tr, text) for opt in e.options]
    return [str(i + 1) for i in range(n)]


def ability_text(card: str | None, lang: str, verb: str) -> str:
    c = library().get(card or "")
    if c is None:
        return ""
    for ab in c.abilities.values():
        if any(e.verb == verb for e in ab.effects):
            return ab.text.get(lang, ab.text["en"])
    return ""
