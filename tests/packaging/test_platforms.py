"""The standalone build's choices for each system, checked on any machine: the spec is
run as PyInstaller runs it, for macOS, Windows and Linux, with PyInstaller's building
steps recorded instead of performed; the zips keep symbolic links; the icons hold
every size; the Windows version resource is read by PyInstaller's own code."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import types
import zipfile
from pathlib import Path
from typing import Any

import pygame
import PyInstaller.compat
import PyInstaller.utils.hooks
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import archive  # noqa: E402
import icons  # noqa: E402
import platforms  # noqa: E402

from game import __version__  # noqa: E402


class Step:
    """One of PyInstaller's building steps (Analysis, EXE, BUNDLE...) as the spec called it."""

    def __init__(self, kind: str, made: list[Step], *args: Any, **kwargs: Any) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = []
        made.append(self)


def run_spec(monkeypatch: pytest.MonkeyPatch, platform: str, tmp_path: Path) -> dict[str, Step]:
    """The spec's steps when PyInstaller runs it on ``platform``."""
    made: list[Step] = []
    # asked before the platform is pretended (PyInstaller reads the real system's facts at import), and the
    # submodules of the game, which are the same everywhere, not searched for in a pretended system
    monkeypatch.setattr(PyInstaller.utils.hooks, "collect_submodules", lambda name: [f"{name}.cli"])
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("REALMS_ROOT", str(ROOT))
    monkeypatch.setenv("REALMS_ICON", str(tmp_path / "icon"))
    monkeypatch.setenv("REALMS_VERSION_FILE", str(tmp_path / "version_info.txt"))
    def recorder(kind: str) -> Any:
        return lambda *a, **kw: Step(kind, made, *a, **kw)

    names = {k: recorder(k) for k in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    code = compile((ROOT / "build" / "realms_table.spec").read_text(), "realms_table.spec", "exec")
    exec(code, {"__name__": "__main__", **names})  # noqa: S102 (PyInstaller execs the spec the same way)
    return {s.kind: s for s in made}


def test_macos_builds_a_windowed_app_with_its_version_and_retina(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps = run_spec(monkeypatch, "darwin", tmp_path)
    assert steps["EXE"].kwargs["console"] is False  # a console app would be LSBackgroundOnly: no Dock icon, no menu
    assert steps["EXE"].kwargs["strip"] is False  # stripping breaks the code signatures
    bundle = steps["BUNDLE"]
    assert bundle.kwargs["name"] == "RealmsTable.app" and bundle.kwargs["version"] == __version__
    plist = bundle.kwargs["info_plist"]
    assert plist["NSHighResolutionCapable"] is True and plist["CFBundleShortVersionString"] == __version__
    assert "LSBackgroundOnly" not in plist
    plan = platforms.plan_for("darwin")
    assert plan.zipped == "RealmsTable.app" and plan.icon == "icns"
    cmd = platforms.zip_command(plan, Path("/x/dist"), Path("/x/dist/a.zip"))
    assert cmd == ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", "/x/dist/RealmsTable.app", "/x/dist/a.zip"]


def test_windows_builds_a_console_exe_whose_console_a_double_click_hides(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    steps = run_spec(monkeypatch, "win32", tmp_path)
    exe = steps["EXE"].kwargs
    assert exe["console"] is True and exe["hide_console"] == "hide-early"  # a terminal sees --version's output
    assert exe["version"] == str(tmp_path / "version_info.txt") and exe["icon"] == str(tmp_path / "icon")
    assert "BUNDLE" not in steps
    plan = platforms.plan_for("win32")
    assert plan.icon == "ico" and plan.version_resource and plan.zipped == "RealmsTable"
    assert platforms.zip_command(plan, Path("d"), Path("o.zip")) is None  # zipped by archive.zip_tree


def test_linux_builds_the_folder_zipped_and_a_deb(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps = run_spec(monkeypatch, "linux", tmp_path)
    assert steps["EXE"].kwargs["hide_console"] is None and steps["EXE"].kwargs["strip"] is True
    assert "BUNDLE" not in steps
    plan = platforms.plan_for("linux")
    assert plan.deb and plan.zipped == "RealmsTable" and plan.icon == "png"
    assert not platforms.plan_for("darwin").deb and not platforms.plan_for("win32").deb


def test_the_artefacts_are_named_for_the_system_and_processor() -> None:
    assert platforms.archive_stem("1.2.0", "darwin", "arm64") == "RealmsTable-1.2.0-macos-arm64"
    assert platforms.archive_stem("1.2.0", "darwin", "x86_64") == "RealmsTable-1.2.0-macos-x86_64"
    assert platforms.archive_stem("1.2.0", "win32", "AMD64") == "RealmsTable-1.2.0-windows-x86_64"
    assert platforms.archive_stem("1.2.0", "linux", "aarch64") == "RealmsTable-1.2.0-linux-arm64"


def test_the_windows_version_resource_is_read_by_pyinstaller(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # PyInstaller's versioninfo imports pefile and win32api (to read and patch executables, on Windows)
    # at the top; its text format and the resource it makes need neither
    monkeypatch.setitem(sys.modules, "pefile", sys.modules.get("pefile") or types.ModuleType("pefile"))
    if not hasattr(PyInstaller.compat, "win32api"):
        monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    from PyInstaller.utils.win32 import versioninfo

    path = tmp_path / "version_info.txt"
    path.write_text(platforms.version_file_text("1.4.0rc2"), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((1 << 16) | 4, 0)
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductVersion"] == "1.4.0rc2" and strings["OriginalFilename"] == "RealmsTable.exe"
    assert len(info.toRaw()) > 200  # serialises into the resource PyInstaller writes


def test_the_zip_keeps_symlinks_and_the_executable_bit(tmp_path: Path) -> None:
    """A macOS bundle's frameworks are links; a zip that copies them breaks the bundle."""
    app = tmp_path / "dist" / "RealmsTable.app" / "Contents"
    (app / "MacOS").mkdir(parents=True)
    (app / "Resources" / "lib").mkdir(parents=True)
    exe = app / "MacOS" / "RealmsTable"
    exe.write_text("#!/bin/sh\necho hello\n")
    exe.chmod(0o755)
    (app / "Resources" / "lib" / "libSDL2.dylib").write_bytes(b"\0" * 1000)
    try:
        (app / "Frameworks").symlink_to("Resources/lib", target_is_directory=True)  # a folder link
    except OSError as exc:  # Windows without the right to make links
        pytest.skip(f"cannot make symbolic links here: {exc}")
    (app / "MacOS" / "lib").symlink_to("../Frameworks/libSDL2.dylib")  # a file link
    out = archive.zip_tree(tmp_path / "dist" / "RealmsTable.app", tmp_path / "a.zip")
    with zipfile.ZipFile(out) as z:
        modes = {i.filename: i.external_attr >> 16 for i in z.infolist()}
    assert stat.S_ISLNK(modes["RealmsTable.app/Contents/Frameworks"])
    assert stat.S_ISLNK(modes["RealmsTable.app/Contents/MacOS/lib"])
    assert not any(name.startswith("RealmsTable.app/Contents/Frameworks/") for name in modes)  # not walked into
    unzipped = tmp_path / "unzipped"
    if shutil.which("unzip"):  # the system's own unzip, as a player would
        subprocess.run(["unzip", "-q", str(out), "-d", str(unzipped)], check=True)
    else:
        archive.extract_keeping_links(out, unzipped)
    contents = unzipped / "RealmsTable.app" / "Contents"
    assert (contents / "Frameworks").is_symlink() and os.readlink(contents / "Frameworks") == "Resources/lib"
    assert (contents / "MacOS" / "lib").resolve() == (contents / "Resources" / "lib" / "libSDL2.dylib").resolve()
    assert os.access(contents / "MacOS" / "RealmsTable", os.X_OK)


def _png_size(data: bytes, tmp: Path) -> tuple[int, int]:
    path = tmp / "x.png"
    path.write_bytes(data)
    return pygame.image.load(str(path)).get_size()


def test_the_icons_hold_every_size(tmp_path: Path) -> None:
    ico = tmp_path / "icon.ico"
    icons.make_ico(ico)
    found = icons.read_ico(ico.read_bytes())
    assert [n for n, _ in found] == list(icons.ICO_SIZES)
    assert all(_png_size(png, tmp_path) == (n, n) for n, png in found)
    icns = tmp_path / "icon.icns"
    icons.make_icns(icns)
    kinds = dict(icons.read_icns(icns.read_bytes()))
    assert list(kinds) == [k for _, k in icons.ICNS_TYPES]
    assert all(_png_size(kinds[k], tmp_path) == (n, n) for n, k in icons.ICNS_TYPES)
