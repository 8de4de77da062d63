"""The Fantasy Realms game log in words, from the events, in either language.

Entries keep the facts (seat, key, cards), not sentences, so the log re-words
itself when the language changes or, in hotseat, when another player sits down
("You take the Dragon" for the viewer, "Ana takes the Dragon" for the others).
Cards drawn from the deck are never named: the log is public at the table.
"""

from __future__ import annotations

from typing import Any

from game.ui.fantasy_realms.score import card_name
from game.ui.i18n import Tr
from game.ui.tablekit.log_words import LogLine as LogLine  # the log's lines, kept importable from here
from game.ui.tablekit.log_words import WordedLog


class FantasyLog(WordedLog):
    you_key = "flog.you"
    you_in_lists = False

    def note(self, e: dict[str, Any]) -> None:
        t = e["type"]
        seat = e.get("seat")
        last = self.entries[-1] if self.entries else None
        why = e.get("why", "")
        if t == "turn_started":
            self._add(seat, "turn", turn=e.get("turn", 0), extra=bool(e.get("extra")))
        elif t == "card_drawn":
            key = {"draft": "draw_two", "leprechaun": "leprechaun", "genie": "genie"}.get(why, "draw")
            if last is not None and last.seat == seat and last.key == key and key in ("draw", "draw_two"):
                last.params["n"] += 1
            else:
                self._add(seat, key, n=1, why=why)
            if key == "draw_two":  # the drawer's copy names both cards: its log can name the one kept
                self.entries[-1].params.setdefault("drawn", []).append(e.get("card"))
        elif t == "card_taken":
            self._add(seat, "take_" + why if why in ("necromancer", "rake") else "take", card=e["card"])
        elif t == "card_discarded":
            if seat is None or seat < 0:
                self._add(None, "to_discard", card=e["card"], item=why)
            else:
                key = {"draft": "keep_discard", "hand cap": "cap_discard"}.get(why, "discard")
                kept = self._kept(seat, e["card"]) if key == "keep_discard" else None
                self._add(seat, key, card=e["card"], **({"kept": kept} if kept else {}))
        elif t == "cards_to_deck":
            self._add(seat, "to_deck_" + str(e.get("where", "bottom")), n=e.get("count", 0),
                      cards=list(e.get("cards", [])) if not e.get("private", True) else [])
        elif t == "revealed":
            cards = [c for c in e.get("cards", []) if c]
            if e.get("why") == "market_wagon":
                self._add(seat, "wagon", card=cards[0] if cards else "")
            elif e.get("to", -1) < 0:
                self._add(seat if (seat or 0) >= 0 else None, "revealed", cards=cards, item=e.get("why", ""))
            else:
                self._add(e.get("to"), "looks", whose=seat, item=e.get("why", ""))
        elif t == "item_dealt":
            self._add(seat, "item_dealt", item=e["item"])
        elif t == "item_used":
            self._add(seat, "item_used", item=e["item"])
        elif t == "item_discarded":
            self._add(seat, "item_discarded", item=e["item"])
        elif t == "item_stolen":
            self._add(seat, "item_stolen", item=e["item"], victim=e["victim"])
        elif t == "offered":
            self._add(seat, "offered" if e.get("cards") else "offered_none", cards=list(e.get("cards", [])))
        elif t == "traded":
            self._add(seat, "traded", other=e["other"], gave=e["gave"], got=e["got"])
        elif t == "discard_sealed":
            self._add(seat, "sealed", cards=list(e.get("cards", [])))
        elif t == "hand_limit_changed":
            self._add(seat, "limit", n=e.get("limit", 0))
        elif t == "game_ending":
            self._add(None, "ending_deck" if e.get("reason") == "deck_empty" else "ending", n=e.get("discards", 0))
        elif t == "hand_scored":
            self._add(seat, "scored", total=e.get("total", 0))
        elif t == "game_over":
            winners = list(e.get("winners", []))
            self._add(winners[0] if len(winners) == 1 else None, "winner" if len(winners) == 1 else "winners", seats=winners)

    def _kept(self, seat: Any, discarded: str) -> str | None:
        """The card a two-player draft kept: the other of the two drawn, when the log
        saw them (the drawer's own events; the others' name no card)."""
        draw = next((en for en in reversed(self.entries) if en.seat == seat and en.key == "draw_two"), None)
        drawn = [c for c in (draw.params.get("drawn", []) if draw is not None else []) if c]
        if discarded in drawn:
            drawn.remove(discarded)
        return drawn[0] if len(drawn) == 1 else None

    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        lang = tr.lang
        p: dict[str, Any] = dict(e.params)
        you = e.seat is not None and e.seat == viewer
        for k in ("card", "gave", "got", "kept"):
            if k in p:
                p[k] = card_name(p[k], lang)
        if "item" in p:
            p["item"] = card_name(_item_id(p["item"]), lang) if p["item"] else ""
        if "cards" in p:
            p["cards"] = ", ".join(card_name(c, lang) for c in p["cards"])
        if e.key == "looks":
            whose = p.get("whose")
            if whose is None or whose < 0:
                key = "flog.looks_deck_you" if you else "flog.looks_deck"
                return tr(key, name=self._who(e.seat, tr, viewer), item=p.get("item", ""))
            if whose == viewer:
                return tr("flog.looks_at_you", name=self._who(e.seat, tr, viewer), item=p.get("item", ""))
        for k in ("victim", "other", "whose"):
            if k in p:
                seat = p[k]
                p[k] = tr("flog.you_obj") if seat == viewer and seat is not None else (
                    self._who(seat, tr, viewer) if seat is not None and seat >= 0 else tr("flog.the_deck"))
        if (note := self._named(e, p, tr, viewer)) is not None:
            return note
        if e.key == "turn":
            return tr("flog.your_turn" if you else "flog.turn", **p)
        key = self._own(f"flog.{e.key}", e, tr, viewer)
        if e.key == "keep_discard" and you and p.get("kept"):
            key = "flog.keep_discard_kept_you"  # the kept card is named to its owner only
        if e.key == "revealed" and p.get("item") and tr.has("flog.revealed_item"):
            key = "flog.revealed_item"
        if e.key == "to_discard" and p.get("item"):
            key = "flog.to_discard_item"
        return tr(key, **p)


def _item_id(word: str) -> str:
    """An item named by id (events) or by the slug of an item's ``why`` ("winged_boots")."""
    from game.fantasy_realms.cards import library

    lib = library()
    if word in lib.items:
        return word
    for iid, it in lib.items.items():
        if it.slug == word:
            return iid
    return word
