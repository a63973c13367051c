"""Start-up: the precompiled standard library, warm starts from a snapshot, boot errors."""

from __future__ import annotations

import importlib.util
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import cast

import pytest
from conftest import BOOT_TIMEOUT_MS, DIST, FRESH_MS, ROOT, PageProblems, bare, empty_tab, open_app, reload_app, shipped_zip
from pages import TURN, act
from playwright.sync_api import Browser, BrowserContext, Page, Route

READY = 'html[data-app-state="ready"]'
SNAPSHOT_DONE = ('html[data-snapshot="saved"], html[data-snapshot="failed"], '
                 'html[data-snapshot="unsupported"], html[data-snapshot="used"]')
PYODIDE = ROOT / "node_modules" / "pyodide"


def _stdlib_zip_module() -> ModuleType:  # tools/stdlib_zip.py: its MARGIN names the lazily imported modules
    spec = importlib.util.spec_from_file_location("stdlib_zip", ROOT / "tools" / "stdlib_zip.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# A frame of the engine, as a traceback shows it: its file name and its source line
# (from the wheel's zip: the site imports the wheels straight from sys.path).
ENGINE_FRAME = """
import traceback
from pygames_core import games
try:
    games.get("no-such-game")
except Exception as exc:
    frames = traceback.extract_tb(exc.__traceback__)
frame = next(f for f in frames if f.filename.startswith("pygames_core/"))
f"{frame.filename}:{frame.lineno}"
"""


# The start-up's stages that follow one another (the catalogues, and a snapshot's
# reading, run beside them).
FRESH_STAGES = ["script", "pyodide-module", "interpreter", "main-imported", "app", "first-render", "ready"]
WARM_STAGES = ["script", "snapshot-read", "snapshot-checked", "interpreter", "main-imported", "app", "first-render", "ready"]


def assert_stages_marked(page: Page, chain: list[str], also: tuple[str, ...] = ("catalogues",)) -> None:
    """The ``boot:*`` marks tools/bench.py reads: each stage once, those of ``chain`` in order."""
    marks = page.evaluate("performance.getEntriesByType('mark').filter((m) => m.name.startsWith('boot:'))"
                          ".map((m) => [m.name.slice(5), m.startTime])")
    names = [name for name, _ in marks]
    for stage in [*chain, *also]:
        assert names.count(stage) == 1, (stage, marks)
    at = dict(marks)
    assert [at[s] for s in chain] == sorted(at[s] for s in chain), marks


def assert_tracebacks_have_source_lines(page: Page) -> None:
    """The site ships bytecode only; a traceback still names our file and line, which the
    repository's source shows (a bug report points at the code)."""
    frame = page.evaluate("(code) => pygamesBoot.pyodide.runPython(code)", ENGINE_FRAME)
    filename, _, lineno = frame.partition(":")
    source = (ROOT / filename).read_text().splitlines()
    assert "raise" in source[int(lineno) - 1], frame


def start_klats_and_move(page: Page) -> None:
    page.click(act("setup", game="klats"))
    page.click(act("start"))
    page.wait_for_selector(TURN, timeout=30_000)
    page.click(".hand button.hand-card >> nth=0")
    page.click("button.pile.legal >> nth=0")
    page.wait_for_selector(".log li >> text=You", timeout=10_000)


def test_stdlib_zip_is_pruned_bytecode() -> None:
    """Sourceless 3.14 bytecode, only part of Pyodide's library, no bigger than Pyodide's zip."""
    ours = shipped_zip("stdlib.zip.gz")
    names = ours.namelist()
    assert not [n for n in names if n.endswith(".py")], "sources are not shipped"
    pycs = [n for n in names if n.endswith(".pyc")]
    assert {"asyncio/__init__.pyc", "json/__init__.pyc", "random.pyc", "_pyodide/_base.pyc"} <= set(pycs)
    assert "pydoc.pyc" not in pycs and "unittest/__init__.pyc" not in pycs
    header = ours.read("random.pyc")[:8]
    assert header[4:8] == (1).to_bytes(4, "little"), "unchecked hash-based pyc (PEP 552)"
    # The same bytecode version as our wheels', which Pyodide itself compiled.
    core = shipped_zip(next((DIST / "pyodide").glob("pygames_core-*.whl.gz")).name)
    wheel_pyc = core.read("pygames_core/base.pyc")
    assert header[:4] == wheel_pyc[:4]
    pristine = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    assert len(pycs) < len([n for n in pristine.namelist() if n.endswith(".py")])
    assert (DIST / "pyodide" / "stdlib.zip.gz").stat().st_size < (PYODIDE / "python_stdlib.zip").stat().st_size
    assert not (DIST / "pyodide" / "python_stdlib.zip").exists()


def test_every_module_the_app_may_import_is_there(page: Page, site_url: str) -> None:
    """In the browser: the lazily imported margin and every module of ours import from the shipped zip."""
    open_app(page, site_url, warm=False)  # a fresh start, not the profile's snapshot
    names = list(_stdlib_zip_module().MARGIN)
    assert page.get_attribute("html", "data-boot-from") == "fresh"
    assert_stages_marked(page, FRESH_STAGES)
    assert_tracebacks_have_source_lines(page)
    failures = page.evaluate("""(names) => pygamesBoot.pyodide.runPython(`
import importlib, pkgutil
failed = []
names = ${JSON.stringify(names)}
for top in ("pygames_core", "pygames_ui"):
    pkg = importlib.import_module(top)
    names += [m.name for m in pkgutil.walk_packages(pkg.__path__, top + ".") if not m.name.endswith("__main__")]
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {exc!r}")
"\\\\n".join(failed)
`)""", names)
    assert failures == "", failures


# Run in the page's Python: every module of the first zip imports with the second zip out of
# reach (its finder taken off sys.meta_path): nothing imported at import time is missing.
FIRST_ZIP_ALONE = """
import importlib, sys, zipfile
from pygames_ui import lazy_stdlib
sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, lazy_stdlib.MoreStdlib)]
first = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))  # stdlib.zip
names = sorted({n[:-4].replace("/", ".").removesuffix(".__init__")
                for n in zipfile.ZipFile(first).namelist() if n.endswith(".pyc")})
failed = []
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {exc!r}")
f"{len(names)} " + "; ".join(failed)
"""
# Run in the page's Python: a module of the second zip, taken the two ways it can be.
SECOND_ZIP = """
import os, sys
from pygames_ui import lazy_stdlib
finder = next(f for f in sys.meta_path if isinstance(f, lazy_stdlib.MoreStdlib))
import statistics  # fetched in the background once the page was ready: no request of its own
prefetched = finder.fetched
os.remove(lazy_stdlib.PATH)  # as if an import came first …
import tarfile  # … the finder fetches the zip itself
f"{prefetched} {finder.fetched} {statistics.median([3, 1, 2])} {tarfile.__name__}"
"""

# Run in the page's Python: every module of the second zip imports (whatever it imports is
# shipped); a module that cannot (for another platform, say) is not shipped.
SECOND_ZIP_ALL = """
import importlib, zipfile
from pygames_ui import lazy_stdlib
names = sorted({n[:-4].replace("/", ".").removesuffix(".__init__")
                for n in zipfile.ZipFile(lazy_stdlib.PATH).namelist() if n.endswith(".pyc")})
failed = {}
for name in names:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        failed[name] = exc.name or str(exc)
f"{len(names)} " + " ".join(f"{k}:{v}" for k, v in sorted(failed.items()))
"""


def test_the_standard_library_comes_in_two_zips_and_the_first_needs_nothing_from_the_second(
        page: Page, site_url: str) -> None:
    """The first zip holds what is imported at start-up; the rest comes when first imported
    (fetched in the background once the page is ready, or by the import itself)."""
    first = shipped_zip("stdlib.zip.gz").namelist()
    second = zipfile.ZipFile(DIST / "pyodide" / "stdlib-more.zip").namelist()
    assert not set(first) & set(second) and "tarfile.pyc" in second and "_stdlib_more_names.pyc" in first
    open_app(page, site_url, warm=False)
    page.wait_for_selector('html[data-stdlib-more="ready"]')
    assert page.evaluate("(code) => pygamesBoot.pyodide.runPython(code)", SECOND_ZIP) == "0 1 2 tarfile"
    count, _, failed = page.evaluate("(code) => pygamesBoot.pyodide.runPython(code)", SECOND_ZIP_ALL).partition(" ")
    assert int(count) == len([n for n in second if n.endswith(".pyc")])
    assert failed == "", failed
    page.goto(page.url)
    page.wait_for_selector(READY)
    count, _, failed = page.evaluate("(code) => pygamesBoot.pyodide.runPython(code)", FIRST_ZIP_ALONE).partition(" ")
    assert int(count) > 100 and failed == "", failed


def test_private_snapshot_api_of_the_pinned_pyodide() -> None:
    """The warm start leans on Pyodide's private snapshot API: fail loudly if it is gone."""
    outer = (PYODIDE / "pyodide.mjs").read_text()
    inner = (PYODIDE / "pyodide.asm.mjs").read_text()
    assert "_loadSnapshot" in outer and "INITIAL_MEMORY=" in outer
    assert re.search(r'BUILD_ID:"[0-9a-f]{64}"', outer), "tools/build_site.py keys snapshots by it"
    assert "makeMemorySnapshot" in inner and "_makeSnapshot" in inner
    assert "Snapshot has invalid magic number" in inner and "Snapshot build id mismatch" in inner
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == version, "Pyodide is pinned"


@dataclass
class Device:
    """The test process's profile (:func:`conftest.context`), whose first visit was a fresh
    start that saved the start-up snapshot: the warm-start tests of this file use it."""

    context: BrowserContext
    url: str  # the site, without its service worker
    origin: str
    fresh_ms: int  # how long Python took to start on that first visit (data-python-ms)

    def warm_page(self, problems: PageProblems | None = None) -> Page:
        """A new tab at the site with the site's storage emptied (the snapshot stays), started
        from the snapshot; if a test before this one took the snapshot away, the page makes it
        again first (a fresh start, then a reload)."""
        page = empty_tab(self.context, self.origin)
        if problems is not None:  # (console errors fail the test)
            problems.attach(page)
        page.goto(self.url)
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        if page.get_attribute("html", "data-boot-from") != "snapshot":
            page.wait_for_selector(SNAPSHOT_DONE, timeout=120_000)
            reload_app(page)
        assert page.get_attribute("html", "data-boot-from") == "snapshot"
        return page


@pytest.fixture
def device(context: BrowserContext, site_url: str, problems: PageProblems) -> Device:
    """The site without its service worker (``?bare=warm``): the snapshot is the subject here,
    and a file refused by a test (``page.route``) is then never answered from the offline copy.
    A test that damages the snapshot leaves a good one behind for the tests after it."""
    return Device(context, site_url + bare("?delay=20&seed=1"), problems.origin, FRESH_MS[context])


@pytest.mark.long
def test_warm_start_from_the_snapshot(device: Device, problems: PageProblems) -> None:
    """The second visit restores the snapshot the first one saved, and plays."""
    page = device.warm_page(problems)
    assert page.get_attribute("html", "data-snapshot") == "used"
    assert_stages_marked(page, WARM_STAGES, ("catalogues", "pyodide-module", "snapshot-found"))
    warm_ms = int(cast(str, page.get_attribute("html", "data-python-ms")))
    # Reseeded: the global generator does not replay the saved heap's numbers.
    draws = [page.evaluate("pygamesBoot.pyodide.runPython('import random; random.random()')")]
    reload_app(page)
    draws.append(page.evaluate("pygamesBoot.pyodide.runPython('import random; random.random()')"))
    assert draws[0] != draws[1]
    start_klats_and_move(page)
    assert_tracebacks_have_source_lines(page)
    page.close()
    problems.check()
    assert warm_ms < device.fresh_ms, (warm_ms, device.fresh_ms)


@pytest.mark.long
def test_a_bad_snapshot_is_dropped_and_the_boot_goes_on(device: Device, problems: PageProblems) -> None:
    """Damaged bytes (digest mismatch), then a heap Pyodide refuses: each time a normal boot,
    then a new snapshot that the next visit starts from."""
    page = device.warm_page(problems)
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    for damage in ("bytes", "header"):
        warnings.clear()
        page.evaluate("""async (damage) => {
            const cache = await caches.open("pygames-snapshot");
            const [req] = await cache.keys();
            const res = await cache.match(req);
            const bytes = new Uint8Array(await res.arrayBuffer());
            const headers = new Headers(res.headers);
            if (damage === "bytes") {
                bytes[bytes.length >> 1] ^= 0xff;  // the stored digest no longer matches
            } else {
                bytes[0] ^= 0xff;  // Pyodide's magic number: refused by Pyodide itself, digest recomputed
                const digest = await crypto.subtle.digest("SHA-256", bytes);
                headers.set("x-pygames-sha256", Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
            }
            await cache.put(req, new Response(bytes, { headers }));
        }""", damage)
        reload_app(page)
        assert page.get_attribute("html", "data-boot-from") == "fresh", damage
        assert any("snapshot could not be used" in w for w in warnings), (damage, warnings)
        page.wait_for_selector(SNAPSHOT_DONE, timeout=120_000)
        assert page.get_attribute("html", "data-snapshot") == "saved", "a good one replaces the bad one"
        reload_app(page)
        assert page.get_attribute("html", "data-boot-from") == "snapshot", damage
    start_klats_and_move(page)
    page.close()
    problems.check()


def test_the_gzipped_twins_are_inflated_on_the_way_and_a_server_may_inflate_them_itself(
        browser: Browser, site_url: str, problems: PageProblems) -> None:
    """The interpreter, the standard library and the wheels come gzipped (x.gz) and boot as
    they are (a first visit asks for them so: tests/e2e/test_offline.py); a server that
    inflates them on the way (Content-Encoding on a .gz file, as some do) hands the page what
    it would have made itself: it boots all the same."""
    import gzip

    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    problems.attach(page)
    for name in ("pyodide.asm.wasm.gz", "stdlib.zip.gz", "pygames_core-0.1.0-py3-none-any.whl.gz"):
        page.route(f"**/pyodide/{name}", _serving(gzip.decompress((DIST / "pyodide" / name).read_bytes())))
    page.goto(site_url + bare("?delay=20&seed=1", warm=False))
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    start_klats_and_move(page)
    ctx.close()
    problems.check()

    # A wheel inflated on the way is still checked: one changed by a byte is not run.
    wheel = bytearray(gzip.decompress((DIST / "pyodide" / "pygames_core-0.1.0-py3-none-any.whl.gz").read_bytes()))
    wheel[100] ^= 1
    text = boot_error(browser, site_url, {"pygames_core-0.1.0-py3-none-any.whl.gz": bytes(wheel)})
    assert "pygames_core-0.1.0-py3-none-any.whl.gz" in text, text


def test_a_wheel_left_in_the_http_cache_by_the_build_before_is_asked_for_again(
        browser: Browser, site_url: str, problems: PageProblems) -> None:
    """The wheels keep their names from build to build, and GitHub Pages lets a browser keep a
    file ten minutes: a fresh page may first get the last build's wheel. It is not run, and not
    called damaged: it is asked for once more, past the cache, and the page boots."""
    import gzip

    name = "pygames_core-0.1.0-py3-none-any.whl.gz"
    right = (DIST / "pyodide" / name).read_bytes()
    older = bytearray(gzip.decompress(right))
    older[100] ^= 1
    asked: list[str] = []

    def serve(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, body=gzip.compress(bytes(older)) if len(asked) == 1 else right)

    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    problems.attach(page)
    page.route(f"**/pyodide/{name}", serve)
    page.goto(site_url + bare("?delay=20&seed=1", warm=False))
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert len(asked) == 2, asked
    start_klats_and_move(page)
    ctx.close()
    problems.check()


def boot_error(browser: Browser, site_url: str, served: dict[str, bytes], locale: str = "en-US", script: str = "",
               timeout: int = BOOT_TIMEOUT_MS) -> str:
    """A first visit whose ``pyodide/`` files named in ``served`` come with those bodies instead
    (``script``: run before the page's own): the text of the boot's error box."""
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    if script:
        page.add_init_script(script=script)
    for name, body in served.items():
        page.route(f"**/pyodide/{name}", _serving(body))
    page.goto(site_url + bare("?delay=20&seed=1", warm=False))
    page.wait_for_selector('html[data-app-state="error"]', timeout=timeout)
    text = page.inner_text("#boot-error-text")
    ctx.close()
    return text


def _serving(body: bytes) -> Callable[[Route], None]:
    """A route handler answering with ``body`` (one per file: a lambda's default would take the request)."""
    return lambda route: route.fulfill(status=200, body=body)


@pytest.mark.parametrize("name", ["pyodide.asm.wasm.gz", "stdlib.zip.gz"])
def test_a_download_broken_off_is_named_at_once_not_after_the_boot_s_two_minutes(browser: Browser, site_url: str, name: str) -> None:
    """Half the interpreter or the standard library, as a lost connection leaves it: the file is named."""
    twin = (DIST / "pyodide" / name).read_bytes()
    text = boot_error(browser, site_url, {name: twin[: len(twin) // 2]}, timeout=30_000)
    assert f"Could not download {name.removesuffix('.gz')}" in text, text


def test_a_browser_without_decompression_streams_is_told_it_is_too_old(browser: Browser, site_url: str) -> None:
    """The big downloads come gzipped (every browser Pyodide runs in can inflate them): one that
    cannot is told so in its language, not left on a bar that never moves."""
    text = boot_error(browser, site_url, {}, locale="ru-RU", script="delete globalThis.DecompressionStream")
    assert "слишком старый" in text, text


@pytest.mark.parametrize("missing", ["pyodide/stdlib.zip.gz", "pyodide/pygames_core-0.1.0-py3-none-any.whl.gz"])
def test_a_missing_file_is_reported(browser: Browser, site_url: str, missing: str) -> None:
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    page.wait_for_selector('html[data-app-state="error"]', timeout=BOOT_TIMEOUT_MS)
    # Pyodide may stop with its own error before the browser lists the failed download:
    # the box then names the file as soon as it is listed.
    page.wait_for_selector(f'#boot-error-text:has-text("{missing.split("/")[-1]}")', timeout=10_000)
    text = page.inner_text("#boot-error")
    assert "could not start" in text and missing.split("/")[-1] in text and "404" in text, text
    ctx.close()


def test_a_missing_file_is_reported_on_a_warm_start_too(device: Device) -> None:
    """With a snapshot stored, a file that cannot be had still ends in the error box, not a hang."""
    page = device.warm_page()
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(device.url)
    page.wait_for_selector('html[data-app-state="error"]', timeout=BOOT_TIMEOUT_MS)
    text = page.inner_text("#boot-error")
    assert "pyodide.asm.wasm" in text and "404" in text, text
    page.close()
