"""An axe-core accessibility audit of the page as it stands, for the Chromium tests.

axe-core is pinned in ``package.json`` (a dev dependency; ``npm ci`` installs it) and is
never shipped with the site.  It is evaluated into the page through the DevTools protocol
(``page.evaluate``), which the site's CSP does not govern, so the page under test keeps
its real CSP.

:func:`audit` returns every violation, whatever its impact (critical, serious, moderate
or minor): a test fails on any of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: axe.run over the whole document, reduced to what a report needs (one round trip).
RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations'],
                                     runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 6).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""

_source: str | None = None


def _load(page: Page) -> None:
    global _source
    if page.evaluate("typeof window.axe === 'object'"):
        return
    if _source is None:
        if not AXE_JS.is_file():
            raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (axe-core is pinned in package.json)")
        _source = AXE_JS.read_text(encoding="utf-8")
    page.evaluate(f"{_source}\n;undefined")


def audit(page: Page, shot: str) -> list[str]:
    """Run axe on ``page``; return one line per violation (of any impact) on the screen ``shot``."""
    _load(page)
    violations: list[dict[str, Any]] = page.evaluate(RUN)
    return [f"{shot}: axe {v['impact']} {v['id']} ({v['help']}): "
            + "; ".join(f"{n['target']} — {n['summary']}" for n in v["nodes"]) for v in violations]
