"""The site's Python entry point: wires :class:`pygames_ui.app.App` to the page.

``boot.js`` loads Pyodide with the engine and UI wheels, then calls :func:`start`.
This module and its four parts (``page_keep.py``: files, downloads, the clipboard;
``page_devices.py``: WebRTC's glue; ``page_table.py``: bots, hints, the tutorial's coach;
``page_address.py``: each screen's address, Back and Forward)
are the only Python (with ``boot.js``) that reaches the page's ``document`` and
``window``: delegated listeners on ``#app`` (clicks, input, changes, focus) and keys on the
document, one HTML string per render (drawn by
``morph.js`` over the last one, changing only what changed), and an asyncio task
(``page_table.py``) that plays the bots' moves one by one with a pause between them.  It
hands the page's elements to :mod:`pygames_ui.focus` (keyboard focus kept and moved) and
:mod:`pygames_ui.motion` (cards sliding to their new places).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

from js import Object, URLSearchParams, console, document, window  # type: ignore[import-not-found]
from page_address import HISTORY_STATE, AddressPart, current, url
from page_devices import DevicesPart, answers
from page_keep import KeepPart, device_storage
from page_table import TablePart, new_bot_worker
from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from pygames_ui import focus, keys, motion, nav, routes
from pygames_ui.app import App
from pygames_ui.bot_worker import BotWorker
from pygames_ui.devices import around
from pygames_ui.devices import play as devices
from pygames_ui.session import clean_name

DEFAULT_BOT_DELAY_MS = 800
#: The screen that hands the device on takes no press this soon after it shows: the second tap
#: of a double tap on a move landed on "Show my cards" and showed the next player's hand to
#: the one who had just moved. (Not at the page's ``?delay=0``, the browser tests' fast pace.)
HAND_OVER_MS = 700


class Page(AddressPart, KeepPart, DevicesPart, TablePart):
    """The app on the page: drawing, clicks and keys. Its other jobs are parts of their own:
    addresses, Back and Forward (``page_address.py``), keeping games (``page_keep.py``), play on
    several devices (``page_devices.py``), bots, hints and the tutorial's coach (``page_table.py``)."""

    def __init__(self, app: App, delay_ms: int) -> None:
        self.app = app
        self.delay = delay_ms / 1000
        self.root = document.getElementById("app")
        self.html = document.documentElement
        self.bot_task: asyncio.Task[None] | None = None
        self.brains = BotWorker(new_bot_worker, create_proxy, self._bot_worker_state)
        self.link: str | None = None  # the "#r=…" link of the record in the replay viewer, if it came from one
        self.trail = routes.Trail(current())  # the screens this page put in the browser's history
        self.shown: str | None = None  # the screen on the page: a new one starts at its top
        # The control each screen was left by (its selector): going back to it, the focus is there again.
        self.left_by: dict[str, str] = {}
        self.returning = False  # Back (the browser's, or the page's own) is being taken
        self.heard: object = None  # the game whose moves the live region holds
        self.heard_as: tuple[object, ...] = ()  # in which language, at a game's screen or not, to whom
        self.bot_moves = 0  # bot moves played on this page (data-bot-moves: for make bench's waits)
        self.slides = 0  # cards slid to their new places on this page (data-slides: for the tests)
        self.marks: tuple[str, ...] = ()  # where things that slide stood in the last render (motion.signature)
        self.coached: object = None  # the tutorial step the focus was last sent to
        self.decision_shown: object = None  # the decision's main button last brought into view (page_table.py)
        self.pending_shown: str | None = None  # the move waiting for its second tap, last brought into view
        self.waited_shown: object = None  # the row of the friend the table waits for, last brought into view
        self.beat: asyncio.Task[None] | None = None  # play on several devices: the heartbeat
        self.replay_clock: asyncio.Task[None] | None = None  # steps a playing replay (page_keep.py)
        self.finger = False  # the last click was a tap on a touch screen
        self.handing_since: float | None = None  # when the screen handing the device on showed

    def show(self) -> None:
        """The app's root in place of the loading screen (or the screen prepage.js drew)."""
        document.getElementById("shell").hidden = True
        self.root.hidden = False

    def render(self, clicked: bool = False) -> None:
        """Draw the app; ``clicked``: after a click on the focused control (a card just chosen
        sends the focus on to where it may go). A screen that cannot be drawn, whatever asked
        for it (a click, a bot, a friend's message, the clock): home, the game kept, said so."""
        try:
            self._draw(clicked)
        except Exception:  # noqa: BLE001 - the page must not end on a traceback
            console.error(traceback.format_exc())
            self.app.screen, self.app.flash = "home", self.app.t("flash.error")
            self._draw(False)

    def _draw(self, clicked: bool) -> None:
        # The page is read as a whole, then written, then read once more: each read after a write
        # makes the browser lay the page out again (on a slow phone, most of a tap's time).
        kept = focus.remember(self.root, document.activeElement)
        same_screen = self.app.screen_key() == self.shown
        html = self.app.render()
        marks, self.marks = self.marks, motion.signature(html)
        moving = same_screen and marks != self.marks and not motion.reduced_motion(window)
        before = motion.places(self.root) if moving else {}  # (nothing can slide: nothing measured)
        # What is being typed where the app keeps no value (a friend's answer): kept across the redraw.
        typed = {str(el.name): str(el.value) for el in self.root.querySelectorAll("input[data-keep]") if el.value}
        window.pygamesMorph(self.root, html)  # morph.js: only what changed is touched
        for name, value in typed.items():
            el = self.root.querySelector(f'input[data-keep][name="{name}"]')
            if focus.present(el):
                el.value = value
        self._light_hint()
        self._hold_hand_over()
        _set(self.html, "lang", self.app.t.lang)
        _set(self.html.dataset, "screen", self.app.screen)
        # The confirm bar's height, for what stays at the screen's foot with it (Клац!'s own row):
        # written before the slides measure where things stand (when it changes, the page is laid
        # out once more; Клац!'s own row moves with the bar).
        bar = document.getElementById("confirm-bar")
        confirm_h = f"{bar.offsetHeight}px" if focus.present(bar) else "0px"
        if str(self.html.style.getPropertyValue("--confirm-h")) != confirm_h:
            self.html.style.setProperty("--confirm-h", confirm_h)
        try:
            if before:  # (read where things stand now, then start their slides)
                self.slides += motion.slide(self.root, before)
            _set(self.html.dataset, "slides", str(self.slides))
        except Exception:  # noqa: BLE001 - motion only decorates: the new table is already on the page and must stay usable
            console.error(traceback.format_exc())
        self._keep_address()
        title = around.title(self.app, nav.title(self.app))
        if document.title != title:
            document.title = title
        screen = self.app.screen_key()
        if screen != self.shown:
            if self.shown is not None and kept.selector:
                self.left_by[self.shown] = kept.selector
            if self.returning and screen in self.left_by:  # (Back to the home screen: on the Rules pressed there)
                kept = focus.Kept(self.left_by[screen], None, True)
            self.shown = screen
            window.scrollTo(0, 0)
        self.returning = False
        self._announce()
        focus.restore(self.root, kept, clicked, clicked and self.finger)
        self._coach()
        self._show_decision()
        self._show_pending()
        self._show_waited_for()
        self._p2p()
        self.keep_replay_playing()

    def _announce(self) -> None:
        """Say the new lines of the move log in the live region (``#live``, outside the re-rendered root)."""
        words = self.app.announcement()
        live = document.getElementById("live")
        if not focus.present(live):
            return
        # A new game (or none), another language, a screen away from the game: the lines said go
        # (a screen reader's reading of the page would find them at its end, in the wrong voice).
        # (and when the device changes hands: the lines said to one player may name his hidden cards)
        heard_as = (self.app.t.lang, self.app.screen in ("table", "guest", "replay"), self.app.viewer,
                    self.app.pass_to() is not None)
        if self.app.session is not self.heard or heard_as != self.heard_as:
            self.heard, self.heard_as = self.app.session, heard_as
            live.replaceChildren()
        if not words:
            return
        line = document.createElement("p")
        line.lang = self.app.t.lang
        line.textContent = words
        live.appendChild(line)
        while live.childElementCount > keys.LIVE_LINES:
            live.firstElementChild.remove()

    # ------------------------------------------------------------ keyboard
    def on_key(self, event: Any) -> None:
        """The one keyboard listener: Tab kept inside a dialog, Escape, arrows between like controls;
        in the replay viewer ← and → step through the game wherever focus is (the slider steps itself).
        The first key that moves around the page shows the one-line key guide (``data-keyboard``)."""
        if str(event.key) in keys.GUIDE_KEYS and not self.html.hasAttribute("data-keyboard"):
            self.html.setAttribute("data-keyboard", "1")
        step = keys.replay_step(str(event.key), self.app.screen, str(getattr(document.activeElement, "tagName", "")))
        if step is not None and not (event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey):
            event.preventDefault()
            self._act({"action": "replay-go", "to": step}, {})
            return
        focus.on_key(self.root, event, document.activeElement)

    def on_input(self, event: Any) -> None:
        """A name typed into the new-game form shows at once where the form lists the seats; a
        friend's answer pasted into its box connects at once (Connect, as Enter there would)."""
        if event.target.getAttribute("data-enter") == "p2p-connect":
            # A paste, or many characters at once (a phone keyboard's clipboard chip inserts as typing)
            inserted = getattr(event, "data", None)
            if str(getattr(event, "inputType", "")) == "insertFromPaste" or len(str(inserted or "")) >= 20:
                focus.press_nearest(event.target)
            return
        name = event.target.getAttribute("name")
        if not name or name is jsnull or not str(name).startswith("seat_name_"):
            return
        for el in self.root.querySelectorAll(f'[data-mirror="{name}"]'):
            el.textContent = clean_name(str(event.target.value), str(el.dataset.fallback))

    def values(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for el in self.root.querySelectorAll("input[name], select[name]"):
            out[str(el.name)] = str(el.value)
        return out

    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-action]")
        if self.app.menu_open and not focus.present(event.target.closest("#topmenu, .menu-toggle")):
            self._toggle_menu()  # a tap anywhere else closes the phone's menu, and only that (never a move by chance)
            return
        if not focus.present(el) or not self.root.contains(el) or el.disabled:
            return
        data = {str(k): str(v) for k, v in Object.entries(el.dataset).to_py()}
        if data.get("action") == "show-hand" and el.getAttribute("aria-disabled") == "true":
            return  # (the hand-over screen's first moments: a double tap's second tap, not the next player's)
        # "touch", "mouse", "pen", or "" for a keyboard: tables may ask a finger to confirm what a mouse would preview.
        data["pointer"] = str(getattr(event, "pointerType", "") or "")
        if data.get("action") == "hint":
            self.ask_hint()
            return
        if data.get("action") == "p2p-copy":  # an invite or an answer: onto the clipboard, and selected
            self._copy_field(data.get("field", ""), el)
            return
        if data.get("action") == "p2p-share":  # an invite or an answer link: to the phone's share sheet
            self._share_field(data.get("field", ""), data.get("shares", ""), el)
            return
        if data.get("action") == "p2p-to-answer":  # the box for a friend's answer, far below on a phone
            field = document.getElementById(data.get("field", ""))
            if focus.present(field):
                field.focus()
                field.scrollIntoView(to_js({"block": "center"}, dict_converter=Object.fromEntries))  # (Connect, the camera below)
            return
        if data.get("action") == "jump":  # a part of a long page (the rules'): its heading at the top, focused
            to = document.getElementById(data.get("to", ""))
            if focus.present(to):
                to.scrollIntoView(to_js({"block": "start"}, dict_converter=Object.fromEntries))
                to.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
            return
        self.returning = data.get("action") == "back"
        if data.get("action") == "menu":  # (the menu opens at once: nothing else on the page changes)
            self._toggle_menu()
            return
        self._act(data, self.values())

    def _toggle_menu(self) -> None:
        """Open or close the phone's menu: the app's state and the two attributes its render would
        change, set here (drawing the whole page again took a slow phone a tenth of a second)."""
        self.app.menu_open = not self.app.menu_open
        toggle, menu = self.root.querySelector(".menu-toggle"), document.getElementById("topmenu")
        if not (focus.present(toggle) and focus.present(menu)):
            self.render()
            return
        toggle.setAttribute("aria-expanded", str(self.app.menu_open).lower())
        menu.dataset.open = str(self.app.menu_open).lower()

    # ------------------------------------------------------------ acting: where clicks, keys and files read end up
    def _act(self, data: dict[str, str], values: dict[str, str]) -> None:
        """A click's work: the app acts, the page is drawn, what the app asked of the browser is done."""
        self.finger = data.get("pointer") == "touch"  # (a tap: the focus goes to no text box, focus.restore)
        try:
            self.app.click(data, values)
        except Exception:  # noqa: BLE001 - a bug must not freeze the page: show it, keep the game
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        self.render(clicked=True)
        self.perform_effects()
        self.kick_bots()

    def _hold_hand_over(self) -> None:
        """The screen that hands the device on: its "Show my cards" takes no press for its first
        :data:`HAND_OVER_MS` (``aria-disabled``, removed by a timer, whatever is drawn meanwhile;
        not ``disabled``: the keyboard's Tab still stops on it, and Enter there does nothing)."""
        show = self.root.querySelector('#pass-screen [data-action="show-hand"]')
        if not focus.present(show) or not self.delay:
            self.handing_since = None
            return
        now = float(window.performance.now())
        if self.handing_since is None:
            self.handing_since = now
            asyncio.ensure_future(self._hand_over_ready(self.handing_since))
        if now - self.handing_since < HAND_OVER_MS:
            show.setAttribute("aria-disabled", "true")

    async def _hand_over_ready(self, since: float) -> None:
        await asyncio.sleep(HAND_OVER_MS / 1000)
        show = self.root.querySelector('#pass-screen [data-action="show-hand"]')
        if self.handing_since == since and focus.present(show):
            show.removeAttribute("aria-disabled")

    def guarded(self, work: Callable[[], None]) -> None:
        """What the browser reports outside a click (Back or Forward, another tab's save, an answer
        from another tab): a bug in it is shown as on a click, the game kept, the page drawn."""
        try:
            work()
        except Exception:  # noqa: BLE001 - a bug must not freeze the page: show it, keep the game
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
            self.render()


def _set(target: Any, name: str, value: str) -> None:
    """Set ``target.name`` (an attribute of ``<html>`` that CSS reads) only if it changes: a write,
    even of the same value, may make the browser work out the whole page's styles again."""
    if str(getattr(target, name, "")) != value:
        setattr(target, name, value)


def _int_param(name: str, default: int | None, lo: int, hi: int) -> int | None:
    """An integer from the page's query string (``?delay=…&seed=…``), clamped; else ``default``."""
    raw = URLSearchParams.new(window.location.search).get(name)
    if not focus.present(raw):
        return default
    try:
        return max(lo, min(hi, int(str(raw))))
    except ValueError:
        return default


def start() -> None:
    """Build the app from the boot data, render it and hand the page over to it.

    Called by ``boot.js`` directly, not as a coroutine: the first screen is up within
    this call, without waiting for the event loop's next turn.

    No save may stop the start: ``App`` sets aside a save it cannot restore, and should
    anything still fail while booting or drawing the first screen, a fresh app starts on
    its home screen with the save set aside (the last line of defence).
    """
    boot = window.pygamesBoot
    catalogues, lang, storage = json.loads(str(boot.cataloguesJSON)), str(boot.lang), device_storage()
    # The first screens prepage.js showed: the language chosen there, the form's values, a click kept.
    early = window.pygamesEarly.takeOver().to_py() if focus.present(getattr(window, "pygamesEarly", None)) else {}
    lang = str(early.get("lang") or lang)
    seed = _int_param("seed", None, 0, 2**53)
    delay = _int_param("delay", DEFAULT_BOT_DELAY_MS, 0, 5000) or 0
    app = App(catalogues, lang, storage, seed=seed)
    app.build = str(getattr(boot, "build", "") or "dev")
    app.site = f"{window.location.origin}{window.location.pathname}"
    page = Page(app, delay)
    try:
        if not current().startswith(devices.ANSWER_PREFIX):  # an answer's tab leaves the saved game alone
            app.boot()
        try:
            page.go_to(current())
        except Exception:  # noqa: BLE001 - an address that cannot be opened, however it fails, is not the save's fault
            console.error(traceback.format_exc())
            app.history.replay, app.screen = None, "home"
            app.notice, app.notice_details = app.t("history.link_failed"), None
        if early.get("shown"):
            app.read_form({str(k): str(v) for k, v in (early.get("values") or {}).items()})
        # Each screen opens at its top, on Back too: the browser must not scroll the screen Back
        # shows to where the page was when that address was left (render() scrolls to the top).
        window.history.scrollRestoration = "manual"
        window.history.replaceState(HISTORY_STATE, "", url(page._address()))
        page.trail = routes.Trail(page._address())
        # The screen prepage.js drew is taken over where the player has scrolled to, not at its top.
        same = bool(early.get("shown")) and early.get("address") == page._address()
        page.shown, scrolled = (app.screen_key(), float(window.scrollY)) if same else (None, 0.0)
        window.performance.mark("boot:app")  # boot.js's timeline of the start-up (tools/bench.py reads it)
        # Shown before the first render, in the same task (nothing is painted between): what
        # a render lays out (a tutorial's step placed and its control focused) needs the page seen.
        page.show()
        page.render()
        if scrolled:  # (its heading took the focus, which scrolls)
            window.scrollTo(0, scrolled)
        window.performance.mark("boot:first-render")
    except Exception:  # noqa: BLE001 - see the docstring
        app = App(catalogues, lang, storage, seed=seed)
        app.set_aside_save(traceback.format_exc())
        page = Page(app, delay)
        page.show()
        page.render()
    if app.save_error is not None:  # a warning, not an error: the player was told, the app runs
        console.warn(f"pygames: the saved game was set aside:\n{app.save_error}")
    page.root.addEventListener("click", create_proxy(page.on_click))
    page.root.addEventListener("input", create_proxy(page.on_input))
    page.root.addEventListener("change", create_proxy(page.on_change))
    page.root.addEventListener("focusin", create_proxy(page.on_focus))  # (Зоомагия's previews: page_table.py)
    document.addEventListener("keydown", create_proxy(page.on_key))  # a dialog keeps Tab even from outside #app
    window.addEventListener("popstate", create_proxy(page.on_pop))
    window.addEventListener("storage", create_proxy(page.on_storage))  # another tab saved (page_keep.py)
    if focus.present(getattr(window, "pygamesP2P", None)):
        window.pygamesP2P.listen(create_proxy(page.on_p2p))
        page.beat = asyncio.ensure_future(page.heartbeat())
        answers().addEventListener("message", create_proxy(page.on_answer))
    page.html.dataset.bots = "idle"
    page.html.dataset.appState = "ready"
    for kept in early.get("pending") or []:  # the clicks made before Python was ready ("Start"): made now, in order
        page._act({str(k): str(v) for k, v in kept["data"].items()}, {str(k): str(v) for k, v in kept["values"].items()})
    page.kick_bots()
