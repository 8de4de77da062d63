"""The zip a player downloads, made like ``zip -r -y``: symbolic links are stored as
links (not as copies of what they point to, which would break a macOS bundle's
signature and double its size) and each file keeps its permissions (the executable
stays executable once unzipped). macOS builds are zipped by ``ditto`` instead
(``platforms.zip_command``); this one serves Windows and Linux, and any system
without ``ditto``."""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path


def zip_tree(folder: Path, out: Path) -> Path:
    """Zip ``folder`` (as its own top folder in the archive) into ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    base = folder.parent
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for here, dirs, files in os.walk(folder, followlinks=False):
            dirs.sort()
            here_path = Path(here)
            for name in sorted(dirs):  # links to folders are entries, not walked into
                p = here_path / name
                if p.is_symlink():
                    _add_link(z, p, base)
                else:
                    info = zipfile.ZipInfo.from_file(p, p.relative_to(base).as_posix())
                    z.writestr(info, b"")
            dirs[:] = [d for d in dirs if not (here_path / d).is_symlink()]
            for name in sorted(files):
                p = here_path / name
                if p.is_symlink():
                    _add_link(z, p, base)
                else:
                    z.write(p, p.relative_to(base).as_posix())
    return out


def _add_link(z: zipfile.ZipFile, link: Path, base: Path) -> None:
    info = zipfile.ZipInfo(link.relative_to(base).as_posix())
    info.create_system = 3  # Unix: the high bits of external_attr are a mode
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    z.writestr(info, os.readlink(link))


def extract_keeping_links(archive: Path, dest: Path) -> None:
    """Unzip as ``unzip`` does on Unix: links made again, permissions kept (for the tests)."""
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            target = dest / info.filename
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.symlink_to(z.read(info).decode())
            elif info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(info))
                if mode & 0o777:
                    target.chmod(mode & 0o777)
