"""The Linux desktop entry points at this executable and the bundled icon."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import desktop_entry


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")
def test_install_writes_an_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = desktop_entry.install()
    text = path.read_text()
    assert path == tmp_path / "applications" / "realms-table.desktop"
    assert "Exec=" in text and "-m game" in text and "realms_table.png" in text
    assert "StartupWMClass=RealmsTable\n" in text  # the window's class (tests/ui/test_window_class_x11.py)
    icon = next(line for line in text.splitlines() if line.startswith("Icon=")).split("=", 1)[1]
    assert Path(icon).exists()
