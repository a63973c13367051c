"""Every document the code cites is in the repository; no citation points outside it.

A contributor must find the contract and the rules the code relies on: each ``docs/….md``
named in the engine, the web layer, the tools, the tests or the top-level docs exists,
and nothing cites a file that is not here (``RULES.md``, ``API.md``) or an issue number.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("pygames_core", "web", "tools", "tests", "docs")
SUFFIXES = {".py", ".js", ".md", ".json", ".css", ".html"}
DOC_REF = re.compile(r"docs/[\w./-]+\.md")
OUTSIDE = re.compile(r"(?<![\w/])(?:RULES|API)\.md|\bissue \d+|\bissue #\d+", re.IGNORECASE)


def sources() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "DEVELOPERS.md"]
    for tree in TREES:
        files += [p for p in (ROOT / tree).rglob("*") if p.suffix in SUFFIXES and "golden" not in p.parts]
    return [p for p in files if p.is_file() and p != Path(__file__)]


def test_every_cited_document_exists() -> None:
    cited = {(ref, p.relative_to(ROOT).as_posix()) for p in sources() for ref in DOC_REF.findall(p.read_text(encoding="utf-8"))}
    assert any(ref == "docs/ENGINE_API.md" for ref, _ in cited) and any(ref.startswith("docs/rules/") for ref, _ in cited)
    missing = sorted(f"{where}: {ref}" for ref, where in cited if not (ROOT / ref).is_file())
    assert not missing, "cited but not in the repository:\n" + "\n".join(missing)


def test_nothing_cites_what_is_not_here() -> None:
    found = []
    for p in sources():
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{p.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "citations of documents outside the repository or of issue numbers:\n" + "\n".join(found)
