"""Every screen of every game, as a player sees it, at 1280×800 and 360×640, in English and Russian.

Each screen is visited once with :func:`visit`: it takes a full-page screenshot per size and
language into ``test-results/screens/<game>-<screen>-<lang>-<w>x<h>.png`` (to be looked at)
and checks what a player would notice at once: nothing wider than the screen, nothing cut
inside a box (a name, a card label, a list number), a one-line top bar on a phone, and the
controls the screen is for inside the view.  Further per-screen checks (an accessibility
audit, say) belong in :func:`visit` too: every screen passes through it.

The games are played fast (``?delay=0&seed=1``) on one page per game, with reduced motion
(the screenshots show every screen at rest, not half-way through a move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest
from axe_audit import audit
from conftest import ROOT, PageProblems, in_every_lang_and_size, open_app, start_game, wait_for_player
from pages import INTERLUDE, OVER, PASS, act
from playwright.sync_api import Browser, Page
from test_klats import play_to_the_end

OUT = ROOT / "test-results" / "screens"
PHONE_BAR_MAX_PX = 56
LONG_NAME = "W" * 32  # the longest name the form takes, with no place to break it
BOT = ""  # a seat kind: the bot the form offers by default

#: One round trip through the page: sizes, overflow inside boxes, list numbers, where things are.
MEASURE = """(mustSee) => {
  const doc = document.documentElement;
  const out = {scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, innerHeight: window.innerHeight,
               cut: [], numbers: [], outside: [], bar: null, wide: []};
  const bar = document.querySelector('.topbar');
  if (bar) out.bar = bar.getBoundingClientRect().height;
  const label = (el) => (el.id ? '#' + el.id : '') + '.' + [...el.classList].join('.') + ' "' +
      (el.textContent || '').trim().slice(0, 40) + '"';
  for (const el of document.querySelectorAll('#app *')) {
    // (Form controls are left out: a long name in a select or input shows cut, as native controls do.)
    if (el.closest('.sr, [hidden], svg, select, input') || !el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    // A box that hides or scrolls what does not fit: a name, a card label, a dialog column.
    if (st.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
      out.cut.push(`${label(el)} ${el.scrollWidth}px in ${el.clientWidth}px`);
    } else if (st.textOverflow === 'ellipsis') {
      // An ellipsis shows for a fraction of a pixel too much, which scrollWidth rounds away.
      const text = document.createRange();
      text.selectNodeContents(el);
      const room = el.getBoundingClientRect().width - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)
          - parseFloat(st.borderLeftWidth) - parseFloat(st.borderRightWidth);
      const need = text.getBoundingClientRect().width;
      if (need > room + 0.05) out.cut.push(`${label(el)} ${need.toFixed(1)}px in ${room.toFixed(1)}px`);
    }
  }
  // A choice of ours cut in its box ("Бот (средни…"): the chosen option's words, beside the arrow.
  const pen = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll('#app select')) {
    if (s.closest('.sr, [hidden]') || !s.getClientRects().length) continue;
    const st = getComputedStyle(s);
    const text = s.options[s.selectedIndex]?.text ?? '';
    if (text.length > 24) continue;  // (a typed name that cannot fit, as in the checks below)
    pen.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;  // (the arrow)
    const need = pen.measureText(text).width;
    if (need > room) out.cut.push(`select[name=${s.name}] "${text}" ${need.toFixed(0)}px in ${room.toFixed(0)}px`);
  }
  // What sticks out on the right, when the page is wider than the window (outermost first).
  out.wide = [...document.querySelectorAll('body *')].filter(el => el.getBoundingClientRect().right > window.innerWidth + 1
      && !el.parentElement.closest('.sr')).slice(0, 3).map(label);
  const canvas = document.createElement('canvas').getContext('2d');
  for (const ol of document.querySelectorAll('#app ol')) {
    const items = ol.querySelectorAll(':scope > li');
    if (!items.length || getComputedStyle(ol).listStyleType === 'none') continue;
    const st = getComputedStyle(items[0]);
    if (st.display !== 'list-item' || st.listStylePosition === 'inside') continue;
    // (an item may carry its own number: the move log's lines keep their numbers in the game)
    const biggest = Math.max(ol.reversed ? (ol.hasAttribute('start') ? ol.start : items.length) : ol.start + items.length - 1,
                             ...[...items].map(li => li.hasAttribute('value') ? li.value : 0));
    canvas.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const need = canvas.measureText(`${biggest}. `).width;
    const room = parseFloat(getComputedStyle(ol).paddingLeft) + parseFloat(st.marginLeft);
    if (room < need) out.numbers.push(`${label(ol)}: ${biggest}. needs ${need.toFixed(0)}px, has ${room.toFixed(0)}px`);
  }
  // A word broken across two lines (Ножниц/ы): a word that fits its box must not break.
  out.broken = [];
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && out.broken.length < 5; node = walker.nextNode()) {
    const host = node.parentElement;
    if (!host || host.closest('.sr, [hidden], svg, select, input, textarea, option') || !host.getClientRects().length) continue;
    const text = node.textContent;
    for (const m of text.matchAll(/[\\p{L}\\p{N}]{2,}/gu)) {
      if (m[0].length > 24) continue;  // longer than any word of ours: a typed name that cannot fit
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) out.broken.push(`${label(host)}: "${m[0]}"`);
    }
  }
  // Text that spills out of the box drawn around it (a card, a hole, a button, a panel):
  // «Ножницы» wider than its card, "свободно" running into the next hole.
  out.spill = [];
  const texts = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node && out.spill.length < 5; node = texts.nextNode()) {
    const host = node.parentElement;
    if (!node.textContent.trim() || !host || host.closest('.sr, [hidden], svg, select, input, textarea, option')
        || !host.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (!rects.length) continue;
    const left = Math.min(...rects.map(r => r.left)), right = Math.max(...rects.map(r => r.right));
    for (let box = host; box && box.id !== 'app'; box = box.parentElement) {
      const bs = getComputedStyle(box);
      const drawn = (parseFloat(bs.borderLeftWidth) > 0 && parseFloat(bs.borderRightWidth) > 0)
          || bs.backgroundColor !== 'rgba(0, 0, 0, 0)';
      if (!drawn) continue;
      const b = box.getBoundingClientRect();
      if (left < b.left - 1 || right > b.right + 1) out.spill.push(`${label(host)} out of ${label(box)}`);
      break;
    }
  }
  for (const sel of mustSee) {
    const el = document.querySelector(sel);
    if (!el) { out.outside.push(`${sel}: missing`); continue; }
    const r = el.getBoundingClientRect();
    let ok = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    // Inside a scrolling panel it must be in the panel's visible part too.
    for (let p = el.parentElement; p && ok; p = p.parentElement) {
      const ps = getComputedStyle(p);
      if (ps.overflowY === 'visible' && ps.overflowX === 'visible') continue;
      const pr = p.getBoundingClientRect();
      ok = r.top >= pr.top - 1 && r.bottom <= pr.bottom + 1 && r.left >= pr.left - 1 && r.right <= pr.right + 1;
    }
    if (!ok) out.outside.push(`${sel}: ${r.top.toFixed(0)}..${r.bottom.toFixed(0)} px`);
  }
  return out;
}"""


def visit(page: Page, game: str, screen: str, must_see: tuple[str, ...] = (),
          phone_must_see: tuple[str, ...] = (), before: Callable[[], None] | None = None, axe: bool = True) -> None:
    """Screenshot and check the screen on the page now, at every size and in every language.

    ``must_see``: selectors of the controls the screen is for, which must be in view without
    scrolling (at every size; ``phone_must_see`` only at the phone size).  ``before`` runs
    after each change of language and size (e.g. to open a menu).  ``axe``: the screen is
    not audited here where another test audits it (the replay viewer: test_a11y.py).
    """
    OUT.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for lang, w, h in in_every_lang_and_size(page):
        if before is not None:
            before()
        shot = f"{game}-{screen}-{lang}-{w}x{h}"
        page.screenshot(path=str(OUT / f"{shot}.png"), full_page=True)
        seen = must_see + (phone_must_see if w < 600 else ())
        m = page.evaluate(MEASURE, list(seen))
        if m["scrollWidth"] > m["innerWidth"]:
            problems.append(f"{shot}: {m['scrollWidth']}px wide in a {m['innerWidth']}px window: {m['wide']}")
        if w < 600 and m["bar"] is not None and m["bar"] > PHONE_BAR_MAX_PX:
            problems.append(f"{shot}: the top bar is {m['bar']:.0f}px high")
        problems += [f"{shot}: cut inside its box: {x}" for x in m["cut"]]
        problems += [f"{shot}: list number cut: {x}" for x in m["numbers"]]
        problems += [f"{shot}: not in view: {x}" for x in m["outside"]]
        problems += [f"{shot}: a word broken across lines: {x}" for x in m["broken"]]
        problems += [f"{shot}: text out of its box: {x}" for x in m["spill"]]
        # No axe-core violation of any impact, on every screen at both sizes in both languages
        # (a name that no longer matches the words a control shows is a language's own finding).
        if axe:
            problems += audit(page, shot)
    assert not problems, "\n".join(problems)


def open_site(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=1")


def nav(page: Page, selector: str) -> None:
    """Click a top-bar button the way a player can at the current size (through the menu on a phone)."""
    if page.is_visible(".menu-toggle"):
        page.click(".menu-toggle")
    page.click(f".topbar {selector}")


def fill_form(page: Page, game: str, seats: list[tuple[str, str]], selects: dict[str, str] | None = None,
              fills: dict[str, str] | None = None) -> None:
    """The new-game form filled in: seats as (name, kind), ``BOT`` for the bot the form offers first."""
    page.click(act("setup", game=game))
    while page.locator(".seat-row").count() < len(seats):
        page.click(act("add-seat"))
    for i, (name, kind) in enumerate(seats):
        page.fill(f'[name="seat_name_{i}"]', name)
        if kind == BOT:
            kind = cast(str, page.locator(f'[name="seat_kind_{i}"] option >> nth=1').get_attribute("value"))
        page.select_option(f'[name="seat_kind_{i}"]', kind)
    for name, value in (selects or {}).items():
        page.select_option(f'[name="{name}"]', value)
    for name, value in (fills or {}).items():
        page.fill(f'[name="{name}"]', value)


def rules_page(page: Page, game: str) -> None:
    """The rules from the home screen: they open at their top; back returns home."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click(f'.game-card[data-game="{game}"] {act("rules")}')
    page.wait_for_selector("main.rules")
    assert page.evaluate("window.scrollY") == 0, "a new screen starts at its top"
    visit(page, game, "rules")
    page.click(f'main.rules {act("back")}')
    page.wait_for_selector("main.home")


def game_over(page: Page, game: str) -> None:
    """The end: the dialog, then the final table behind it with the dialog closed and reopened."""
    visit(page, game, "over", must_see=(f'{OVER} {act("again")}', f'{OVER} {act("setup")}'))
    page.click(f'{OVER} .row {act("close-results")}')
    assert page.locator(OVER).count() == 0
    visit(page, game, "final", must_see=(act("show-results"),))
    # On a phone the less used buttons are in the top bar's menu, which opens under the bar.
    visit(page, game, "menu", before=lambda: page.click(".menu-toggle") if page.is_visible(".menu-toggle") else None,
          phone_must_see=(f'#topmenu {act("rules")}', '#topmenu [data-lang="ru"]'))
    # The top bar works again: the rules, and back to the final table.
    nav(page, act("rules"))
    page.wait_for_selector("main.rules")
    page.click(f'main.rules {act("back")}')
    page.wait_for_selector(".table-screen")
    assert page.locator(OVER).count() == 0
    page.click(act("show-results"))
    page.wait_for_selector(OVER)
    # The replay viewer at the end: its controls (Play among them) at the top, and how the game
    # ended at once under them (on a phone the table and the log are long).
    page.click(f'{OVER} {act("replay")}')
    page.wait_for_selector('main.replay-screen[data-step="0"]')
    page.click('[name="replay_last"]')
    visit(page, game, "replay", must_see=('[name="replay_play"]', "#replay-step", "#replay-result-title"), axe=False)
    page.go_back()  # Back: the finished table again, its summary one tap away
    page.wait_for_selector(".table-screen")
    if not page.locator(OVER).count():
        page.click(act("show-results"))
    page.wait_for_selector(OVER)


# ---------------------------------------------------------------------- Клац!
def klats_move(page: Page, confirm: bool = False) -> None:
    page.click(".hand button.hand-card >> nth=0")
    page.click("button.pile.legal >> nth=0")
    if confirm:  # pass and play: the move waits for a second tap
        page.click(".pending-move")


@pytest.mark.long
def test_klats_screens(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    visit(page, "site", "home")
    rules_page(page, "klats")
    fill_form(page, "klats", [("Anna", "human"), (LONG_NAME, "human"), ("Bot 1", BOT)],
              fills={"opt_target": "100"})
    assert page.locator('[name="opt_first_player"] option').all_inner_texts() == ["Anna", LONG_NAME, "Bot 1"]
    visit(page, "klats", "setup", phone_must_see=(act("start"),))  # (Start at a phone's foot, however long the form)
    page.click(act("start"))
    assert wait_for_player(page) == "pass"
    page.wait_for_selector(f'{PASS} {act("show-hand")}:not([aria-disabled])')  # (as it stands once it takes presses)
    visit(page, "klats", "pass", must_see=(f'{PASS} {act("show-hand")}',))
    shots = {"summary": False, "table": False}
    for moves in range(400):
        state = wait_for_player(page)
        if state == "over":
            break
        if state == "pass":
            page.click(f'{PASS} {act("show-hand")}')
        elif state == "interlude":
            if not shots["summary"]:
                shots["summary"] = True
                visit(page, "klats", "summary", must_see=(f'{INTERLUDE} {act("dismiss")}',))
            page.click(f'{INTERLUDE} {act("dismiss")}')
        else:
            if moves >= 8 and not shots["table"]:
                shots["table"] = True
                visit(page, "klats", "table")
                page.click(".hand button.hand-card >> nth=0")
                page.click("button.pile.legal >> nth=0")
                visit(page, "klats", "confirm", must_see=(f'#confirm-bar {act("confirm-move")}',))
                page.click(f'#confirm-bar {act("confirm-move")}')
                continue
            klats_move(page, confirm=True)
    else:
        raise AssertionError("the match did not end")
    assert all(shots.values()), shots
    game_over(page, "klats")


# ---------------------------------------------------------------------- Зоомагия
def zoomagia_move(page: Page, turn: int) -> None:
    phase = page.get_attribute(".zm-table", "data-phase")
    if phase == "push":  # (a push that makes an animal when there is one: the take and refill screens come)
        makes = page.locator("button.zm-arrow.makes:enabled")
        arrows = makes if makes.count() else page.locator("button.zm-arrow:enabled")
        arrows.nth(turn % arrows.count()).click()
    elif phase == "take":  # (the animal when there is one: its row is refilled next)
        animal = page.locator("button.zm-takerow")
        (animal.first if animal.count() else page.locator("#decide button.zm-opt").first).click()
    elif phase == "refill":
        while page.locator("#to-place button.zm-pick").count():
            page.click("#to-place button.zm-pick >> nth=0")
        while page.locator(f'#decide {act("zm-empty")}').count():
            page.click(f'#decide {act("zm-empty")}')
        page.click(f'#decide {act("refill")}')
    elif phase == "discard":
        page.click("#decide button.zm-pick >> nth=0")
    elif phase == "bank":
        page.click(f'#decide {act("bank")} >> nth=0')
    else:
        raise AssertionError(f"unexpected phase {phase!r}")


@pytest.mark.long
def test_zoomagia_screens(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    rules_page(page, "zoomagia")
    fill_form(page, "zoomagia", [("Anna", "human"), (LONG_NAME, BOT)], selects={"opt_dealer": "1"})
    visit(page, "zoomagia", "setup", phone_must_see=(act("start"),))  # (Start at a phone's foot, however long the form)
    page.click(act("start"))
    pushed, seen = False, set()
    for turn in range(600):
        state = wait_for_player(page)
        if state == "over":
            break
        assert state == "turn"
        if not pushed and turn >= 6 and page.get_attribute(".zm-table", "data-phase") == "push":
            pushed = True
            # On a phone too, the drawn card and the whole field are on one screen while pushing.
            visit(page, "zoomagia", "table", must_see=("#drawn", ".zm-field"))
        phase = page.get_attribute(".zm-table", "data-phase")
        if phase in ("take", "refill") and phase not in seen:  # when the deal brings them: the column beside the field
            seen.add(phase)
            visit(page, "zoomagia", phase, phone_must_see=("#pushed-out" if phase == "take" else "#to-place",))
        zoomagia_move(page, turn)
    else:
        raise AssertionError("the game did not end")
    assert pushed and seen == {"take", "refill"}, seen
    game_over(page, "zoomagia")
    # Play again: a new game at once, the dialog gone.
    page.click(f'{OVER} {act("again")}')
    page.wait_for_selector(".zm-table")
    assert page.locator(OVER).count() == 0


# ---------------------------------------------------------------------- RPS-Zombie
@pytest.mark.long
def test_rps_zombie_screens(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    rules_page(page, "rps_zombie")
    fill_form(page, "rps_zombie", [("Anna", "human"), (LONG_NAME, BOT), ("Bot 2", BOT)],
              selects={"opt_first_player": "throw"})
    visit(page, "rps_zombie", "setup", phone_must_see=(act("start"),))  # (Start at a phone's foot, however long the form)
    page.click(act("start"))
    page.wait_for_selector(f"{INTERLUDE} .rz-throw")
    visit(page, "rps_zombie", "throw", must_see=(f'{INTERLUDE} {act("dismiss")}',))
    page.click(f'{INTERLUDE} {act("dismiss")}')
    rng = random.Random(3)
    decided, shot = 0, False
    for _ in range(400):
        state = wait_for_player(page)
        if state == "over":
            break
        assert state == "turn"
        if decided == 1:  # the first decision may be the trophy kind; the second is a round's
            visit(page, "rps_zombie", "table", phone_must_see=(".rz-choices",))
            shot = True
        buttons = page.locator(f'.rz-choices button{act("decide")}')
        buttons.nth(rng.randrange(buttons.count())).click()  # the page re-renders within the click
        decided += 1
    else:
        raise AssertionError("the game did not end")
    assert shot, "the table mid-game was seen"
    game_over(page, "rps_zombie")


def test_on_a_phone_what_start_would_end_is_said_beside_it(page: Page, site_url: str) -> None:
    """Back from a game to its new-game form: on a phone Start stays at the screen's foot, and
    what it would end (the unfinished game; friends on other devices) stays there with it, not
    a screen further down, under the levels explained."""
    open_site(page, site_url)
    fill_form(page, "klats", [("Anna", "human"), ("Bot 1", BOT)])
    page.click(act("start"))
    assert wait_for_player(page) == "turn"
    klats_move(page)
    page.wait_for_selector('.table-screen[data-moves="1"], .klats-table')
    page.go_back()  # the browser's Back: the form the game was started from
    page.wait_for_selector("main.setup #start-ends")
    visit(page, "klats", "setup-replaces", phone_must_see=("#start-ends", act("start")), axe=False)


def test_a_small_phone_fits_each_table(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """320×568, touch: nothing wider than the screen (Зоомагия's drawn card stood half off it), and
    six Клац! piles on one line (the sixth went to a second one, every row twice as tall)."""
    ctx = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True,
                              reduced_motion="reduce")
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=1")
    for game, players in (("zoomagia", 2), ("rps_zombie", 3), ("klats", 6)):
        if game != "zoomagia":
            page.evaluate("location.hash = '#/'")
            page.wait_for_selector("main.home")
        start_game(page, game, [("Ann", "human")] + [(f"Bot {i}", "easy") for i in range(1, players)],
                   fills={"opt_target": "20"} if game == "klats" else None)
        if game == "rps_zombie":
            page.wait_for_selector(f"{INTERLUDE}, .rz-choices")
        else:
            assert wait_for_player(page) == "turn"
        # (a phone's page grows to what sticks out, innerWidth with it: measured against the screen)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 320, (game, wide)
        if game == "zoomagia":
            drawn = page.locator("#drawn").bounding_box()
            assert drawn is not None and drawn["x"] + drawn["width"] <= 320, drawn
        if game == "klats":
            tops = page.evaluate("""() => [...document.querySelectorAll('.seat')].map(s =>
                new Set([...s.querySelector('.tableau').children].map(e => Math.round(e.getBoundingClientRect().top))).size)""")
            assert set(tops) == {1}, tops
    # … and its summaries, a column per player in the match's: the dialog does not slide sideways.
    fits = "(sel) => { const p = document.querySelector(sel + ' .panel'); return p.scrollWidth - p.clientWidth; }"

    def summary_fits() -> None:
        assert page.evaluate(fits, INTERLUDE) <= 0

    play_to_the_end(page, summary_fits)
    assert page.evaluate(fits, OVER) <= 0
    ctx.close()
    problems.check()


def test_the_top_bar_is_as_high_on_every_screen(page: Page, site_url: str) -> None:
    """Home has fewer buttons in the bar than a game's screens: going from one to the other, the
    page under it does not shift (42 px high at home, 52 px elsewhere)."""
    open_site(page, site_url)
    heights = {"home": page.locator("#app .topbar").bounding_box()["height"]}  # type: ignore[index]
    page.click(f'.game-card[data-game="klats"] {act("rules")}')
    page.wait_for_selector("main.rules")
    heights["rules"] = page.locator("#app .topbar").bounding_box()["height"]  # type: ignore[index]
    assert abs(heights["home"] - heights["rules"]) < 1, heights


def test_who_starts_follows_the_names_as_they_are_typed(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.click(act("setup", game="zoomagia"))
    dealer = '[name="opt_dealer"] option'
    page.fill('[name="seat_name_1"]', "Zed")  # no click: the list follows the typing
    assert page.locator(dealer).all_inner_texts()[1] == "Zed"
    page.fill('[name="seat_name_1"]', "  ")
    assert page.locator(dealer).all_inner_texts()[1] == "Player 2"
    page.fill('[name="seat_name_1"]', "\u202eZed")  # (no mark that turns the text round: see session.clean_name)
    assert page.locator(dealer).all_inner_texts()[1] == "Zed"
    page.fill('[name="seat_name_1"]', "\u200b")
    assert page.locator(dealer).all_inner_texts()[1] == "Player 2"
    page.fill('[name="seat_name_0"]', "Ann")
    page.click(act("add-seat"))  # the form is drawn again: the names stay
    assert page.locator(dealer).all_inner_texts()[:1] == ["Ann"] and page.locator(dealer).count() == 3


def test_the_phone_menu_works_by_keyboard(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.set_viewport_size({"width": 360, "height": 640})
    page.click(f'.game-card[data-game="klats"] {act("rules")}')
    assert not page.is_visible(f'#topmenu {act("home")}')
    page.focus(".menu-toggle")
    page.keyboard.press("Enter")
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "true"
    assert page.is_visible(f'#topmenu {act("home")}')
    page.keyboard.press("Tab")  # the menu follows its button: the first entry is next
    assert page.evaluate("document.activeElement.dataset.action") == "home"
    page.keyboard.press("Enter")
    page.wait_for_selector("main.home")
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "false"
    # A language chosen in the menu by keyboard: the menu closes, and its button keeps the focus.
    page.focus(".menu-toggle")
    page.keyboard.press("Enter")
    page.focus(f'#topmenu {act("lang", lang="ru")}')
    page.keyboard.press("Enter")
    page.wait_for_selector('html[lang="ru"] .menu-toggle[aria-expanded="false"]')
    assert page.evaluate("document.activeElement.classList.contains('menu-toggle')")
    # A tap anywhere else closes the menu, and only that: the game under it is not touched.
    page.click(".menu-toggle")
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "true"
    page.click(f'.game-card[data-game="klats"] {act("setup")}')
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "false" and page.locator("main.home").count() == 1
