"""What a player sees, in Chromium: who won, a save that could not be read (in his language,
the reason folded away), the first-player throw across a reload, Зоомагия's end table on a
phone with every word whole, and a rock picture that stands out from its card.

(Named apart from tests/web/test_player_words.py: one pytest run collects both folders.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, PageProblems, open_app, reload_app, revisit, start_game
from pages import act
from playwright.sync_api import Browser, Page, ViewportSize

from pygames_core import bots
from pygames_ui import saves
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import Seat, Session

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
PHONE: ViewportSize = {"width": 360, "height": 640}

#: Words of the cells of the tables under ``sel`` that the layout broke across lines.
BROKEN_WORDS = """(sel) => {
  const out = [];
  for (const cell of document.querySelectorAll(`${sel} table th, ${sel} table td`)) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def finished_save(game: str, names: list[str], seed: int) -> str:
    """A save of a whole game of ``game``: seat 0 a human, the others bots, played to its end."""
    s = Session.new(game, [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:]], {}, seed=seed)
    bot = bots.get("random", seed=seed)
    while not s.game.is_over(s.state):
        s.apply(bot.choose(s.game, s.state))
    return s.to_save()


def plant(page: Page, site_url: str, lang: str, save: str) -> None:
    """Open the site, put ``save`` and the language in storage, reload as a returning player."""
    open_app(page, site_url)
    page.evaluate("([k, v, l]) => { localStorage.setItem(k, v); localStorage.setItem('pygames.lang', l); }",
                  [SAVE_KEY, save, lang])
    revisit(page)


@pytest.fixture
def phone(page: Page) -> Page:
    """The test's page (the profile's, warm) at a phone's size."""
    page.set_viewport_size(PHONE)
    return page


def test_the_game_over_heading_speaks_to_you(page: Page, site_url: str) -> None:
    for seed in range(1, 30):  # a deal that the player called "Вы" wins
        save = finished_save("zoomagia", ["Вы", "Бот 1"], seed)
        won = saves.read(save)
        if won.game.winners(won.state) == [0]:
            break
    else:
        raise AssertionError("no deal was won by the player")
    plant(page, site_url, "ru", save)
    # A reload shows the finished table, not the dialog again; the top bar opens it.
    assert page.locator("#game-over").count() == 0
    page.click(act("show-results"))
    page.wait_for_selector("#game-over")
    assert page.inner_text("#game-over-title") == "Вы победили!"
    assert "Игра окончена. Вы победили!" in page.inner_text(".log")


def test_an_unreadable_save_is_told_in_russian_with_the_reason_under_details(page: Page, site_url: str) -> None:
    plant(page, site_url, "ru", '{"v": 1, "game": "chess"}')
    assert page.inner_text("#notice p") == CATALOGUES["ru"]["notice.bad_save"]
    summary = page.locator("#notice details.notice-details summary")
    assert summary.is_visible() and summary.inner_text().startswith("Подробности")
    reason = page.locator("#notice details.notice-details code")
    assert not reason.is_visible()  # folded away until asked for
    summary.click()
    assert reason.is_visible() and "chess" in reason.inner_text()
    page.click(f'#notice {act("dismiss-notice")}')
    assert page.locator("#notice").count() == 0


def test_the_first_player_throw_is_the_same_after_a_reload(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    start_game(page, "rps_zombie", selects={"opt_first_player": "throw"})
    page.wait_for_selector("#interlude .rz-throw")
    throw = page.inner_text("#interlude .rz-throw")
    first = page.inner_text("#interlude .rz-throw-result")
    reload_app(page)  # while the throw is on screen
    page.wait_for_selector("#interlude .rz-throw", timeout=BOOT_TIMEOUT_MS)
    assert page.inner_text("#interlude .rz-throw") == throw
    assert page.inner_text("#interlude .rz-throw-result") == first


@pytest.mark.parametrize("names", [["Константин", "Александра", "Бот 2"], ["Вы", "Бот 1"], ["W" * 32, "Бот 1"]])
def test_zoomagia_end_table_on_a_phone_keeps_words_whole(phone: Page, site_url: str, names: list[str]) -> None:
    plant(phone, site_url, "ru", finished_save("zoomagia", names, 1))
    phone.click(act("show-results"))  # a reload shows the final table; the top bar opens the results
    phone.wait_for_selector("#game-over table.zm-final")
    broken = phone.evaluate(BROKEN_WORDS, "#game-over")
    # Only a word longer than the name's box may break: the 32 W's, never a heading or a usual name.
    assert [w for w in broken if not re.fullmatch("W+", w)] == [], broken
    panel = phone.evaluate("() => { const p = document.querySelector('#game-over table').parentElement;"
                           " return [p.scrollWidth, p.clientWidth]; }")
    assert panel[0] <= panel[1], f"the end table is wider than its dialog: {panel}"


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(css: str) -> tuple[int, int, int]:
    if css.startswith("#"):
        h = css[1:] if len(css) == 7 else "".join(c * 2 for c in css[1:4])
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return r, g, b


def test_the_rock_picture_stands_out_from_its_card_on_a_phone(phone: Page, site_url: str) -> None:
    open_app(phone, site_url)
    start_game(phone, "rps_zombie", selects={"opt_first_player": "0"})
    phone.wait_for_selector('.rz-card.k-rock')  # the starting trophy to choose: rock, scissors, paper
    background, fills = phone.evaluate(
        """(sel) => {
          const el = document.querySelector(sel);
          const symbol = document.querySelector(el.querySelector('use').getAttribute('href'));
          return [getComputedStyle(el).backgroundColor,
                  [...symbol.querySelectorAll('[fill]')].map((p) => p.getAttribute('fill'))];
        }""", ".rz-card.k-rock")
    worst = min(_contrast(_rgb(background), _rgb(f)) for f in fills)
    assert worst >= 3, f"a colour of the rock is {worst:.2f}:1 against its card's {background}"


def test_a_player_added_by_a_tap_opens_no_keyboard(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """On a touch screen "Add a player" keeps the focus: it went to the new seat's name box, and
    a phone's keyboard opened over the form for a seat that is most often a bot's. (By the
    keyboard, the name box is where a player goes next: tests/e2e/test_keyboard.py.)"""
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)
    phone = ctx.new_page()
    problems.attach(phone)
    open_app(phone, site_url)
    phone.tap(act("setup", game="klats"))
    phone.wait_for_selector(".seat-row")
    rows = phone.locator(".seat-row").count()
    phone.tap(act("add-seat"))
    phone.wait_for_selector(f".seat-row:nth-child({rows + 1})")
    assert phone.evaluate("() => document.activeElement.tagName") != "INPUT"
    assert phone.evaluate("() => document.activeElement.dataset.action") == "add-seat"
    while phone.locator(act("add-seat") + ":enabled").count():  # up to the most players: the page stays
        phone.tap(act("add-seat"))  # (the last tap disabled the button: the focus went to the heading, at the top)
    assert phone.evaluate("() => document.activeElement.tagName") not in ("INPUT", "H1")
    assert phone.evaluate("() => scrollY") > 0
    ctx.close()
    problems.check()
