"""pngdiff.py A.png B.png [MAX_FRACTION]: compares two screenshots.
(pngdiff.py A.png A.png checks that A decodes: CRCs, zlib, filters.)

A tiny PNG reader (8-bit RGB/RGBA, not interlaced: what Chromium writes),
zlib only. Exits 0 when both have the same size and at most MAX_FRACTION
(default 0.01) of the pixels differ by more than 48 in some channel (font
hinting and anti-aliasing move a few pixels between machines; a layout
change moves many). Prints the fraction either way.
"""
import struct
import sys
import zlib


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path + ": not a PNG"
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert crc == zlib.crc32(kind + body) & 0xffffffff, (path, kind, "bad CRC")
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    assert depth == 8 and ctype in (2, 6) and not interlace, (path, ihdr)
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main():
    wa, ha, ba, ra = read(sys.argv[1])
    wb, hb, bb, rb = read(sys.argv[2])
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 0.01
    if (wa, ha) != (wb, hb):
        print("sizes differ: %dx%d and %dx%d" % (wa, ha, wb, hb))
        return 1
    bad = 0
    for y in range(ha):
        x1, x2 = ra[y], rb[y]
        for x in range(wa):
            p, q = x * ba, x * bb
            if max(abs(x1[p + k] - x2[q + k]) for k in range(3)) > 48:
                bad += 1
    frac = bad / float(wa * ha)
    print("%.4f of the pixels differ" % frac)
    return 0 if frac <= limit else 1


sys.exit(main())
