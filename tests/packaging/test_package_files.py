"""What the package ships besides code: the .md files that document it (its READMEs,
each game's notation, the LAN protocol) and the schemas. Lab notes (figures measured,
experiments tried and dropped) live in the top-level ``docs/`` and are not shipped."""

from __future__ import annotations

import fnmatch
import glob
import re
from pathlib import Path

from game.core.tomlcompat import load_file

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game"
DOCS = ROOT / "docs"


def _package_data() -> list[str]:
    globs: list[str] = load_file(ROOT / "pyproject.toml")["tool"]["setuptools"]["package-data"]["game"]
    return globs


def _shipped() -> set[Path]:
    """The files pyproject's package-data globs take, resolved as setuptools resolves them
    (from the package's folder, ``**`` spanning folders)."""
    found: set[Path] = set()
    for pattern in _package_data():
        found |= {Path(p).resolve() for p in glob.glob(str(PACKAGE / pattern), recursive=True)}
    return found


def test_no_lab_notes_live_in_the_package() -> None:
    notes = [p.relative_to(ROOT) for p in PACKAGE.rglob("*")
             if p.is_file() and p.suffix != ".py" and "notes" in p.name.lower()]
    assert not notes, f"lab notes belong in docs/ (e.g. docs/ai/<game>-notes.md), not in game/: {notes}"


def test_every_md_file_in_the_package_is_shipped_documentation() -> None:
    """A .md file under game/ documents the package and is shipped; anything else (notes,
    figures) goes to docs/. A new one is either listed in package-data or moved."""
    shipped = _shipped()
    docs = sorted(PACKAGE.rglob("*.md"))
    assert PACKAGE / "net" / "PROTOCOL.md" in docs
    unshipped = [p.relative_to(ROOT) for p in docs if p.resolve() not in shipped]
    assert not unshipped, f"not shipped by pyproject's package-data: move to docs/ or list it: {unshipped}"


def test_the_package_data_takes_nothing_outside_the_package() -> None:
    shipped = _shipped()
    assert any(p.suffix == ".md" for p in shipped) and any(p.suffix == ".json" for p in shipped)
    outside = [p for p in shipped if not p.is_relative_to(PACKAGE.resolve())]
    assert not outside, f"package-data reaches outside game/: {outside}"
    include = load_file(ROOT / "pyproject.toml")["tool"]["setuptools"]["packages"]["find"]["include"]
    assert not [pattern for pattern in include if fnmatch.fnmatch("docs", pattern)], include


def test_every_docs_file_named_in_the_code_and_its_readmes_exists() -> None:
    """A module or README that sends the reader to ``docs/...`` names a file that is there."""
    named: dict[str, list[str]] = {}
    for folder in (PACKAGE, ROOT / "data"):
        for path in [*folder.rglob("*.py"), *folder.rglob("*.md")]:
            for ref in re.findall(r"\bdocs/[\w./-]+\.md", path.read_text(encoding="utf-8")):
                named.setdefault(ref, []).append(str(path.relative_to(ROOT)))
    assert "docs/ai/herosdei-notes.md" in named
    missing = {ref: where for ref, where in named.items() if not (ROOT / ref).is_file()}
    assert not missing, f"named but not in docs/: {missing}"
