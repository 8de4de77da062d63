"""What a LAN table tells of the other seats, in its log and a toast: a seat that drops,
an AI that takes it over, its player back, and what a seat says at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.session.clients import GameClient
from game.ui.i18n import Tr
from game.ui.tablekit.protocols import GameLog

if TYPE_CHECKING:
    from game.ui.app import App


class NewsTable(Protocol):
    """What the news reads and notes of its table."""

    app: App
    client: GameClient
    humans: list[int]
    names: list[str]
    log: GameLog
    seats_seen: dict[int, str]  # the other seats' connection status, as last shown

    @property
    def tr(self) -> Tr: ...


def seat_news(table: NewsTable) -> None:
    """LAN: say in the log (and a toast) when another player's seat drops, when an
    AI takes it over, and when the player is back."""
    for entry in getattr(table.client, "seat_status", None) or []:
        seat, status = entry.get("seat"), str(entry.get("status"))
        if not isinstance(seat, int) or seat in table.humans or entry.get("kind") != "remote":
            continue
        before = table.seats_seen.get(seat)
        table.seats_seen[seat] = status
        if before is None or before == status:
            continue  # the first word heard is how things stand, not news
        wait = entry.get("takeover_in")
        if status == "waiting" and before == "connected":
            key, params = ("lan.news_left", {"n": round(wait)}) if isinstance(wait, (int, float)) \
                else ("lan.news_left_kept", {})
        elif status == "ai":
            key, params = "lan.news_ai", {}
        elif status == "connected":
            key, params = "lan.news_back", {}
        else:
            continue
        table.log.add({"type": "table_note", "seat": seat, "note": key, "params": params})
        table.app.toast(table.tr(key, name=table.names[seat] if seat < len(table.names) else "?", **params), 5)


def talk_news(table: NewsTable) -> None:
    """LAN: what a seat said at the table, in the log and a toast (unless muted in Settings)."""
    fn = getattr(table.client, "talk", None)
    if fn is None:
        return
    for said in fn():
        if table.app.settings.mute_talk:
            continue
        emote = said.get("emote")
        words = str(table.tr(f"talk.{emote}")) if isinstance(emote, str) else str(said.get("text", ""))
        seat = said.get("seat")
        table.log.add({"type": "table_note", "seat": seat, "note": "lan.said", "params": {"words": words}})
        name = table.names[seat] if isinstance(seat, int) and 0 <= seat < len(table.names) else str(said.get("name"))
        table.app.toast(table.tr("lan.said_toast", name=name, words=words), 5)
