"""Learn by playing in Chromium: each tutorial played to its end by pressing only what it lights.

Once in English at 1280×800 with the mouse (started from the home screen, with one wrong
click tried and one step taken back) and once in Russian at 360×640 by keyboard alone
(started from the rules page the summary's "Read the full rules" opens: Enter on whatever
has the focus), every step is photographed (``test-results/screens/tutorial-*``); axe checks
every step of the Russian run (the English one: its first step and its summary; the markup
is the same but for the words); whenever a step begins, the live region says it and the
focus is on the control to press.
"""

from __future__ import annotations

from typing import cast

import pytest
from axe_audit import audit
from conftest import ROOT, PageProblems, open_app
from pages import act
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize

SHOTS = ROOT / "test-results" / "screens"
#: A step the learner acts on (a bot's move is played by the page), or the summary.
STEP = '#coach:not([data-kind="bot"])'
END = "#coach-end"
#: Any control on the board itself (not the coach's buttons, not the log beside it).
BOARD_CONTROL = 'main.table-screen > div [data-action]:not([data-taught]):not([disabled])'


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector))


def overlap(a: FloatRect, b: FloatRect) -> bool:
    """Do two boxes (Playwright's ``bounding_box``) cover each other by more than a pixel?"""
    return (a["x"] + 1 < b["x"] + b["width"] and b["x"] + 1 < a["x"] + a["width"]
            and a["y"] + 1 < b["y"] + b["height"] and b["y"] + 1 < a["y"] + a["height"])


def play_tutorial(page: Page, game: str, shot: str, wrong_click: bool, keys: bool = False,
                  step_back: bool = False, axe_all: bool = False) -> list[str]:
    """Follow the lit steps to the summary (``keys``: by pressing Enter on what has the focus,
    never the mouse; ``step_back``: one step is taken back and done again); return axe's
    findings on the first step (``axe_all``: on every step) and the summary."""
    problems: list[str] = []
    before: tuple[str, str] | None = None
    n = 0
    done: set[str] = set()
    for _ in range(200):
        if before is None:
            page.wait_for_selector(f"{STEP}, {END}")
        else:
            step, lit = before
            page.wait_for_selector(f'{STEP}:not([data-step="{step}"][data-lit="{lit}"]), {END}')
        if page.locator(END).count():
            break
        coach = page.locator("#coach")
        step, lit, kind = (coach.get_attribute(a) or "" for a in ("data-step", "data-lit", "data-kind"))
        new_step = before is None or before[0] != step
        before = (step, lit)
        if new_step:
            page.wait_for_selector(".coach.placed, .coach")
            if step not in done:  # (a step come back to is not photographed or audited twice)
                page.screenshot(path=str(SHOTS / f"{shot}-{n:02d}.png"))
                if axe_all or n == 0:
                    problems += audit(page, f"{shot}-{n:02d}")
                n += 1
            done.add(step)
            # Each step hands the focus to what it asks for: the lit control, else Next.
            want = "[data-taught]" if kind == "do" else '[data-action="tutorial-next"]'
            # … and a screen reader hears it (the live region outside the drawn page).
            text = page.inner_text("#coach-text")
            assert text in page.inner_text("#live"), f"{shot} step {step}: {text!r} was not said"
            assert focused(page, want), (f"{shot} step {step}: the focus is not on {want} but on "
                                         + page.evaluate("() => document.activeElement?.outerHTML?.slice(0, 200)"))
            see = coach.get_attribute("data-see")
            if cast(ViewportSize, page.viewport_size)["width"] >= 560:  # placed beside its part: what to do, where and on what shows
                page.wait_for_selector("#coach.placed")
                box = coach.bounding_box()
                # (… and each of the cards the step talks about)
                for keep in ("#prompt", "[data-taught]", "[data-whole]:has([data-taught])", *([f"{see} > *"] if see else [])):
                    for i in range(page.locator(keep).count()):
                        there = page.locator(keep).nth(i).bounding_box()
                        assert not (box and there and overlap(box, there)), (shot, step, keep, box, there)
            if kind == "do" and cast(ViewportSize, page.viewport_size)["width"] < 560:  # docked: the lit control whole, its ring too
                taught, box = page.locator("[data-taught]").first.bounding_box(), coach.bounding_box()
                assert taught and box and taught["y"] >= 8 and taught["y"] + taught["height"] <= box["y"], (shot, step, taught, box)
            if kind == "say":  # (a step that only explains does not say "your turn" at the table) …
                assert not page.is_visible('#prompt[data-my-turn="true"]:not(.rz-decision > *)'), (shot, step)
                # … but the question it explains stands whole over its answers: no blank band
                assert not page.locator(".rz-decision.mine").count() or page.is_visible(".rz-decision #prompt"), (shot, step)
            if see and cast(ViewportSize, page.viewport_size)["width"] < 560:  # docked: what else it names shows above it too
                seen, box = page.locator(see).bounding_box(), coach.bounding_box()
                assert seen and box and 0 <= seen["y"] and seen["y"] + seen["height"] <= box["y"] + 1, (shot, step, seen, box)
        if step_back and new_step and int(step) >= 2:  # "Back a step": the step before, as it began
            step_back = False
            page.click(act("tutorial-back"))
            page.wait_for_selector(f'#coach[data-step="{int(step) - 1}"], #coach[data-step="{int(step) - 2}"]')
            assert int(page.get_attribute("#coach", "data-step") or step) < int(step)
            before = None
            continue
        if kind == "say":
            if keys:
                assert focused(page, '[data-action="tutorial-next"]'), f"{shot} step {step}: Next has not the focus"
                page.keyboard.press("Enter")
            else:
                page.click(act("tutorial-next"))
            continue
        if wrong_click:
            wrong_click = False
            page.locator(BOARD_CONTROL).first.click()
            page.wait_for_selector("#flash")
            assert page.inner_text("#flash").startswith(("Not now", "Не сейчас")), page.inner_text("#flash")
            assert page.get_attribute("#coach", "data-step") == step  # nothing was played
            before = (step, "")  # the page was drawn again: wait for the lit control anew
            page.wait_for_selector("[data-taught]")
            before = (step, lit)
            # The coach grew with the reason: what to press is still in view, over it, and focused.
            taught, box = page.locator("[data-taught]").first.bounding_box(), page.locator("#coach").bounding_box()
            assert taught and box and taught["y"] >= 0 and (
                taught["y"] + taught["height"] <= box["y"] + 1 or box["x"] >= taught["x"] + taught["width"]
                or taught["y"] >= box["y"] + box["height"]), (shot, taught, box)
            assert focused(page, "[data-taught]"), shot
        if keys:  # what to press has the focus at every turn of a step, not only at its start
            assert focused(page, "[data-taught]"), (f"{shot} step {step}: the focus is on "
                                                    + page.evaluate("() => document.activeElement?.outerHTML?.slice(0, 200)"))
            page.keyboard.press("Enter")
        else:
            page.locator("[data-taught]").first.click()
    else:
        raise AssertionError(f"{shot}: the tutorial did not end")
    page.screenshot(path=str(SHOTS / f"{shot}-end.png"))
    problems += audit(page, f"{shot}-end")
    assert page.locator(f"{END} {act('tutorial-play', game=game)}").count() == 1
    return problems


@pytest.mark.long
@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_each_tutorial_is_played_to_its_end_by_what_it_lights(page: Page, site_url: str, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(reduced_motion="reduce")  # the pictures show each step at rest
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("tutorial", game=game))  # from the home screen
    problems = play_tutorial(page, game, f"tutorial-{game}-en-1280x800", wrong_click=True, step_back=True, axe_all=True)

    page.click(f"{END} {act('rules', game=game)}")  # "Read the full rules"
    page.wait_for_selector("main.rules")
    page.set_viewport_size({"width": 360, "height": 640})
    page.dispatch_event(act("lang", lang="ru"), "click")  # (in the closed phone menu)
    page.wait_for_selector('html[lang="ru"]')
    page.click(f"main.rules .learn-first {act('tutorial', game=game)}")
    problems += play_tutorial(page, game, f"tutorial-{game}-ru-360x640", wrong_click=True, keys=True, axe_all=True)

    page.click(act("tutorial-play", game=game))  # "Play against Easy bots": a real game …
    page.wait_for_selector(f'main.table-screen[data-game="{game}"]')
    assert page.locator("#coach, #coach-end").count() == 0
    # … seen from its top, as a new game is (the lesson's end left the page scrolled down on a
    # phone, the first question of the game above the screen)
    assert page.evaluate("scrollY") == 0 and page.locator("#prompt").bounding_box()["y"] >= 0  # type: ignore[index]
    assert not problems, "\n".join(problems)


def test_a_lesson_taken_up_after_a_reload_shows_and_focuses_what_its_step_lights(page: Page, site_url: str) -> None:
    """On a phone, a reload in the middle of a step: the lit card is above the step docked at the
    screen's foot and holds the focus, as when the step first came (the first render used to
    happen behind the loading screen, where nothing can be measured or focused)."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("tutorial", game="klats"))
    for _ in range(10):
        page.wait_for_selector(STEP)
        if page.get_attribute("#coach", "data-kind") == "do":
            break
        step = page.get_attribute("#coach", "data-step")
        page.click(act("tutorial-next"))
        page.wait_for_selector(f'{STEP}:not([data-step="{step}"])')
    step = page.get_attribute("#coach", "data-step")
    page.reload()
    page.wait_for_selector(f'{STEP}[data-step="{step}"] [data-action="tutorial-back"], {STEP}[data-step="{step}"]')
    page.wait_for_selector("[data-taught]")
    taught, box = page.locator("[data-taught]").first.bounding_box(), page.locator("#coach").bounding_box()
    assert taught and box and 0 <= taught["y"] and taught["y"] + taught["height"] <= box["y"] + 1, (taught, box)
    assert focused(page, "[data-taught]"), page.evaluate("() => document.activeElement?.outerHTML?.slice(0, 200)")


@pytest.mark.parametrize("game", ["klats", "rps_zombie"])
def test_on_a_phone_on_its_side_a_lesson_places_its_step_clear_of_what_it_is_about(
        browser: Browser, site_url: str, problems: PageProblems, game: str) -> None:
    """A phone on its side (740×360): beside what it lights, the step covers neither that, nor
    the prompt, nor the cards it talks about (in RPS, under the choice, it covered the revealed
    cards), to the end of the lesson."""
    ctx = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True, bypass_csp=True)
    page = ctx.new_page()
    problems.attach(page)
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("tutorial", game=game))
    found = play_tutorial(page, game, f"tutorial-{game}-en-740x360", wrong_click=False)
    assert not found, "\n".join(found)
    ctx.close()
    problems.check()


def test_on_a_phone_on_its_side_zoomagia_s_lesson_docks_its_step_beside_the_field(browser: Browser, site_url: str,
                                                                                   problems: PageProblems) -> None:
    """A phone on its side (740×360), the whole lesson: the field stands whole at the left, the
    step docks at the screen's foot beside it (placed, it covered the arrows; across the foot, the
    field's last row), and what it lights shows whole, clear of the step, and has the focus."""
    ctx = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    problems.attach(page)
    page.emulate_media(reduced_motion="reduce")
    open_app(page, site_url, "?delay=0&seed=1")
    page.click(act("tutorial", game="zoomagia"))
    lit = 0
    for n in range(40):
        page.wait_for_selector(f"{STEP}, #coach-end")
        if page.locator("#coach-end").count():
            break
        step, now = page.get_attribute("#coach", "data-step"), page.get_attribute("#coach", "data-lit")
        do = page.get_attribute("#coach", "data-kind") == "do"
        if do:
            page.wait_for_selector("[data-taught]")
        page.screenshot(path=str(SHOTS / f"tutorial-zoomagia-en-740x360-{n:02d}.png"))
        box, field = page.locator("#coach").bounding_box(), page.locator(".zm-field").bounding_box()
        assert page.locator("#coach.placed").count() == 0, f"step {step}: placed"
        assert box and field and 0 <= field["y"] and field["y"] + field["height"] <= 360, (step, field)
        assert field["x"] + field["width"] <= box["x"], (step, field, box)
        if do:
            taught = page.locator("[data-taught]").first.bounding_box()
            assert taught and 0 <= taught["y"] and (taught["y"] + taught["height"] <= box["y"] + 1
                                                    or taught["x"] + taught["width"] <= box["x"] + 1), (step, taught, box)
            assert focused(page, "[data-taught]"), step
            pushes = page.locator("button.zm-arrow[data-taught]").count()
            page.locator("[data-taught]").first.tap()
            if pushes:  # a finger's first tap on the lit arrow shows the push, the second makes it, as in a game
                page.wait_for_selector("button.zm-arrow.armed[data-taught]")
                assert page.get_attribute(".zm-table", "data-phase") == "push", step
                page.locator("button.zm-arrow.armed[data-taught]").tap()
            lit += 1
        else:
            page.tap(act("tutorial-next"))
        page.wait_for_selector(f'{STEP}:not([data-step="{step}"][data-lit="{now}"]), #coach-end')
    assert lit >= 8 and page.locator("#coach-end").count() == 1, lit
    ctx.close()
    problems.check()
