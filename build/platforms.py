"""What the standalone build does differently on each system, decided in one place so
that it can be tested on any machine (``tests/packaging/test_platforms.py``).

- **macOS**: a windowed ``RealmsTable.app`` (a console executable would make
  PyInstaller mark the app ``LSBackgroundOnly``: no Dock icon, no menu bar, and
  leave out ``NSHighResolutionCapable``: blurry on Retina screens), its version in
  ``Info.plist``; the ``.app`` is what is zipped, by ``ditto`` (which keeps the
  bundle's symlinks and extended attributes, as Apple's tools expect).
- **Windows**: a console executable whose console PyInstaller hides at once when the
  program owns it (a double-click), so that ``--version``, ``--selftest`` and a
  headless ``host`` typed in a terminal print there; a version resource; a
  multi-size ``.ico``.
- **Linux**: the one-folder build, zipped, and a ``.deb`` (``build/deb.py``).

The spec (``build/realms_table.spec``) and ``build/build.py`` both read :func:`plan_for`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

NAME = "RealmsTable"
BUNDLE_ID = "org.realmstable.game"
COPYRIGHT = "Realms Table contributors, MIT licence"


@dataclass(frozen=True)
class Plan:
    system: str  # "windows", "macos" or "linux": the artefacts' names say it
    console: bool  # PyInstaller's console executable (False: windowed)
    hide_console: str | None  # Windows: hide the console a double-click opens
    bundle: bool  # macOS: build the .app
    icon: str  # the icon's format: "ico", "icns" or "png"
    strip: bool  # strip the binaries' symbols (Linux: smaller; macOS/Windows: would break signatures)
    version_resource: bool  # Windows: a version resource in the .exe
    zipped: str  # what the zip holds: the .app bundle or the one-folder build
    zipper: str  # "ditto" (macOS) or "zipfile" (this script's own, keeping symlinks)
    deb: bool  # also a .deb package


def system_of(platform: str) -> str:
    if platform.startswith("win"):
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


def plan_for(platform: str) -> Plan:
    """The build's choices for ``platform`` (a ``sys.platform`` value)."""
    system = system_of(platform)
    if system == "macos":
        return Plan(system, console=False, hide_console=None, bundle=True, icon="icns", strip=False,
                    version_resource=False, zipped=f"{NAME}.app", zipper="ditto", deb=False)
    if system == "windows":
        return Plan(system, console=True, hide_console="hide-early", bundle=False, icon="ico", strip=False,
                    version_resource=True, zipped=NAME, zipper="zipfile", deb=False)
    return Plan(system, console=True, hide_console=None, bundle=False, icon="png", strip=True,
                version_resource=False, zipped=NAME, zipper="zipfile", deb=platform.startswith("linux"))


def machine_name(machine: str) -> str:
    """One name per processor in the artefacts' names (x86_64 / AMD64, arm64 / aarch64)."""
    m = machine.lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(m, m)


def archive_stem(version: str, platform: str, machine: str) -> str:
    """``RealmsTable-1.2.0-macos-arm64``: what a player downloads, named for their system."""
    return f"{NAME}-{version}-{system_of(platform)}-{machine_name(machine)}"


def info_plist(version: str) -> dict[str, object]:
    """What the .app's Info.plist adds to PyInstaller's own: the version, Retina, a name."""
    return {
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleDisplayName": "Realms Table",
        "CFBundleName": "Realms Table",
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHumanReadableCopyright": COPYRIGHT,
        "LSMinimumSystemVersion": "11.0",
    }


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows version resource ("1.2.0rc1" -> 1, 2, 0, 0)."""
    nums = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:3]]
    a, b, c = (nums + [0, 0, 0])[:3]
    return a, b, c, 0


def version_file_text(version: str) -> str:
    """The Windows version resource, in the text form PyInstaller reads (``version=``
    names such a file): what Explorer's Properties > Details shows."""
    v = numeric_version(version)
    strings = {
        "CompanyName": "Realms Table",
        "FileDescription": "Realms Table",
        "FileVersion": version,
        "InternalName": NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": "Realms Table",
        "ProductVersion": version,
    }
    entries = ",\n            ".join(f"StringStruct({k!r}, {val!r})" for k, val in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={v}, prodvers={v}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
            {entries}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def zip_command(plan: Plan, dist: Path, out: Path) -> list[str] | None:
    """The command that zips the build for ``plan`` (``ditto`` on macOS, keeping the
    .app's symlinks and attributes); None when this script zips it itself."""
    if plan.zipper == "ditto":
        return ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(dist / plan.zipped), str(out)]
    return None
