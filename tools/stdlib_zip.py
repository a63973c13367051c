"""Build the site's standard library zips: only what the app can import, as Pyodide's bytecode.

Run *inside Pyodide* by ``tools/compile_pyc.mjs --stdlib`` (so the bytecode is the
browser's own Python 3.14), never by CPython.  ``build(...)`` reads Pyodide's
``python_stdlib.zip`` (sources only), finds every module the app's sources import,
statically and transitively (``modulefinder``), plus what Pyodide itself needs and a
margin of modules the engine, the UI and the bots import lazily, and writes them as
sourceless, unchecked hash-based ``.pyc`` files (``optimize=2``) into two zips:

- ``stdlib.zip``, downloaded before the page is ready: the modules imported *at import
  time* (every import statement outside a function body, an ``if`` for another platform
  or for ``TYPE_CHECKING`` left out) from what the interpreter imports to start and from
  every module of ours;
- ``stdlib-more.zip`` (:data:`MORE_ZIP`): the rest, which only a function imports now and
  then, fetched once the page is ready, or by the import itself
  (``pygames_ui/lazy_stdlib.py``; its names are in the first zip's ``_stdlib_more_names``).

Without bytecode every import at start-up compiles source inside wasm; with it the
interpreter starts several times faster. The first zip is about half of Pyodide's own.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import modulefinder
import os
import sys
import types
import zipfile
from pathlib import Path

# Imported lazily (importlib, inside functions, by Pyodide's JS side or by code the
# other parts of the site may reach for), so no static scan of our sources can see them.
MARGIN = (
    "asyncio", "base64", "binascii", "bisect", "calendar", "collections", "contextlib", "copy",
    "dataclasses", "datetime", "decimal", "difflib", "enum", "fractions", "functools", "gzip",
    "hashlib", "heapq", "hmac", "importlib", "importlib.metadata", "inspect", "io",
    "itertools", "json", "keyword", "linecache", "locale", "math", "numbers", "operator",
    "pathlib", "pkgutil", "pprint", "random", "re", "reprlib", "secrets", "shutil", "statistics", "string",
    "struct", "tempfile", "textwrap", "time", "tokenize", "traceback", "types", "typing",
    "unicodedata", "urllib.parse", "uuid", "warnings", "weakref", "zipfile", "zlib",
    # Pyodide's own Python side: its package loader, event loop, FFI and console.
    "_pyodide", "pyodide", "pyodide_js", "sysconfig", "site", "tarfile", "email.message",
    # Imported by C code on first use (time.strptime, datetime.strptime).
    "_strptime",
    # Text codecs looked up by name at run time.
    "encodings.aliases", "encodings.ascii", "encodings.cp437", "encodings.idna",
    "encodings.latin_1", "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_32", "encodings.utf_8",
    "encodings.utf_8_sig", "encodings.raw_unicode_escape", "encodings.unicode_escape",
)

# Never reached by the app, yet named somewhere in the static closure (debuggers, REPLs,
# test runners, servers and clients of network protocols a browser page cannot use).
# The scan does not follow them. That the app needs none of them is shown by the whole
# e2e suite running against the shipped zip (and tests/e2e/test_boot.py imports the
# MARGIN and every module of ours in Chromium).
NEVER = (
    "_pyrepl", "argparse", "bdb", "code", "doctest", "ftplib", "getpass", "http.client", "http.cookiejar",
    "http.server", "imaplib", "mailbox", "multiprocessing", "netrc", "optparse", "pdb", "pickletools",
    "plistlib", "poplib", "pstats", "profile", "pydoc", "pydoc_data", "rlcompleter", "smtplib", "tkinter",
    "trace", "turtle", "unittest", "urllib.request", "urllib.response", "urllib.robotparser", "venv",
    "webbrowser", "wsgiref", "xml", "xmlrpc", "zipapp", "ctypes", "curses", "dbm", "sqlite3", "idlelib",
    "email.mime", "email.generator", "email.parser", "email.feedparser", "email.headerregistry",
    # Modules that cannot import in a browser (another platform's, or their own imports are above),
    # found by tests/e2e/test_boot.py importing every module of the second zip in Chromium.
    "asyncio.windows_events", "asyncio.windows_utils", "concurrent.futures.process",
    "concurrent.futures.interpreter", "concurrent.interpreters", "email.policy", "urllib.error", "pyodide.console",
)
#: Codecs looked up by name that the first zip keeps: the second zip's own synchronous fetch
#: reads its bytes through "utf-16-le" (pygames_ui/lazy_stdlib.py), zipfile reads entry names
#: through "cp437", and the commonest two.
FIRST_CODECS = ("encodings.utf_16_le", "encodings.cp437", "encodings.latin_1", "encodings.ascii")
#: The second zip: the modules only a function imports, fetched on first use (pygames_ui/lazy_stdlib.py).
MORE_ZIP = "stdlib-more.zip"
# Pure-Python twins of C modules that Pyodide has built in: the C one is always imported.
C_TWINS = {"_pydatetime": "_datetime", "_pydecimal": "_decimal", "_pyio": "_io"}
# Pyodide's own packages read docstrings at run time: they keep theirs (optimize=0).
KEEP_DOCSTRINGS = ("_pyodide", "pyodide")


def _whole_packages(root: Path, names: tuple[str, ...]) -> list[str]:
    """Every submodule of the named packages that live under ``root`` (e.g. all of ``pyodide``)."""
    found = []
    for name in names:
        pkg = root / name
        if not (pkg / "__init__.py").is_file():
            continue
        for path in sorted(pkg.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def build(stdlib_zip: str, app_dir: str, out_zip: str, startup: list[str],
          scratch: str = "/tmp/stdlib-src") -> None:
    """Write ``out_zip``: the modules reachable from ``app_dir``, from ``startup`` (what the
    interpreter imported to start) and from the margin, as bytecode."""
    src = Path(scratch)
    zipfile.ZipFile(stdlib_zip).extractall(src)
    app = Path(app_dir)

    twins = [py for py, c in C_TWINS.items() if importlib.util.find_spec(c) is not None]
    finder = modulefinder.ModuleFinder(path=[str(app), str(src)], excludes=[*NEVER, *twins])
    ours = sorted(p.stem for p in app.glob("*.py")) + _whole_packages(app, tuple(
        p.name for p in sorted(app.iterdir()) if (p / "__init__.py").is_file()))
    for name in ours:
        finder.import_hook(name)  # our own sources must all be importable
    # Everything the interpreter imported to start, and the packages it calls into from JS.
    roots = sorted(set(startup) | set(MARGIN) | set(_whole_packages(src, ("_pyodide", "pyodide"))))
    for name in roots:
        try:
            finder.import_hook(name)
        except ImportError:
            pass  # a built-in module (no file) or one Pyodide does not ship

    wanted: dict[str, Path] = {}
    for name, module in finder.modules.items():
        file = getattr(module, "__file__", None)  # a ModuleFinder module: None for a built-in
        if file and Path(file).is_relative_to(src) and file.endswith(".py"):
            wanted[name] = Path(file)
    missing = sorted(m for m in MARGIN if m not in wanted and importlib.util.find_spec(m) is None)
    if missing:
        raise SystemExit(f"stdlib_zip: margin modules not in Pyodide: {missing}")

    # What is imported when it is imported (from the interpreter's start, our code, Pyodide's
    # packages) goes in the first zip; what only a function reaches for, in the second.
    # Our own modules are followed too (the snapshot worker imports every one of them, with pkgutil).
    ours_at = {name: _source_of(app, name) for name in ours}
    # (pkgutil: the snapshot worker finds them with it. The text codecs looked up by name are
    # only needed once the page is ready, in the second zip, but for FIRST_CODECS.)
    first_roots = set(startup) | set(ours) | {"pkgutil"} | set(FIRST_CODECS)
    first = _import_time_closure({**wanted, **ours_at}, sorted(first_roots)) & set(wanted)
    more = {name: path for name, path in wanted.items() if name not in first}
    names = f"NAMES = {sorted(more)!r}\n".encode()
    _write_zip(out_zip, src, {n: p for n, p in wanted.items() if n in first}, {"_stdlib_more_names": names},
               stored=True)
    more_zip = str(Path(out_zip).with_name(MORE_ZIP))
    _write_zip(more_zip, src, more, {})
    print(f"stdlib: {len(first)} of {sum(1 for _ in src.rglob('*.py'))} modules as bytecode, "
          f"{os.path.getsize(out_zip) / 1e6:.2f} MB; {len(more)} more on first use, "
          f"{os.path.getsize(more_zip) / 1e6:.2f} MB")


def _write_zip(out_zip: str, src: Path, modules: dict[str, Path], extra: dict[str, bytes],
               stored: bool = False) -> None:
    """``modules`` (name: source file under ``src``) as bytecode, and ``extra`` modules from source.

    ``stored``: entries not compressed one by one (the build then gzips the whole zip, which
    finds what the modules share: 10% fewer bytes, and no entry is inflated at import)."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(out_zip, "w", method, compresslevel=None if stored else 9) as out:
        def put(arc: str, data: bytes) -> None:
            info = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            # (an entry written from a ZipInfo takes the ZipFile's level only when given it again:
            # else zlib's default 6, 15 kB more over the wire)
            out.writestr(info, data, compresslevel=None if stored else 9)

        for name in sorted(modules):
            path = modules[name]
            source = path.read_bytes()
            level = 0 if name.split(".")[0] in KEEP_DOCSTRINGS else 2
            code = compile(source, path.relative_to(src).as_posix(), "exec", dont_inherit=True, optimize=level)
            put(path.relative_to(src).with_suffix(".pyc").as_posix(), _unchecked_pyc(source, code))
        for name, source in sorted(extra.items()):
            put(f"{name}.pyc", _unchecked_pyc(source, compile(source, f"{name}.py", "exec", dont_inherit=True)))
        # Data files beside the kept packages (e.g. py.typed markers) come along unchanged.
        kept_dirs = {p.parent for p in modules.values() if p.name == "__init__.py"}
        for path in sorted(src.rglob("*")):
            if path.is_file() and path.suffix != ".py" and path.parent in kept_dirs:
                put(path.relative_to(src).as_posix(), path.read_bytes())


def _source_of(app: Path, name: str) -> Path:
    """The source file of our module ``name`` (a package's ``__init__.py``)."""
    path = app.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def import_time_imports(name: str, path: Path) -> set[str]:
    """The modules ``name`` (its source at ``path``) imports when it is imported: every import
    statement outside a function body (a class body, an ``if`` or a ``try`` run at import)."""
    tree = ast.parse(path.read_bytes(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and (branch := _branch_taken(child.test)) is not None:
                for statement in child.body if branch else child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]))
                continue
            if isinstance(child, ast.Try) and _imports_built_in(child.body):
                # try: from _abc import ... / except ImportError: from _py_abc import ...:
                # the C module is built in, so the pure-Python fallback is never imported.
                for statement in [*child.body, *child.orelse, *child.finalbody]:
                    visit(ast.Module(body=[statement], type_ignores=[]))
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([child.module] if child.module else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in child.names)
            visit(child)

    visit(tree)
    return {".".join(n.split(".")[:k]) for n in found if n for k in range(1, n.count(".") + 2)}


#: Platforms a browser's Python is not: an ``if`` that tests for one of them is not taken.
OTHER_PLATFORMS = {"win32", "nt", "cygwin", "darwin", "ios", "android", "java"}


def _imports_built_in(body: list[ast.stmt]) -> bool:
    """Whether ``body`` is only imports, each of a module built into this interpreter."""
    names = [a.name for st in body if isinstance(st, ast.Import) for a in st.names]
    names += [st.module for st in body if isinstance(st, ast.ImportFrom) and st.module and not st.level]
    return bool(body) and len(names) == len(body) and all(n in sys.builtin_module_names for n in names)


def _branch_taken(test: ast.expr) -> bool | None:
    """Which branch of an ``if`` runs at import in Pyodide, when the test says (``None``: both may):
    ``TYPE_CHECKING`` is false, and so is ``sys.platform == "win32"`` or ``os.name == "nt"``;
    ``sys.platform in {..., "emscripten", ...}`` is true."""
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
        return False
    if isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
        return False
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)
            and isinstance(test.left, ast.Attribute) and test.left.attr == "platform"
            and isinstance(test.comparators[0], (ast.Set, ast.Tuple, ast.List))):
        values = {e.value for e in test.comparators[0].elts if isinstance(e, ast.Constant)}
        if "emscripten" in values:
            return True
        if values <= OTHER_PLATFORMS:
            return False
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
            and isinstance(test.left, ast.Attribute) and test.left.attr in ("platform", "name")
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value in OTHER_PLATFORMS):
        return isinstance(test.ops[0], ast.NotEq)
    return None


def _import_time_closure(wanted: dict[str, Path], roots: list[str]) -> set[str]:
    """The modules of ``wanted`` that importing ``roots`` imports, following import-time imports."""
    seen: set[str] = set()
    todo = [r for r in roots if r in wanted]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [m for m in import_time_imports(name, wanted[name]) if m in wanted and m not in seen]
    return seen


def _unchecked_pyc(source: bytes, code: types.CodeType) -> bytes:
    """A PEP 552 unchecked hash-based pyc: loaded as is, its bytes depend only on the source."""
    flags = 0b01  # hash-based, not checked against the source
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))
