"""pygames_ui.lazy_stdlib: the second standard library zip's finder (the fetch itself is Chromium's: test_boot.py)."""

from __future__ import annotations

import importlib
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pygames_ui import lazy_stdlib


@pytest.fixture
def second_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "more.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("rarely_used.py", "ANSWER = 42\n")
        z.writestr("rare_pkg/__init__.py", "")
        z.writestr("rare_pkg/inner.py", "NAME = 'inner'\n")
    monkeypatch.setattr(lazy_stdlib, "PATH", str(path))
    names = ["rarely_used", "rare_pkg", "rare_pkg.inner"]
    monkeypatch.setitem(sys.modules, "_stdlib_more_names", type(sys)("_stdlib_more_names"))
    sys.modules["_stdlib_more_names"].NAMES = names  # type: ignore[attr-defined]
    yield path
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, lazy_stdlib.MoreStdlib)]
    for name in names:
        sys.modules.pop(name, None)


def test_a_listed_module_comes_from_the_second_zip_and_others_are_not_its_business(second_zip: Path) -> None:
    finder = lazy_stdlib.install("https://example.org/pyodide/stdlib-more.zip")
    assert finder is not None and sys.meta_path[-1] is finder
    assert importlib.import_module("rarely_used").ANSWER == 42
    assert importlib.import_module("rare_pkg.inner").NAME == "inner"
    assert finder.find_spec("json") is None and finder.fetched == 0  # the file was there: nothing fetched
    again = lazy_stdlib.install("https://example.org/pyodide/stdlib-more.zip")
    assert [f for f in sys.meta_path if isinstance(f, lazy_stdlib.MoreStdlib)] == [again]  # once, however often


def test_without_a_second_zip_nothing_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "_stdlib_more_names", None)  # (CPython: no such module)
    assert lazy_stdlib.install("https://example.org/x.zip") is None
    assert not any(isinstance(f, lazy_stdlib.MoreStdlib) for f in sys.meta_path)
