"""tools/stdlib_zip.py: which standard library modules are imported at import time (the first zip)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from stdlib_zip import import_time_imports  # noqa: E402

SOURCE = '''
"""A module of a package."""
import os
from . import sibling
from .sub import thing
from json import decoder
if sys.platform == "win32":
    import winreg
else:
    import posix_only
if os.name != "nt":
    import not_windows
if TYPE_CHECKING:
    import typing_only
try:
    import fast
except ImportError:
    import slow
try:
    from _abc import _abc_init
except ImportError:
    from _py_abc import ABCMeta
if sys.platform in {"win32", "emscripten"}:
    import browser_too
elif sys.platform == "linux":
    import linux_only
else:
    import elsewhere
if sys.platform in ("win32", "darwin"):
    import desktop_only
class K:
    import in_class_body

def later():
    import lazily
lambda: __import__("never")
'''


def test_imports_run_at_import_are_followed_and_a_function_s_own_are_not(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text(SOURCE)
    found = import_time_imports("pkg.mod", tmp_path / "mod.py")
    assert {"os", "pkg", "pkg.sibling", "pkg.sub", "pkg.sub.thing", "json", "json.decoder", "posix_only",
            "not_windows", "fast", "slow", "in_class_body", "_abc", "browser_too"} <= found
    # (a fallback for a module built into the interpreter is never taken; nor another platform's branch)
    assert not {"winreg", "typing_only", "lazily", "never", "_py_abc", "linux_only", "elsewhere",
                "desktop_only"} & found


def test_a_package_s_relative_imports_are_its_own(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("from . import part\nfrom .. import above\n")
    found = import_time_imports("top.pkg", tmp_path / "__init__.py")
    assert {"top.pkg.part", "top.pkg", "top", "top.above"} <= found
