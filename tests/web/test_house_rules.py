"""The rules of the house (docs/ARCHITECTURE.md), checked on the source itself.

- The engine never imports the web layer; only ``web/main.py`` (and its parts ``web/page_*.py``)
  touches the page (``js``, ``pyodide``),
  with the two helpers it hands page elements to (:data:`PAGE_HELPERS`: keyboard focus, card slides)
  and the standard library's second zip, which asks the browser for itself (a synchronous request).
- No import circle in ``web/``: every import counts, at the top, inside a function or under
  ``TYPE_CHECKING``.
- No module of ``web/pygames_ui`` past :data:`MAX_LINES` lines: a longer one is two ideas.
- A table draws from a frame and the translator: it imports nothing of the app, its flow or screens.
- The session (a game as played here) imports only the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
UI = WEB / "pygames_ui"
ENGINE = ROOT / "pygames_core"
MAX_LINES = 350
#: Modules that work on page elements ``main.py`` passes them (importing the FFI only when they run).
PAGE_HELPERS = {UI / "focus.py", UI / "motion.py", UI / "lazy_stdlib.py"}
#: The page layer's own modules (``web/*.py``): what the engine and the tables must never import.
PAGE_LAYER = {p.stem for p in WEB.glob("*.py")}


def module_name(path: Path) -> str:
    """``web/pygames_ui/tables/base.py`` → ``pygames_ui.tables.base`` (a package is its ``__init__``)."""
    parts = list(path.relative_to(WEB).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import statement stands, as absolute names."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            out.add(prefix)
            out.update(f"{prefix}.{alias.name}" for alias in node.names)  # `from . import keeping` is a module
    return out


def web_graph() -> dict[str, set[str]]:
    files = [*sorted(WEB.glob("*.py")), *sorted(UI.rglob("*.py"))]  # main.py and its page_*.py parts
    modules = {module_name(p): p for p in files}
    return {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as a path that returns to its start, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_cycle_finder_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_in_the_web_layer() -> None:
    graph = web_graph()
    assert "pygames_ui.app" in graph and "pygames_ui.tables.base" in graph["pygames_ui.tables.klats"]
    assert find_cycle(graph) is None, f"import circle: {' -> '.join(find_cycle(graph) or [])}"


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_never_imports_the_web_layer(path: Path) -> None:
    assert "main" in PAGE_LAYER and "page_table" in PAGE_LAYER
    assert not {m for m in imports_of_absolute(path) if m.split(".")[0] in {"pygames_ui", "js", "pyodide", *PAGE_LAYER}}


def imports_of_absolute(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module)
    return out


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_only_main_touches_the_page(path: Path) -> None:
    touching = {m for m in imports_of_absolute(path) if m.split(".")[0] in ("js", "pyodide")}
    assert not touching or path in PAGE_HELPERS, f"{path.name} imports {touching}: only web/main.py may"


#: What a table may import of the web layer: a table draws from a frame and the translator, never the app.
TABLE_MAY_IMPORT = {"pygames_ui.dom", "pygames_ui.frame", "pygames_ui.i18n", "pygames_ui.session",
                    "pygames_ui.tutorial", "pygames_ui.art"}


@pytest.mark.parametrize("path", sorted((UI / "tables").glob("*.py")), ids=lambda p: p.name)
def test_tables_get_a_frame_never_the_app(path: Path) -> None:
    used = {m for m in imports_of(path) if m.startswith("pygames_ui.") and not m.startswith("pygames_ui.tables")}
    modules = {m for m in used if m.count(".") == 1 or m.rpartition(".")[0] not in used}  # (not `from x import name`)
    assert modules <= TABLE_MAY_IMPORT, f"{path.name} imports {modules - TABLE_MAY_IMPORT}"


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_no_module_is_two_ideas(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines (at most {MAX_LINES}): split it"


def test_the_session_imports_only_the_engine() -> None:
    """A game as it is played here (``session.py``) needs the engine and the standard library,
    nothing of the app around it: saves, screens and tables build on it, never it on them."""
    import sys

    found = {name.partition(".")[0] for name in imports_of(UI / "session.py")}
    assert found <= {"pygames_core", "__future__", *sys.stdlib_module_names}, found
