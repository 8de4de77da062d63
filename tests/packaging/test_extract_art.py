"""build/extract_art.py: the card pictures come out of the icon package, exactly those the cards name."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "build" / "extract_art.py"
ICONS = {
    "prefix": "game-icons",
    "width": 512,
    "height": 512,
    "icons": {
        "wolf-head": {"body": '<path fill="currentColor" d="M0 0h512v512z"/>'},
        "dragon-head": {"body": '<path fill="currentColor" d="M0 0h256v256z"/>', "width": 256, "height": 256},
        "unused": {"body": '<path d="M1 1z"/>'},
    },
    "aliases": {"old-wolf": {"parent": "wolf-head"}},
}


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=60)


def _data(tmp: Path, cards: str) -> Path:
    game = tmp / "data" / "somegame"
    game.mkdir(parents=True)
    (game / "cards.toml").write_text(cards, encoding="utf-8")
    (tmp / "data" / "i18n").mkdir()  # interface strings may say "art" too: not a card, no picture
    (tmp / "data" / "i18n" / "en.toml").write_text('[credits]\nart = "The pictures..."\n', encoding="utf-8")
    return tmp / "data"


def _tgz(tmp: Path) -> Path:
    raw = json.dumps(ICONS).encode()
    path = tmp / "game-icons.tgz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("package/icons.json")
        info.size = len(raw)
        tar.addfile(info, io.BytesIO(raw))
    return path


CARDS = '''
[[card]]
id = "dire_wolf"
art = "wolf-head"

[[card]]
id = "arkus"
art = "dragon-head"

[[item]]
id = "pup"
art = "old-wolf"
'''


def test_writes_exactly_the_named_icons_from_a_tgz_and_removes_stale_ones(tmp_path: Path) -> None:
    data = _data(tmp_path, CARDS)
    out = tmp_path / "art"
    out.mkdir()
    (out / "stale.svg").write_text("<svg/>")
    (out / "LICENSE").write_text("kept")
    run = _run("--package", _tgz(tmp_path), "--data", data, "--out", out)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in out.iterdir()) == ["LICENSE", "dragon-head.svg", "old-wolf.svg", "wolf-head.svg"]
    dragon = (out / "dragon-head.svg").read_text()
    assert dragon.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 256 256">')
    assert 'd="M0 0h256v256z"' in dragon and "currentColor" not in dragon
    assert (out / "old-wolf.svg").read_text() == (out / "wolf-head.svg").read_text()  # an alias follows its parent


def test_reads_an_unpacked_package_folder_the_same_way(tmp_path: Path) -> None:
    data = _data(tmp_path, CARDS)
    folder = tmp_path / "pkg" / "package"
    folder.mkdir(parents=True)
    (folder / "icons.json").write_text(json.dumps(ICONS))
    one, two = tmp_path / "a", tmp_path / "b"
    assert _run("--package", tmp_path / "pkg", "--data", data, "--out", one).returncode == 0
    assert _run("--package", _tgz(tmp_path), "--data", data, "--out", two).returncode == 0
    assert {p.name: p.read_bytes() for p in one.iterdir()} == {p.name: p.read_bytes() for p in two.iterdir()}


def test_a_missing_icon_fails_with_one_line_and_writes_nothing(tmp_path: Path) -> None:
    data = _data(tmp_path, CARDS + '\n[[card]]\nid = "krythos"\nart = "no-such-vampire"\n')
    out = tmp_path / "art"
    run = _run("--package", _tgz(tmp_path), "--data", data, "--out", out)
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "krythos" in lines[0] and "'no-such-vampire'" in lines[0], run.stderr
    assert "Traceback" not in run.stderr and not out.exists()


def test_a_bad_package_fails_with_one_line(tmp_path: Path) -> None:
    data = _data(tmp_path, CARDS)
    bad = tmp_path / "bad.tgz"
    bad.write_bytes(b"not a tarball")
    run = _run("--package", bad, "--data", data, "--out", tmp_path / "art")
    assert run.returncode == 1 and len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_the_committed_pictures_are_exactly_what_the_cards_name() -> None:
    """assets/art holds one SVG per icon the cards name, no more, and the licence."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import extract_art
    finally:
        sys.path.remove(str(SCRIPT.parent))
    art = ROOT / "assets" / "art"
    used = extract_art.used_art(ROOT / "data")
    assert sorted(p.stem for p in art.glob("*.svg")) == sorted(used)
    assert (art / "LICENSE").is_file() and "CC BY 3.0" in (art / "LICENSE").read_text()


def test_the_packaged_builds_carry_the_pictures_and_their_licence() -> None:
    """The executable's spec and the wheel copy the whole assets/ folder, art/ and its LICENSE included."""
    assert '(os.path.join(ROOT, "assets"), "assets")' in (ROOT / "build" / "realms_table.spec").read_text()
    assert 'for folder in ("data", "assets")' in (ROOT / "setup.py").read_text()
