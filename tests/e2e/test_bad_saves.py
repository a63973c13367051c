"""Bad saves in Chromium: whatever is in the save, a reload reaches the home screen and says why."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import PageProblems, open_app, reload_app, start_game, wait_for_player
from playwright.sync_api import Page

from pygames_core import bots
from pygames_ui.saves import BAD_SAVE_KEY, MAX_SAVE_CHARS, SAVE_KEY
from pygames_ui.session import Seat, Session


def _save(game: str, options: dict[str, object], moves: int, ui: dict[str, object]) -> dict[str, Any]:
    """A real save of ``game`` after ``moves`` bot moves, with ``ui`` as its screen state."""
    s = Session.new(game, [Seat("Ann", "human"), Seat("Bot", "greedy")], options, seed=3)
    bot = bots.get("greedy", seed=1)
    for _ in range(moves):
        s.apply(bot.choose(s.game, s.state))
    s.ui = ui
    return json.loads(s.to_save())


def _klats_seen_rounds_text() -> str:
    return json.dumps(_save("klats", {"target": 150, "first_player": 0}, 4, {"klats_seen_rounds": "x"}))


def _rps_nested_throw() -> str:
    ui = {"rz_throw": [[["rock"], "scissors"]], "rz_throw_seen": False}
    return json.dumps(_save("rps_zombie", {"brains_in_deck_2p": 3, "first_player": 0}, 0, ui))


def _huge() -> str:
    body = _save("zoomagia", {}, 2, {})
    body["seats"][0]["name"] = "x" * MAX_SAVE_CHARS
    return json.dumps(body)


BAD = {
    "klats seen rounds a string": _klats_seen_rounds_text,
    "rps throw a nested list": _rps_nested_throw,
    "huge": _huge,
    "deep": lambda: '{"v": 1, "game": "klats", "ui": ' + "[" * 50_000 + "]" * 50_000 + "}",
    "cut": lambda: _klats_seen_rounds_text()[:-300],
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_save_is_set_aside_and_the_app_starts_at_home(page: Page, site_url: str, name: str) -> None:
    text = BAD[name]()
    open_app(page, site_url)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    reload_app(page)
    assert page.get_attribute("html", "data-screen") == "home"
    assert page.locator("#shell").is_hidden() and page.locator(".home .game-card").count() == 3
    notice = page.inner_text("#notice")
    assert "could not be read" in notice or "could not be opened" in notice
    stored = page.evaluate("([a, b]) => [localStorage.getItem(a), localStorage.getItem(b)]", [SAVE_KEY, BAD_SAVE_KEY])
    assert stored[0] is None and stored[1] == text, "the bad save is kept aside, out of the way"
    # The next reload is clean, and a new game plays.
    reload_app(page)
    assert page.locator("#notice").count() == 0
    start_game(page, "klats")
    page.wait_for_selector(".klats-table")
    assert wait_for_player(page) == "turn"


FILL = """() => {  // another site's data fills the origin's storage, to the last character
  let lo = 0, hi = 2e7, n = 0;
  while (hi - lo > 1) {
    const m = (lo + hi) >> 1;
    try { localStorage.setItem("other.site", "x".repeat(m)); lo = m; } catch { hi = m; }
  }
  for (;;) {
    try { localStorage.setItem("other.pad" + n++, "x"); } catch { return n; }
  }
}"""


def test_a_full_device_says_the_game_is_not_being_kept(page: Page, site_url: str) -> None:
    """The storage full (GitHub Pages shares it between a user's sites): a move is not kept, and
    the player reads so in the page, not only the console; room made, the next move is kept."""
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats")
    wait_for_player(page)
    kept = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    page.evaluate(FILL)
    page.click(".klats-table .hand [data-action='select']")
    page.locator(".klats-table [data-action='play']").first.click()
    page.wait_for_selector("#notice")
    assert "storage is full" in page.inner_text("#notice")
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) == kept
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('other.')) localStorage.removeItem(k); }")
    wait_for_player(page)
    page.click(".klats-table .hand [data-action='select']")
    page.locator(".klats-table [data-action='play']").first.click()
    page.wait_for_selector("#notice", state="detached")
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) != kept


def test_a_screen_that_cannot_be_drawn_leaves_the_page_on_the_home_screen_with_the_game_kept(
        page: Page, site_url: str, problems: PageProblems) -> None:
    """A bug in drawing a screen (here the rules page made to fail) must not leave the page stuck
    on the last one with every later click failing: the home screen, the red word, the game kept."""
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats")
    wait_for_player(page)
    kept = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    page.evaluate("() => pygamesBoot.pyodide.runPython('import pygames_ui.screens as s\\ns.rules_page = lambda *a, **k: 1 / 0')")
    page.dispatch_event('[data-action="rules"][data-game="klats"]', "click")
    page.wait_for_selector(".home .game-card")
    assert "Something went wrong" in page.inner_text("#flash")
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) == kept
    assert page.locator('.home [data-action="resume"]').count() == 1  # the game is there to go back to
    assert len(problems.errors) == 1 and "ZeroDivisionError" in problems.errors[0], problems.errors
    problems.errors.clear()  # (the one error this test made)
