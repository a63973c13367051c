"""An axe-core accessibility audit of the page as it stands, for the Chromium tests.

axe-core is pinned in ``package.json`` (a dev dependency; ``npm ci`` installs it) and is
never shipped with the site.  It is evaluated into the page through the DevTools protocol
(``page.evaluate``), which the site's CSP does not govern, so the page under test keeps
its real CSP.

:func:`audit` returns the serious and critical violations (a test fails on them) and
records the moderate and minor ones in ``test-results/axe-moderate.json``, one entry per
screen, to be read and listed in notes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
MODERATE_OUT = ROOT / "test-results" / "axe-moderate.json"
FAILING = ("serious", "critical")

#: axe.run over the whole document, reduced to what a report needs (one round trip).
RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations'],
                                     runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 6).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""

_source: str | None = None


def _load(page: Any) -> None:
    global _source
    if page.evaluate("typeof window.axe === 'object'"):
        return
    if _source is None:
        if not AXE_JS.is_file():
            raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (axe-core is pinned in package.json)")
        _source = AXE_JS.read_text(encoding="utf-8")
    page.evaluate(f"{_source}\n;undefined")


def audit(page: Any, shot: str) -> list[str]:
    """Run axe on ``page``; return one line per serious/critical violation of the screen ``shot``.

    Moderate and minor violations are stored under ``shot`` in ``test-results/axe-moderate.json``
    (an entry is replaced when the screen is audited again, and removed once it is clean).
    """
    _load(page)
    violations: list[dict[str, Any]] = page.evaluate(RUN)
    failing = [v for v in violations if v["impact"] in FAILING]
    lesser = [v for v in violations if v["impact"] not in FAILING]
    _record(shot, lesser)
    return [f"{shot}: axe {v['impact']} {v['id']} ({v['help']}): "
            + "; ".join(f"{n['target']} — {n['summary']}" for n in v["nodes"]) for v in failing]


def _record(shot: str, lesser: list[dict[str, Any]]) -> None:
    MODERATE_OUT.parent.mkdir(parents=True, exist_ok=True)
    try:
        seen = json.loads(MODERATE_OUT.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        seen = {}
    if lesser:
        seen[shot] = lesser
    else:
        seen.pop(shot, None)
    MODERATE_OUT.write_text(json.dumps(seen, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
