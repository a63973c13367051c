"""A whole game of each game played with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrows, Escape.

No mouse click anywhere: the new-game form, every move, every summary and the end are
reached with Tab and pressed with Enter or Space, and the arrows move between the cards
of a hand, the arrows around Зоомагия's field and the choices of RPS-ZOMBIE.  Dialogs take
the focus when they open, keep Tab inside, and give it back when Escape closes them.
"""

from __future__ import annotations

from collections.abc import Iterator

from conftest import open_app, start_game, wait_for_player
from pages import INTERLUDE, OVER, PASS, TURN, act
from playwright.sync_api import Page

#: Enough Tab presses to go round the busiest screen (Зоомагия's table) once.
TAB_LIMIT = 150


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Page, selector: str, backwards: bool = False) -> None:
    """Press Tab (Shift+Tab) until the focus is on ``selector``; fail if it never gets there."""
    for _ in range(TAB_LIMIT):
        if focused(page, selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"{selector} cannot be reached with {'Shift+' if backwards else ''}Tab")


def press_on(page: Page, selector: str, key: str = "Enter", backwards: bool = False) -> None:
    tab_to(page, selector, backwards)
    page.keyboard.press(key)


def focus_index(page: Page, selector: str) -> int:
    """Which of the ``selector`` elements has the focus (-1: none)."""
    return int(page.evaluate("(s) => [...document.querySelectorAll(s)].indexOf(document.activeElement)", selector))


def new_game(page: Page, site_url: str, game: str, fills: dict[str, str] | None = None,
             selects: dict[str, str] | None = None) -> None:
    """Open the site and start ``game`` (you against the form's default bot) by keyboard."""
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=2")
    press_on(page, act("setup", game=game))
    page.wait_for_selector("main.setup")
    # A new screen takes the focus on its heading: the next Tab is the form's first field.
    assert focused(page, "main.setup h1")
    page.keyboard.press("Tab")
    assert focused(page, '[name="seat_name_0"]')
    for name, value in (fills or {}).items():
        tab_to(page, f'[name="{name}"]')
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
    for name, value in (selects or {}).items():
        tab_to(page, f'[name="{name}"]')
        for key in ("ArrowUp",) * 8 + ("ArrowDown",) * 8:  # a closed <select> changes its value with the arrows
            if page.eval_on_selector(f'[name="{name}"]', "(el) => el.value") == value:
                break
            page.keyboard.press(key)
        assert page.eval_on_selector(f'[name="{name}"]', "(el) => el.value") == value
    press_on(page, act("start"))


def arrows_walk(page: Page, group: str, keys: tuple[str, ...]) -> None:
    """The arrow keys move the focus between the items of ``group`` (it must be on one of them)."""
    start = focus_index(page, group)
    assert start >= 0, f"the focus is not on {group}"
    if page.locator(group).count() < 2:
        return
    for key in keys:
        before = focus_index(page, group)
        page.keyboard.press(key)
        after = focus_index(page, group)
        assert after >= 0 and after != before, f"{key} did not move between {group} ({before} -> {after})"


def finish(page: Page) -> None:
    """The end: the dialog holds the focus and Tab; Escape closes it, the focus goes to 'Results'."""
    page.wait_for_selector(OVER)
    # Its heading, not Play again: an Enter pressed twice for the last move must not start over.
    assert focused(page, f"{OVER} h2"), "the game-over dialog takes the focus"
    page.keyboard.press("Enter")
    assert page.locator(OVER).count() == 1 and focused(page, f"{OVER} h2")
    for _ in range(12):
        page.keyboard.press("Tab")
        assert focused(page, f"{OVER} *"), "Tab stays inside the dialog"
    page.keyboard.press("Shift+Tab")
    assert focused(page, f"{OVER} *")
    page.keyboard.press("Escape")
    page.wait_for_selector(OVER, state="detached")
    assert focused(page, act("show-results")), "the focus returns to the button that reopens it"
    page.keyboard.press("Space")
    page.wait_for_selector(OVER)
    assert focused(page, f"{OVER} h2")
    # "See the table" by keyboard: the focus goes where the summary comes back from, not nowhere.
    press_on(page, f'{OVER} .actions {act("close-results")}')
    page.wait_for_selector(OVER, state="detached")
    assert focused(page, act("show-results"))


def summary(page: Page, key: str = "Enter") -> None:
    """A summary between rounds has the focus on its button: Enter goes on (Escape too: it closes it)."""
    assert focused(page, f"{INTERLUDE} button"), "the summary takes the focus"
    page.keyboard.press(key)
    page.wait_for_selector(INTERLUDE, state="detached")


def my_turns(page: Page, limit: int) -> Iterator[int]:
    """Play on by keyboard until the game ends: summaries between rounds are passed with Enter,
    and each of the player's turns is yielded (its number) for the caller to play."""
    for turn in range(limit):
        state = wait_for_player(page)
        if state == "over":
            return
        if state == "interlude":
            summary(page)
            continue
        assert state == "turn", state
        yield turn
    raise AssertionError(f"the game did not end in {limit} steps")


def test_klats_by_keyboard(page: Page, site_url: str) -> None:
    new_game(page, site_url, "klats", fills={"opt_target": "40"})
    page.wait_for_selector("#key-guide", state="visible")  # keys were pressed: the one-line guide shows
    assert "Enter" in page.inner_text("#key-guide")
    walked = crossed = False
    # Each time the prompt takes the focus a screen reader reads it again: once after each move,
    # not again with every bot move drawn (the page must not drop its focus and take it back).
    page.evaluate("""() => { window.promptFocus = 0;
        document.addEventListener('focusin', (e) => { if (e.target.id === 'prompt') window.promptFocus++; }); }""")
    moves = 0
    for _ in my_turns(page, 300):
        if moves == 1:
            assert focused(page, "#prompt") and page.evaluate("window.promptFocus") == 1
        moves += 1
        if not focused(page, ".hand button.hand-card"):
            tab_to(page, ".hand button.hand-card")
        if not walked:
            arrows_walk(page, ".hand button.hand-card", ("ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home"))
            walked = True
        page.keyboard.press("Enter")  # choose the card: the focus goes on to the first place for it
        page.wait_for_selector(".hand button.hand-card.selected")
        # … in the player's own row when it may go there (Enter, Enter never gives a card away).
        own = ".seat.me button.pile.legal"
        assert focus_index(page, own if page.locator(own).count() else "button.pile.legal") == 0
        if not crossed:  # down off the places: back on the chosen card; up again: on its places
            for _ in range(8):
                page.keyboard.press("ArrowDown")
                if focused(page, ".hand button.hand-card.selected"):
                    break
            assert focused(page, ".hand button.hand-card.selected")
            page.keyboard.press("ArrowUp")
            assert focus_index(page, "button.pile.legal") >= 0
            crossed = True
        page.keyboard.press("Space")
    assert walked
    finish(page)


def test_zoomagia_by_keyboard(page: Page, site_url: str) -> None:
    new_game(page, site_url, "zoomagia")
    walked = hinted = took = False
    for _ in range(600):
        state = wait_for_player(page)
        if state == "over":
            break
        assert state == "turn", state
        phase = page.get_attribute(".zm-table", "data-phase")
        if phase == "push" and not hinted:  # a hint asked for: its arrow gets the focus, Enter pushes it
            press_on(page, act("hint"))
            page.wait_for_selector('#hint[data-ready="true"]', timeout=30_000)
            assert focused(page, "button.zm-arrow.hint-lit"), "the hinted arrow has the focus"
            hinted = True
        if phase == "push":
            tab_to(page, "button.zm-arrow:enabled")
            if not walked:
                arrows_walk(page, ".zm-field button:enabled", ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"))
                walked = True
            page.keyboard.press("Enter")
        elif phase == "take":
            animal = '#decide button.zm-opt[data-what="animal"]'
            if not took and page.locator(animal).count():  # the animal: its row's refill is next …
                press_on(page, animal)
                page.wait_for_selector('.zm-table[data-phase="refill"]')
                # … the focus on the first card to put in (not on a cell of the field, where Enter did nothing)
                assert focused(page, '#to-place [data-action="zm-place"]'), "the focus goes to the first card to place"
                took = True
            else:
                press_on(page, "#decide button.zm-opt")
        elif phase == "refill":
            while page.locator("#to-place button.zm-pick").count():
                press_on(page, "#to-place button.zm-pick")
            if not page.locator(f'#decide {act("zm-empty")}').count():  # the last card placed: "Done" next
                assert focused(page, f'#decide {act("refill")}'), "the row is full: the focus goes to Done"
            while page.locator(f'#decide {act("zm-empty")}').count():
                press_on(page, f'#decide {act("zm-empty")}')
            press_on(page, f'#decide {act("refill")}')
        elif phase == "discard":
            press_on(page, "#decide button.zm-pick")
        elif phase == "bank":
            press_on(page, f'#decide {act("bank")}')
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
    else:
        raise AssertionError("the game did not end")
    assert walked and took
    finish(page)


def test_rps_zombie_by_keyboard(page: Page, site_url: str) -> None:
    new_game(page, site_url, "rps_zombie", selects={"opt_first_player": "throw"})
    page.wait_for_selector(f"{INTERLUDE} .rz-throw")
    summary(page, "Escape")  # (as the key guide says: Esc closes)
    walked = False
    for turn in my_turns(page, 400):
        choices = f'.rz-choices button{act("decide")}'
        tab_to(page, choices)
        if not walked and page.locator(choices).count() > 1:
            arrows_walk(page, choices, ("ArrowRight", "ArrowLeft", "End"))
            walked = True
        page.keyboard.press("Enter" if turn % 2 else "Space")
    assert walked
    finish(page)


def test_pass_and_play_by_keyboard(page: Page, site_url: str) -> None:
    """Two people at one device: the pass screen has the focus on its heading (an Enter pressed
    twice after a move must not show the next hand), its button one Tab away; Escape takes back
    a move waiting for its second press, then a card picked from the hand."""
    new_game(page, site_url, "klats", fills={"opt_target": "1"}, selects={"seat_kind_1": "human"})
    assert wait_for_player(page) == "pass"
    assert focused(page, f"{PASS} #pass-title"), "the pass screen takes the focus, on its heading"
    page.keyboard.press("Enter")
    page.wait_for_timeout(200)
    assert wait_for_player(page) == "pass", "Enter on the heading shows no hand"
    page.keyboard.press("Tab")  # (in the screen's first moments too: its button takes no press yet, but the focus)
    assert focused(page, f'{PASS} {act("show-hand")}'), "Tab stays on the pass screen, on its button"
    page.wait_for_selector(f'{PASS} {act("show-hand")}:not([aria-disabled])')
    page.keyboard.press("Enter")
    assert wait_for_player(page) == "turn"
    tab_to(page, ".hand button.hand-card")
    page.keyboard.press("Enter")  # a card picked …
    page.wait_for_selector(".hand button.hand-card.selected")
    page.keyboard.press("Escape")  # … put back, the focus on it (to pick another with the arrows)
    page.wait_for_selector(".hand button.hand-card.selected", state="detached")
    assert focused(page, ".hand button.hand-card"), "the card put back keeps the focus"
    page.keyboard.press("Enter")
    page.wait_for_selector("button.pile.legal")
    page.keyboard.press("Enter")  # the move is shown in place, waiting for its second press …
    page.wait_for_selector(".confirm-bar")
    page.keyboard.press("Escape")  # … taken back (the card stays picked, for another place) …
    page.wait_for_selector(".confirm-bar", state="detached")
    assert wait_for_player(page) == "turn" and page.locator(".hand button.hand-card.selected").count() == 1
    assert focused(page, "button.pile.legal"), "the place that made the move keeps the focus"
    page.keyboard.press("Escape")  # … and the next Escape puts the card back
    page.wait_for_selector(".hand button.hand-card.selected", state="detached")
    assert focused(page, ".hand button.hand-card")
    tab_to(page, ".hand button.hand-card")
    page.keyboard.press("Enter")
    page.wait_for_selector("button.pile.legal")
    page.keyboard.press("Enter")
    page.wait_for_selector(".confirm-bar")
    page.keyboard.press("Enter")  # the second press plays it: the device goes to the other player …
    page.keyboard.press("Enter")  # … and an impatient extra Enter does not show his hand
    page.wait_for_timeout(200)
    assert wait_for_player(page) in ("pass", "interlude", "over")


def test_the_form_s_players_are_added_and_removed_by_keyboard(page: Page, site_url: str) -> None:
    """A player added: his name is next to type (the focus fell to the heading once the form was
    full); the last ✕ a player can press hands the focus to "Add a player"."""
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=2")
    press_on(page, act("setup", game="klats"))
    page.wait_for_selector("main.setup")
    while page.locator(act("add-seat") + ":enabled").count():
        press_on(page, act("add-seat"))
        rows = page.locator(".seat-row").count()
        assert focused(page, f'[name="seat_name_{rows - 1}"]'), "a player added: his name is next"
    page.keyboard.press("Control+A")
    page.keyboard.type("Zed")
    assert page.input_value(f'[name="seat_name_{rows - 1}"]') == "Zed"
    while page.locator(act("remove-seat") + ":enabled").count():
        press_on(page, act("remove-seat") + ":enabled")
    assert focused(page, act("add-seat")), "at the fewest players, Add a player has the focus"
    tab_to(page, '[name="seat_name_0"]', backwards=True)
    page.keyboard.press("Control+A")
    page.keyboard.type("Zed")
    page.keyboard.press("Enter")  # a name typed, Enter starts the game, as in a form
    page.wait_for_selector("main.table-screen")
    assert "Zed" in page.inner_text("main.table-screen")
    page.go_back()  # … and so does a number typed in the target's box
    page.wait_for_selector("main.setup")
    tab_to(page, '[name="opt_target"]')
    page.keyboard.press("Control+A")
    page.keyboard.type("40")
    page.keyboard.press("Enter")
    page.wait_for_selector("main.table-screen")
    assert "Play to 40" in page.inner_text(".klats-table .status-line")


def test_back_from_a_screen_gives_the_focus_to_the_control_that_left_it(page: Page, site_url: str) -> None:
    """Rules read, Back (the page's own, or the browser's): the focus is on the Rules button that
    was pressed, not at the top of the home screen, three games' buttons away."""
    open_app(page, site_url, "?delay=0&seed=2")
    rules = act("rules", game="zoomagia")
    press_on(page, rules)
    page.wait_for_selector("main.rules")
    assert focused(page, "main.rules h1")  # a new screen: its heading
    press_on(page, f'main.rules {act("back")}')
    page.wait_for_selector("main.home")
    assert focused(page, rules)
    page.keyboard.press("Enter")
    page.wait_for_selector("main.rules")
    page.go_back()
    page.wait_for_selector("main.home")
    assert focused(page, rules)


def test_the_key_guide_shows_once_a_key_moves_around_the_page_not_before(page: Page, site_url: str) -> None:
    """A player with a mouse or a finger never sees the line of keys; the first Tab shows it. It says
    what the arrows move among at each game's table (RPS has neither cards nor places to go)."""
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("setup", game="klats"))
    page.click(act("start"))
    page.wait_for_selector(TURN)
    assert page.locator("#key-guide").count() == 1 and not page.is_visible("#key-guide")
    page.keyboard.press("Tab")
    page.wait_for_selector("#key-guide", state="visible")
    for game, among in (("klats", "among cards and places"), ("zoomagia", "around the field"), ("rps_zombie", "among the choices")):
        if game != "klats":
            page.click(f'.topbar {act("home")}')
            page.click(act("setup", game=game))
            page.click(act("start"))
            page.wait_for_selector(f'main[data-game="{game}"] #key-guide', state="visible")
        assert among in page.inner_text("#key-guide"), (game, page.inner_text("#key-guide"))
        # One line at a desktop's width, in either language (its text node's lines, counted).
        for lang in ("ru", "en"):
            page.locator(act("lang", lang=lang)).focus()
            page.keyboard.press("Enter")
            page.wait_for_selector(f'html[lang="{lang}"] #key-guide', state="visible")
            lines = page.evaluate("""() => { const r = document.createRange();
                r.selectNodeContents(document.getElementById('key-guide'));
                return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; }""")
            assert lines == 1, (lang, page.inner_text("#key-guide"))


def test_the_move_log_keeps_the_focus_while_the_bots_play_and_after(page: Page, site_url: str) -> None:
    """A player reading the moves (the log panel focused) stays there when his turn comes back:
    the focus was pulled to the prompt each time, the panel not found again after the redraw."""
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=700&seed=2")
    start_game(page, "klats", [("Ann", "human"), ("Bot", "medium")])
    page.wait_for_selector(TURN)
    press_on(page, ".hand button.hand-card")
    page.wait_for_selector("button.pile.legal:focus")
    page.keyboard.press("Enter")  # the move: the bot's turn, 0.7 s to look round
    page.focus("#move-log")
    page.wait_for_selector('html[data-bots="idle"]')
    page.wait_for_selector(TURN)
    assert focused(page, "#move-log"), page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
