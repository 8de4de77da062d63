"""The Credits: who made the pictures, the fonts, the sounds and the games, under which
licences, and the licence files the table carries (found in ``assets/``). A scrolling
page like the rules (wheel, arrows, Page Up/Down); Esc or the button goes back.
Reached from the title and from the rules."""

from __future__ import annotations

from typing import Any

from game import games
from game.core.resources import asset_path
from game.ui.page import Block, PageScene


def licence_files() -> list[str]:
    """The licence files under ``assets/`` (``art/LICENSE``, ``fonts/LICENSE-DejaVu.txt``...)."""
    root = asset_path()
    if not root.is_dir():
        return []
    return sorted(str(p.relative_to(root)).replace("\\", "/") for p in root.rglob("LICENSE*") if p.is_file())


def credit_blocks(tr: Any) -> list[Block]:
    """The page's headings, paragraphs and list items in the chosen language."""
    fonts = sorted(p.stem for p in asset_path("fonts").glob("*.ttf"))
    blocks: list[Block] = [
        ("h", tr("credits.art_head")), ("p", tr("credits.art")), ("p", tr("credits.art_licence")),
        ("h", tr("credits.fonts_head")), ("p", tr("credits.fonts", files=", ".join(fonts))),
        ("h", tr("credits.sounds_head")), ("p", tr("credits.sounds")), ("p", tr("credits.icon")),
        ("h", tr("credits.games_head")),
    ]
    blocks += [("li", tr(f"credits.game_{g}")) for g in games.names() if tr.has(f"credits.game_{g}")]
    blocks += [("p", tr("credits.unofficial")), ("h", tr("credits.files_head"))]
    blocks += [("li", f"assets/{name}") for name in licence_files()]
    return blocks


class CreditsScene(PageScene):
    def title(self) -> str:
        return str(self.tr("credits.title"))

    def blocks(self) -> list[Block]:
        return credit_blocks(self.tr)
