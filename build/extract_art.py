"""Extract the card pictures the card data names from the Game Icons set into assets/art/.

Every card-like table (one with an ``id``) of every TOML file under ``data/`` with an
``art = "<icon>"`` key names a picture. This script reads the icon set (the npm package ``@iconify-json/game-icons``:
one ``icons.json`` holding every icon's SVG body), writes exactly the named icons as
standalone SVG files ``assets/art/<icon>.svg``, and removes the SVG files no card names
any more. A card naming an icon the set does not have stops it with a one-line reason
and exit status 1, before anything is written.

    python build/extract_art.py                      # runs `npm pack` into a temporary folder
    python build/extract_art.py --package x.tgz      # a package fetched before (or its folder)

Standard library only: the game itself never needs npm, only this script does.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "@iconify-json/game-icons@1.2.4"
SIZE = 512  # the width and height written on each SVG (the viewBox keeps the icon's own)


class ArtError(Exception):
    """A one-line reason the extraction cannot go on."""


def used_art(data: Path) -> dict[str, list[str]]:
    """Icon name -> the cards naming it (``file: id``): every table with an ``id`` and an
    ``art`` in the TOML files under ``data``."""
    used: dict[str, list[str]] = {}
    for path in sorted(data.rglob("*.toml")):
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ArtError(f"{path}: cannot read: {exc}") from exc
        for table in _tables(doc):
            art = table.get("art")
            if art is None or "id" not in table:  # a card (or item) has an id; interface strings do not
                continue
            where = f"{path.relative_to(data)}: {table['id']}"
            if not isinstance(art, str) or not art:
                raise ArtError(f"{where}: art must be an icon name, not {art!r}")
            used.setdefault(art, []).append(where)
    return used


def _tables(node: Any) -> Iterator[dict[str, Any]]:
    """Every table (dict) inside a parsed TOML document, nested ones included."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _tables(value)
    elif isinstance(node, list):
        for value in node:
            yield from _tables(value)


def load_icon_set(package: Path) -> dict[str, Any]:
    """The parsed ``icons.json`` of a package: a .tgz, or a folder holding it (or ``package/`` holding it)."""
    try:
        if package.is_dir():
            for candidate in (package / "icons.json", package / "package" / "icons.json"):
                if candidate.is_file():
                    return _parse_set(candidate.read_bytes(), str(candidate))
            raise ArtError(f"{package}: no icons.json in this folder")
        with tarfile.open(package, "r:gz") as tar:
            member = tar.extractfile("package/icons.json")
            if member is None:
                raise ArtError(f"{package}: package/icons.json is not a file")
            return _parse_set(member.read(), str(package))
    except (OSError, tarfile.TarError, KeyError) as exc:
        raise ArtError(f"{package}: cannot read the icon package: {exc}") from exc


def _parse_set(raw: bytes, where: str) -> dict[str, Any]:
    try:
        doc = json.load(io.BytesIO(raw))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArtError(f"{where}: not an icon set: {exc}") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("icons"), dict):
        raise ArtError(f"{where}: not an icon set (no 'icons' table)")
    return doc


def fetch_package(folder: Path) -> Path:
    """``npm pack`` the icon package into ``folder``; the .tgz it wrote."""
    try:
        run = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=folder, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ArtError(f"cannot run npm to fetch {PACKAGE}: {exc} (or pass --package)") from exc
    if run.returncode != 0:
        reason = (run.stderr.strip().splitlines() or ["no message"])[-1]
        raise ArtError(f"npm pack {PACKAGE} failed: {reason}")
    found = sorted(folder.glob("*.tgz"))
    if not found:
        raise ArtError(f"npm pack {PACKAGE} wrote no .tgz")
    return found[0]


def icon_svg(icon_set: dict[str, Any], name: str) -> str | None:
    """The standalone SVG of icon ``name`` (aliases followed), or None when the set lacks it."""
    icons: dict[str, Any] = icon_set["icons"]
    aliases: dict[str, Any] = icon_set.get("aliases") or {}
    seen = set()
    while name not in icons and name in aliases and name not in seen:
        seen.add(name)
        name = aliases[name].get("parent", "")
    icon = icons.get(name)
    if not isinstance(icon, dict) or not isinstance(icon.get("body"), str):
        return None
    left = icon.get("left", icon_set.get("left", 0))
    top = icon.get("top", icon_set.get("top", 0))
    width = icon.get("width", icon_set.get("width", 16))
    height = icon.get("height", icon_set.get("height", 16))
    # currentColor means "the text colour" on a web page; a file on its own draws black
    body = icon["body"].replace("currentColor", "#000")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
            f'viewBox="{left} {top} {width} {height}">{body}</svg>\n')


def extract(icon_set: dict[str, Any], used: dict[str, list[str]], out: Path) -> tuple[int, int]:
    """Write the used icons to ``out`` and remove the stale ones; (written, removed)."""
    svgs: dict[str, str] = {}
    for name in sorted(used):
        svg = icon_svg(icon_set, name)
        if svg is None:
            raise ArtError(f"{used[name][0]}: art {name!r} is not an icon of the Game Icons set")
        svgs[name] = svg
    out.mkdir(parents=True, exist_ok=True)
    removed = 0
    for old in out.glob("*.svg"):
        if old.stem not in svgs:
            old.unlink()
            removed += 1
    for name, svg in svgs.items():
        (out / f"{name}.svg").write_text(svg, encoding="utf-8", newline="\n")
    return len(svgs), removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="the icon package: a .tgz from `npm pack` or its unpacked folder")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the card data folder (default: data/)")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "art", help="where the SVGs go (default: assets/art/)")
    args = parser.parse_args(argv)
    try:
        used = used_art(args.data)
        if args.package is not None:
            icon_set = load_icon_set(args.package)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                icon_set = load_icon_set(fetch_package(Path(tmp)))
        written, removed = extract(icon_set, used, args.out)
    except ArtError as exc:
        print(f"extract_art: {exc}", file=sys.stderr)
        return 1
    print(f"{written} pictures in {args.out} ({removed} stale removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
