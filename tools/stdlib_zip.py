"""Build the site's standard library zip: only what the app can import, as Pyodide's bytecode.

Run *inside Pyodide* by ``tools/compile_pyc.mjs --stdlib`` (so the bytecode is the
browser's own Python 3.14), never by CPython.  ``build(...)`` reads Pyodide's
``python_stdlib.zip`` (sources only), finds every module the app's sources import,
statically and transitively (``modulefinder``), plus what Pyodide itself needs and a
margin of modules the engine, the UI and the bots import lazily, and writes them as
sourceless, unchecked hash-based ``.pyc`` files (``optimize=2``) into a new zip.

Without bytecode every import at start-up compiles source inside wasm; with it the
interpreter starts several times faster, and leaving out the rest keeps the
download no bigger than Pyodide's own zip.
"""

from __future__ import annotations

import importlib.util
import marshal
import modulefinder
import os
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
    "encodings.latin_1", "encodings.utf_16", "encodings.utf_32", "encodings.utf_8",
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
)
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

    with zipfile.ZipFile(out_zip, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name in sorted(wanted):
            path = wanted[name]
            rel = path.relative_to(src).with_suffix(".pyc").as_posix()
            source = path.read_bytes()
            level = 0 if name.split(".")[0] in KEEP_DOCSTRINGS else 2
            code = compile(source, path.relative_to(src).as_posix(), "exec", dont_inherit=True, optimize=level)
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, _unchecked_pyc(source, code))
        # Data files beside the kept packages (e.g. py.typed markers) come along unchanged.
        kept_dirs = {p.parent for p in wanted.values() if p.name == "__init__.py"}
        for path in sorted(src.rglob("*")):
            if path.is_file() and path.suffix != ".py" and path.parent in kept_dirs:
                info = zipfile.ZipInfo(path.relative_to(src).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, path.read_bytes())
    size = os.path.getsize(out_zip)
    print(f"stdlib: {len(wanted)} of {sum(1 for _ in src.rglob('*.py'))} modules as bytecode, {size / 1e6:.2f} MB")


def _unchecked_pyc(source: bytes, code: types.CodeType) -> bytes:
    """A PEP 552 unchecked hash-based pyc: loaded as is, its bytes depend only on the source."""
    flags = 0b01  # hash-based, not checked against the source
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))
