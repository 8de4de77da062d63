"""The HerosDeï game log in words, from the engine's events, in either language.

Entries keep the facts (seat, key, cards), not sentences, so the log re-words itself
when the language changes or, in hotseat, when the other player sits down ("You give
the Hauberk to Lancelot" for the viewer, "Ana gives..." for the other). Cards drawn
from a future are never named: the log is public at the table.
"""

from __future__ import annotations

from typing import Any

from game.ui.herosdei.model import card_defs, split_ref
from game.ui.i18n import Tr
from game.ui.tablekit.log_words import LogLine as LogLine  # the log's lines, kept importable from here
from game.ui.tablekit.log_words import WordedLog

#: the kinds of line the log panel sets apart (a new turn, the end)
HEADINGS = ("turn", "winner", "tie")


def card_name(cid: str, lang: str) -> str:
    """A card's name in ``lang`` (its id when the card is unknown)."""
    d = card_defs().get(cid)
    if d is None:
        return cid
    return d.name.get(lang) or d.name.get("en") or d.name.get("fr") or cid


def ref_name(ref: str, lang: str) -> str:
    """A Character named by ``<seat>:<card>[#k]`` (or a bare id) in words."""
    got = split_ref(ref)
    if got is None:
        return card_name(ref, lang)
    _, card, k = got
    return card_name(card, lang) + (f" #{k}" if k > 1 else "")


# event type -> (log key, the fields copied as they are)
SIMPLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "card_discarded": ("discard", ("card",)),
    "combat_passed": ("pass", ()),
    "monster_played": ("monster", ("card",)),
    "control_taken": ("control", ("card",)),
    "card_searched": ("searched", ("card",)),
    "sovereign_good_returned": ("good_back", ("card",)),
    "card_returned": ("returned", ("card",)),
}


class HdLog(WordedLog):
    you_key = "hdlog.you"

    def note(self, e: dict[str, Any]) -> None:
        t = str(e.get("type"))
        seat = e.get("seat") if isinstance(e.get("seat"), int) else None
        if t in SIMPLE:
            key, fields = SIMPLE[t]
            self._add(seat, key, **{f: e.get(f) for f in fields})
        elif t == "turn_started":
            self._add(None, "turn", turn=e.get("turn", 0))
        elif t == "heroes_revealed":
            self._add(seat, "heroes", cards=list(e.get("heroes", [])))
        elif t == "cards_drawn":
            self._add(seat, "draw", n=int(e.get("count", 0)))
        elif t == "first_player":
            self._add(seat, "first_" + str(e.get("by", "coin")))
        elif t == "phase_began":
            self._add(seat, "phase_" + str(e.get("phase", "")))
        elif t == "card_placed":
            onto = e.get("onto")
            self._add(seat, "give" if onto else "place", card=e.get("card"), onto=onto)
        elif t == "combat_declared":
            self._add(seat, "attack", attacker=e.get("attacker"), defender=e.get("defender"))
        elif t == "charm_compared":
            self._add(None, "charm_" + str(e.get("result", "continue")), c=e.get("charisma", 0), m=e.get("mastery", 0))
        elif t == "struck":
            self._add(None, "struck_" + str(e.get("step", "assault")), striker=e.get("striker"), struck=e.get("struck"),
                      f=e.get("force", 0), s=e.get("health", 0))
        elif t == "character_killed":
            by = e.get("by")
            n = len(e.get("with_cards", []))
            key = ("killed" if isinstance(by, int) else "killed_effect") + ("" if n else "_alone")
            self._add(by if isinstance(by, int) else None, key, card=e.get("card"), n=n, vp=e.get("vp", 0))
        elif t == "destiny_played":
            target = e.get("target")
            self._add(seat, "destiny_on" if target else "destiny", card=e.get("card"), onto=target)
        elif t == "destiny_resolved":
            self._add(seat, "cancelled" if e.get("cancelled") else "resolved", card=e.get("card"))
        elif t == "boosted":
            amount = int(e.get("amount", 0))
            self._add(None, "boost", card=e.get("card"), stat=e.get("stat", ""), amount=f"{amount:+d}")
        elif t == "keyword_granted":
            self._add(None, "keyword", card=e.get("card"), keyword=e.get("keyword", ""))
        elif t == "victory_points":
            self._add(seat, "vp", n=int(e.get("amount", 0)))
        elif t == "riposte_cancelled":
            self._add(None, "no_riposte")
        elif t == "game_over":
            winner = e.get("winner")
            self._add(winner if isinstance(winner, int) else None, "winner" if isinstance(winner, int) else "tie")

    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        lang = tr.lang
        p: dict[str, Any] = dict(e.params)
        for k in ("card",):
            if isinstance(p.get(k), str):
                p[k] = ref_name(p[k], lang)
        for k in ("onto", "attacker", "defender", "striker", "struck"):
            if isinstance(p.get(k), str):
                p[k] = ref_name(p[k], lang)
        if "cards" in p:
            p["cards"] = ", ".join(card_name(c, lang) for c in p["cards"])
        if "stat" in p:
            p["stat"] = tr(f"hdtable.stat_{p['stat']}") if p["stat"] in ("F", "S", "C", "M") else p["stat"]
        if "keyword" in p:
            p["keyword"] = tr(f"hdface.kw_{p['keyword']}")
        if (note := self._named(e, p, tr, viewer)) is not None:
            return note
        return tr(self._own(f"hdlog.{e.key}", e, tr, viewer), **p)
