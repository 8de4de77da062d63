"""The standalone program as a player gets it: built by ``build/build.py`` (PyInstaller,
about a minute), then run as downloaded (the zip unpacked by the system's ``unzip``)
and, on Linux, as installed from the .deb (extracted with ``dpkg-deb -x``): its
``--version``, its ``--selftest``, its window's class on a real X server, its
refusal without a display; on macOS, the .app's Info.plist.

A full build does not belong in the unit suite (CI's 15 minutes): these tests run
only with ``REALMS_BUILD_TESTS=1``, which ``.ci/run``'s build step and the workflow's
jobs set (``REALMS_USE_BUILT=1`` too: the job's build step built it already); the
README's plain ``pytest`` skips them, saying so.
"""

from __future__ import annotations

import importlib.util
import os
import plistlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game import __version__
from tests.xserver import wait_for_window, window_property, xvfb

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(os.environ.get("REALMS_BUILD_TESTS") != "1",
                       reason="builds the standalone program: set REALMS_BUILD_TESTS=1 (.ci/run's build step)"),
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason="PyInstaller is not installed"),
]
LINUX = sys.platform.startswith("linux")


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("realms_build", ROOT / "build" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", REALMS_TABLE_HOME=str(tmp))
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build once for the module: the paths of what a player gets."""
    script = _build_script()
    plan = script.plan_for(sys.platform)
    if os.environ.get("REALMS_USE_BUILT") != "1":  # the workflow built it in its step before: test that one
        args = [sys.executable, str(ROOT / "build" / "build.py")] + (["--deb"] if plan.deb else [])
        res = subprocess.run(args, capture_output=True, text=True, timeout=1800, cwd=ROOT)
        assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
        print(res.stdout)
    dist = ROOT / "dist"
    zips = sorted(dist.glob(f"RealmsTable-{__version__}-*.zip"), key=lambda p: p.stat().st_mtime)
    debs = sorted(dist.glob("realms-table_*.deb"), key=lambda p: p.stat().st_mtime)
    return {"script": script, "plan": plan, "exe": script.executable(plan), "zip": zips[-1] if zips else None,
            "deb": debs[-1] if debs else None, "home": tmp_path_factory.mktemp("home")}


def test_the_built_program_says_its_version(built: dict[str, Any]) -> None:
    res = subprocess.run([str(built["exe"]), "--version"], capture_output=True, text=True, timeout=120,
                         env=_env(built["home"]))
    assert res.returncode == 0 and res.stdout.strip() == f"Realms Table {__version__}"


def test_the_built_program_passes_its_selftest(built: dict[str, Any]) -> None:
    res = subprocess.run([str(built["exe"]), "--selftest"], capture_output=True, text=True, timeout=900,
                         env=_env(built["home"]))
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert "self-test passed" in res.stdout


def test_the_download_unzips_and_runs(built: dict[str, Any], tmp_path: Path) -> None:
    archive = built["zip"]
    assert archive is not None, "no zip was made"
    if shutil.which("unzip"):
        subprocess.run(["unzip", "-q", str(archive), "-d", str(tmp_path)], check=True)
    else:
        spec = importlib.util.spec_from_file_location("realms_archive", ROOT / "build" / "archive.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.extract_keeping_links(archive, tmp_path)
    exe = built["script"].executable(built["plan"], tmp_path)
    res = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=120, env=_env(built["home"]))
    assert res.returncode == 0 and __version__ in res.stdout
    internal = next(tmp_path.rglob("wild.toml"))  # the data travel inside: found through the resources helper
    assert internal.parent.name == "hero_realms"


@pytest.mark.skipif(sys.platform != "darwin", reason="the macOS .app")
def test_the_app_is_windowed_with_its_version_and_retina(built: dict[str, Any]) -> None:
    plist = plistlib.loads((ROOT / "dist" / "RealmsTable.app" / "Contents" / "Info.plist").read_bytes())
    assert plist["CFBundleShortVersionString"] == __version__ and plist["NSHighResolutionCapable"] is True
    assert not plist.get("LSBackgroundOnly")


@pytest.fixture(scope="module")
def installed(built: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .deb extracted as dpkg would install it: its realms-table command."""
    if built["deb"] is None:
        pytest.skip("no .deb on this system")
    tree = tmp_path_factory.mktemp("deb-tree")
    subprocess.run(["dpkg-deb", "-x", str(built["deb"]), str(tree)], check=True)
    return tree / "usr" / "bin" / "realms-table"


@pytest.mark.skipif(not LINUX, reason="the .deb")
def test_the_program_installed_from_the_deb_passes_its_selftest(installed: Path, built: dict[str, Any]) -> None:
    res = subprocess.run([str(installed), "--selftest"], capture_output=True, text=True, timeout=900,
                         env=_env(built["home"]))
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert "self-test passed" in res.stdout
    usage = subprocess.run([str(installed), "--help"], capture_output=True, text=True, timeout=120, env=_env(built["home"]))
    assert usage.stdout.startswith("usage: realms-table ")


@pytest.mark.skipif(not LINUX, reason="X11")
def test_the_installed_program_window_is_realms_table(installed: Path, built: dict[str, Any]) -> None:
    with xvfb() as display:
        env = _env(built["home"], DISPLAY=display)
        env.pop("SDL_VIDEODRIVER")
        proc = subprocess.Popen([str(installed), "--windowed"], env=env, text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        try:
            wid = wait_for_window(display, "Realms Table", 60, alive=proc)
            assert window_property(display, wid, "WM_CLASS") == 'WM_CLASS(STRING) = "RealmsTable", "RealmsTable"'
        finally:
            proc.terminate()
            proc.communicate(timeout=20)


@pytest.mark.skipif(not LINUX, reason="DISPLAY and WAYLAND_DISPLAY")
def test_the_installed_program_refuses_no_display(installed: Path, built: dict[str, Any]) -> None:
    env = _env(built["home"])
    env.pop("SDL_VIDEODRIVER")
    res = subprocess.run([str(installed)], capture_output=True, text=True, timeout=30, env=env)
    assert res.returncode == 1 and res.stderr.startswith("the table cannot start: no display")
