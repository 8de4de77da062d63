"""Build the standalone game for this machine: ``python build/build.py``.

Makes a one-folder PyInstaller build in ``dist/RealmsTable/`` (Linux, Windows) or
the windowed ``dist/RealmsTable.app`` (macOS), with the data, fonts, icons and
sounds inside, the application icon at every size and the version where each
system shows it, then zips what a player downloads as
``dist/RealmsTable-<version>-<system>-<machine>.zip`` (the .app on macOS, zipped by
``ditto``). ``--deb`` also makes the Debian/Ubuntu package (Linux). Prints the build
time and size. ``--check`` runs the built program's ``--version`` and
``--selftest`` afterwards (what CI does). The choices that differ per system are
in ``build/platforms.py``.
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
sys.path.insert(0, str(ROOT / "build"))

from platforms import NAME, Plan, archive_stem, plan_for, version_file_text, zip_command  # noqa: E402


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return str(__version__)


def executable(plan: Plan, dist: Path = DIST) -> Path:
    """The program a player starts: inside the .app on macOS."""
    if plan.bundle:
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (NAME + (".exe" if plan.system == "windows" else ""))


def shipped(plan: Plan, dist: Path = DIST) -> Path:
    """What the zip holds: the .app, or the one-folder build."""
    return dist / plan.zipped


def make_icon(plan: Plan, work: Path) -> Path:
    from icons import draw_png, make_icns, make_ico

    png = ROOT / "assets" / "icons" / "realms_table.png"
    if not png.exists():
        draw_png(png)
    icon = work / f"icon.{plan.icon}"
    if plan.icon == "ico":
        make_ico(icon)
    elif plan.icon == "icns":
        make_icns(icon)
    else:
        shutil.copy(png, icon)
    return icon


def build(plan: Plan) -> Path:
    WORK.mkdir(parents=True, exist_ok=True)
    icon = make_icon(plan, WORK)
    env = dict(os.environ, PYTHONPATH=str(ROOT), REALMS_ROOT=str(ROOT),
               REALMS_ICON=str(icon) if plan.icon in ("ico", "icns") else "")
    if plan.version_resource:
        vfile = WORK / "version_info.txt"
        vfile.write_text(version_file_text(version()), encoding="utf-8")
        env["REALMS_VERSION_FILE"] = str(vfile)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller"), str(ROOT / "build" / "realms_table.spec")]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return executable(plan)


def archive(plan: Plan, dist: Path = DIST) -> Path:
    """The zip of what a player downloads, named for this system and processor."""
    out = dist / f"{archive_stem(version(), sys.platform, platform.machine())}.zip"
    out.unlink(missing_ok=True)
    cmd = zip_command(plan, dist, out)
    if cmd is not None:
        subprocess.run(cmd, check=True)
    else:
        from archive import zip_tree

        zip_tree(shipped(plan, dist), out)
    return out


def check(exe: Path) -> str | None:
    """Run the built program's --version and --selftest; the reason it failed, or None."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for extra in (["--version"], ["--selftest"]):
        res = subprocess.run([str(exe), *extra], env=env, timeout=900)
        if res.returncode != 0:
            return f"{exe.name} {' '.join(extra)} failed with exit {res.returncode}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="run the executable's --version and --selftest after building")
    ap.add_argument("--no-zip", action="store_true", help="skip the zip archive")
    ap.add_argument("--deb", action="store_true", help="also make the .deb package (Linux)")
    args = ap.parse_args()
    plan = plan_for(sys.platform)
    if args.deb and not plan.deb:
        print("build: --deb makes a Debian package, on Linux only", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        exe = build(plan)
    except subprocess.CalledProcessError as exc:
        print(f"build failed: PyInstaller exited with {exc.returncode}", file=sys.stderr)
        return 1
    except ModuleNotFoundError as exc:
        print(f"build failed: {exc} (install the dev extras: pip install -e '.[dev]')", file=sys.stderr)
        return 1
    built = time.perf_counter() - t0
    print(f"built {exe.relative_to(ROOT)} in {built:.0f} s; {shipped(plan).name} {folder_size(shipped(plan)) / 1e6:.1f} MB")
    if not args.no_zip:
        z = archive(plan)
        print(f"archive {z.relative_to(ROOT)}: {z.stat().st_size / 1e6:.1f} MB")
    if args.deb:
        from deb import build_deb

        try:
            pkg = build_deb(DIST / NAME, DIST, version(), WORK)
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            print(f"build failed: the .deb: {exc}", file=sys.stderr)
            return 1
        print(f"package {pkg.relative_to(ROOT)}: {pkg.stat().st_size / 1e6:.1f} MB")
    if args.check:
        problem = check(exe)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
