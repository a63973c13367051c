"""Accessibility of the screens the screens test does not walk, and the screen-reader live region.

axe-core (``axe_audit``) finds no violation of any impact on the replay viewer of each
game, the phone menu opened by keyboard, and a notice; the live region outside ``#app``
says each move of a bot, the end of a round and the end of the game, once each.
"""

from __future__ import annotations

import random
import re
from typing import Any

from axe_audit import audit
from conftest import LANGS, in_every_lang_and_size, open_app, wait_for_player
from pages import INTERLUDE, act
from playwright.sync_api import Page

from pygames_ui.history import link_fragment
from pygames_ui.session import Seat, Session


def finished_link(game: str, options: dict[str, Any]) -> str:
    """A ``#r=…`` link to a whole game between two players, played here with random legal moves."""
    session = Session.new(game, [Seat("Anna", "easy"), Seat("Boris", "easy")], options, seed=7)
    rng = random.Random(7)
    while not session.game.is_over(session.state):
        session.apply(rng.choice(session.game.legal_actions(session.state)))
    return link_fragment(session.record, session.seats)


def audit_everywhere(page: Page, name: str) -> list[str]:
    """axe on the screen now, in both languages at both sizes (as the screens test's ``visit``)."""
    problems: list[str] = []
    for lang, w, h in in_every_lang_and_size(page):
        problems += audit(page, f"{name}-{lang}-{w}x{h}")
    return problems


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on ``selector`` (the way a keyboard user gets anywhere)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"{selector} cannot be reached with Tab")


def test_replay_viewers_pass_axe_and_step_by_keyboard(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    problems: list[str] = []
    for game, options in (("klats", {"target": 1}), ("zoomagia", {}), ("rps_zombie", {})):
        open_app(page, site_url, "?delay=0&seed=1" + finished_link(game, options))
        page.wait_for_selector(f'main.replay-screen[data-game="{game}"]')
        last = int(page.get_attribute("main.replay-screen", "data-last") or 0)
        page.wait_for_selector('main.replay-screen[data-step="0"]')  # a replay opens at the deal
        problems += audit_everywhere(page, f"{game}-replay-start")
        tab_to(page, "#replay-step")
        page.keyboard.press("End")  # the slider's own keys: to the end, then back step by step
        page.wait_for_selector(f'main.replay-screen[data-step="{last}"]')
        page.wait_for_selector("main.replay-screen #replay-result")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f'main.replay-screen[data-step="{last - 2}"]')
        assert focused(page, "#replay-step"), "the slider keeps the focus while it steps"
        problems += audit(page, f"{game}-replay-end-en-1280x800")  # the same screen, other cards: once is enough
    assert not problems, "\n".join(problems)


def test_phone_menu_by_keyboard_and_a_notice_pass_axe(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=1#r=not-a-record")
    page.wait_for_selector("#notice")
    problems = audit_everywhere(page, "site-notice")
    tab_to(page, f'#notice {act("dismiss-notice")}')
    page.keyboard.press("Enter")
    page.wait_for_selector("#notice", state="detached")

    # On a phone the top bar's buttons fold into a menu: opened, walked and closed by keyboard.
    page.set_viewport_size({"width": 360, "height": 640})
    tab_to(page, ".menu-toggle")
    page.keyboard.press("Enter")
    page.wait_for_selector('.topmenu[data-open="true"]')
    assert focused(page, '.menu-toggle[aria-expanded="true"]'), "the toggle keeps the focus"
    page.keyboard.press("Tab")
    assert focused(page, ".topmenu button"), "Tab goes on into the open menu"
    page.keyboard.press("ArrowRight")  # between the language buttons
    for lang in LANGS:
        problems += audit(page, f"site-menu-{lang}-360x640")
        page.keyboard.press("Enter")  # a language button: the menu closes, the page is in that language
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")  # Escape closes nothing when nothing is open
    page.keyboard.press("Shift+Tab")
    page.wait_for_selector(".menu-toggle")
    assert not problems, "\n".join(problems)


def test_menu_closes_with_escape_and_focus_returns(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=1")
    page.set_viewport_size({"width": 360, "height": 640})
    page.focus(".menu-toggle")
    page.keyboard.press("Enter")
    page.wait_for_selector('.topmenu[data-open="true"]')
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    page.wait_for_selector('.topmenu[data-open="false"]', state="attached")
    assert focused(page, ".menu-toggle"), "Escape closes the menu and gives the focus back to its button"


def words(text: str) -> str:
    return " ".join(text.split())


def live_lines(page: Page) -> list[str]:
    return [words(t) for t in page.locator("#live p").all_text_contents()]


def tells(spoken: str, shown: str) -> bool:
    """``spoken`` says what ``shown`` shows: its words, in order (a card shown "10" is said "10, orange")."""
    said = iter(re.findall(r"\w+", spoken))
    return all(any(w == s for s in said) for w in re.findall(r"\w+", shown))


def test_the_live_region_says_each_move_as_it_happens(page: Page, site_url: str) -> None:
    """Клац! to 1 point against two bots: their moves, the round's end and the game's end are said."""
    open_app(page, site_url, "?delay=30&seed=3")
    page.click(act("setup", game="klats"))
    page.click(act("add-seat"))
    page.fill('[name="opt_target"]', "1")
    page.click(act("start"))
    assert page.locator("#app [aria-live]").count() == 0, "no live region inside the redrawn root"
    seen: set[str] = set()
    for _ in range(200):
        state = wait_for_player(page)
        newest = words(page.text_content(".log li:first-child") or "")
        lines = live_lines(page)
        # What happened last (a bot's move, the round's end, the game's end) is the last thing said,
        # then "Your turn." when it is.
        spoken = " ".join(lines)
        if state == "turn":
            assert spoken.endswith("Your turn."), lines
            spoken = spoken.removesuffix("Your turn.")
        assert tells(spoken[-3 * len(newest) - 40:], newest), (lines, newest)
        assert len(lines) <= 3, "said lines are cleared away"
        seen.update(lines)
        if state == "over":
            break
        if state == "interlude":
            page.click(f'{INTERLUDE} {act("dismiss")}')
        else:
            page.click(".hand button.hand-card >> nth=0")
            page.click("button.pile.legal >> nth=0")
    else:
        raise AssertionError("the game did not end")
    assert len(seen) >= 3, seen
    page.dispatch_event(act("lang", lang="ru"), "click")
    page.wait_for_selector('html[lang="ru"]')
    # A language switch rewrites the log but says nothing new, and the lines said in the other
    # language go (read at the page's end, they would be in the wrong voice); so do they on
    # leaving the game's screen.
    assert lines and live_lines(page) == []
    page.dispatch_event(f'.topbar {act("home")}', "click")
    page.wait_for_selector("main.home")
    assert live_lines(page) == []
