"""The picture sprite: the SVG pictures the UI draws, inlined into ``index.html`` at build time.

    python tools/sprite.py            # check the names and print the sprite's size

Only the pictures named in ``web/pygames_ui/art.py`` (``PICTURES``) are copied from
the pinned npm package ``@iconify-json/twemoji`` (``package.json``), as
``<symbol id="pic-NAME">`` elements of one hidden ``<svg>`` that replaces the
``<!-- pictures -->`` placeholder of ``index.html``.  The build fails if a picture
is missing from the package, or if the UI code names a picture the sprite does
not hold.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ICONIFY_SET = ROOT / "node_modules" / "@iconify-json" / "twemoji" / "icons.json"
PLACEHOLDER = "<!-- pictures -->"
#: Where the UI names pictures: ``picture("name"``, ``symbol_id("name"`` or a literal ``#pic-name``.
REFERENCE = re.compile(r"""\b(?:picture|symbol_id)\(\s*["']([^"']+)["']|#pic-([a-z0-9-]+)""")

# Twemoji has no walrus: its seal, browned, with two tusks (an adaptation, as CC-BY 4.0 allows).
_WALRUS_COLOURS = {"#99aab5": "#b98b68", "#66757f": "#8a5f43", "#292f33": "#4a3428"}
_WALRUS_TUSKS = (
    '<path fill="#fffbea" stroke="#b9a67a" stroke-width=".25" d="M4.1 4.7c-.3 2.3.1 4.7.9 6.5c.3-2 .3-4.2.4-6.3z"/>'
    '<path fill="#fffbea" stroke="#b9a67a" stroke-width=".25" d="M5.7 5.1c0 2.3.4 4.5 1.3 6.1c.1-2-.1-4-.2-5.9z"/>'
)


def _walrus(body: str) -> str:
    for grey, brown in _WALRUS_COLOURS.items():
        body = body.replace(f'fill="{grey}"', f'fill="{brown}"')
    return body + _WALRUS_TUSKS


ADAPT = {"walrus": _walrus}


def load_pictures() -> dict[str, str]:
    """The UI's table of pictures (name -> Twemoji icon), read from ``web/pygames_ui/art.py``."""
    sys.path.insert(0, str(ROOT / "web"))
    try:
        from pygames_ui.art import PICTURES
    finally:
        sys.path.remove(str(ROOT / "web"))
    return dict(PICTURES)


def icon_body(icons: dict[str, Any], name: str) -> tuple[str, int, int]:
    """An icon's SVG body, width and height, following Iconify aliases (no transforms are used here)."""
    seen = []
    while name in icons.get("aliases", {}):
        alias = icons["aliases"][name]
        if set(alias) - {"parent"}:
            raise ValueError(f"icon alias {name!r} transforms its parent; not supported")
        seen.append(name)
        name = alias["parent"]
    if name not in icons["icons"]:
        raise ValueError(f"icon {' -> '.join(seen + [name])!r} is not in {ICONIFY_SET.relative_to(ROOT)}")
    icon = icons["icons"][name]
    return icon["body"], icon.get("width", icons.get("width", 16)), icon.get("height", icons.get("height", 16))


def build_sprite(pictures: dict[str, str] | None = None) -> str:
    """The hidden ``<svg>`` holding one ``<symbol id="pic-NAME">`` per picture."""
    if not ICONIFY_SET.is_file():
        raise SystemExit("node_modules/@iconify-json/twemoji is missing: run `npm ci` (make does it for you)")
    pictures = load_pictures() if pictures is None else pictures
    icons = json.loads(ICONIFY_SET.read_text(encoding="utf-8"))
    symbols = []
    for name, source in sorted(pictures.items()):
        if not re.fullmatch(r"[a-z0-9-]+", name):
            raise ValueError(f"picture name {name!r} must be lower-case letters, digits and '-'")
        body, width, height = icon_body(icons, source)
        if re.search(r"\b(style|on[a-z]+)\s*=|<(script|style|foreignObject)\b", body, re.I):
            raise ValueError(f"icon {source!r} carries styles or scripts, which the site's CSP forbids")
        body = ADAPT.get(name, lambda b: b)(body)
        symbols.append(f'<symbol id="pic-{name}" viewBox="0 0 {width} {height}">{body}</symbol>')
    return ('<svg class="sprite" width="0" height="0" aria-hidden="true" focusable="false">'
            + "".join(symbols) + "</svg>")


def unknown_references(sources: Path, known: set[str]) -> list[str]:
    """``file:line: name`` for every picture the code under ``sources`` names that is not in ``known``."""
    bad = []
    for path in sorted(sources.rglob("*")):
        if path.suffix not in (".py", ".js", ".css", ".html") or "__pycache__" in path.parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in REFERENCE.finditer(line):
                name = match.group(1) or match.group(2)
                if name not in known:
                    bad.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{n}: {name}")
    return bad


def inline_sprite(index_html: Path, sources: Path = ROOT / "web") -> int:
    """Check the UI's picture names, then put the sprite into ``index_html``; returns the sprite's size in bytes."""
    pictures = load_pictures()
    bad = unknown_references(sources, set(pictures))
    if bad:
        raise SystemExit("the UI names pictures the sprite does not hold (add them to PICTURES in "
                         "web/pygames_ui/art.py):\n  " + "\n  ".join(bad))
    html = index_html.read_text(encoding="utf-8")
    if html.count(PLACEHOLDER) != 1:
        raise SystemExit(f"{index_html} must hold the placeholder {PLACEHOLDER} exactly once")
    sprite = build_sprite(pictures)
    index_html.write_text(html.replace(PLACEHOLDER, sprite), encoding="utf-8")
    return len(sprite.encode())


def main() -> None:
    pictures = load_pictures()
    bad = unknown_references(ROOT / "web", set(pictures))
    if bad:
        raise SystemExit("unknown pictures:\n  " + "\n  ".join(bad))
    print(f"{len(pictures)} pictures, sprite {len(build_sprite(pictures).encode()) / 1000:.1f} kB")


if __name__ == "__main__":
    main()
