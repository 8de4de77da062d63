"""The application icon, drawn by the program (no official art): a faction-coloured
shield with a crossed sword and a gem, drawn afresh at every size (a 16-pixel icon
is drawn at 16 pixels, not shrunk from a large one). Saved as PNG, and wrapped as a
multi-size .ico (Windows: the taskbar, Explorer's views) and .icns (macOS: the Dock,
Finder), both holding PNG images, which both formats accept."""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import Any

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"), (512, b"ic09"),
              (1024, b"ic10"))
HICOLOR_SIZES = (16, 32, 48, 64, 128, 256)  # the Linux menus' icon theme folders


def _pygame() -> Any:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    return pygame


def draw(size: int) -> Any:
    """The icon at ``size`` × ``size`` pixels, a pygame surface with alpha."""
    pygame = _pygame()
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 256
    shield = [(128 * u, 12 * u), (232 * u, 50 * u), (218 * u, 160 * u), (128 * u, 246 * u), (38 * u, 160 * u), (24 * u, 50 * u)]
    pygame.draw.polygon(s, (28, 32, 46), shield)
    inner = [(128 * u, 30 * u), (214 * u, 62 * u), (202 * u, 154 * u), (128 * u, 226 * u), (54 * u, 154 * u), (42 * u, 62 * u)]
    pygame.draw.polygon(s, (172, 38, 42), inner)
    pygame.draw.polygon(s, (235, 200, 90), inner, max(1, int(6 * u)))
    pygame.draw.line(s, (230, 230, 240), (80 * u, 190 * u), (180 * u, 70 * u), max(2, int(14 * u)))
    pygame.draw.line(s, (235, 200, 90), (86 * u, 150 * u), (124 * u, 186 * u), max(2, int(12 * u)))
    gem = [(128 * u, 92 * u), (156 * u, 122 * u), (128 * u, 156 * u), (100 * u, 122 * u)]
    pygame.draw.polygon(s, (90, 200, 120), gem)
    pygame.draw.polygon(s, (20, 60, 30), gem, max(1, int(3 * u)))
    return s


def png_bytes(size: int) -> bytes:
    pygame = _pygame()
    buf = io.BytesIO()
    pygame.image.save(draw(size), buf, "icon.png")
    return buf.getvalue()


def draw_png(path: Path, size: int = 256) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(size))


def make_ico(ico: Path, sizes: tuple[int, ...] = ICO_SIZES) -> None:
    """A Windows icon with one PNG image per size (the directory says 0 for 256)."""
    images = [png_bytes(n) for n in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for n, data in zip(sizes, images):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    ico.parent.mkdir(parents=True, exist_ok=True)
    ico.write_bytes(header + entries + b"".join(images))


def make_icns(icns: Path, types: tuple[tuple[int, bytes], ...] = ICNS_TYPES) -> None:
    """A macOS icon with one PNG image per size, up to 1024 pixels (512 at Retina density)."""
    chunks = b""
    for n, kind in types:
        data = png_bytes(n)
        chunks += kind + struct.pack(">I", len(data) + 8) + data
    icns.parent.mkdir(parents=True, exist_ok=True)
    icns.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)


def read_ico(data: bytes) -> list[tuple[int, bytes]]:
    """(size, PNG image) of each image of an .ico (for the tests and a look at a build)."""
    _, kind, count = struct.unpack_from("<HHH", data, 0)
    if kind != 1:
        raise ValueError("not an icon file")
    out = []
    for i in range(count):
        w, _h, _c, _r, _p, _bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        out.append((w or 256, data[offset:offset + length]))
    return out


def read_icns(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, image) of each image of an .icns."""
    if data[:4] != b"icns" or struct.unpack_from(">I", data, 4)[0] != len(data):
        raise ValueError("not an icns file")
    out, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        out.append((kind, data[at + 8:at + length]))
        at += length
    return out
