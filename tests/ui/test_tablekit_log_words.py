"""The kit's worded log: a seat in words for each viewer, and the last lines worded."""

from __future__ import annotations

from typing import Any

from game.ui.i18n import Tr
from game.ui.tablekit.log_words import LogLine, WordedLog


class _Log(WordedLog):
    you_key = "flog.you"

    def add(self, e: dict[str, Any]) -> None:
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
