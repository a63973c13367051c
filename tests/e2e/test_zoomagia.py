"""Зоомагия in Chromium, played like a person plays it: by clicking."""

from __future__ import annotations

from typing import cast

from conftest import ROOT, PageProblems, open_app, reload_app, revisit, start_game, wait_for_player
from pages import act
from playwright.sync_api import Browser, Page

from pygames_core import games
from pygames_core.record import new_record
from pygames_ui.session import Seat, Session


def new_game(page: Page, seats: list[tuple[str, str]] | None = None, columns: bool = True, confirm: str = "auto") -> None:
    selects = {"confirm_moves": confirm}
    if not columns:
        selects["opt_columns"] = "false"
    start_game(page, "zoomagia", seats, selects=selects)
    page.wait_for_selector(".zm-table")


def phase(page: Page) -> str:
    return cast(str, page.get_attribute(".zm-table", "data-phase"))


def decide(page: Page, turn: int = 0) -> str:
    """Make the pending decision by clicking a legal control; returns the phase it answered."""
    now = phase(page)
    if now == "push":
        # Only legal arrows are enabled; one that makes a new animal is preferred.
        arrows = page.locator("button.zm-arrow:enabled")
        assert arrows.count() in (6, 12)
        makes = page.locator("button.zm-arrow.makes:enabled")
        (makes.first if makes.count() else arrows.nth(turn % arrows.count())).click()
    elif now == "take":
        page.click("button.zm-takerow >> nth=0")
    elif now == "refill":
        assert page.locator(f'#decide {act("refill")}:disabled').count() == 1
        while page.locator("#to-place button.zm-pick").count():
            page.click("#to-place button.zm-pick >> nth=0")
        while page.locator(f'#decide {act("zm-empty")}').count():
            page.click(f'#decide {act("zm-empty")}')
        page.click(f'#decide {act("refill")}:enabled')
    elif now == "discard":
        page.click("#decide button.zm-pick >> nth=0")
    elif now == "bank":
        page.click(f'#decide {act("bank")} >> nth=0')
    else:
        raise AssertionError(f"unexpected phase {now!r}")
    return now


def test_hovering_an_arrow_previews_the_push(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page)
    assert wait_for_player(page) == "turn" and phase(page) == "push"
    assert page.is_visible(".pv-none")
    assert page.locator(".zghost").count() == 8 and not page.is_visible(".zghost")
    page.hover("button.pu-row-1-left")
    # The note for that push shows, the drawn card appears where it enters, the far card is marked.
    assert page.is_visible(".pv-row-1-left") and not page.is_visible(".pv-none")
    assert page.is_visible(".c10 > .zghost")
    assert not page.is_visible(".c12 > .zghost")
    assert page.locator(".pv:visible").count() == 1
    # Keyboard focus previews too (Tab from the arrow before it).
    page.mouse.move(5, 890)
    page.focus("button.pu-col-2-top")
    page.keyboard.press("Tab")
    assert page.is_visible(".pv-col-2-bottom") and page.is_visible(".c22 > .zghost")
    page.keyboard.press("Enter")
    page.wait_for_selector(".log li >> text=into column 3 from the bottom")


def test_touch_previews_on_first_tap_and_pushes_on_second(browser: Browser, site_url: str, problems: PageProblems) -> None:
    ctx = browser.new_context(locale="en-US", has_touch=True, is_mobile=True, viewport={"width": 412, "height": 900})
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url)
    new_game(page)
    assert wait_for_player(page) == "turn" and phase(page) == "push"
    assert page.evaluate("matchMedia('(hover: none)').matches")  # (the touch screen's preview rules)
    page.keyboard.press("Tab")  # a keyboard's focus on an arrow previews its push there too
    page.focus("button.pu-col-0-top")
    page.wait_for_selector('.zm-board[data-armed="col-0-top"]')
    assert page.is_visible(".pv-col-0-top")
    page.tap("button.pu-row-1-left")
    # The first tap only shows where the card would go and what falls out.
    page.wait_for_selector('.zm-board[data-armed="row-1-left"] button.pu-row-1-left.armed')
    assert page.is_visible(".pv-row-1-left") and page.is_visible(".c10 > .zghost")
    assert phase(page) == "push" and page.locator(".log li >> text=into row 2 from the left").count() == 0
    page.tap("button.pu-row-1-left")
    page.wait_for_selector(".log li >> text=into row 2 from the left")
    ctx.close()
    problems.check()


INSIDE = """(sels) => sels.map((sel) => [...document.querySelectorAll(sel)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.height && !(r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth); }).length)"""


def _looks_right(page: Page, shot: str, in_view: list[str]) -> None:
    """The screen at the top of the page, pictured; all of each of ``in_view`` in view; no word
    broken, cut or out of its box; nothing wider than the screen; axe finds nothing."""
    from axe_audit import audit
    from test_screens import MEASURE

    page.evaluate("scrollTo(0, 0)")
    shots = ROOT / "test-results" / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{shot}.png"))
    assert page.evaluate(INSIDE, in_view) == [0] * len(in_view), shot
    m = page.evaluate(MEASURE, [])
    assert m["scrollWidth"] <= m["innerWidth"] and not (m["broken"] + m["spill"] + m["cut"]), (shot, m)
    found = audit(page, shot)
    assert not found, "\n".join(found)


def test_a_phone_on_its_side_shows_the_field_the_drawn_card_and_your_rows_at_once(
        browser: Browser, site_url: str, problems: PageProblems) -> None:
    """A phone on its side (740×360), in Russian: Start at the new-game form's foot; the whole field with its 44 px arrows, the drawn
    card and both of your rows on the first screen, the push told in one line; the card that fell
    out and the cards to place beside the field when they come; the field stays in view while the
    page scrolls to the others' rows."""
    ctx = browser.new_context(locale="ru-RU", has_touch=True, is_mobile=True, viewport={"width": 740, "height": 360},
                              reduced_motion="reduce", bypass_csp=True)  # (axe is put in the page)
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("setup", game="zoomagia"))  # the form, longer than the screen: Start at its foot
    start = page.locator(act("start")).bounding_box()
    assert start and start["y"] + start["height"] <= 360, start
    page.go_back()
    new_game(page, [("Аня", "human"), ("Бот 1", "easy"), ("Бот 2", "easy")], confirm="off")
    assert wait_for_player(page) == "turn" and phase(page) == "push"
    _looks_right(page, "zoomagia-landscape-push-740x360", [".zm-field", ".zm-arrow", "#drawn", ".zm-seat.me .zm-row", "#prompt"])
    assert page.locator(".zm-arrow").first.bounding_box()["height"] >= 44  # type: ignore[index]
    assert not page.is_visible("#decide")  # (how a push works is on the rules page: one line here)
    # A wider phone on its side: the same, the tools and the log under the table, not squeezing it.
    page.set_viewport_size({"width": 915, "height": 412})
    _looks_right(page, "zoomagia-landscape-push-915x412", [".zm-field", "#drawn", ".zm-seat.me .zm-row", "#prompt"])
    assert page.evaluate("document.querySelector('.log').getBoundingClientRect().top"
                         " >= document.querySelector('.zm-table').getBoundingClientRect().bottom")
    page.set_viewport_size({"width": 740, "height": 360})
    page.evaluate("document.querySelector('.zm-seat:last-child').scrollIntoView({block: 'end'})")
    assert page.evaluate(INSIDE, [".zm-seat:last-child .zm-row", ".zm-field"]) == [0, 0]
    page.evaluate("scrollTo(0, 0)")
    page.tap("button.pu-row-1-left")  # a tap shows the push, a second makes it
    page.wait_for_selector("button.pu-row-1-left.armed")
    page.tap("button.pu-row-1-left")
    page.wait_for_selector(".log li >> text=в ряд 2 слева")
    seen: set[str] = set()
    for turn in range(200):
        assert wait_for_player(page) == "turn"
        now = phase(page)
        if now in ("take", "refill") and now not in seen:
            seen.add(now)
            _looks_right(page, f"zoomagia-landscape-{now}-740x360",
                         [".zm-field", "#pushed-out" if now == "take" else "#to-place .zm-pick"])
        if seen == {"take", "refill"}:
            break
        decide(page, turn)
    assert seen == {"take", "refill"}, seen
    ctx.close()
    problems.check()


def test_an_upright_phone_shows_the_field_with_each_decision(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """360×640, touch, in Russian: taking, the choices are under the field, the first of them with
    the field on the first screen; refilling, the row being filled and its Done are on the screen
    together once the cards are placed (Done was 870 px down, and the page that went to it left
    the row above)."""
    ctx = browser.new_context(locale="ru-RU", has_touch=True, is_mobile=True, viewport={"width": 360, "height": 640},
                              reduced_motion="reduce", bypass_csp=True)  # (axe is put in the page)
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    load_prepared(page, SHEEP_DECK)
    assert wait_for_player(page) == "turn"
    page.tap("button.pu-row-0-left")  # a tap shows the push, a second makes it
    page.wait_for_selector("button.pu-row-0-left.armed")
    page.tap("button.pu-row-0-left")
    page.wait_for_selector('.zm-table[data-phase="take"]')
    _looks_right(page, "zoomagia-take-ru-360x640", [".zm-field", "#decide .zm-opt:first-child"])
    page.tap("button.zm-takerow")
    page.wait_for_selector('.zm-table[data-phase="refill"]')
    _looks_right(page, "zoomagia-refill-ru-360x640", [".zm-field", "#to-place .zm-pick", f'#decide {act("zm-reset")}'])
    while page.locator("#to-place button.zm-pick").count():
        page.tap("#to-place button.zm-pick >> nth=0")
    while page.locator(f'#decide {act("zm-empty")}').count():
        page.tap(f'#decide {act("zm-empty")}')
    page.wait_for_selector(f'#decide {act("refill")}:enabled')
    assert page.evaluate(INSIDE, [".zm-field", f'#decide {act("refill")}']) == [0, 0]
    page.tap(f'#decide {act("refill")}')
    page.wait_for_selector('.zm-table[data-phase="bank"]')
    ctx.close()
    problems.check()


def test_rows_only_option(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, columns=False)
    assert wait_for_player(page) == "turn"
    assert page.locator("button.zm-arrow").count() == 6
    assert page.locator("button.zm-arrow[data-line=col]").count() == 0
    assert "Rows only" in page.inner_text(".status-line")


def test_four_players_two_humans_share_the_device(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, seats=[("Anna", "human"), ("Bot A", "medium"), ("Boris", "human"), ("Bot B", "easy")], confirm="off")
    assert page.locator(".zm-seat").count() == 4
    # Anna, Bot A, Boris, Bot B: the two humans' turns alternate, each named by the banner.
    last, turns = None, 0
    for i in range(160):
        state = wait_for_player(page)
        if state == "over":
            break
        # Every card is face up in Зоомагия: no pass screen, a banner says whose turn it is.
        assert state == "turn", "no pass screen where nothing is hidden"
        who = page.locator(".zm-seat.current .seat-name").inner_text()
        assert page.inner_text("#turn-banner") == f"{who}'s turn"
        if who != last:
            assert who == ("Anna" if last in (None, "Boris") else "Boris")
            last, turns = who, turns + 1
            if turns > 5:
                break
        decide(page, i)
    assert turns >= 5
    log = page.inner_text(".log")
    assert "Bot A" in log and "Bot B" in log


def test_reload_resumes_mid_game(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page)
    for turn in range(6):
        assert wait_for_player(page) == "turn"
        decide(page, turn)
    while not (wait_for_player(page) == "turn" and phase(page) == "push"):
        decide(page)
    before_field = page.inner_html(".zm-field")
    before_seats = page.inner_html(".zm-seats")
    before_log = page.inner_text(".log")
    reload_app(page)
    assert wait_for_player(page) == "turn"
    assert page.inner_html(".zm-field") == before_field
    assert page.inner_html(".zm-seats") == before_seats
    assert page.inner_text(".log") == before_log
    decide(page)


#: 2 players: the first gets fox head + fox body; the top field row is sheep body, sheep tail,
#: rhino head; the drawn card is the sheep head (pushed in from the left it makes a sheep).
SHEEP_DECK = ["fox:head", "wolf:head", "fox:body", "wolf:tail", "sheep:body", "sheep:tail", "rhino:head",
              "cat:tail", "dog:head", "cow:tail", "pig:body", "owl:tail", "lion:head", "sheep:head"]
#: The first player holds two heads; the hare tail pushed into the top row from the left
#: makes the rhino head fall out to him: three heads.
HEADS_DECK = ["fox:head", "wolf:head", "cat:head", "wolf:tail", "sheep:body", "sheep:tail", "rhino:head",
              "cat:tail", "dog:head", "cow:tail", "pig:body", "owl:tail", "lion:head", "hare:tail", "monkey:body"]


def load_prepared(page: Page, deck: list[str]) -> None:
    """Put a game with a prepared deck into the save and reload (the app resumes it)."""
    game = games.get("zoomagia")
    options = {"columns": True}
    state = game.new_game(2, seed=5, deck=deck, options=options)
    record = new_record("zoomagia", 2, 5, options, deck)
    save = Session(game, [Seat("Ann", "human"), Seat("Bot", "medium")], state, record).to_save()
    page.evaluate("s => localStorage.setItem('pygames.save.v1', s)", save)
    revisit(page)
    page.wait_for_selector(".zm-table")


def test_take_refill_discard_and_bank_by_clicking(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    # A discard: only the three heads are offered.
    load_prepared(page, HEADS_DECK)
    assert wait_for_player(page) == "turn"
    page.click("button.pu-row-0-left")
    assert phase(page) == "discard"
    assert "Too many heads" in page.inner_text("#prompt")
    offered = page.locator("#decide button.zm-pick")
    assert offered.count() == 3
    page.click('#decide button.zm-pick[data-card="rhino:head"]')
    assert wait_for_player(page) == "over"
    assert page.locator('#game-over tr[data-seat="0"] .zdot[aria-label="rhino head"]').count() == 1

    # Take the sheep, refill its row leaving two cells empty, bank it.
    load_prepared(page, SHEEP_DECK)
    assert wait_for_player(page) == "turn"
    assert page.locator("button.zm-arrow.makes").count() >= 1
    page.click("button.pu-row-0-left")
    assert phase(page) == "take"
    assert page.locator("button.zm-takerow").count() == 1
    assert "5 points" in page.inner_text("button.zm-takerow")
    page.click("button.zm-takerow")
    assert phase(page) == "refill"
    confirm = f'#decide {act("refill")}'
    assert page.is_disabled(confirm)
    page.click(f'#decide {act("zm-empty")}')
    page.click('#to-place button.zm-pick[data-card="rhino:head"]')
    assert page.is_enabled(confirm)
    page.click(confirm)
    assert phase(page) == "bank"
    assert page.locator(f'#decide {act("bank")}').count() == 4
    page.click(f'#decide {act("bank", cards="sheep:head,sheep:body,sheep:tail")}')
    assert wait_for_player(page) == "over"
    assert page.inner_text("#game-over-title") == "Ann wins"
    assert page.locator("#game-over tr.zm-win").count() == 1
    log = page.inner_text(".log")
    assert "Ann refilled row 1" in log and "Ann banked" in log
