"""The standard library in two zips: what is imported at start-up, and the rest when first asked for.

The site's ``stdlib.zip`` holds the modules the interpreter, our code and Pyodide import
when they are imported (tools/stdlib_zip.py); ``stdlib-more.zip`` holds the modules only a
function reaches for, now and then (``tarfile`` for ``shutil.unpack_archive``, ``email`` for
``importlib.metadata``…): a first visit on a phone does not download them before the page
is ready. The build lists them in ``_stdlib_more_names`` (a module of ``stdlib.zip``).

:func:`install` puts :class:`MoreStdlib` last on ``sys.meta_path`` in each interpreter (the
page, the bot worker, the snapshot worker): a module found nowhere else but listed there is
taken from the second zip, which is fetched first if it is not in the file system yet. The
page fetches it in the background once it is ready (``boot.js``), and the service worker keeps
it for offline play; the finder's own fetch (synchronous: an import cannot wait) is only for
an import that comes first.
"""

from __future__ import annotations

import os
import sys
import zipimport
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: Where the second zip lives in the interpreter's file system.
PATH = "/lib/stdlib-more.zip"


class MoreStdlib:
    """A meta path finder for the modules of the second zip (``names``), at ``url``."""

    def __init__(self, url: str, names: frozenset[str]) -> None:
        self.url = url
        self.names = names
        self.fetched = 0  # how many times this interpreter had to fetch it itself

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.names:
            return None
        if not os.path.exists(PATH):
            self._fetch()
        package = name.rpartition(".")[0]
        importer = zipimport.zipimporter(PATH + ("/" + package.replace(".", "/") if package else ""))
        return importer.find_spec(name)

    def _fetch(self) -> None:
        """The zip, now (an import cannot wait for a promise): a synchronous request, read as
        bytes (``x-user-defined`` maps each byte to one character)."""
        from js import XMLHttpRequest  # type: ignore[import-not-found]  # the FFI exists only in Pyodide

        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.overrideMimeType("text/plain; charset=x-user-defined")
        request.send(None)
        if request.status != 200:
            raise ImportError(f"{self.url}: HTTP {request.status}")
        data = request.responseText.encode("utf-16-le")[::2]  # each character's low byte
        write(data)
        self.fetched += 1


def write(data: bytes) -> None:
    """Put the second zip in the file system (the finder's own fetch; the page's background fetch
    writes the same path from ``wheels.js``) and forget any directory zipimport read before."""
    if not os.path.exists(PATH):
        with open(PATH + ".part", "wb") as out:
            out.write(data)
        os.replace(PATH + ".part", PATH)
    zipimport._zip_directory_cache.pop(PATH, None)  # type: ignore[attr-defined]


def install(url: str) -> MoreStdlib | None:
    """Put the finder for the second zip (at ``url``) last on ``sys.meta_path``, once (a start
    from a snapshot finds the snapshot worker's, and replaces it). ``None``: this build has no
    second zip."""
    try:
        from _stdlib_more_names import NAMES  # type: ignore[import-not-found]  # written by tools/stdlib_zip.py
    except ImportError:
        return None
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, MoreStdlib)]
    finder = MoreStdlib(url, frozenset(NAMES))
    sys.meta_path.append(finder)
    return finder
