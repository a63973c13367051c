"""Small promises the page keeps to players, in Chromium: a hint marks a card without
dimming it, a replay steps with ← and → wherever the focus is (but in a text field), and a new
game starts with nothing of the last one left in the screen reader's live region."""

from __future__ import annotations

from conftest import open_app, start_game, wait_for_player
from pages import OVER, TURN, act
from playwright.sync_api import BrowserContext, Page
from test_a11y import finished_link, focused, live_lines
from test_klats import play_to_the_end

#: In the page: how bright ``el`` is drawn, its own opacity times its ancestors', and its filter
#: (a dimmed control reads as disabled), now and at every quarter of each of its animations
#: (the hint's pulse), each animation paused and moved to that time in turn.
BRIGHTNESS = """(el) => {
  const drawn = () => {
    let opacity = 1;
    for (let node = el; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
    return { opacity, filter: getComputedStyle(el).filter };
  };
  const seen = [drawn()];
  const animations = el.getAnimations();
  for (const animation of animations) {
    animation.pause();
    const { duration, iterations } = animation.effect.getComputedTiming();
    for (let i = 0; i <= 4 * iterations; i++) {
      animation.currentTime = Math.min(i * duration / 4, duration * iterations - 1);
      seen.push(drawn());
    }
  }
  return { seen, animations: animations.map((a) => a.animationName || '') };
}"""


def test_the_hint_marks_a_card_without_dimming_it(page: Page, site_url: str) -> None:
    """The hinted card is drawn as brightly as any card that can be played, at rest and all through
    its pulse (a card at 55 % opacity reads as "disabled": the hint would seem to forbid it)."""
    page.emulate_media(reduced_motion="no-preference")  # (the pulse plays)
    open_app(page, site_url, "?delay=0&seed=7")
    start_game(page, "klats", [("Ann", "human"), ("Bot 1", "medium")])
    page.wait_for_selector(TURN, timeout=30_000)
    card = page.locator(".hand button.hand-card").first
    unlit = card.evaluate(BRIGHTNESS)["seen"][0]
    assert unlit["opacity"] == 1, unlit
    page.click(act("hint"))
    page.wait_for_selector('#hint[data-ready="true"]', timeout=60_000)
    lit = page.locator(".hint-lit").first
    assert lit.get_attribute("data-action") == "select"  # a card of the hand
    # The pulse plays twice, then stops: the class given again starts it again, to be measured.
    lit.evaluate("(el) => { el.classList.remove('hint-lit'); void el.offsetWidth; el.classList.add('hint-lit'); }")
    drawn = lit.evaluate(BRIGHTNESS)
    assert "hint-pulse" in drawn["animations"], drawn
    assert all(d == unlit for d in drawn["seen"]), drawn


def replay_step(page: Page) -> int:
    return int(page.get_attribute("main.replay-screen", "data-step") or -1)


def press_on(page: Page, selector: str | None, key: str) -> None:
    """Put the focus on ``selector`` (on nothing: ``None``), check it is there, press ``key``."""
    if selector is None:
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        assert focused(page, "body"), "the focus is on the page itself"
    else:
        page.focus(selector)
        assert focused(page, selector), selector
    page.keyboard.press(key)


def test_a_replay_steps_with_the_arrow_keys_wherever_the_focus_is(page: Page, context: BrowserContext, site_url: str) -> None:
    """In the replay viewer → and ← step through the game with the focus on any button, or on
    none; in the link's text field they move its cursor and step nothing."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, site_url, "?delay=0&seed=1" + finished_link("klats", {"target": 1}))
    page.wait_for_selector('main.replay-screen[data-step="0"]')
    assert int(page.get_attribute("main.replay-screen", "data-last") or 0) > 3
    for selector, key, step in (('[name="replay_play"]', "ArrowRight", 1),  # the Play button
                                (act("lang", lang="ru"), "ArrowRight", 2),  # a language button in the top bar
                                (None, "ArrowLeft", 1)):  # nothing
        press_on(page, selector, key)
        page.wait_for_selector(f'main.replay-screen[data-step="{step}"]', timeout=5_000)
    assert page.get_attribute("html", "lang") == "en"  # (the language button was not pressed)
    # The link's field: its cursor moves, the replay stays.
    page.click(f'.replay-share {act("copy-link")}')
    page.wait_for_selector("#share-url")
    press_on(page, "#share-url", "ArrowLeft")
    page.keyboard.press("ArrowLeft")
    press_on(page, '[name="replay_play"]', "ArrowRight")  # (events come in order: had the field's
    page.wait_for_selector('main.replay-screen[data-step="2"]', timeout=5_000)  # stepped, this is 0)
    assert replay_step(page) == 2


def test_a_new_game_from_play_again_starts_with_an_empty_live_region(page: Page, site_url: str) -> None:
    """"Play again" at the end of a game: a screen reader's live region holds nothing of the game
    before ("… Game over. Bot 1 won.", which it would find at the page's end), only what the new
    game says."""
    open_app(page, site_url, "?delay=0&seed=3")
    # The bot starts the first game, so Play again (the next seat starting) gives Ann the first
    # move: the new game says one line, and three of the last game's would still be there.
    start_game(page, "klats", [("Bot 1", "medium"), ("Ann", "human")], fills={"opt_target": "1"})
    play_to_the_end(page)
    before = live_lines(page)
    assert before and "Game over" in before[-1], before
    page.click(f'{OVER} {act("again")}')
    assert wait_for_player(page) == "turn"
    page.wait_for_selector("#live p")
    after = live_lines(page)
    assert not any("Game over" in line for line in after), after
    assert not set(after) & set(before), after
    assert after[-1].endswith("Your turn."), after
