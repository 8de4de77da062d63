"""The .deb's layout, control fields and menu entry, as dpkg sees them, made from a
small one-folder tree in a few seconds. (The real standalone build packed the same
way, installed from the package and run, is the build step's test: test_build.py.)"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import deb  # noqa: E402

from game import __version__  # noqa: E402
from game.ui.display import WM_CLASS  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs dpkg-deb (Debian, Ubuntu)")


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A .deb of a one-folder tree whose program says it ran, and the package extracted."""
    tmp = tmp_path_factory.mktemp("deb")
    app = tmp / "RealmsTable"
    (app / "_internal" / "data").mkdir(parents=True)
    (app / "_internal" / "data" / "cards.toml").write_text("# a data file\n")
    (app / "_internal" / "libSDL2.so.0.3200.10").write_bytes(b"\0" * 64)
    (app / "_internal" / "libSDL2.so").symlink_to("libSDL2.so.0.3200.10")  # the build's libraries link so
    program = app / "RealmsTable"
    program.write_text('#!/bin/sh\necho "ran from $(dirname "$(readlink -f "$0")") with $*"\n')
    program.chmod(0o700)
    pkg = deb.build_deb(app, tmp / "out", __version__, tmp / "work", arch="amd64")
    extracted = tmp / "extracted"
    subprocess.run(["dpkg-deb", "-x", str(pkg), str(extracted)], check=True)
    return pkg, extracted


def test_the_control_fields(package: tuple[Path, Path]) -> None:
    pkg, _ = package
    assert pkg.name == f"realms-table_{deb.deb_version(__version__)}_amd64.deb"
    fields = {k: subprocess.run(["dpkg-deb", "-f", str(pkg), k], capture_output=True, text=True, check=True).stdout.strip()
              for k in ("Package", "Version", "Architecture", "Maintainer", "Section", "Installed-Size")}
    assert fields["Package"] == "realms-table" and fields["Architecture"] == "amd64" and fields["Section"] == "games"
    assert "<" in fields["Maintainer"] and int(fields["Installed-Size"]) > 0


def test_the_command_runs_the_installed_program(package: tuple[Path, Path]) -> None:
    _, tree = package
    command = tree / "usr" / "bin" / "realms-table"
    assert command.is_symlink() and not os.path.isabs(os.readlink(command))
    out = subprocess.run([str(command), "--version"], capture_output=True, text=True, check=True).stdout
    assert "opt/realms-table" in out and "--version" in out
    assert (tree / "opt" / "realms-table" / "_internal" / "libSDL2.so").is_symlink()  # links stay links
    assert oct((tree / "opt" / "realms-table" / "RealmsTable").stat().st_mode & 0o777) == "0o755"


def test_the_menu_entry_names_the_window_class_and_an_installed_icon(package: tuple[Path, Path]) -> None:
    _, tree = package
    desktop = tree / "usr" / "share" / "applications" / "realms-table.desktop"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # the keys are case-sensitive
    entry.read_string(desktop.read_text(encoding="utf-8"))
    e = entry["Desktop Entry"]
    assert e["StartupWMClass"] == WM_CLASS == "RealmsTable"
    assert e["Exec"] == "realms-table" and (tree / "usr" / "bin" / e["Exec"]).exists()
    sizes = sorted(int(p.parent.parent.name.split("x")[0]) for p in
                   (tree / "usr" / "share" / "icons" / "hicolor").glob(f"*/apps/{e['Icon']}.png"))
    assert sizes == [16, 32, 48, 64, 128, 256]
    if shutil.which("desktop-file-validate"):
        res = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
        assert res.returncode == 0, res.stdout + res.stderr
    assert (tree / "usr" / "share" / "doc" / "realms-table" / "copyright").is_file()


def test_versions_in_debian_order() -> None:
    assert deb.deb_version("1.2.0") == "1.2.0"
    assert deb.deb_version("1.2.0rc1") == "1.2.0~rc1"
    assert deb.deb_arch("x86_64") == "amd64" and deb.deb_arch("aarch64") == "arm64"
