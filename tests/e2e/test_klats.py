"""Клац! in Chromium, played like a person plays it: by clicking."""

from __future__ import annotations

from collections.abc import Callable

from conftest import ROOT, PageProblems, open_app, reload_app, start_game, wait_for_player
from pages import INTERLUDE, OVER, PASS, TURN, act
from playwright.sync_api import Browser, Dialog, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def new_game(page: Page, seats: list[tuple[str, str]] | None = None, target: int | None = None) -> None:
    start_game(page, "klats", seats, fills=None if target is None else {"opt_target": str(target)})
    page.wait_for_selector(".klats-table")


def play_one_card(page: Page, new_pile: bool = False) -> None:
    """The first card of the hand, on the first place lit for it (``new_pile``: the last place,
    a new pile where one may be started, which brings the round's end nearer)."""
    for _ in range(3):  # a click that lands as the table is drawn again (a frame from the host) is lost:
        page.click(".hand button.hand-card >> nth=0")  # a player taps again, and so does this test
        try:
            page.wait_for_selector("button.pile.legal", timeout=8_000)
            break
        except PlaywrightTimeoutError:
            if page.locator('.hand button.hand-card[aria-pressed="true"]').count():
                page.wait_for_selector("button.pile.legal")
                break
    legal = page.locator("button.pile.legal")
    assert legal.count() >= 1
    # Only lit places (and the hand) are clickable on the table.
    assert page.locator(".tableau button:not(.legal)").count() == 0
    (legal.last if new_pile else legal.first).click()


def play_to_the_end(page: Page, on_interlude: Callable[[], None] | None = None, limit: int = 400) -> None:
    """A Клац! match with one person at this device, clicked through to its end: a card a turn,
    each round's summary looked at (``on_interlude``) and dismissed."""
    for _ in range(limit):
        state = wait_for_player(page)
        if state == "over":
            return
        if state == "interlude":
            if on_interlude is not None:
                on_interlude()
            page.click(f'{INTERLUDE} {act("dismiss")}')
            continue
        assert state == "turn", state
        play_one_card(page)
    raise AssertionError("the match did not end")


def test_full_match_against_a_bot_by_clicking(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, target=25)
    play_to_the_end(page, lambda: assert_rows(page, "#interlude table.summary tbody tr", 2))
    heading = page.inner_text("#game-over-title")
    assert heading == "You win!" or heading.endswith((" wins", " share the win", " share the win!")), heading
    assert page.locator("#game-over table.rounds tbody tr").count() >= 2
    log = page.inner_text(".log")
    assert "Game over" in log
    # The end offers a new game, which starts at once.
    page.click(f'#game-over {act("again")}')
    page.wait_for_selector(".klats-table")
    assert page.locator(OVER).count() == 0


def assert_rows(page: Page, selector: str, n: int) -> None:
    assert page.locator(selector).count() == n, selector


def test_bot_moves_show_one_by_one(page: Page, site_url: str) -> None:
    open_app(page, site_url, "?delay=400")
    new_game(page, seats=[("Ann", "human"), ("Bot A", "medium"), ("Bot B", "easy")])
    wait_for_player(page)
    play_one_card(page)
    # With 2 bots after us and a 400 ms pause, we see Bot A's move before Bot B's.
    page.wait_for_selector('html[data-bots="thinking"]')
    page.wait_for_selector(".log li >> text=Bot A", timeout=5_000)
    assert page.locator(".log li", has_text="Bot B").count() == 0
    page.wait_for_selector(TURN, timeout=10_000)
    assert page.locator(".log li", has_text="Bot B").count() >= 1


def test_pass_and_play_hides_the_hand(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page, seats=[("Anna", "human"), ("Boris", "human")])
    assert wait_for_player(page) == "pass"
    assert "Anna" in page.inner_text(PASS)
    assert page.locator(".hand").count() == 0, "no hand on screen before the player taps"
    # The dialog has the keyboard focus, on its heading (a stray Enter shows nothing); Tab, Enter continue.
    assert page.evaluate("document.activeElement.id") == "pass-title"
    page.wait_for_selector(f'{act("show-hand")}:not([aria-disabled])')  # (it takes no press in the screen's first moments)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "show-hand"
    page.keyboard.press("Enter")
    assert wait_for_player(page) == "turn"
    assert page.locator(".hand .kcard").count() == 3
    # Confirm moves (on when the device is passed around): the move waits, marked in place.
    hand = page.inner_text(".hand")
    play_one_card(page)
    page.wait_for_selector("#confirm-bar")
    assert page.locator(".pending-move").count() == 1 and page.locator(PASS).count() == 0
    assert page.inner_text(".hand") == hand  # nothing drawn yet
    page.click(".hand button.hand-card >> nth=1")  # anything else takes it back
    page.wait_for_selector("#confirm-bar", state="detached")
    play_one_card(page)
    page.wait_for_selector("#confirm-bar")
    assert page.evaluate("document.activeElement.dataset.pending") == "1"  # the focus stays on it
    page.keyboard.press("Enter")  # the second press plays it
    assert wait_for_player(page) == "pass"
    assert "Boris" in page.inner_text(PASS)
    assert page.locator(".hand").count() == 0
    page.click(act("show-hand"))
    assert page.locator(".seat.me .seat-name").inner_text() == "Boris"


def test_a_double_tap_on_a_move_never_shows_the_next_player_s_hand(page: Page, site_url: str) -> None:
    """The second tap of a double tap on a move landed on the hand-over screen's "Show my cards",
    which had just appeared under the finger: the next player's hand opened to the one who had
    just moved. The button takes no press in the screen's first moments."""
    open_app(page, site_url)
    start_game(page, "klats", [("Anna", "human"), ("Boris", "human")], selects={"confirm_moves": "off"})
    assert wait_for_player(page) == "pass"
    page.click(act("show-hand"))
    assert wait_for_player(page) == "turn"
    # The second tap, as soon as the screen is there (a finger's 250 ms later, or sooner).
    page.evaluate("""() => { new MutationObserver((_, watch) => {
        const show = document.querySelector('#pass-screen [data-action="show-hand"]');
        if (show) { watch.disconnect(); show.click(); setTimeout(() => show.click(), 250); }
      }).observe(document.getElementById('app'), {childList: true, subtree: true}); }""")
    play_one_card(page)
    assert wait_for_player(page) == "pass"
    page.wait_for_timeout(400)
    assert page.locator(PASS).count() == 1 and page.locator(".hand").count() == 0, "Boris's hand shown to Anna"
    page.click(act("show-hand"))  # (Boris, a moment later: the click waits for the button to take presses)
    assert wait_for_player(page) == "turn" and page.locator(".seat.me .seat-name").inner_text() == "Boris"


def test_reload_resumes_mid_game(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page)
    plays = 0
    while plays < 3 or wait_for_player(page) != "turn":
        # A bot may end the round early with a sixth pile: the summary is dismissed like a person would.
        state = wait_for_player(page)
        if state == "interlude":
            page.click(f'#interlude {act("dismiss")}')
        else:
            assert state == "turn"
            if plays < 3:
                play_one_card(page)
                plays += 1
    before_board = page.inner_html(".seats")
    before_log = page.inner_text(".log")
    reload_app(page)
    assert wait_for_player(page) == "turn"
    assert page.inner_html(".seats") == before_board
    assert page.inner_text(".log") == before_log


def test_corrupted_save_is_reported_and_recovered(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page)
    page.evaluate("localStorage.setItem('pygames.save.v1', '{\"v\": 1, \"game\": \"klats\", \"state\": \"{broken')")
    reload_app(page)
    notice = page.inner_text("#notice")
    assert "could not be read" in notice
    page.click(act("dismiss-notice"))
    assert page.locator("#notice").count() == 0
    new_game(page)
    assert wait_for_player(page) == "turn"
    play_one_card(page)


def test_player_names_are_text_not_html(page: Page, site_url: str) -> None:
    evil = "<img src=x onerror=alert(1)>"
    dialogs: list[str] = []

    def on_dialog(d: Dialog) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
    open_app(page, site_url)
    new_game(page, seats=[(evil, "human"), ("Bot", "medium")])
    wait_for_player(page)
    assert page.locator(".seat.me .seat-name").inner_text() == evil
    assert page.locator("#app img").count() == 0
    play_one_card(page)
    wait_for_player(page)
    assert evil in page.inner_text(".log")
    assert not dialogs


def test_keyboard_play(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    new_game(page)
    assert wait_for_player(page) == "turn"
    page.focus(".hand button.hand-card >> nth=0")
    page.keyboard.press("Enter")
    # The focus goes on from the chosen card to the first place it may go: Enter lays it there.
    assert page.evaluate("document.activeElement.dataset.action") == "play"
    page.keyboard.press("Enter")
    page.wait_for_selector(".log li >> text=You")


#: How far a move waiting for its second tap lies under your own row (kept at a phone's foot,
#: over the confirm bar): 0 when it is in view above it, or in that row itself.
UNDER_THE_FOOT = """() => {
  const el = document.querySelector('.pending-move'), foot = document.querySelector('[data-foot]');
  if (!el || !foot || foot.contains(el)) return 0;
  return Math.max(0, el.getBoundingClientRect().bottom - foot.getBoundingClientRect().top);
}"""


def test_on_a_phone_a_waiting_move_is_never_hidden_under_your_own_row(browser: Browser, site_url: str, problems: PageProblems) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url)
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "easy"), ("Bot 2", "easy"), ("Bot 3", "easy")],
               selects={"confirm_moves": "on"})
    assert wait_for_player(page) == "turn"
    page.tap(".hand button.hand-card >> nth=0")
    page.wait_for_selector("button.pile.legal")
    target = page.locator('.seat:not(.me) button.pile.legal').last
    # Scrolled so that it lies just above your row (kept at the screen's foot): the confirm bar
    # about to come lifts your row over it.
    page.evaluate("""() => { const t = [...document.querySelectorAll('.seat:not(.me) button.pile.legal')].pop();
        const foot = document.querySelector('[data-foot]');
        window.scrollBy(0, t.getBoundingClientRect().bottom - foot.getBoundingClientRect().top + 4); }""")
    assert page.evaluate(UNDER_THE_FOOT.replace(".pending-move", "button.pile.legal")) == 0
    target.tap()
    page.wait_for_selector("#confirm-bar")
    page.wait_for_timeout(100)
    assert page.evaluate(UNDER_THE_FOOT) == 0
    ctx.close()
    problems.check()


def test_a_phone_on_its_side_shows_your_row_and_hand_at_once(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """A phone turned on its side (740×360): the phone's one-line top bar, small cards, and your
    row with your hand beside it at the screen's foot, whole, with the others' rows scrolling
    above; nothing wider than the screen; a card placed by two taps."""
    ctx = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "easy"), ("Bot 2", "easy"), ("Bot 3", "easy")])
    assert wait_for_player(page) == "turn"
    page.evaluate("scrollTo(0, 0)")
    (ROOT / "test-results" / "screens").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ROOT / "test-results" / "screens" / "klats-landscape-740x360.png"))
    seen = page.evaluate("""() => {
        const inside = (el) => { const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
        const mine = [...document.querySelectorAll('.seat.me .hand-card, .seat.me .tableau > *')];
        return {mine: mine.length, shown: mine.filter(inside).length,
                foot: Math.round(document.querySelector('.seat.me').getBoundingClientRect().height),
                wide: document.documentElement.scrollWidth - innerWidth}; }""")
    assert seen["mine"] == seen["shown"] == 3 + 6 and seen["wide"] <= 0, seen  # (three cards, six free places)
    assert seen["foot"] <= 360 // 3, seen  # (the others' rows keep two thirds of the screen)
    # The top bar is the phone's one line, its less used buttons in the menu.
    bar = page.locator("#app .topbar").bounding_box()
    assert bar is not None and bar["height"] < 64 and page.is_visible(".menu-toggle"), bar  # (two lines: 80 px)
    page.tap(".hand button.hand-card >> nth=0")
    page.tap(".seat.me button.pile.legal")  # a new pile in front of yourself
    page.wait_for_selector(".seat.me .tableau .pile:not(.slot)")
    assert wait_for_player(page) == "turn"
    ctx.close()
    problems.check()


def test_on_a_phone_the_table_stays_put_between_the_two_taps_of_a_move(browser: Browser, site_url: str,
                                                                      problems: PageProblems) -> None:
    """360×640, touch, in Russian: a card tapped, the places it may go are where they were before the
    tap, and so is the hand (the prompt grew from one line to two and moved them 16 px down, under
    the finger about to tap again)."""
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats", [("Аня", "human"), ("Бот 1", "easy")], selects={"confirm_moves": "off"})
    assert wait_for_player(page) == "turn"
    # (the card chosen rises a little, as meant: the others and the places are measured)
    where = """() => [...document.querySelectorAll('.hand .hand-card, .tableau .pile')]
        .map((el) => el.matches('[aria-pressed="true"]') ? null : Math.round(el.getBoundingClientRect().top))"""
    before = page.evaluate(where)
    page.tap(".hand button.hand-card >> nth=0")
    page.wait_for_selector("button.pile.legal")
    after = page.evaluate(where)
    assert [b for b, a in zip(before, after) if a is not None] == [a for a in after if a is not None], (before, after)
    ctx.close()
    problems.check()


def test_on_a_tablet_six_players_leave_your_row_and_hand_in_view(page: Page, site_url: str) -> None:
    """1024×768, six players: the rows are taller than the screen; yours, with your hand, stays at
    its foot as on a phone (the hand began below the screen, and scrolled down to it, the prompt
    and the places lit for the chosen card went above it)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats", [("Ann", "human")] + [(f"Bot {i}", "easy") for i in range(1, 6)])
    assert wait_for_player(page) == "turn"
    assert page.evaluate("document.documentElement.scrollHeight") > 768  # (it is taller than the screen)
    for selector in (".hand button.hand-card", ".seat.me .tableau"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, (selector, box)


def test_on_a_phone_on_its_side_the_game_over_buttons_take_one_line(page: Page, site_url: str) -> None:
    """740×360, in Russian: Play again, New game and the replay in one line at the dialog's foot (four
    buttons in two lines took a third of the screen, and left the scores 25 px); × shows the table."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 740, "height": 360})
    open_app(page, site_url, "?delay=0&seed=1")
    page.dispatch_event(act("lang", lang="ru"), "click")  # (in the closed phone menu)
    page.wait_for_selector('html[lang="ru"]')
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "easy"), ("Bot 2", "easy")], fills={"opt_target": "20"})
    play_to_the_end(page)
    bar = page.locator(f"{OVER} .actions").bounding_box()
    assert bar is not None and bar["height"] <= 64, bar
    assert page.locator(f"{OVER} .close").is_visible()


def test_a_round_s_summary_on_a_phone_breaks_no_name_inside_a_word(browser: Browser, site_url: str,
                                                                    problems: PageProblems) -> None:
    """Five people on a phone: "Grandp/a" broke in the summary's first column, narrower than
    the name; the column now grows to a name's longest word (up to 5.2em: a 32-letter one still
    wraps), and no word breaks at 390 or 360 px."""
    from test_screens import MEASURE
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    start_game(page, "klats", [("Mom", "easy"), ("Dad", "human"), ("Alice", "easy"), ("Bob", "easy"), ("Grandpa", "easy")])
    for _ in range(200):
        if wait_for_player(page) == "interlude":
            break
        page.locator(".hand button.hand-card").first.tap()
        page.locator("button.pile.legal").first.tap()
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        measured = page.evaluate(MEASURE, [])
        assert not measured["broken"] and not measured["cut"], (width, measured["broken"], measured["cut"])
    ctx.close()
    problems.check()
