"""The kit's worded log: a seat in words for each viewer, and the last lines worded."""

from __future__ import annotations

from typing import Any

from game.ui.i18n import Tr
from game.ui.tablekit.log_words import LogLine, WordedLog


class _Log(WordedLog):
    you_key = "flog.you"

    def note(self, e: dict[str, Any]) -> None:
        self._add(e.get("seat"), e["type"])

    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        return f"{self._who(e.seat, tr, viewer)}:{e.key}"


def test_seats_are_worded_for_the_viewer() -> None:
    log = _Log(["Ana", "Bo"])
    tr = Tr("en")
    assert log._who(1, tr, 1) == tr("flog.you") != "flog.you"
    assert log._who(0, tr, 1) == "Ana" and log._who(5, tr, 1) == "#6"
    assert log._who(None, tr, 0) == "" and log._who(-1, tr, 0) == ""


def test_lines_are_the_last_entries_worded() -> None:
    log = _Log(["Ana", "Bo"])
    for i in range(5):
        log.add({"type": f"e{i}", "seat": i % 2})
    assert log.lines(Tr("en"), None, 2) == [(1, "e3", "Bo:e3"), (0, "e4", "Ana:e4")]


def test_every_game_logs_an_undo_and_a_table_note_the_same_way_and_keeps_the_latest_lines() -> None:
    log = _Log(["Ana", "Bo"])
    log.add({"type": "undone", "seat": 0})
    log.add({"type": "table_note", "seat": 1, "note": "lan.news_back", "params": {}})
    assert [(e.seat, e.key) for e in log.entries] == [(0, "undone"), (1, "note")]
    assert log.entries[1].params == {"note": "lan.news_back"}
    for i in range(log.keep + 5):
        log.add({"type": f"e{i}", "seat": 0})
    assert len(log.entries) == log.keep and log.entries[-1].key == f"e{log.keep + 4}"
