"""QR codes drawn on the page (an invite, an answer): the ISO 18004 encoder, byte mode, in pure Python.

Nothing is fetched to draw one: :func:`encode` gives the modules (``True`` = dark) of the
smallest QR code (versions 1 to 15, error correction M by default, L on request) that
holds the text as UTF-8 bytes, and :func:`svg` draws them with a quiet zone of four
modules. The steps follow the standard: data bits, Reed–Solomon error correction per block
over GF(256), interleaving, function patterns, the zig-zag placement, the eight masks
scored by the standard's four penalty rules, format and version information.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dom import esc

#: Per version (index 1..15) and level: (error-correction codewords per block, [(blocks, data codewords)]).
BLOCKS: dict[str, list[tuple[int, list[tuple[int, int]]]]] = {
    "L": [(0, []), (7, [(1, 19)]), (10, [(1, 34)]), (15, [(1, 55)]), (20, [(1, 80)]), (26, [(1, 108)]),
          (18, [(2, 68)]), (20, [(2, 78)]), (24, [(2, 97)]), (30, [(2, 116)]), (18, [(2, 68), (2, 69)]),
          (20, [(4, 81)]), (24, [(2, 92), (2, 93)]), (26, [(4, 107)]), (30, [(3, 115), (1, 116)]),
          (22, [(5, 87), (1, 88)])],
    "M": [(0, []), (10, [(1, 16)]), (16, [(1, 28)]), (26, [(1, 44)]), (18, [(2, 32)]), (24, [(2, 43)]),
          (16, [(4, 27)]), (18, [(4, 31)]), (22, [(2, 38), (2, 39)]), (22, [(3, 36), (2, 37)]),
          (26, [(4, 43), (1, 44)]), (30, [(1, 50), (4, 51)]), (22, [(6, 36), (2, 37)]),
          (22, [(8, 37), (1, 38)]), (24, [(4, 40), (5, 41)]), (24, [(5, 41), (5, 42)])],
}
#: Alignment pattern centres per version.
ALIGN = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
         [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70]]
MAX_VERSION = 15
_LEVEL_BITS = {"L": 1, "M": 0}


def data_capacity(version: int, level: str) -> int:
    """Data codewords (bytes) of a version at a level."""
    return sum(n * k for n, k in BLOCKS[level][version][1])


def _gf_mul(x: int, y: int) -> int:
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 2)
    return result


def _rs_remainder(data: Sequence[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_mul(coef, factor)
    return result


def _codewords(payload: bytes, version: int, level: str) -> list[int]:
    """Data bits, padding, error correction and interleaving: the codewords in placement order."""
    capacity = data_capacity(version, level)
    bits: list[int] = []

    def put(value: int, n: int) -> None:
        bits.extend((value >> i) & 1 for i in range(n - 1, -1, -1))

    put(0b0100, 4)  # byte mode
    put(len(payload), 8 if version < 10 else 16)
    for b in payload:
        put(b, 8)
    put(0, min(4, capacity * 8 - len(bits)))
    put(0, -len(bits) % 8)
    data = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(data) < capacity:
        data.append(pad)
        pad ^= 0xEC ^ 0x11
    ec_len, groups = BLOCKS[level][version]
    divisor = _rs_divisor(ec_len)
    blocks, eccs, pos = [], [], 0
    for count, size in groups:
        for _ in range(count):
            block = data[pos:pos + size]
            pos += size
            blocks.append(block)
            eccs.append(_rs_remainder(block, divisor))
    out = [b[i] for i in range(max(map(len, blocks))) for b in blocks if i < len(b)]
    return out + [e[i] for i in range(ec_len) for e in eccs]


class _Grid:
    def __init__(self, version: int) -> None:
        self.size = 17 + 4 * version
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True


def _function_patterns(g: _Grid, version: int) -> None:
    n = g.size
    for i in range(n):
        g.set(6, i, i % 2 == 0)
        g.set(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                if 0 <= cx + dx < n and 0 <= cy + dy < n:
                    g.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) not in (2, 4))
    centres = ALIGN[version]
    last = len(centres) - 1
    for i, cx in enumerate(centres):
        for j, cy in enumerate(centres):
            if (i, j) in ((0, 0), (0, last), (last, 0)):
                continue
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    g.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
    _format_bits(g, "M", 0)  # reserved now, written for real once the mask is chosen
    if version >= 7:
        rem = version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = version << 12 | rem
        for i in range(18):
            bit, a, b = bool((bits >> i) & 1), n - 11 + i % 3, i // 3
            g.set(a, b, bit)
            g.set(b, a, bit)


def _format_bits(g: _Grid, level: str, mask: int) -> None:
    data = _LEVEL_BITS[level] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = (data << 10 | rem) ^ 0x5412
    n = g.size

    def bit(i: int) -> bool:
        return bool((bits >> i) & 1)

    for i in range(6):
        g.set(8, i, bit(i))
    g.set(8, 7, bit(6))
    g.set(8, 8, bit(7))
    g.set(7, 8, bit(8))
    for i in range(9, 15):
        g.set(14 - i, 8, bit(i))
    for i in range(8):
        g.set(n - 1 - i, 8, bit(i))
    for i in range(8, 15):
        g.set(8, n - 15 + i, bit(i))
    g.set(8, n - 8, True)


def _place(g: _Grid, codewords: list[int]) -> None:
    n, i, total = g.size, 0, len(codewords) * 8
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not g.fixed[y][x] and i < total:
                    g.dark[y][x] = bool((codewords[i >> 3] >> (7 - (i & 7))) & 1)
                    i += 1
        right -= 2


_MASKS = (
    lambda x, y: (x + y) % 2 == 0, lambda x, y: y % 2 == 0, lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0, lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0, lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _apply_mask(g: _Grid, mask: int) -> None:
    test = _MASKS[mask]
    for y in range(g.size):
        for x in range(g.size):
            if not g.fixed[y][x] and test(x, y):
                g.dark[y][x] = not g.dark[y][x]


_FINDER_LIKE = ([True, False, True, True, True, False, True, False, False, False, False],
                [False, False, False, False, True, False, True, True, True, False, True])


def penalty(dark: list[list[bool]]) -> int:
    """The standard's score of a masked symbol (lower is easier to read)."""
    n = len(dark)
    score = 0
    lines = dark + [list(col) for col in zip(*dark, strict=True)]
    for line in lines:
        run = 1
        for a, b in zip(line, line[1:], strict=False):  # N1: runs of five or more of one colour
            if a == b:
                run += 1
            else:
                score += run - 2 if run >= 5 else 0
                run = 1
        score += run - 2 if run >= 5 else 0
        for i in range(n - 10):  # N3: a finder-like 1:1:3:1:1 pattern with four light modules beside it
            if line[i:i + 11] in _FINDER_LIKE:
                score += 40
    for y in range(n - 1):  # N2: 2×2 blocks of one colour
        for x in range(n - 1):
            if dark[y][x] == dark[y][x + 1] == dark[y + 1][x] == dark[y + 1][x + 1]:
                score += 3
    darks = sum(map(sum, dark))  # N4: far from half dark
    score += 10 * (abs(darks * 20 - n * n * 10) // (n * n))
    return score


def encode(text: str, level: str = "M") -> list[list[bool]]:
    """The modules of the smallest QR code holding ``text`` (``ValueError`` if even version 15 cannot)."""
    payload = text.encode("utf-8")
    for version in range(1, MAX_VERSION + 1):
        header_bits = 4 + (8 if version < 10 else 16)
        if header_bits + 8 * len(payload) <= 8 * data_capacity(version, level):
            break
    else:
        raise ValueError(f"{len(payload)} bytes do not fit a version-{MAX_VERSION} QR code at level {level}")
    codewords = _codewords(payload, version, level)
    best: tuple[int, list[list[bool]]] | None = None
    for mask in range(8):
        g = _Grid(version)
        _function_patterns(g, version)
        _place(g, codewords)
        _apply_mask(g, mask)
        _format_bits(g, level, mask)
        score = penalty(g.dark)
        if best is None or score < best[0]:
            best = (score, g.dark)
    assert best is not None
    return best[1]


def version_of(modules: list[list[bool]]) -> int:
    return (len(modules) - 17) // 4


def svg(modules: list[list[bool]], label: str) -> str:
    """The code as an inline SVG (dark on white, four modules of quiet zone), named ``label``
    (plain text: a friend's name in it is escaped here) for screen readers; each row's dark
    runs are one path segment."""
    n, quiet = len(modules), 4
    parts = []
    for y, row in enumerate(modules):
        x = 0
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                parts.append(f"M{start + quiet} {y + quiet}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    size = n + 2 * quiet
    return (f'<svg class="qr" viewBox="0 0 {size} {size}" role="img" aria-label="{esc(label)}" '
            f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(parts)}"/></svg>')
