"""Windows .ico and macOS .icns files made from the committed assets/icon.png at build time.

Both containers hold PNG images as they are, so only the standard library and pygame (to
scale the picture down) are needed: no Pillow. Used by ``build/packaging.spec``.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08"}
"""Apple's icon types that hold a PNG of each size."""


def png_sizes(source: Path, sizes: tuple[int, ...]) -> dict[int, bytes]:
    """The source PNG scaled to each size, as PNG bytes (the source's own size kept as is)."""
    image = pygame.image.load(str(source))
    out = {}
    for size in sizes:
        if image.get_size() == (size, size):
            out[size] = source.read_bytes()
            continue
        buffer = io.BytesIO()
        pygame.image.save(pygame.transform.smoothscale(image, (size, size)), buffer, "png")
        out[size] = buffer.getvalue()
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico file: a directory of PNG images (read by Windows Vista and later)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: big-endian typed chunks, each holding one PNG."""
    chunks = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
        for size, data in sorted(pngs.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def write_icons(source: Path, folder: Path) -> tuple[Path, Path]:
    """Write ``KnockRummy.ico`` and ``KnockRummy.icns`` into ``folder``; return both paths."""
    folder.mkdir(parents=True, exist_ok=True)
    ico = folder / "KnockRummy.ico"
    icns = folder / "KnockRummy.icns"
    ico.write_bytes(ico_bytes(png_sizes(source, ICO_SIZES)))
    icns.write_bytes(icns_bytes(png_sizes(source, tuple(ICNS_TYPES))))
    return ico, icns
