"""Every screen has an address: Back and Forward move between screens, a reload shows the same
one, a rules address can be shared, and the first screens answer before Python is ready."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS, PageProblems, bare, open_app, start_game
from pages import READY, TURN, act
from playwright.sync_api import Locator, Page, Route

#: The interpreter (a first visit's is its gzipped twin, pyodide.asm.wasm.gz): while it is held
#: back, Python cannot be ready (a slow network, made certain).
INTERPRETER = "**/pyodide/pyodide.asm.wasm*"


def screen(page: Page) -> str | None:
    return page.get_attribute("html", "data-screen")


def hold_interpreter(page: Page) -> list[Route]:
    """Hold the interpreter's download back, as a slow network would (the page's own first bytes
    come at once): what the page shows and does before Python is ready is then certain, however
    busy the machine. :func:`release` lets it come."""
    held: list[Route] = []
    page.route(INTERPRETER, lambda route: held.append(route))
    return held


def release(page: Page, held: list[Route]) -> None:
    for route in held:
        route.continue_()
    page.unroute(INTERPRETER)


def test_back_and_forward_move_between_screens_and_never_lose_the_game(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    assert page.url.endswith("#/") and screen(page) == "home"
    page.click(act("rules", game="zoomagia"))
    page.wait_for_selector("main.rules")
    assert page.url.endswith("#/rules/zoomagia")
    assert page.title() == "Rules: Zoomagia — pygames"  # the tab and the history list name the screen
    page.go_back()
    page.wait_for_selector(".game-card")
    assert screen(page) == "home"
    page.go_forward()
    page.wait_for_selector("main.rules")
    page.reload()  # a reload shows the same screen
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert screen(page) == "rules" and page.url.endswith("#/rules/zoomagia")
    page.click(act("back"))  # the page's own Back: the browser's history steps back too
    page.wait_for_selector(".game-card")
    # A game, then its rules from the top bar, then the browser's Back: the same table, the same game.
    start_game(page, "klats")
    page.wait_for_selector(TURN)
    assert page.url.endswith("#/play")
    hand = page.inner_text(".hand")
    page.click(act("rules", game="klats"))
    page.wait_for_selector("main.rules")
    page.go_back()
    page.wait_for_selector(TURN)
    assert screen(page) == "table" and page.inner_text(".hand") == hand
    page.go_back()  # to the new-game form, whose first button leads back to the game
    page.wait_for_selector(f'main.setup h1 + p {act("resume")}')
    page.go_back()  # home, where the game waits to be resumed
    page.wait_for_selector(f'main.home {act("resume")}')


def test_back_opens_each_screen_at_its_top(page: Page, site_url: str) -> None:
    """On a phone the new-game form is left from its Start button, far down: Back from the table
    shows the form from its top, as any screen opens (not where the page was when it was left)."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, site_url)
    page.click(act("setup", game="zoomagia"))
    page.wait_for_selector(act("start"))
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200  # (the form is longer than the screen)
    page.click(act("start"))
    page.wait_for_selector(".zm-table")
    page.go_back()
    page.wait_for_selector(act("start"))
    page.wait_for_timeout(100)  # (the browser would restore its old place after the screen is drawn)
    assert page.evaluate("window.scrollY") == 0


def test_a_shared_rules_address_opens_the_rules(page: Page, site_url: str) -> None:
    page.goto(site_url + bare("?delay=20#/rules/rps_zombie"))
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert screen(page) == "rules" and page.is_visible("main.rules")
    page.click(act("back"))  # nothing before it on this site: home
    page.wait_for_selector(".game-card")
    assert page.url.endswith("#/")


def test_the_first_screens_answer_before_python_is_ready(page: Page, site_url: str, problems: PageProblems) -> None:
    """On a slow network the home screen, the rules and the form show at once and answer clicks;
    a Start pressed early starts the game once Python is ready."""
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20&seed=1", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] .game-card', timeout=20_000)
    assert page.get_attribute("html", "data-app-state") == "loading"
    page.click(act("rules", game="klats"))
    page.wait_for_selector("main.rules")
    assert page.url.endswith("#/rules/klats")
    page.click(act("lang", lang="ru"))
    page.wait_for_selector('html[lang="ru"] main.rules')
    page.click(act("back"))
    page.wait_for_selector(".game-card")
    page.click(act("setup", game="klats"))
    page.fill('[name="seat_name_0"]', "Аня")
    page.click(act("start"))
    page.wait_for_selector('html[data-early="waiting"]')
    assert page.get_attribute("html", "data-app-state") == "loading"
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(TURN)  # the game the early Start asked for, in Russian, with the name typed
    assert screen(page) == "table" and page.get_attribute("html", "lang") == "ru"
    assert "Аня" in page.inner_text(".table-screen")


def test_a_guided_game_kept_alone_is_not_preceded_by_the_home_screen(page: Page, site_url: str) -> None:
    """Python takes up the game at the table last, a guided one too: the page before it shows the
    loading screen then, not a home screen that the table would replace a moment later."""
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20&seed=1", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] .game-card', timeout=20_000)
    page.evaluate("""() => { localStorage.setItem('pygames.save.guide', '{}');
                            localStorage.setItem('pygames.save.last', 'pygames.save.guide'); }""")
    page.reload(wait_until="domcontentloaded")  # (prepage.js runs as the page is parsed)
    assert page.get_attribute("html", "data-early") is None and page.locator(".game-card").count() == 0
    page.evaluate("() => localStorage.setItem('pygames.save.last', 'pygames.save.v1')")  # the save's slot: empty
    page.reload(wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-early") == "shown"
    release(page, held)


def test_the_form_reloaded_at_its_address_keeps_the_choices_it_remembers(page: Page, site_url: str) -> None:
    """F5 on the new-game form (or its address opened): the form the build drew first must not
    hand its own defaults to the app as if typed; only what the player changed there is."""
    open_app(page, site_url)
    page.click(act("setup", game="klats"))
    page.click(act("add-seat"))
    for i, name in enumerate(("Anna", "Boris", "Vera")):
        page.fill(f'[name="seat_name_{i}"]', name)
        page.select_option(f'[name="seat_kind_{i}"]', "human")
    page.fill('[name="opt_target"]', "40")
    page.click(act("start"))  # (the form is remembered for the next game of Клац!)
    page.wait_for_selector(".table-screen")
    page.goto(page.url.partition("#")[0] + "#/new/klats")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("main.setup")
    assert [page.input_value(f'[name="seat_name_{i}"]') for i in range(3)] == ["Anna", "Boris", "Vera"]
    assert page.input_value('[name="seat_kind_1"]') == "human" and page.input_value('[name="opt_target"]') == "40"


def test_a_replay_link_says_which_game_before_python_is_ready(page: Page, site_url: str) -> None:
    """A shared replay link on a slow network: its loading screen names the game and its moves at once."""
    import random

    from pygames_ui.history import link_fragment
    from pygames_ui.session import Seat, Session

    session = Session.new("klats", [Seat("Anna", "easy"), Seat("Борис", "easy")], {"target": 20}, seed=3)
    rng = random.Random(3)
    while not session.game.is_over(session.state):
        session.apply(rng.choice(session.game.legal_actions(session.state)))
    moves = len(session.record["actions"])
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20", warm=False) + link_fragment(session.record, session.seats),
              wait_until="commit")
    page.wait_for_selector('html[data-early="replay"] .boot-replay', timeout=20_000)
    assert page.inner_text(".boot-replay") == f"Replay of Klats!, {moves} moves — loading…"
    assert page.get_attribute("html", "data-app-state") == "loading"
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(f'main.replay-screen[data-game="klats"][data-last="{moves}"]')
    assert page.get_attribute("html", "data-early") is None  # (the loading screen's mark goes with it)


def test_an_invite_says_who_invites_to_which_game_before_python_is_ready(page: Page, site_url: str) -> None:
    """A friend's invite on a slow first visit: its loading screen says who invites to what, at once."""
    from pygames_core import games
    from pygames_ui.devices import invite

    offer = invite.Endpoint("aCUy", "W" * 24, bytes(32), "actpass", (("5431ea29-e99e-4300-a2a5-8ae69ad7fe13.local", 47115),))
    text = invite.write_invite(invite.Invite("zoomagia", 2, 4, "Анна", bytes(16), offer), games.names())
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20", warm=False) + invite.JOIN_PREFIX + text, wait_until="commit")
    page.wait_for_selector('html[data-early="invite"] .boot-replay', timeout=20_000)
    assert page.inner_text(".boot-replay") == "Анна invites you to Zoomagia, seat 3 — loading…"
    assert page.get_attribute("html", "data-app-state") == "loading"
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.inner_text("main.join h1") == "Анна invites you to Zoomagia"


def test_what_was_said_of_an_address_goes_when_another_is_opened(page: Page, site_url: str) -> None:
    """A broken link's notice, then another address typed into the same tab: the notice of the
    first is not left over the screen of the second (Back keeps it, as it keeps the screen)."""
    open_app(page, site_url)
    page.evaluate("() => { location.hash = '#a=not-an-answer'; }")
    page.wait_for_selector("#notice")
    page.evaluate("() => { location.hash = '#/rules/klats'; }")
    page.wait_for_selector("main.rules")
    assert page.locator("#notice").count() == 0


def test_every_click_kept_before_python_is_made_and_the_loading_line_speaks_the_language_chosen(
        page: Page, site_url: str) -> None:
    """Start, then another tap on the form, before Python is ready: both are made in order (the
    game starts; the later tap used to replace the Start). The loading line at the foot follows
    the language chosen on the first screen and says what the kept taps will do."""
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20&seed=1#/new/klats", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] main.setup', timeout=20_000)
    page.click(act("lang", lang="ru"))
    page.wait_for_selector('html[lang="ru"] main.setup')
    page.locator("#boot-stage", has_text="Загружаем").wait_for(timeout=20_000)  # (not "Downloading")
    page.click(act("add-seat"))
    page.wait_for_selector('html[data-early="waiting"]')
    assert "запомнен" in page.inner_text("#boot-stage")  # a choice kept, no game promised
    page.click(act("start"))
    assert "Игра начнётся" in page.inner_text("#boot-stage")
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(TURN)
    assert screen(page) == "table" and page.locator(".klats-table .seat").count() == 3  # the seat added, then Start


def test_the_first_screen_is_taken_over_where_the_player_has_scrolled_to(page: Page, site_url: str) -> None:
    """A phone reading the rules before Python is ready: where it has scrolled to stays as the
    live page takes over. A part tapped in the rules' list at the top brings its heading to the
    top of the screen, focused, on the first screen drawn before Python and on the live one alike."""
    held = hold_interpreter(page)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + bare("?delay=20&seed=1#/rules/klats", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] main.rules', timeout=20_000)
    jumps = page.locator(f'main.rules .rules-contents {act("jump")}')

    def jump(button: Locator) -> None:
        to = button.get_attribute("data-to")
        button.click()
        heading = page.locator(f"main.rules h2#{to}")
        box = heading.bounding_box()
        assert box and 0 <= box["y"] <= 20 and heading.evaluate("(h) => h === document.activeElement"), box

    jump(jumps.nth(1))
    page.evaluate("() => scrollTo(0, 0)")
    page.mouse.wheel(0, 900)
    page.wait_for_timeout(200)
    before = page.evaluate("() => scrollY")
    assert before > 500
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert abs(page.evaluate("() => scrollY") - before) < 50  # reading on, not sent back to the top
    page.evaluate("() => scrollTo(0, 0)")
    jump(jumps.nth(1))


def test_a_name_typed_before_python_is_ready_shows_in_who_starts_and_enter_starts(page: Page, site_url: str) -> None:
    """The form as prepage.js drew it answers the keyboard as the live one does: a name typed is
    listed at once under "Who starts"; Enter in it presses Start (kept, made once Python is ready)."""
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20&seed=1#/new/klats", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] main.setup', timeout=20_000)
    page.fill('[name="seat_name_0"]', "\u202e")
    assert page.locator('[data-mirror="seat_name_0"]').first.inner_text() == "Player 1"  # (what shows nothing is no name)
    page.fill('[name="seat_name_0"]', "  Ann \u202e  Lee ")
    assert page.locator('[data-mirror="seat_name_0"]').first.inner_text() == "Ann Lee"
    page.focus('[name="seat_name_0"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('html[data-early="waiting"]')
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(TURN)
    assert screen(page) == "table" and "Ann Lee" in page.inner_text(".table-screen")


def test_each_first_screen_is_the_one_python_draws_so_the_hand_over_shows_no_flash(page: Page, site_url: str) -> None:
    """Home, every rules page and every new-game form, in both languages, as the build drew them
    (shown before Python is ready) and as the live app draws them once it is: the same HTML, so
    the page does not change under the player's eyes when Python takes over."""
    from prerender import routes  # (the screens the build draws: tools/prerender.py)

    screen_of = {route.fragment(): route.screen for route in routes()}
    addresses = list(screen_of)
    early: dict[tuple[str, str], str] = {}
    held = hold_interpreter(page)
    page.goto(site_url + bare("?delay=20&seed=1", warm=False), wait_until="commit")
    page.wait_for_selector('html[data-early="shown"] .game-card', timeout=20_000)
    for lang in ("en", "ru"):
        for address in addresses:
            page.evaluate("(a) => { location.hash = a; }", address)
            page.wait_for_selector(f'html[lang="{lang}"][data-screen="{screen_of[address]}"]')
            early[lang, address] = page.inner_html("#app")
        if lang == "en":
            page.click(act("lang", lang="ru"))
            page.wait_for_selector('html[lang="ru"]')
    assert len(set(early.values())) == 2 * len(addresses), "every screen, in each language, drawn before Python is ready"
    release(page, held)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    differ = []
    for lang in ("ru", "en"):
        for address in reversed(addresses):
            page.evaluate("(a) => { location.hash = a; }", address)
            page.wait_for_selector(f'html[lang="{lang}"][data-screen="{screen_of[address]}"]')
            if page.inner_html("#app") != early[lang, address]:
                differ.append(f"{lang} {address}")
        if lang == "ru":
            page.click(act("lang", lang="en"))
            page.wait_for_selector('html[lang="en"]')
    assert not differ, differ
