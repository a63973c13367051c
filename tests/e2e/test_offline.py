"""Offline like an installed app: the service worker, updates, installability."""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, CHROMIUM_FLAGS, DIST, ROOT, SUB_PATH, PageProblems, _executable, open_app, reload_app, start_game
from pages import TURN, act
from playwright.sync_api import Browser, Page, Response

sys.path.insert(0, str(ROOT / "tools"))
from build_site import write_service_worker
from serve import serve_in_thread

OFFLINE_READY = 'html[data-offline="ready"]'


def play_one_klats_move(page: Page) -> None:
    page.click(act("setup", game="klats"))
    page.click(act("start"))
    page.wait_for_selector(TURN, timeout=30_000)
    page.click(".hand button.hand-card >> nth=0")
    page.click("button.pile.legal >> nth=0")
    page.wait_for_selector(".log li >> text=You", timeout=10_000)


@pytest.mark.long
def test_plays_offline_after_one_visit(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """After one visit every file comes from the worker's cache, the wasm still as
    application/wasm and untouched, and the site reloads and plays with the network cut, at
    ./ and at ./index.html alike (the worker caches its one list of files whichever address
    the first visit came by, so one first visit stands for both)."""
    address = ""
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    problems.attach(page)
    first: list[Response] = []
    page.on("response", lambda r: first.append(r))
    open_app(page, site_url + address, full=True)
    page.wait_for_selector(OFFLINE_READY, timeout=60_000)
    # The offline copy's downloads began after the page was ready, never beside the first screen's.
    marks = page.evaluate("() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert marks["boot:offline-copy"] > marks["boot:ready"], marks
    # Said once, quietly, the first time the offline copy is in place.
    note = page.wait_for_selector("#offline-note[role=status]")
    assert note is not None
    assert note.inner_text() == "Ready to play offline"
    # It lies over the page for a few seconds: a tap there reaches what is under it.
    assert note.evaluate("(n) => getComputedStyle(n).pointerEvents") == "none"
    # Over the top bar's title, at every size: nothing to press or read under it (on a phone it
    # covered the turn's line, a seat's ✕; on its side, cards of the hand; the foot has Start).
    for w, h in ((1280, 800), (360, 640), (640, 360)):
        page.set_viewport_size({"width": w, "height": h})
        over = note.evaluate("""(n) => { const r = n.getBoundingClientRect(), bar = document.querySelector('#app .topbar');
            const hit = [...document.querySelectorAll('#app button, #app a, #app input, #app select')].filter((b) => {
              const q = b.getBoundingClientRect();
              return q.width && q.right > r.left && q.left < r.right && q.bottom > r.top && q.top < r.bottom; });
            return {inBar: r.bottom <= bar.getBoundingClientRect().bottom && r.right <= innerWidth,
                    hit: hit.map((b) => b.outerHTML.slice(0, 80))}; }""")
        assert over["inBar"] and not over["hit"], (w, h, over)
    page.set_viewport_size({"width": 1280, "height": 800})
    # The first visit asks the server for the interpreter as its gzipped twin only (web/wheels.js;
    # the page, and a worker of its that may ask again and be told it has it).
    from_server = {r.url.rsplit("/", 1)[1] for r in first if "pyodide.asm.wasm" in r.url and not r.from_service_worker}
    assert from_server == {"pyodide.asm.wasm.gz"}, from_server
    # … and the standard library and our wheels gzipped too, as they are shipped (inflated on the way).
    names = {r.url.rsplit("/", 1)[1] for r in first}
    assert {"stdlib.zip.gz", "pygames_core-0.1.0-py3-none-any.whl.gz"} <= names, sorted(names)

    # Cache first: on the next visit every file comes from the worker.
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    reload_app(page)
    by_name = {r.url.split(SUB_PATH, 1)[1].split("?")[0]: r for r in responses if SUB_PATH in r.url}
    for name in (address, "boot.js", "pyodide/pyodide.asm.wasm", "pyodide/stdlib.zip.gz"):
        assert name in by_name, f"{name or './'} was not requested: {sorted(by_name)}"
        assert by_name[name].from_service_worker, f"{name or './'} did not come from the service worker"
    wasm = by_name["pyodide/pyodide.asm.wasm"]
    assert wasm.headers["content-type"] == "application/wasm"
    assert wasm.body() == (DIST / "pyodide" / "pyodide.asm.wasm").read_bytes()  # (at once: DevTools may drop it)
    page.wait_for_timeout(1500)  # (the worker is asked about a second after ready)
    assert page.locator("#offline-note").count() == 0, "said once, not on every visit"

    # With the network cut, both addresses start and a game is played.
    ctx.set_offline(True)
    for url in (site_url, site_url + "index.html?delay=20&seed=1"):
        page.goto(url)
        page.wait_for_selector('html[data-app-state="ready"]', timeout=BOOT_TIMEOUT_MS)
    play_one_klats_move(page)
    ctx.close()
    problems.check()


@pytest.fixture
def own_site() -> Iterator[tuple[Path, str, PageProblems]]:
    """A copy of the built site on its own server, to be rebuilt under a running page."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        server, url = serve_in_thread(site, SUB_PATH)
        yield site, url, PageProblems(url.split(SUB_PATH)[0])
        server.shutdown()


def rebuild_service_worker(site: Path) -> None:
    """What a new build does to the worker: a new file list and version (tools/build_site.py)."""
    (site / "sw.js").unlink()
    write_service_worker(site, ROOT / "web" / "sw.js")


def test_installable(browser: Browser, site_url: str) -> None:
    """Chromium's own install criteria (manifest, icons, service worker) report nothing missing."""
    with tempfile.TemporaryDirectory() as profile:
        exe = _executable()
        # A profile on disk: Chromium never offers to install from an incognito context.
        ctx = browser.browser_type.launch_persistent_context(
            profile, executable_path=exe, args=CHROMIUM_FLAGS if exe else [], headless=True)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        open_app(page, site_url, full=True)
        page.wait_for_selector(OFFLINE_READY, timeout=60_000)
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"] == site_url + "manifest.webmanifest"
        ctx.close()


@pytest.mark.long
def test_a_new_build_is_offered_old_caches_go_and_a_second_tab_follows(browser: Browser, own_site: tuple[Path, str, PageProblems]) -> None:
    """The same build again offers nothing; a new one is offered, found by a tab left open (the
    page checks every half hour) and put off with "Later", then offered again at the next
    reload (the old build runs until the player's reload, then only the new cache is left); the
    other tab, now running old code over new files, offers a reload too."""
    site, url, problems = own_site
    ctx = browser.new_context(locale="ru-RU")
    first, second = ctx.new_page(), ctx.new_page()
    for page in (first, second):
        problems.attach(page)
        open_app(page, url, full=True)
        page.wait_for_selector(OFFLINE_READY, timeout=60_000)
    old_caches = first.evaluate("caches.keys()")
    assert first.is_hidden("#update-banner")

    # The same build again: nothing to offer.
    reload_app(first)
    first.wait_for_selector(OFFLINE_READY, timeout=60_000)
    first.wait_for_timeout(1000)
    assert first.is_hidden("#update-banner")

    marker = "/* new build */"
    with open(site / "styles.css", "a", encoding="utf-8") as css:
        css.write(marker + "\n")
    rebuild_service_worker(site)
    first.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")  # the half-hourly check
    first.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    first.click('[data-update="later"]')  # a game to finish first
    assert first.is_hidden("#update-banner") and first.get_attribute("html", "data-app-state") == "ready"
    reload_app(first)
    first.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    banner = first.inner_text("#update-banner")
    assert "новая версия" in banner and "Обновить" in banner, banner
    assert marker not in first.evaluate("fetch('styles.css').then((r) => r.text())"), "the old build runs until the reload"

    # The other tab has a dialog open (the pass screen of a game for two on one device): the banner
    # comes over it, and its Reload takes a click (the dialog covered it).
    start_game(second, "klats", [("Ann", "human"), ("Bob", "human")])
    second.wait_for_selector("#pass-screen")
    with first.expect_navigation():
        first.click('[data-update="reload"]')
    first.wait_for_selector('html[data-app-state="ready"]', timeout=BOOT_TIMEOUT_MS)
    assert marker in first.evaluate("fetch('styles.css').then((r) => r.text())")
    caches = first.evaluate("caches.keys()")
    site_caches = [c for c in caches if c.startswith("pygames-site-")]
    assert len(site_caches) == 1 and site_caches[0] not in old_caches, (old_caches, caches)

    # The other tab follows.
    second.wait_for_selector("#update-banner:not([hidden])", timeout=30_000)
    with second.expect_navigation():
        second.click('[data-update="reload"]')
    second.wait_for_selector('html[data-app-state="ready"]', timeout=BOOT_TIMEOUT_MS)
    assert marker in second.evaluate("fetch('styles.css').then((r) => r.text())")
    ctx.close()
    problems.check()
