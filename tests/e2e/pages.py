"""Page objects: how a test names the app's controls and waits for its states, in one place.

The app marks every control with ``data-action`` (and ``data-*`` values); :func:`act` builds
the selector the same way the tables do (``pygames_ui.tables.base.control``), so a test
says ``page.click(act("setup", game="klats"))`` and never spells the markup out.
:class:`App` wraps a typed Playwright ``Page`` for the waits every game test needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page

from pygames_ui.tables.base import control

#: The app is up and answers clicks.
READY = 'html[data-app-state="ready"]'
#: It is the turn of the person holding the device.
TURN = '#prompt[data-my-turn="true"]'
OVER = "#game-over"
INTERLUDE = "#interlude"
PASS = "#pass-screen"


#: What the table needs from the person holding the device, in one round trip: the first of
#: "over", "interlude", "pass" or "turn" shown, else "" (nothing: someone else's turn).
NEEDS = f"""() => [['{OVER}', 'over'], ['{INTERLUDE}', 'interlude'], ['{PASS}', 'pass'], ['{TURN}', 'turn']]
    .find(([selector]) => document.querySelector(selector))?.[1] ?? ''"""


def act(action: str, **data: object) -> str:
    """The selector of the control ``data-action=action`` with these ``data-*`` values."""
    return control(action, **data)


@dataclass
class App:
    """The app in a Playwright page."""

    page: Page

    def click(self, action: str, **data: object) -> None:
        """Click the control ``data-action=action`` (with these ``data-*`` values)."""
        self.page.click(act(action, **data))

    def attr(self, name: str) -> str | None:
        """A ``data-*`` state the app keeps on ``<html>`` (``app-state``, ``screen``, ``bots``…)."""
        return self.page.get_attribute("html", f"data-{name}")

    def wait_ready(self, timeout: float = 90_000) -> None:
        self.page.wait_for_selector(READY, timeout=timeout)

    def dismiss(self) -> None:
        """Read the summary over the table (a round's end, the throw for who starts)."""
        self.page.click(f"{INTERLUDE} {act('dismiss')}")

    def needs(self) -> str:
        """What the table needs from the person now (:data:`NEEDS`), without waiting."""
        return str(self.page.evaluate(NEEDS))

    def wait_for_player(self, timeout: float = 30_000) -> str:
        """Wait until the table needs a person: ``over``, ``interlude``, ``pass`` or ``turn``."""
        self.page.wait_for_selector(f"{TURN}, {OVER}, {INTERLUDE}, {PASS}", timeout=timeout)
        state = self.needs()
        if not state:
            raise AssertionError("nothing to do")
        return state
