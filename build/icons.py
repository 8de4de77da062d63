"""The application icon, drawn by the program (no official art): a faction-coloured
shield with a crossed sword and a gem. Saved as PNG, and wrapped as .ico (Windows)
and .icns (macOS) holding that PNG, which both formats accept."""

from __future__ import annotations

import struct
from pathlib import Path


def draw_png(path: Path, size: int = 256) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 256
    shield = [(128 * u, 12 * u), (232 * u, 50 * u), (218 * u, 160 * u), (128 * u, 246 * u), (38 * u, 160 * u), (24 * u, 50 * u)]
    pygame.draw.polygon(s, (28, 32, 46), shield)
    inner = [(128 * u, 30 * u), (214 * u, 62 * u), (202 * u, 154 * u), (128 * u, 226 * u), (54 * u, 154 * u), (42 * u, 62 * u)]
    pygame.draw.polygon(s, (172, 38, 42), inner)
    pygame.draw.polygon(s, (235, 200, 90), inner, max(2, int(6 * u)))
    pygame.draw.line(s, (230, 230, 240), (80 * u, 190 * u), (180 * u, 70 * u), max(3, int(14 * u)))
    pygame.draw.line(s, (235, 200, 90), (86 * u, 150 * u), (124 * u, 186 * u), max(3, int(12 * u)))
    gem = [(128 * u, 92 * u), (156 * u, 122 * u), (128 * u, 156 * u), (100 * u, 122 * u)]
    pygame.draw.polygon(s, (90, 200, 120), gem)
    pygame.draw.polygon(s, (20, 60, 30), gem, max(1, int(3 * u)))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(s, str(path))


def png_to_ico(png: Path, ico: Path) -> None:
    data = png.read_bytes()
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(data), 6 + 16)  # 0 = 256 px
    ico.write_bytes(header + entry + data)


def png_to_icns(png: Path, icns: Path) -> None:
    data = png.read_bytes()
    chunk = b"ic08" + struct.pack(">I", len(data) + 8) + data  # 256x256 PNG
    icns.write_bytes(b"icns" + struct.pack(">I", len(chunk) + 8) + chunk)
