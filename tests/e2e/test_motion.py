"""Moves you can follow, in Chromium: a card slides from the hand to its pile, a bot's move
stays lit until the next move, nothing slides under reduced motion, and a click during a
slide is handled at once."""

from __future__ import annotations

from typing import cast

import pytest
from conftest import open_app, start_game, wait_for_player
from pages import TURN, act
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

#: How many slides the page has started so far (web/main.py writes it on <html>).
SLIDES = "html[data-slides]"


def slides(page: Page) -> int:
    return int(cast(str, page.locator(SLIDES).get_attribute("data-slides")))


def play_first_card(page: Page) -> None:
    """Select the first card of the hand and put it on the first place lit for it."""
    page.locator(act("select")).first.click()
    page.locator(f'{act("play")}.legal').first.click()


@pytest.fixture
def moving(page: Page) -> Page:
    """The test profile reduces motion (conftest.py): these pages show it, as most players see it."""
    page.emulate_media(reduced_motion="no-preference")
    return page


def test_my_card_slides_to_its_pile_and_the_bots_move_stays_lit(moving: Page, site_url: str) -> None:
    page = moving
    open_app(page, site_url, "?delay=1500&seed=4")  # the bot waits 1.5 s: the page is still after my move
    start_game(page, "klats", [("You", "human"), ("Bot", "medium")])
    assert wait_for_player(page) == "turn"
    assert page.locator(".last-move").count() == 0  # nobody has moved yet
    before = slides(page)
    play_first_card(page)
    mine = slides(page)
    assert mine > before  # my card, from my hand onto the pile (and the cards after it close the gap)
    assert page.locator(".last-move").count() == 0  # my own move is not lit
    page.wait_for_selector(f"{TURN}", timeout=30_000)  # the bot has answered
    lit = page.locator(".pile.last-move")
    assert lit.count() == 1  # the pile the bot's card went to
    assert slides(page) > mine  # the bot's card slid in from its hand
    play_first_card(page)
    assert page.locator(".last-move").count() == 0  # lit only until the next move


def test_zoomagia_a_push_slides_the_line(moving: Page, site_url: str) -> None:
    page = moving
    open_app(page, site_url, "?delay=1500&seed=2")
    start_game(page, "zoomagia", [("You", "human"), ("Bot", "medium")])
    assert wait_for_player(page) == "turn"
    before = slides(page)
    arrow = page.locator(f'{act("push")}:not([disabled])').first
    arrow.click()
    if page.locator(".zm-arrow.armed").count():  # a touch-style first tap previews; the second pushes
        arrow.click()
    # The drawn card and the two it pushed along slide one step; the pushed-out card slides out.
    assert slides(page) - before >= 3


def test_reduced_motion_slides_nothing_and_a_bots_move_is_still_lit(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=20&seed=4")
    start_game(page, "klats", [("You", "human"), ("Bot", "medium")])
    for _ in range(3):
        assert wait_for_player(page) == "turn"
        play_first_card(page)
        assert slides(page) == 0
        assert page.evaluate("document.getAnimations().length") == 0  # no slide, no pulse, no glow
        page.wait_for_selector(".pile.last-move", timeout=30_000)


def test_a_click_right_after_a_bot_move_is_handled_at_once(moving: Page, site_url: str) -> None:
    page = moving
    open_app(page, site_url, "?delay=20&seed=4")
    start_game(page, "klats", [("You", "human"), ("Bot", "medium")])
    assert wait_for_player(page) == "turn"
    play_first_card(page)
    page.wait_for_selector(".pile.last-move", timeout=30_000)  # the bot has just moved: cards are sliding
    # Click at once, as a person would: no waiting for the cards to settle (force skips Playwright's own
    # wait for a still target), and the click must take effect while the slides still run.
    page.locator(act("select")).first.click(force=True)
    page.wait_for_selector(".hand-card.selected", timeout=2_000)
    page.locator(f'{act("play")}.legal').first.click(force=True)
    page.wait_for_selector(".hand-card.selected", state="detached", timeout=2_000)  # played: nothing selected
