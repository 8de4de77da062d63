"""Build the standalone game for this machine: ``python build/build.py``.

Makes a one-folder PyInstaller build in ``dist/RealmsTable/`` (Linux, Windows or
macOS, whichever this is), with the data, fonts, icons and sounds inside and an
application icon, then zips it as ``dist/RealmsTable-<version>-<platform>.zip``.
Prints the build time and size. ``--check`` runs the built executable's
``--version`` and ``--selftest`` afterwards (what CI does).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "work"
NAME = "RealmsTable"


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def executable() -> Path:
    exe = DIST / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))
    return exe


def build() -> Path:
    sys.path.insert(0, str(ROOT / "build"))
    from icons import draw_png, png_to_icns, png_to_ico

    WORK.mkdir(parents=True, exist_ok=True)
    png = ROOT / "assets" / "icons" / "realms_table.png"
    if not png.exists():
        draw_png(png)
    icon = WORK / ("icon.ico" if sys.platform == "win32" else "icon.icns" if sys.platform == "darwin" else "icon.png")
    if sys.platform == "win32":
        png_to_ico(png, icon)
    elif sys.platform == "darwin":
        png_to_icns(png, icon)
    else:
        shutil.copy(png, icon)
    env = dict(os.environ, PYTHONPATH=str(ROOT), REALMS_ROOT=str(ROOT), REALMS_ICON=str(icon) if sys.platform in ("win32", "darwin") else "")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller"), str(ROOT / "build" / "realms_table.spec")]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return executable()


def archive() -> Path:
    from game import __version__

    base = DIST / f"{NAME}-{__version__}-{platform.system().lower()}-{platform.machine().lower()}"
    return Path(shutil.make_archive(str(base), "zip", DIST, NAME))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="run the executable's --version and --selftest after building")
    ap.add_argument("--no-zip", action="store_true", help="skip the zip archive")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    t0 = time.perf_counter()
    try:
        exe = build()
    except subprocess.CalledProcessError as exc:
        print(f"build failed: PyInstaller exited with {exc.returncode}", file=sys.stderr)
        return 1
    except ModuleNotFoundError as exc:
        print(f"build failed: {exc} (install the dev extras: pip install -e '.[dev]')", file=sys.stderr)
        return 1
    built = time.perf_counter() - t0
    print(f"built {exe.relative_to(ROOT)} in {built:.0f} s; folder {folder_size(exe.parent) / 1e6:.1f} MB")
    if not args.no_zip:
        z = archive()
        print(f"archive {z.relative_to(ROOT)}: {z.stat().st_size / 1e6:.1f} MB")
    if args.check:
        for extra in (["--version"], ["--selftest"]):
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
            res = subprocess.run([str(exe), *extra], env=env, timeout=900)
            if res.returncode != 0:
                print(f"{exe.name} {' '.join(extra)} failed with exit {res.returncode}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
