"""The game log in words, from the events, in either language.

Entries keep the facts (seat, key, card ids, numbers), not sentences, so the log
is re-worded when the language changes or, in hotseat, when another player sits
down: "You play Spark" for the viewer, "Ana plays Spark" for everyone else.
Drawn cards are never named (the log is public), only counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.hero_realms.cards import library
from game.ui.i18n import Tr
from game.ui.tablekit.log_words import LogLine, WordedLog

GAIN_EVENTS = {"gold_gained": "gold", "combat_gained": "combat", "health_gained": "health"}


@dataclass
class HeroLogLine(LogLine):
    """A line of the kit's log, with the gold, combat and health gains folded into it."""

    gains: list[tuple[str, int]] = field(default_factory=list)


def card_name(card: str | None, lang: str) -> str:
    if not card:
        return "?"
    c = library().get(card)
    return c.name.get(lang, c.name["en"]) if c is not None else card


class HeroLog(WordedLog):
    """Hero Realms' log on the kit's: a play's gains on its line, draws counted, never named."""

    you_key = "log.you"
    line_class = HeroLogLine
    undone_key = "undo"
    keep = 600
    entries: list[HeroLogLine]  # type: ignore[assignment]  # the kit's lines, with their gains

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self._cleanup = False

    def note(self, e: dict[str, Any]) -> None:
        t = e["type"]
        seat = e.get("seat")
        last = self.entries[-1] if self.entries else None
        if t in GAIN_EVENTS:
            kind = GAIN_EVENTS[t]
            if last is not None and last.seat == seat and last.key in ("play", "expend", "ally", "sacrifice", "gain", "sacrificed"):
                last.gains.append((kind, e["amount"]))
            else:
                self._add(seat, "gain")
                self.entries[-1].gains.append((kind, e["amount"]))
            return
        if t == "card_drawn":
            if last is not None and last.key == "draw" and last.seat == seat:
                last.params["n"] += 1
            else:
                self._add(seat, "draw", n=1)
            return
        if t == "turn_started":
            self._cleanup = False
            self._add(seat, "turn", turn=e["turn"])
        elif t == "card_played":
            self._add(seat, "play", card=e["card"])
        elif t == "ability_used":
            self._add(seat, e["kind"], card=e["card"])
        elif t == "deck_shuffled":
            self._add(seat, "shuffle", n=e["count"])
        elif t == "damage_dealt":
            if e.get("card") is None:
                self._add(seat, "attack_player", target=e["target"], amount=e["amount"], health=e.get("health"))
            else:
                self._add(seat, "attack_champion", target=e["target"], card=e["card"], amount=e["amount"])
        elif t == "champion_stunned":
            self._add(e.get("by"), "stun", target=seat, card=e["card"])
        elif t == "champion_prepared" and not self._cleanup:
            self._add(seat, "prepare", card=e["card"])
        elif t == "card_acquired":
            key = {"hand": "buy_hand", "deck_top": "buy_deck"}.get(e["to"], "buy")
            self._add(seat, key, card=e["card"], cost=e["cost"])
        elif t == "card_sacrificed" and not (last is not None and last.key == "sacrifice" and last.params.get("card") == e["card"]):
            self._add(seat, "sacrificed", card=e["card"])
        elif t == "card_discarded":
            self._add(seat, "discard", card=e["card"])
        elif t == "discard_owed":
            self._add(e.get("by"), "owes", target=seat)
        elif t == "gold_given":
            self._add(seat, "give", target=e["to"], n=e["amount"])
        elif t == "card_sent":
            self._add(seat, "send", target=e["to"], card=e["card"])
        elif t == "card_to_deck_top":
            self._add(seat, "to_deck", card=e["card"])
        elif t == "cleaned_up":
            self._cleanup = True
            self._add(seat, "end")
        elif t == "player_eliminated":
            self._add(seat, "eliminated")
        elif t == "game_over":
            w = e.get("winner")
            if isinstance(w, list):
                self._add(None, "winners", seats=w)
            else:
                self._add(w, "winner" if w is not None else "draw_game")

    def _who(self, seat: int | None, tr: Tr, viewer: int | None) -> str:
        return "?" if seat is None else super()._who(seat, tr, viewer)  # a stun by no one named

    def text(self, en: LogLine, tr: Tr, viewer: int | None) -> str:
        lang = tr.lang
        p: dict[str, Any] = {k: v for k, v in en.params.items()}
        if "card" in p:
            p["card"] = card_name(p["card"], lang)
        if "target" in p:
            p["target"] = tr("log.you_obj") if p["target"] is not None and p["target"] == viewer else self._who(p["target"], tr, viewer)
        if (note := self._named(en, p, tr, viewer)) is not None:
            return note
        key = f"log.{en.key}"
        target = en.params.get("target")
        if en.seat is not None and en.seat == viewer and tr.has(key + "_you"):
            key += "_own" if target == viewer and tr.has(key + "_own") else "_you"
        elif target is not None and target == viewer and tr.has(key + "_at_you"):
            key += "_at_you"
        elif target is not None and target == en.seat and tr.has(key + "_self"):
            key += "_self"  # a player's own champion
        if en.key == "draw" and p.get("n") == 1 and tr.has(key + "_one"):
            key += "_one"
        line = tr(key, **p)
        gains = en.gains if isinstance(en, HeroLogLine) else []
        if gains:
            parts = [tr(f"log.gain_{k}", n=n) for k, n in gains]
            sep = tr("log.sep")
            line = f"{line}{sep}{', '.join(parts)}" if en.key != "gain" else f"{p['name']}{sep}{', '.join(parts)}"
        return line
