"""``--install-desktop-entry``: put Realms Table in the Linux applications menu.

Writes ``~/.local/share/applications/realms-table.desktop`` (XDG) pointing at the
executable that runs this code (the frozen build, or ``python -m game`` from a
source checkout) and at the bundled icon. Written atomically; nothing else changes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.core.atomic import write_text_atomic
from game.core.resources import asset_path
from game.ui.display import WM_CLASS  # the window's class: the desktop groups the window under this entry

TEMPLATE = """[Desktop Entry]
Type=Application
Name=Realms Table
GenericName=Card game table
Comment=Hero Realms, Fantasy Realms and HerosDeï against AI, in hotseat or over the LAN
Comment[fr]=Hero Realms, Fantasy Realms et HerosDeï contre l'IA, à plusieurs sur un écran ou en réseau local
Exec={exec}
Icon={icon}
Terminal=false
Categories=Game;CardGame;
Keywords=Hero Realms;Fantasy Realms;HerosDeï;deckbuilding;cards;
StartupWMClass={wm_class}
"""


def command_line() -> str:
    if getattr(sys, "frozen", False):
        return f'"{sys.executable}"'
    return f'"{sys.executable}" -m game'


def install(home: Path | None = None) -> Path:
    if not sys.platform.startswith("linux"):
        raise OSError("desktop entries are for Linux; on Windows and macOS, pin or drag the application instead")
    data_home = Path(os.environ.get("XDG_DATA_HOME") or (home or Path.home()) / ".local" / "share")
    target = data_home / "applications" / "realms-table.desktop"
    write_text_atomic(target, TEMPLATE.format(exec=command_line(), icon=asset_path("icons", "realms_table.png"),
                                              wm_class=WM_CLASS))
    return target
