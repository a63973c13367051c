"""Render the PNG app icons from ``web/icons/icon.svg`` with headless Chromium.

    python tools/make_icons.py

Writes ``web/icons/icon-192.png``, ``icon-512.png`` (the picture on the app's
background colour) and ``icon-maskable-512.png`` (the picture inside the central
80% safe zone, so launchers may crop it to any shape). Run it after editing the SVG;
the PNGs are committed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "web" / "icons"
sys.path.insert(0, str(ROOT / "tests" / "e2e"))


def page_html(svg: str, size: int, scale: float, background: str) -> str:
    """A page of exactly ``size`` px showing ``svg`` at ``scale`` of it, centred on ``background``."""
    inner = round(size * scale)
    sized = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
    return (f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{background};"
            f"display:grid;place-items:center'><div style='width:{inner}px;height:{inner}px'>"
            f"{sized}</div></body></html>")


def main() -> None:
    from conftest import CHROMIUM_FLAGS, _executable
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text()
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text())
    background = manifest["background_color"]
    with sync_playwright() as pw:
        exe = _executable()
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS if exe else [])
        for name, size, scale in (("icon-192.png", 192, 0.94), ("icon-512.png", 512, 0.94),
                                  ("icon-maskable-512.png", 512, 0.72)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, scale, background))
            page.screenshot(path=str(ICONS / name))
            page.close()
            print(f"wrote web/icons/{name}")
        browser.close()


if __name__ == "__main__":
    main()
