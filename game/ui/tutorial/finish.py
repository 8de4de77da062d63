"""The closing panel of a lesson: what the player learnt, and the way back to the title."""

from __future__ import annotations

from typing import Any

from game.ui.scenes.dialogs import MessageDialog


class FinishDialog(MessageDialog):
    """The lesson's title and closing words; its one button (or Enter, or Esc) closes it."""

    def __init__(self, app: Any, title: str, text: str) -> None:
        super().__init__(app, title, text, [(True, str(app.tr("tutorial.to_title")))], True, True)
