"""Bots at the table in Chromium: a Hard bot thinks in its own worker while the
page stays responsive; hints light a move; without a worker the page still plays.

The long-task observer is registered before the page's own scripts run
(``add_init_script``, injected by Playwright without eval) and so is the record of
when a bot is thinking (the table's ``#bot-thinking`` line, watched by a
MutationObserver); ``page.evaluate`` reads them back. The pages are the test profile's
warm ones (no service worker, the start-up snapshot): once the page has nothing left to
do after its start (:func:`settle`), what is measured is the bots' alone.
"""

from __future__ import annotations

import os
from typing import Any, cast

import pytest
from conftest import ROOT, PageProblems, empty_tab, open_app, start_game
from pages import INTERLUDE, OVER, TURN, act
from playwright.sync_api import BrowserContext, Page

#: The browser counts a task over 50 ms as long; ours is 100 ms while a bot thinks (the page stays responsive).
LONG_TASK_MS = 100
#: How far a task that draws the bot's move may seem to end from the mark it makes.
MARK_SLACK_MS = 10
#: Without a worker: a Hard search in one piece would block the page for its whole budget (1.2 s).
SLICE_STRETCH_LIMIT_MS = 800
WATCH = """
(() => {
  const log = { longtasks: [], thinking: [] };
  window.__pygamesWatch = log;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  let on = false;
  const look = () => {
    const now = Boolean(document.getElementById("bot-thinking"));
    if (now !== on) { on = now; log.thinking.push({ t: performance.now(), on }); }
  };
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(look).observe(document.documentElement, { childList: true, subtree: true });
  });
})();
"""


@pytest.fixture
def watched(page: Page) -> Page:
    """The test's page, watched from its first script on (:data:`WATCH`)."""
    page.add_init_script(script=WATCH)
    return page


def settle(page: Page) -> None:
    """Wait until the page has nothing left to do after its start: it started from the profile's
    start-up snapshot, or has made it (a test before may have opened the full site, which
    takes it away) in a worker of its own."""
    page.wait_for_selector('html[data-snapshot="used"], html[data-snapshot="saved"]', timeout=120_000)


def watch_log(page: Page) -> dict[str, list[dict[str, Any]]]:
    return page.evaluate("() => window.__pygamesWatch")


def thinking_spans(log: dict[str, list[dict[str, Any]]], end: float) -> list[tuple[float, float]]:
    spans, start = [], None
    for mark in log["thinking"]:
        if mark["on"]:
            start = mark["t"]
        elif start is not None:
            spans.append((start, mark["t"]))
            start = None
    if start is not None:
        spans.append((start, end))
    return spans


def long_tasks_while_thinking(log: dict[str, list[dict[str, Any]]], spans: list[tuple[float, float]],
                              over_ms: float = LONG_TASK_MS) -> list[dict[str, Any]]:
    """Main-thread tasks over ``over_ms`` that ran while a bot thought.

    A span opens inside the task that draws "… is thinking" and closes inside the one that
    draws the bot's move: those two tasks are the table being drawn, as after any move,
    and are left out; every task in between is the thinking's (a search on the page, the
    worker's messages).  The closing mark is taken at the end of its task (a
    MutationObserver), which the task's rounded duration may pass by a millisecond.
    """
    return [t for t in log["longtasks"] if t["duration"] > over_ms
            and any(a <= t["start"] and t["start"] + t["duration"] < b - MARK_SLACK_MS for a, b in spans)]


def play_klats_turn(page: Page) -> None:
    """Our Клац! turn, by clicking: the first card of the hand, then the first pile it may go on."""
    page.locator(act("select")).first.click()
    page.locator("button.pile.legal").first.click()


def wait_for_hard_turns(page: Page, turns: int) -> None:
    """Play our turns until the Hard bot has finished ``turns`` searches (or the game ends)."""
    for _ in range(200):
        done = len([m for m in watch_log(page)["thinking"] if not m["on"]])
        if done >= turns or page.locator("#game-over, #interlude").count():
            return
        page.wait_for_selector(f"{TURN}, {OVER}, {INTERLUDE}", timeout=30_000)
        if page.locator(TURN).count() and not page.locator("#bot-thinking").count():
            play_klats_turn(page)
            page.wait_for_selector('#prompt[data-my-turn="false"], #game-over, #interlude', timeout=30_000)
    raise AssertionError("the Hard bot never finished its turns")


@pytest.mark.long
def test_a_hard_bot_thinks_in_its_worker_and_never_freezes_the_page(watched: Page, site_url: str) -> None:
    page = watched
    open_app(page, site_url, "?delay=0&seed=3")
    settle(page)
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "hard")], fills={"opt_target": "50"})
    assert page.locator(".badge", has_text="Bot (Hard)").count() == 1  # the level shows at the table
    wait_for_hard_turns(page, 3)
    page.wait_for_selector('html[data-bots="idle"]', timeout=30_000)
    html = page.locator("html")
    assert html.get_attribute("data-bot-worker") == "ready"
    assert html.get_attribute("data-bot-where") == "worker"
    log = watch_log(page)
    now = page.evaluate("() => performance.now()")
    spans = thinking_spans(log, now)
    assert len(spans) >= 3, log["thinking"]
    # (the first turn waits for the worker to start, while the page's own start-up may still run
    # a task or two on a busy machine: the turns after it are the thinking alone)
    during = long_tasks_while_thinking(log, spans[1:])
    iterations, ms = int(cast(str, html.get_attribute("data-bot-iterations"))), int(cast(str, html.get_attribute("data-bot-ms")))
    print(f"\nHard in the worker: {iterations} iterations in {ms} ms; thinking spans (start, ms): "
          f"{[(round(a), round(b - a)) for a, b in spans]}; long tasks: {log['longtasks']}")
    assert not during, f"main-thread tasks over {LONG_TASK_MS} ms while the bot thought: {during}"
    # A turn stays near the ~1.2 s budget (the first one may wait for the worker to start).
    assert all(b - a < 2000 for a, b in spans[1:]), spans


@pytest.mark.long
def test_without_a_worker_the_page_thinks_in_slices_and_plays_on(context: BrowserContext, site_url: str) -> None:
    origin = site_url.split("/pygames/")[0]
    page = empty_tab(context, origin)  # not the strict page: the blocked script is reported, as it should be
    page.add_init_script(script=WATCH)
    problems = PageProblems(origin)
    problems.attach(page)
    context.route("**/bot-worker.js", lambda route: route.abort())
    try:
        open_app(page, site_url, "?delay=0&seed=5")
        settle(page)
        start_game(page, "klats", [("Ann", "human"), ("Bot 1", "hard")], fills={"opt_target": "50"})
        wait_for_hard_turns(page, 2)
        page.wait_for_selector('html[data-bots="idle"]', timeout=30_000)
        html = page.locator("html")
        assert html.get_attribute("data-bot-worker") == "failed"
        assert html.get_attribute("data-bot-where") == "page"
        assert int(cast(str, html.get_attribute("data-bot-iterations"))) >= 200
        log = watch_log(page)
        spans = thinking_spans(log, page.evaluate("() => performance.now()"))
        tasks = long_tasks_while_thinking(log, spans, over_ms=0)  # every task the browser reports (over 50 ms)
        print(f"\nHard on the page, in slices: {html.get_attribute('data-bot-iterations')} iterations; "
              f"thinking spans (start, ms): {[(round(a), round(b - a)) for a, b in spans]}; "
              f"long tasks while thinking: {tasks}")
        # The search runs in slices of SLICE_MS (tests/web/test_levels_ui.py checks their length in CPU
        # time); on a loaded machine the browser may stretch one, but never to a whole search.
        assert all(t["duration"] < SLICE_STRETCH_LIMIT_MS for t in tasks), tasks
    finally:
        context.unroute("**/bot-worker.js")
        page.close()
    # The blocked script is the only complaint: Chromium reports the failed load itself.
    others = [e for e in problems.errors if "bot-worker.js" not in e and "net::ERR_FAILED" not in e]
    assert not others, others
    assert not problems.foreign


def test_a_hint_lights_a_move_on_the_table(page: Page, site_url: str) -> None:
    open_app(page, site_url, "?delay=0&seed=7")
    settle(page)  # the profile's start-up snapshot is there, for the worker to start from
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "medium")])
    page.wait_for_selector(TURN, timeout=30_000)
    page.click(act("hint"))
    page.wait_for_selector('#hint[data-ready="true"]', timeout=60_000)
    text = page.locator("#hint").inner_text()
    assert text.startswith("Hint: play the ") and "% chance of winning" in text, text
    lit = page.locator(".hint-lit")
    assert lit.count() >= 1 and lit.first.get_attribute("data-action") == "select"
    # (a screen reader hears the hint's words with the control the focus comes to, as they are written)
    assert "hint" in (lit.first.get_attribute("aria-describedby") or "").split()
    card = lit.first.get_attribute("data-card")
    assert f"play the {card} " in text
    # Picking the card moves the light to where it goes; playing there ends the hint.
    lit.first.click()
    target = page.locator(".hint-lit")
    assert target.count() == 1 and target.get_attribute("data-action") == "play"
    target.click()
    page.wait_for_selector("#hint", state="detached")
    assert page.locator(".hint-lit").count() == 0
    # By keyboard, the next turn: Enter on the card (where the hint put the focus) moves the light,
    # and the focus, to where it goes, and Enter plays it there (the focus went to your own row's
    # first place: a new pile here, and the hint's the other).
    page.wait_for_selector(TURN, timeout=30_000)
    page.click(act("hint"))
    page.wait_for_selector('#hint[data-ready="true"]', timeout=60_000)
    assert page.evaluate("() => document.activeElement.classList.contains('hint-lit')")
    page.keyboard.press("Enter")
    page.wait_for_selector('.hint-lit[data-action="play"]')
    assert page.evaluate("() => document.activeElement.matches('.hint-lit')"), "Enter, Enter plays the hint"
    assert page.evaluate("() => document.querySelector('.seat.me button.legal') !== document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hint", state="detached")
    assert page.locator("html").get_attribute("data-bot-where") == "worker"
    # The worker's Python started from this profile's start-up snapshot, as the page's did.
    assert page.locator("html").get_attribute("data-bot-worker-from") == "snapshot"


#: Runs in the page: a bot worker of its own, the requests one by one, what each answer says.
MEASURE = """async ([url, requests]) => {
  const worker = new Worker(url, { type: "module" });
  const next = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(JSON.parse(e.data)); });
  const ready = await next();
  if (!ready.ready) throw new Error(ready.error);
  const out = [];
  // The first answer of a fresh worker also pays for its start (imports, the page's own
  // work settling): asked once more, it is the one counted.
  for (const [id, request] of [requests[0], ...requests].entries()) {
    const t0 = performance.now();
    const replied = next();
    worker.postMessage(JSON.stringify({ id, request }));
    const reply = await replied;
    if (reply.error) throw new Error(reply.error);
    if (id > 0) out.push({ game: request.game, iterations: reply.answer.iterations, ms: reply.answer.ms,
                           wall: performance.now() - t0 });
  }
  worker.terminate();
  return out;
}"""


def hard_requests(game_name: str, positions: int) -> list[dict[str, Any]]:
    """Hard's requests at 2 players, from positions along a random game (each with a choice to make)."""
    import sys

    sys.path.insert(0, str(ROOT / "web"))
    from pygames_core import bots
    from pygames_ui import thinking
    from pygames_ui.session import Seat, Session

    out: list[dict[str, Any]] = []
    for deal in range(1, 50):
        s = Session.new(game_name, [Seat("A", "human"), Seat("B", "human")], {}, seed=deal)
        rnd = bots.get("random", seed=deal)
        for step in range(60):
            if s.game.is_over(s.state):
                break
            if step % 7 == 3 and len(s.game.legal_actions(s.state)) > 1:
                out.append(thinking.request(s, hint=True))
                if len(out) == positions:
                    return out
            s.apply(rnd.choose(s.game, s.state))
    raise AssertionError(f"{game_name}: fewer than {positions} positions found")


@pytest.mark.long
def test_hard_in_the_browser_worker_searches_its_budget_in_every_game(page: Page, site_url: str) -> None:
    """Hard's iterations per move in the browser's worker, 2 players, every game (printed for the report).

    Two positions per game, in one worker: each search takes its whole budget (1.2 s), so the
    test lasts as long as its searches, and two per game show the budget kept in every game.
    The page is the profile's warm one, with nothing else to do (no offline copy to make)."""
    from pygames_core.bots import levels

    open_app(page, site_url, "?delay=0&seed=1")
    settle(page)
    requests = [r for game_name in ("klats", "zoomagia", "rps_zombie") for r in hard_requests(game_name, 2)]
    results = page.evaluate(MEASURE, ["bot-worker.js", requests])
    lines = []
    for game_name in ("klats", "zoomagia", "rps_zombie"):
        mine = [r for r in results if r["game"] == game_name]
        assert len(mine) == 2, results
        iterations = sorted(r["iterations"] for r in mine)
        walls = sorted(r["wall"] for r in mine)
        lines.append(f"{game_name}: iterations per move median {iterations[len(iterations) // 2]} "
                     f"(min {iterations[0]}, max {iterations[-1]}); answer in median {walls[len(walls) // 2]:.0f} ms, "
                     f"max {walls[-1]:.0f} ms")
        for r in mine:
            assert r["iterations"] >= levels.HARD_MIN_ITERATIONS
            if r["iterations"] > levels.HARD_MIN_ITERATIONS:  # else a slow machine: the floor, however long
                assert levels.HARD_BUDGET_MS * 0.99 <= r["ms"] and r["wall"] < levels.HARD_BUDGET_MS + 500, r
    print(f"\nHard in the browser worker (budget {levels.HARD_BUDGET_MS} ms, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):\n  " + "\n  ".join(lines))


def test_on_a_phone_the_hinted_move_is_brought_into_view(page: Page, site_url: str) -> None:
    # Зоомагия on a phone is a long page: the Hint button far below the field whose arrow it lights.
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, site_url, "?delay=0&seed=5")
    start_game(page, "zoomagia", [("Ann", "human"), ("Bot 1", "easy")])
    page.wait_for_selector(TURN, timeout=30_000)
    page.locator(act("hint")).scroll_into_view_if_needed()
    page.click(act("hint"))
    page.wait_for_selector('#hint[data-ready="true"]', timeout=60_000)
    # The hint's words stay at the top; below them the field whole, with the lit arrow (it lay under
    # the words, the field above the screen).
    boxes = [page.locator(sel).first.bounding_box() for sel in ("#hint", ".zm-field", ".hint-lit")]
    hint, field, lit = boxes
    assert hint and field and lit and hint["y"] >= 0, boxes
    assert field["y"] >= hint["y"] + hint["height"] and field["y"] + field["height"] <= 640, boxes
    assert field["y"] <= lit["y"] and lit["y"] + lit["height"] <= field["y"] + field["height"], boxes


def test_on_a_phone_the_hint_asked_at_the_foot_of_the_page_is_seen_there(page: Page, site_url: str) -> None:
    # Клац! on a phone: the Hint button below the hand, the table's top (where the hint shows) far above.
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, site_url, "?delay=0&seed=5")
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "easy"), ("Bot 2", "easy"), ("Bot 3", "easy")])
    page.wait_for_selector(TURN, timeout=30_000)
    page.locator(act("hint")).scroll_into_view_if_needed()
    page.click(act("hint"))
    seen = "(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    page.wait_for_selector("#hint")
    assert page.locator("#hint").evaluate(seen), "'Looking for a good move…' where the player looks"
    page.wait_for_selector('#hint[data-ready="true"]', timeout=60_000)
    assert page.locator("#hint").evaluate(seen) and page.locator(".hint-lit").first.evaluate(seen)
    shots = ROOT / "test-results" / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "klats-phone-hint-360x640.png"))

