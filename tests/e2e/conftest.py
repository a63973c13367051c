"""Chromium end-to-end fixtures: the built site served under a sub-path, a strict page.

Every page fixture fails the test on any console error, uncaught page error or
request to another origin.  Under the site's CSP, waits use selectors (never
string predicates, which need eval).
"""

from __future__ import annotations

import gzip
import io
import os
import shutil
import sys
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

ROOT = Path(__file__).resolve().parents[2]
# PYGAMES_DIST=/path serves another build (parallel work on one machine); default dist/.
DIST = Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist").resolve()
sys.path.insert(0, str(ROOT / "tools"))
from pages import READY, App, act  # noqa: E402
from serve import serve_in_thread  # noqa: E402

SUB_PATH = "/pygames/"


def shipped_zip(name: str) -> zipfile.ZipFile:
    """A zip of the built site's ``pyodide/`` folder as the page has it: ``x.gz`` files inflated."""
    data = (DIST / "pyodide" / name).read_bytes()
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(data) if name.endswith(".gz") else data))

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: The test browser only: every tab of the site in one profile shares one renderer process,
#: which keeps Pyodide's compiled WebAssembly in memory between tests (:func:`context` keeps
#: a tab open on the site for that): a page's boot then costs 0.9 CPU-seconds, not 2.1.
SHARED_PROCESS = ["--process-per-site"]
BOOT_TIMEOUT_MS = 90_000
#: The start-up snapshot is made (or cannot be): ``data-snapshot`` on ``<html>``.
SNAPSHOT_DONE = 'html[data-snapshot="saved"], html[data-snapshot="failed"], html[data-snapshot="unsupported"]'


#: Debian's headless Chromium (``make test`` installs it): the same Blink and V8 as ``chromium``
#: without the desktop browser around them, which Playwright itself runs for headless tests.
#: The suite takes a fifth less time in it than in ``/usr/bin/chromium --headless``.
HEADLESS_SHELL = ("/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell")


def _executable(shell: bool = True) -> str | None:
    """Debian's headless Chromium here (``shell``; the benchmarks ask for the browser players
    have), else its ``chromium``; ``PYGAMES_BROWSER=playwright`` picks Playwright's own
    browser, ``PYGAMES_BROWSER=/path`` another one."""
    choice = os.environ.get("PYGAMES_BROWSER")
    if choice == "playwright":
        return None
    for path in (choice, *(HEADLESS_SHELL if shell else ()), "/usr/bin/chromium", shutil.which("chromium")):
        if path and Path(path).exists():
            return path
    return None  # Playwright's own browser (a laptop, GitHub Actions)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (DIST / "index.html").is_file():
        pytest.fail("dist/ is not built: run `make build` (make test does it)")
    server, url = serve_in_thread(DIST, SUB_PATH)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    # One browser per test process (make test runs two, pytest-xdist): a renderer that
    # crashes now and then takes only its page down, and the test is run again (pyproject.toml).
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        exe = _executable()
        b = pw.chromium.launch(headless=True, executable_path=exe, args=(CHROMIUM_FLAGS if exe else []) + SHARED_PROCESS)
        yield b
        b.close()


class PageProblems:
    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("request", self._request)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console.{message.type}: {message.text}")

    def _request(self, req: Request) -> None:
        url = req.url
        if not (url.startswith(self.origin) or url.startswith("data:") or url.startswith("blob:")):
            self.foreign.append(url)

    def check(self) -> None:
        assert not self.foreign, f"requests left the site's origin: {self.foreign}"
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)


#: The test files' shared profiles (:func:`context`), and the tab each keeps open.
_SHARED: set[BrowserContext] = set()
_KEEPERS: set[Page] = set()
#: How long Python took to start (``data-python-ms``) on each shared profile's first, fresh visit.
FRESH_MS: dict[BrowserContext, int] = {}


def _warm_profile(browser: Browser, site_url: str, **options: Any) -> BrowserContext:
    """A browser profile whose first page has made the start-up snapshot (its next pages start
    warm: :func:`bare`), with a tab kept open on the site so that its renderer stays alive."""
    # Cards do not slide here (a player's "reduce motion" setting): the slides cost a tenth of
    # the time of a game played by clicking; tests/e2e/test_motion.py asks for them and tests them.
    ctx = browser.new_context(reduced_motion="reduce", **options)
    _SHARED.add(ctx)
    first = ctx.new_page()
    first.goto(site_url + bare("?delay=0"))
    first.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    FRESH_MS[ctx] = int(first.get_attribute("html", "data-python-ms") or 0)
    first.wait_for_selector(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT_MS)
    first.goto(site_url + "favicon.svg")  # a page of the site that runs nothing keeps its process alive
    _KEEPERS.add(first)
    return ctx


def empty_tab(ctx: BrowserContext, origin: str) -> Page:
    """A new tab in ``ctx`` with the site's storage emptied first (no save, no language choice);
    the start-up snapshot stays."""
    p = ctx.new_page()
    ctx.new_cdp_session(p).send("Storage.clearDataForOrigin", {
        "origin": origin, "storageTypes": "local_storage,indexeddb,service_workers"})
    # The profile's tabs share one renderer, which keeps its own copy of the site's localStorage
    # and hears of the clearing above a moment later: a page booting meanwhile read the last
    # test's save from it (and opened at its table). Emptied from inside that renderer too.
    keeper = next((k for k in ctx.pages if k in _KEEPERS), None)
    if keeper is not None:
        keeper.evaluate("localStorage.clear()")
    return p


@pytest.fixture(scope="session")
def context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """One browser profile per test process: its HTTP and compiled-code caches and the start-up
    snapshot make every boot after the first one cheap. Each test still starts with empty
    storage (:func:`page`); tests about a first visit, offline play or warm starts make
    contexts of their own."""
    ctx = _warm_profile(browser, site_url, locale="en-US", viewport={"width": 1280, "height": 900})
    yield ctx
    _KEEPERS.difference_update(ctx.pages)
    _SHARED.discard(ctx)
    ctx.close()


#: A friend's device (:func:`friend`): one warm profile per language, made on first use.
_FRIENDS: dict[str, BrowserContext] = {}


@pytest.fixture
def friend(browser: Browser, site_url: str, problems: PageProblems) -> Iterator[Callable[..., Page]]:
    """``friend(locale="en-US")``: a tab on another person's device, for play on several devices.

    Each language has a profile of its own, apart from the host's (:func:`page`): its own
    storage, so the friend's device keeps nothing of the host's, and its own start-up snapshot,
    so a friend's page boots warm (``?bare=warm``, :data:`FRIEND_QUERY`) like the host's. The
    tab starts with empty storage, fails the test on a console error as the host's does, and
    is closed at the end of the test."""
    opened: list[Page] = []

    def open_tab(locale: str = "en-US") -> Page:
        ctx = _FRIENDS.get(locale)
        if ctx is None:
            ctx = _FRIENDS[locale] = _warm_profile(browser, site_url, locale=locale,
                                                   viewport={"width": 1280, "height": 800})
        tab = empty_tab(ctx, problems.origin)
        problems.attach(tab)
        opened.append(tab)
        return tab

    yield open_tab
    for tab in opened:
        if not tab.is_closed():
            tab.close()


#: A friend's page asks for what the host's asks for: no service worker, the profile's snapshot.
FRIEND_QUERY = "?bare=warm"


@pytest.fixture
def problems(site_url: str) -> PageProblems:
    origin = site_url.split(SUB_PATH)[0]
    return PageProblems(origin)


@pytest.fixture
def page(context: BrowserContext, problems: PageProblems, site_url: str) -> Iterator[Page]:
    """A new tab in the file's profile, the site's storage emptied first (no save, no language
    choice); the start-up snapshot stays (:func:`bare`), unless a test opens the full site."""
    context.clear_permissions()
    p = empty_tab(context, problems.origin)
    problems.attach(p)
    yield p
    for other in context.pages:
        if other not in _KEEPERS:
            other.close()
    problems.check()


def reload_app(page: Page) -> None:
    """Reload the page (as a player pressing F5) and wait until the table is interactive again."""
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def revisit(page: Page) -> None:
    """Open the site again at its plain address (no screen in the fragment), as a returning
    player does: a saved game resumes at the table."""
    page.goto(page.url.partition("#")[0])
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def bare(query: str, warm: bool = True) -> str:
    """``query`` (``?a=1#fragment``) asking for a page without the service worker; ``warm``: the
    first page of a profile makes the start-up snapshot and the next ones start from it (a
    test's boot then takes a second, not three), else no snapshot either."""
    head, hash_, fragment = query.partition("#")
    return f"{head}{'&' if '?' in head else '?'}bare={'warm' if warm else '1'}{hash_}{fragment}"


def open_app(page: Page, url: str, query: str = "?delay=20&seed=1", full: bool = False, warm: bool = True) -> None:
    """Open the site and wait until the table is interactive (fixed deals: the runs are repeatable).

    The page is bare (:func:`bare`) unless ``full``: a test about offline play or warm
    starts opens the site as it ships, with no snapshot left by an earlier test. In a profile
    made for one test only, the page makes no start-up snapshot either (nothing would start
    from it: it would only take the CPU from the test).
    """
    if page.context not in _SHARED:
        warm = False
    if full and page.context in _SHARED:  # the file's profile holds the snapshot its pages start from
        origin = "/".join(url.split("/")[:3])
        page.context.new_cdp_session(page).send("Storage.clearDataForOrigin", {
            "origin": origin, "storageTypes": "cache_storage,service_workers"})
    page.goto(url + (query if full else bare(query, warm)))
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


# ---------------------------------------------------------------- playing helpers
#: Every screen is looked at in both languages, at a desktop and a phone size.
LANGS = ("en", "ru")
SIZES = ((1280, 800), (360, 640))


def in_every_lang_and_size(page: Page) -> Iterator[tuple[str, int, int]]:
    """Switch ``page`` to each language and size in turn, yielding ``(lang, width, height)``;
    afterwards it is back in English at the desktop size."""
    for lang in LANGS:
        # dispatch_event: the language buttons may sit under a dialog or in the closed phone menu.
        page.dispatch_event(act("lang", lang=lang), "click")
        page.wait_for_selector(f'html[lang="{lang}"]')
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            yield lang, w, h
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.dispatch_event(act("lang", lang="en"), "click")




def start_game(page: Page, game: str, seats: list[tuple[str, str]] | None = None,
               players: int | None = None, selects: dict[str, str] | None = None,
               fills: dict[str, str] | None = None) -> None:
    """Fill in the new-game form like a person: seats (name, kind), option inputs, then Start."""
    page.click(act("setup", game=game))
    want = len(seats) if seats is not None else players or 0
    while page.locator(".seat-row").count() < want:
        page.click(act("add-seat"))
    while want and page.locator(".seat-row").count() > want:  # the form remembers the last game's seats
        page.click(f'.seat-row:last-child {act("remove-seat")}')
    for i, (name, kind) in enumerate(seats or []):
        page.fill(f'[name="seat_name_{i}"]', name)
        page.select_option(f'[name="seat_kind_{i}"]', kind)
    for name, value in (selects or {}).items():
        page.select_option(f'[name="{name}"]', value)
    for name, value in (fills or {}).items():
        page.fill(f'[name="{name}"]', value)
    page.click(act("start"))


def wait_for_player(page: Page) -> str:
    """Wait until the table needs a person: our decision, a summary, a pass screen or the end."""
    return App(page).wait_for_player()
