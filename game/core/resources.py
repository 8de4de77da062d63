"""Find data and asset files the same way from a checkout, a wheel or a PyInstaller bundle.

- Source checkout: ``data/`` and ``assets/`` sit next to the ``game`` package.
- Installed wheel: they are packaged inside ``game/_resources/`` (see pyproject).
- PyInstaller bundle: they are unpacked under ``sys._MEIPASS``.

``REALMS_TABLE_ROOT`` overrides the search, which the tests use to prove the order.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _candidates() -> list[Path]:
    roots: list[Path] = []
    env = os.environ.get("REALMS_TABLE_ROOT")
    if env:
        roots.append(Path(env))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    roots.append(_PACKAGE_DIR / "_resources")
    roots.append(_PACKAGE_DIR.parent)
    return roots


@cache
def resource_root() -> Path:
    """The first root that holds a ``data`` folder."""
    for root in _candidates():
        if (root / "data").is_dir():
            return root
    searched = ", ".join(str(r) for r in _candidates())
    raise FileNotFoundError(f"game data not found (searched {searched})")


def data_path(*parts: str) -> Path:
    return resource_root().joinpath("data", *parts)


def asset_path(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)
