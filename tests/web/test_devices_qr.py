"""QR codes drawn by our encoder, read back by jsQR (the decoder the page will scan answers with)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pygames_ui.devices import qr

ROOT = Path(__file__).resolve().parents[2]
READER = ROOT / "tools" / "qr_read.mjs"
#: An invite link as a guest receives it (the site's address and the compact offer).
INVITE = ("https://example.github.io/pygames/#j=AQVhQ1V5GFdvampIMGdjNGMwa0xYRUpLUm5GSnJoMSh"
          "ymE_1YFrGnCuFJ1MjXCR26YW8qvEt6ND5fI0PU-m2AgFtVDHqKelOQ0Ciparrmmv-E7gLbQzGtuPEwEBmoKLJ6pyAusA")


def read_back(codes: list[list[list[bool]]]) -> list[str | None]:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "jsqr").is_dir():
        pytest.skip("node and node_modules/jsqr (make setup) read the codes back")
    matrices = [[[int(m) for m in row] for row in code] for code in codes]
    done = subprocess.run(["node", str(READER)], input=json.dumps(matrices), capture_output=True, text=True,
                          cwd=ROOT, check=True, timeout=60)
    return json.loads(done.stdout)


TEXTS = ["A", "pygames", "Клац! Зоомагия", "x" * 100, INVITE, "y" * 300, "z" * 16]


def test_every_code_reads_back_as_its_text() -> None:
    codes = [qr.encode(t) for t in TEXTS] + [qr.encode(INVITE, level="L")]
    assert read_back(codes) == TEXTS + [INVITE]


def test_the_smallest_version_is_chosen() -> None:
    assert qr.version_of(qr.encode("A")) == 1
    assert qr.version_of(qr.encode("x" * 14)) == 1 and qr.version_of(qr.encode("x" * 15)) == 2  # M: 16 bytes
    assert qr.version_of(qr.encode(INVITE, level="L")) <= 8
    with pytest.raises(ValueError, match="do not fit"):
        qr.encode("q" * 500)


def test_the_svg_draws_the_dark_modules() -> None:
    modules = qr.encode("pygames")
    svg = qr.svg(modules, "Invite for seat 2")
    assert svg.startswith('<svg class="qr" viewBox="0 0 29 29" role="img" aria-label="Invite for seat 2"')
    named = qr.svg(modules, 'Invite for "Big" Mike <3')  # a friend's name is text, never markup
    assert 'aria-label="Invite for &quot;Big&quot; Mike &lt;3"' in named
    assert svg.count("z") == sum(  # one path segment per run of dark modules
        sum(1 for x, m in enumerate(row) if m and (x == 0 or not row[x - 1])) for row in modules)
