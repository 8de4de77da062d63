"""The Debian/Ubuntu package of the standalone build: ``build/build.py --deb``.

``realms-table_<version>_<arch>.deb`` installs:

- the one-folder build in ``/opt/realms-table/`` (it carries its own Python and SDL);
- the ``realms-table`` command (``/usr/bin``, a relative link to it);
- the applications menu's entry (``/usr/share/applications``), whose
  ``StartupWMClass`` is the window's class, so that the desktop groups the window
  under the entry's icon;
- the icon at every size of the hicolor theme (``/usr/share/icons``);
- the copyright file Debian asks for.

It is made with ``dpkg-deb --root-owner-group`` (files owned by root, no fakeroot).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = "realms-table"
INSTALL_DIR = Path("opt") / PACKAGE
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.ui.display import WM_CLASS  # noqa: E402  (the window's class, which StartupWMClass must name)

DESKTOP = """[Desktop Entry]
Type=Application
Name=Realms Table
GenericName=Card game table
GenericName[fr]=Table de jeux de cartes
Comment=Hero Realms, Fantasy Realms and HerosDeï against AI, in hotseat or over the LAN
Comment[fr]=Hero Realms, Fantasy Realms et HerosDeï contre l'IA, à plusieurs sur un écran ou en réseau local
Exec=realms-table
Icon=realms-table
Terminal=false
Categories=Game;CardGame;
Keywords=Hero Realms;Fantasy Realms;HerosDeï;deckbuilding;cards;
StartupWMClass={wm_class}
"""

COPYRIGHT = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Realms Table

Files: *
License: MIT
 Realms Table. The card games' rules belong to their publishers; no official art
 is used: card faces are drawn by the program.

Files: opt/realms-table/_internal/assets/fonts/*
License: Bitstream-Vera and public domain (DejaVu fonts; the licence is beside them)

Files: opt/realms-table/_internal/assets/art/*
License: CC-BY-3.0 (Game Icons, game-icons.net; the Credits screen names the authors)

Files: opt/realms-table/_internal/assets/sounds/*
License: CC0-1.0 (made by the program's build/make_sounds.py)

Files: opt/realms-table/_internal/*.so* opt/realms-table/_internal/lib*
License: the licences of Python (PSF), SDL 2 and pygame-ce (zlib, LGPL-2.1), bundled unchanged
"""


def deb_arch(machine: str | None = None) -> str:
    """Debian's name for this processor (dpkg's own answer when dpkg is here)."""
    if machine is None and shutil.which("dpkg"):
        out = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    m = (machine or platform.machine()).lower()
    return {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"}.get(m, m)


def deb_version(version: str) -> str:
    """Debian's spelling of a Python version: a pre-release sorts before the release
    ("1.2.0rc1" -> "1.2.0~rc1")."""
    for tag in ("rc", "b", "a", ".dev"):
        if tag in version:
            head, _, tail = version.partition(tag)
            return f"{head}~{tag.lstrip('.')}{tail}"
    return version


def glibc_floor() -> str | None:
    """The C library the build was linked on: the oldest the package can run with."""
    lib, ver = platform.libc_ver()
    return ver if lib == "glibc" and ver else None


def maintainer() -> str:
    """Who answers for the package (Debian wants a name and an address): REALMS_DEB_MAINTAINER,
    else the author of the checkout's last commit."""
    given = os.environ.get("REALMS_DEB_MAINTAINER")
    if given:
        return given
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%an <%ae>"], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parent, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        out = None
    if out is not None and out.returncode == 0 and "<" in out.stdout:
        return out.stdout.strip()
    raise RuntimeError("no maintainer for the .deb: set REALMS_DEB_MAINTAINER='Name <address>'")


def control(version: str, arch: str, installed_kb: int, glibc: str | None) -> str:
    depends = f"Depends: libc6 (>= {glibc})\n" if glibc else ""
    return (f"Package: {PACKAGE}\nVersion: {deb_version(version)}\nArchitecture: {arch}\n"
            f"Maintainer: {maintainer()}\n"
            f"Installed-Size: {installed_kb}\n{depends}Section: games\nPriority: optional\n"
            "Description: desktop table for card games, with AI opponents and LAN play\n"
            " Hero Realms (the base set and every multiplayer format), Fantasy Realms\n"
            " (with its expansions and an optimal scorer) and HerosDei, played against\n"
            " AI opponents, in hotseat at one screen, or over the local network.\n")


def _tree_kb(root: Path) -> int:
    return sum(f.stat().st_size for f in root.rglob("*") if f.is_file() and not f.is_symlink()) // 1024 + 1


def _normalise_modes(root: Path) -> None:
    """Folders 755, files 644 or 755 (executable for anyone if for the owner): what
    dpkg expects whatever this machine's umask was."""
    for p in [root, *root.rglob("*")]:
        if p.is_symlink():
            continue
        if p.is_dir():
            p.chmod(0o755)
        else:
            p.chmod(0o755 if p.stat().st_mode & 0o100 else 0o644)


def stage(app_dir: Path, root: Path, version: str, arch: str, icons: dict[int, bytes]) -> Path:
    """Lay the package's files out under ``root`` (made afresh); returns it."""
    if root.exists():
        shutil.rmtree(root)
    target = root / INSTALL_DIR
    shutil.copytree(app_dir, target, symlinks=True)
    exe = target / app_dir.name
    if not exe.is_file():
        raise FileNotFoundError(f"{exe}: not the one-folder build (its executable is missing)")
    bin_dir = root / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / PACKAGE).symlink_to(os.path.relpath(exe, bin_dir))  # relative: it works in an extracted tree too
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / f"{PACKAGE}.desktop").write_text(DESKTOP.format(wm_class=WM_CLASS), encoding="utf-8")
    for size, png in icons.items():
        folder = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True)
        (folder / f"{PACKAGE}.png").write_bytes(png)
    doc = root / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT, encoding="utf-8")
    _normalise_modes(root)
    debian = root / "DEBIAN"
    debian.mkdir()
    (debian / "control").write_text(control(version, arch, _tree_kb(root), glibc_floor()), encoding="utf-8")
    debian.chmod(0o755)
    (debian / "control").chmod(0o644)
    return root


def build_deb(app_dir: Path, out_dir: Path, version: str, work: Path, arch: str | None = None) -> Path:
    """The .deb of the one-folder build ``app_dir``, in ``out_dir``."""
    if shutil.which("dpkg-deb") is None:
        raise RuntimeError("dpkg-deb is missing (Debian and Ubuntu have it; elsewhere: apt-get install dpkg)")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from icons import HICOLOR_SIZES, png_bytes

    arch = arch or deb_arch()
    root = stage(app_dir, work / "deb-root", version, arch, {n: png_bytes(n) for n in HICOLOR_SIZES})
    out_dir.mkdir(parents=True, exist_ok=True)
    deb = out_dir / f"{PACKAGE}_{deb_version(version)}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)], check=True,
                   stdout=subprocess.DEVNULL)
    return deb
