"""Data and assets are found the same way from a checkout, a wheel and a bundle."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.core import resources

ROOT = Path(__file__).resolve().parent.parent


def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    resources.resource_root.cache_clear()
    monkeypatch.delenv("REALMS_TABLE_ROOT", raising=False)


def test_source_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resources.data_path("hero_realms").is_dir()
    assert resources.resource_root() in (ROOT, ROOT / "game" / "_resources")
    resources.resource_root.cache_clear()


def test_pyinstaller_bundle_layout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fresh(monkeypatch)
    (tmp_path / "data" / "hero_realms").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.data_path("hero_realms") == tmp_path / "data" / "hero_realms"
    resources.resource_root.cache_clear()


def test_environment_override_comes_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fresh(monkeypatch)
    (tmp_path / "data").mkdir()
    monkeypatch.setenv("REALMS_TABLE_ROOT", str(tmp_path))
    assert resources.resource_root() == tmp_path
    resources.resource_root.cache_clear()


@pytest.mark.slow
def test_wheel_carries_data_and_finds_it(tmp_path: Path) -> None:
    """Build a wheel, install it in isolation, load the cards from it."""
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                          "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "game/_resources/data/hero_realms/wild.toml" in names
    # the package's own documentation, never the lab notes of docs/
    assert {"game/README.md", "game/net/PROTOCOL.md", "game/hero_realms/NOTATION.md"} <= set(names)
    assert not [n for n in names if n.startswith("docs/") or "notes" in n.lower()]
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = {k: v for k, v in os.environ.items() if k != "REALMS_TABLE_ROOT"}
    env["PYTHONPATH"] = str(target)
    code = ("import game.core.resources as r, game.hero_realms.cards as c;"
            "print(r.resource_root()); print(len(c.library().cards))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert res.returncode == 0, res.stderr
    root, count = res.stdout.split()
    assert Path(root) == target / "game" / "_resources" and count == "59"
