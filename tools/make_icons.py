"""Draw the app icons (a light hexagon on the brand colour) as PNG with the stdlib only.

    python tools/make_icons.py   # writes web/icons/icon-192.png and icon-512.png
"""

import math
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BG, FG, RIM = (0x25, 0x30, 0x3B), (0xF4, 0xF1, 0xEA), (0xD9, 0x48, 0x0F)


def inside_hex(x: float, y: float, radius: float) -> bool:
    # pointy-top hexagon centred at the origin
    x, y = abs(x), abs(y)
    return y <= radius and y * 0.5 + x * (math.sqrt(3) / 2) <= radius * (math.sqrt(3) / 2) * 1.0 + 1e-9 \
        and x <= radius * math.sqrt(3) / 2


def png(size: int) -> bytes:
    rows = []
    c = size / 2
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            x, y = i + 0.5 - c, j + 0.5 - c
            colour = BG
            if inside_hex(x, y, size * 0.36):
                colour = RIM
            if inside_hex(x, y, size * 0.30):
                colour = FG
            row += bytes(colour)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        with open(os.path.join(ROOT, "web", "icons", f"icon-{size}.png"), "wb") as f:
            f.write(png(size))
