"""Камень, ножницы, бумага и … ЗОМБИ!!! in Chromium, played like a person plays it: by clicking the answers."""

from __future__ import annotations

import random
from typing import cast

import pytest
from conftest import PageProblems, open_app, reload_app, start_game, wait_for_player
from pages import OVER, PASS, act
from playwright.sync_api import Browser, Dialog, Page
from test_screens import MEASURE

CHOICES = f'.rz-choices button{act("decide")}'

#: The newest line of the "what happened" panel.
NEWEST = ".rz-happened .rz-ev >> nth=-1"


def new_game(page: Page, seats: list[tuple[str, str]] | None = None, players: int = 2, spare_brains: int | None = None,
             confirm: str = "auto") -> None:
    selects = {"confirm_moves": confirm}
    if spare_brains is not None:
        selects["opt_brains_in_deck_2p"] = str(spare_brains)
    start_game(page, "rps_zombie", seats, players=players, selects=selects)
    page.wait_for_selector(".rz-table")


def answer(page: Page, rng: random.Random) -> str:
    """Click one of the offered answers; returns the phase that was answered."""
    phase = cast(str, page.get_attribute(".rz-table", "data-phase"))
    buttons = page.locator(CHOICES)
    n = buttons.count()
    assert n >= 2, "a decision offers at least two answers (forced steps are automatic)"
    # Only the answers are buttons on the table: nothing else there can be clicked.
    assert page.locator(".rz-table button").count() == n
    before = page.get_attribute(NEWEST, "data-n")
    buttons.nth(rng.randrange(n)).click()
    # The click was taken: the newest line of "what happened" is a new one.
    for _ in range(500):
        if page.get_attribute(NEWEST, "data-n") != before:
            return phase
        page.wait_for_timeout(20)
    raise AssertionError("the click was not taken")


def play_to_the_end(page: Page, rng: random.Random, limit: int = 300) -> set[str]:
    phases: set[str] = set()
    for _ in range(limit):
        state = wait_for_player(page)
        if state == "over":
            return phases
        assert state == "turn"
        phases.add(answer(page, rng))
    raise AssertionError("the game did not end")


def check_end_screen(page: Page, players: int) -> None:
    heading = page.inner_text("#game-over-title")
    assert heading == "You win!" or heading.endswith((" wins", " share the win", " share the win!")), heading
    assert page.locator(f"{OVER} table.rz-final tbody tr").count() == players
    reason = page.inner_text("#end-reason").strip()
    assert reason
    # "What happened" ends with the same words; the rounds are told there and in the move log.
    assert page.inner_text(NEWEST).strip() == reason
    assert page.locator(".rz-ev, .log li", has_text="begins").count() >= 1
    # Each event is said once on the screen: the move log holds only what the panel does not.
    told = page.locator(".rz-happened .rz-ev").evaluate_all("els => els.map(e => e.dataset.n)")
    logged = page.locator(".log li").evaluate_all("els => els.map(e => e.dataset.n)")
    assert told and not set(told) & set(logged)


def test_two_player_game_against_a_bot_by_clicking(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, spare_brains=2)
    assert wait_for_player(page) == "turn"
    # The first player chooses the starting trophy from three cards.
    assert page.get_attribute(".rz-table", "data-phase") == "choose_trophy"
    assert page.locator(CHOICES).count() == 3
    assert "1 card set aside" in page.inner_text(".rz-piles")
    phases = play_to_the_end(page, random.Random(2))
    assert "choose_trophy" in phases
    check_end_screen(page, 2)
    # The end offers a new game, which starts at once.
    page.click(f'{OVER} {act("again")}')
    page.wait_for_selector(".rz-table")
    assert page.locator(OVER).count() == 0


def test_three_player_game_by_clicking(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, seats=[("Ann", "human"), ("Bot A", "medium"), ("Bot B", "easy")])
    assert page.locator(".rz-seat").count() == 3
    assert page.locator(".rz-spot").count() == 3
    play_to_the_end(page, random.Random(3))
    check_end_screen(page, 3)
    assert "Ann" in page.inner_text(OVER)


def test_reload_mid_round_resumes_the_same_state(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, players=3)
    rng = random.Random(4)
    for _ in range(50):  # answer until a decision inside a round is asked
        assert wait_for_player(page) == "turn"
        if page.get_attribute(".rz-table", "data-phase") != "choose_trophy":
            break
        answer(page, rng)
    phase = page.get_attribute(".rz-table", "data-phase")
    assert phase in ("defend", "drop_trophy", "contest")
    shown = [sel for sel in (".rz-decision", ".rz-reveal", ".rz-seats", ".rz-happened", ".log") if page.locator(sel).count()]
    before = {sel: page.inner_text(sel) for sel in shown}
    reload_app(page)
    assert wait_for_player(page) == "turn"
    assert page.get_attribute(".rz-table", "data-phase") == phase
    for sel, text in before.items():
        assert page.inner_text(sel) == text, sel
    # … and play goes on from there.
    answer(page, rng)


def test_pass_and_play_and_names_as_text(page: Page, site_url: str) -> None:
    evil = "<img src=x onerror=alert(1)>"
    dialogs: list[str] = []

    def on_dialog(d: Dialog) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
    open_app(page, site_url)
    new_game(page, seats=[(evil, "human"), ("Boris", "human")], confirm="off")
    # Nothing is hidden in this game: no pass screen, a banner says whose turn it is.
    assert wait_for_player(page) == "turn"
    assert page.locator(PASS).count() == 0
    assert evil in page.inner_text("#turn-banner")
    assert page.locator(".rz-seat.me .seat-name").inner_text() == evil
    assert page.locator("#app img").count() == 0
    answer(page, random.Random(5))
    assert evil in page.inner_text(".rz-happened")
    assert not dialogs


def test_first_player_by_a_rock_paper_scissors_throw(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    page.click(act("setup", game="rps_zombie"))
    page.select_option('[name="opt_first_player"]', "throw")
    page.click(act("start"))
    page.wait_for_selector("#interlude .rz-throw")
    assert page.locator("#interlude .rz-throw-row").count() >= 1
    # The seat the throw chose: "First player: Bot 1. …", or to the player called You, "You go first: …".
    assert page.inner_text("#interlude .rz-throw-result").startswith(("First player: Bot 1.", "You go first:"))
    page.click(f'#interlude {act("dismiss")}')
    assert wait_for_player(page) in ("turn", "over")
    assert page.locator("#interlude").count() == 0


@pytest.mark.parametrize("width,lang", [(740, "en"), (640, "ru")])
def test_a_phone_on_its_side_shows_each_question_beside_the_revealed_cards(browser: Browser, site_url: str,
                                                                           problems: PageProblems, width: int, lang: str) -> None:
    """740×360 and 640×360, touch, three players: at each decision of the first rounds the
    question, its answers and the revealed cards it is about fit on one screen together (under
    the question, the cards were a screen away from its first words; at 640 px a long question in
    Russian is taller than the screen: its answers are all on it), and no word under a card
    breaks in two ("выигрывае/т трофей")."""
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": width, "height": 360})
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    if lang != "en":
        page.dispatch_event(act("lang", lang=lang), "click")
        page.wait_for_selector(f'html[lang="{lang}"]')
    new_game(page, seats=[("Ann", "human"), ("Bot A", "easy"), ("Bot B", "easy")], confirm="off")
    rng, seen = random.Random(5), 0
    while seen < 8:  # (the trophy's choice, contests, zombies: a game's first rounds have them all)
        state = wait_for_player(page)
        if state == "over":
            break
        boxes = [page.locator(sel).bounding_box() for sel in (".rz-decision", ".rz-spots", ".rz-decision .rz-choices")]
        question, cards, answers = boxes
        assert question and cards and answers, boxes  # (one screen holds both, the page scrolled to them)
        if width >= 740:
            assert max(b["y"] + b["height"] for b in (question, cards)) - min(b["y"] for b in (question, cards)) <= 360, boxes
        else:  # (a long question in Russian is taller than the screen: its answers, all of them, are on it)
            assert 0 <= answers["y"] and answers["y"] + answers["height"] <= 360 + 1, boxes
        assert not page.evaluate(MEASURE, [])["broken"]
        seen += 1
        answer(page, rng)
    assert seen >= 3
    ctx.close()
    problems.check()
