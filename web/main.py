"""The site's Python entry point: wires :class:`pygames_ui.app.App` to the page.

``boot.js`` loads Pyodide with the engine and UI wheels, then calls :func:`start`.
This module is the only place (with ``boot.js``) that reaches the page's ``document``
and ``window``: one delegated click listener on ``#app``, one ``innerHTML`` write per
render, and an asyncio task that plays the bots' moves one by one with a pause between
them.  It hands the page's elements to :mod:`pygames_ui.focus` (keyboard focus kept and
moved) and :mod:`pygames_ui.motion` (cards sliding to their new places).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from typing import Any

from js import (  # type: ignore[import-not-found]
    Object,
    URLSearchParams,
    Worker,  # type: ignore[import-not-found]
    console,
    document,
    localStorage,
    window,
)
from pyodide.ffi import JsException, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from pygames_core import games
from pygames_ui import focus, keys, motion, nav, routes, tutorial_ui
from pygames_ui.app import App
from pygames_ui.bot_worker import BotWorker
from pygames_ui.devices import play as devices
from pygames_ui.history import LINK_PREFIX
from pygames_ui.session import MemoryStorage, Storage
from pygames_ui.thinking import SlicedSearch

DEFAULT_BOT_DELAY_MS = 800
MAX_RECORD_BYTES = 5_000_000  # a game record file is a few kilobytes; refuse to read a huge file


class BrowserStorage:
    """``localStorage`` with JS ``null`` turned into ``None`` and a full disk not breaking play."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = localStorage.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        try:
            localStorage.setItem(key, value)
        except JsException as exc:  # quota exceeded, storage disabled
            console.warn(f"pygames: could not save ({exc})")

    def removeItem(self, key: str) -> None:  # noqa: N802
        localStorage.removeItem(key)


def _storage() -> Storage:
    try:
        localStorage.getItem("pygames.probe")
        return BrowserStorage()
    except JsException:
        return MemoryStorage()


#: The bots' own Pyodide: a search never runs on the page's thread while a worker can.
BOT_WORKER_URL = "bot-worker.js"


class Page:
    def __init__(self, app: App, delay_ms: int) -> None:
        self.app = app
        self.delay = delay_ms / 1000
        self.root = document.getElementById("app")
        self.html = document.documentElement
        self.bot_task: asyncio.Task[None] | None = None
        self.brains = BotWorker(_new_bot_worker, create_proxy, self._bot_worker_state)
        self.link: str | None = None  # the "#r=…" link of the record in the replay viewer, if it came from one
        self.trail = routes.Trail(_fragment())  # the screens this page put in the browser's history
        self.shown: str | None = None  # the screen on the page: a new one starts at its top
        self.heard: object = None  # the game whose moves the live region holds
        self.bot_moves = 0  # bot moves played on this page (data-bot-moves: for make bench's waits)
        self.coached: object = None  # the tutorial step the focus was last sent to
        self.beat: asyncio.Task[None] | None = None  # play on several devices: the heartbeat

    def render(self, clicked: bool = False) -> None:
        """Draw the app; ``clicked``: after a click on the focused control (a card just chosen
        sends the focus on to where it may go)."""
        kept = focus.remember(self.root, document.activeElement)
        same_screen = self.app.screen_key() == self.shown
        before = motion.places(self.root) if same_screen and not motion.reduced_motion(window) else {}
        # What is being typed where the app keeps no value (a friend's answer): kept across the redraw.
        typed = {str(el.name): str(el.value) for el in self.root.querySelectorAll("input[data-keep]") if el.value}
        self.root.innerHTML = self.app.render()
        for name, value in typed.items():
            el = self.root.querySelector(f'input[data-keep][name="{name}"]')
            if focus.present(el):
                el.value = value
        self._light_hint()
        self._keep_address()
        try:
            self.html.dataset.moves = str(motion.slide(self.root, before)) if before else "0"
        except Exception:  # noqa: BLE001 - motion only decorates: the new table is already on the page and must stay usable
            console.error(traceback.format_exc())
        self.html.lang = self.app.t.lang
        self.html.dataset.screen = self.app.screen
        screen = self.app.screen_key()
        if screen != self.shown:
            self.shown = screen
            window.scrollTo(0, 0)
        self._announce()
        focus.restore(self.root, kept, clicked)
        self._coach()
        self._p2p()

    def _announce(self) -> None:
        """Say the new lines of the move log in the live region (``#live``, outside the re-rendered root)."""
        words = self.app.announcement()
        live = document.getElementById("live")
        if not focus.present(live):
            return
        if self.app.session is not self.heard:  # a new game (or none): the last one's lines go
            self.heard = self.app.session
            live.replaceChildren()
        if not words:
            return
        line = document.createElement("p")
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
        """A name typed into the new-game form shows at once where the form lists the seats."""
        name = event.target.getAttribute("name")
        if not name or name is jsnull or not str(name).startswith("seat_name_"):
            return
        text = " ".join(str(event.target.value).split())
        for el in self.root.querySelectorAll(f'[data-mirror="{name}"]'):
            el.textContent = text or el.dataset.fallback

    def values(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for el in self.root.querySelectorAll("input[name], select[name]"):
            out[str(el.name)] = str(el.value)
        return out

    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-action]")
        if not focus.present(el) or not self.root.contains(el) or el.disabled:
            return
        data = {str(k): str(v) for k, v in Object.entries(el.dataset).to_py()}
        # "touch", "mouse", "pen", or "" for a keyboard: tables may ask a finger to confirm what a mouse would preview.
        data["pointer"] = str(getattr(event, "pointerType", "") or "")
        if data.get("action") == "hint":
            self.ask_hint()
            return
        if data.get("action") == "p2p-copy":  # an invite or an answer: onto the clipboard, and selected
            self._copy_field(data.get("field", ""))
            return
        self._act(data, self.values())

    # ------------------------------------------------------------ keeping games: files, links, clipboard
    def on_change(self, event: Any) -> None:
        """A control that acts on ``change`` (``data-change``): the replay slider, the record file picker."""
        el = event.target
        action = el.getAttribute("data-change") if hasattr(el, "getAttribute") else None
        if not focus.present(action) or not self.root.contains(el):
            return
        if str(el.type) == "file":
            if el.files.length:
                asyncio.ensure_future(self._read_file(str(action), el.files.item(0)))
            return
        self._act({"action": str(action)}, self.values())

    async def _read_file(self, action: str, file: Any) -> None:
        too_big = int(file.size) > MAX_RECORD_BYTES
        self._act({"action": action}, {"file_too_big": "1"} if too_big else {"file_text": str(await file.text())})

    def _act(self, data: dict[str, str], values: dict[str, str]) -> None:
        """A click's work: the app acts, the page is drawn, what the app asked of the browser is done."""
        try:
            self.app.click(data, values)
        except Exception:  # noqa: BLE001 - a bug must not freeze the page: show it, keep the game
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        self.render(clicked=True)
        self.perform_effects()
        self.kick_bots()

    # ------------------------------------------------------------ addresses (routes.py): Back, Forward, reload
    def go_to(self, fragment: str) -> None:
        """Show the screen an address names: a ``#r=…`` record link opens in the replay viewer,
        a screen's address (``#/rules/klats``…) shows that screen; ``""`` leaves the app where it is."""
        if fragment.startswith(LINK_PREFIX):
            self.app.open_link(fragment)
            self.link = fragment if self.app.screen == "replay" else None
        elif fragment.startswith(devices.JOIN_PREFIX):  # an invite from a friend's device
            devices.open_invite(self.app, fragment)
            self.link = fragment if self.app.screen == "join" else None
        elif fragment.startswith(devices.ANSWER_PREFIX):  # a friend's answer, opened on the host's device
            if self.app.room is not None:
                self.app.room.answer_text(fragment)  # (in the game's own tab)
            else:  # … in another tab: to the game's tab, and this one can be closed
                _answers().postMessage(fragment)
                self.app.flash = self.app.t("devices.answer_handed")
        elif fragment:
            nav.show(self.app, routes.parse(fragment, frozenset(games.names())) or routes.HOME)

    def on_pop(self, event: Any = None) -> None:
        """The browser's Back or Forward (or an address typed into this tab)."""
        fragment = _fragment()
        if self.trail.popped(fragment):
            self.go_to(fragment or routes.HOME.fragment())
            self.render()
            self.kick_bots()

    def _address(self) -> str:
        if self.app.screen not in ("replay", "join", "guest"):
            self.link = None
        return self.link or nav.address(self.app).fragment()

    def _keep_address(self) -> None:
        """After a render: a new screen gets its own history entry (or steps back to the one before)."""
        step = self.trail.moved_to(self._address())
        if step is None:
            return
        kind, fragment = step
        if kind == "push":
            window.history.pushState(_HISTORY_STATE, "", _url(fragment))
        else:
            window.history.back()

    def perform_effects(self) -> None:
        """Carry out what the last click asked of the browser: a download, the clipboard."""
        effects, self.app.effects = self.app.effects, []
        for kind, *args in effects:
            if kind == "download":
                _download(*args)
            elif kind == "copy-link":
                self._copy_link(args[0])

    def _copy_field(self, name: str) -> None:
        field = document.getElementById(name)
        if not focus.present(field):
            return
        field.focus()
        field.select()
        try:
            window.navigator.clipboard.writeText(str(field.value))
        except (AttributeError, JsException):  # no clipboard here: the text is selected, one Ctrl+C away
            pass

    # ------------------------------------------------------------ play on several devices (p2p.js)
    def _p2p(self) -> None:
        """Carry out what the devices' side asked of WebRTC: offers, answers, messages."""
        effects = devices.effects(self.app)
        if not effects:
            return
        glue = getattr(window, "pygamesP2P", None)
        if not focus.present(glue):
            console.warn("pygames: play on several devices needs WebRTC (p2p.js)")
            return
        for kind, peer, *rest in effects:
            if kind == "p2p-offer":
                glue.offer(peer)
            elif kind == "p2p-accept":
                glue.accept(peer, rest[0])
            elif kind == "p2p-answer":
                glue.answer(peer, rest[0])
            elif kind == "p2p-send":
                glue.send(peer, rest[0])
            elif kind == "p2p-scan":
                glue.scan(peer)
            elif kind == "p2p-scan-stop":
                glue.stopScan()

    async def heartbeat(self) -> None:
        """A guest pings its host; a host draws again when a friend comes or goes quiet."""
        while True:
            await asyncio.sleep(devices.PING_S)
            try:
                if devices.tick(self.app):
                    self.render()
                else:
                    self._p2p()
            except Exception:  # noqa: BLE001 - the heartbeat must go on
                console.error(traceback.format_exc())

    def on_answer(self, event: Any) -> None:
        """An answer link opened in another tab of this browser (``#a=…``): for the lobby."""
        if self.app.room is not None and isinstance(event.data, str):
            self.app.room.answer_text(event.data)
            self.render()

    def on_p2p(self, kind: Any, peer: Any, payload: Any) -> None:
        """What p2p.js reports: an offer or answer made, a channel open or closed, a message, a failure."""
        try:
            if str(kind) == "failed":
                console.warn(f"pygames: WebRTC or the camera: {payload}")
                self.app.flash = self.app.t("devices.failed")
                if self.app.room is not None:
                    self.app.room.scanning = None
            elif not devices.on_event(self.app, str(kind), int(peer), str(payload)):
                self._p2p()  # (a ping answered: nothing to draw)
                return
        except Exception:  # noqa: BLE001 - a bad message from another device must not stop this one
            console.error(traceback.format_exc())
        self.render()
        self.kick_bots()

    def _copy_link(self, fragment: str) -> None:
        url = f"{window.location.origin}{window.location.pathname}{fragment}"
        try:
            promise = window.navigator.clipboard.writeText(url)  # called at once: it needs the click's user gesture
        except (AttributeError, JsException):  # no clipboard (an insecure page, an old browser)
            self._copied(url, False)
            return
        asyncio.ensure_future(self._await_copy(promise, url))

    async def _await_copy(self, promise: Any, url: str) -> None:
        try:
            await promise
            copied = True
        except JsException:  # permission denied
            copied = False
        self._copied(url, copied)

    def _copied(self, url: str, copied: bool) -> None:
        self.app.link_copied(url, copied)
        self.render()
        field = document.getElementById("share-url")
        if not copied and focus.present(field):
            field.focus()
            field.select()  # one Ctrl+C away

    def kick_bots(self) -> None:
        s = self.app.session
        if s is not None and self.app.screen == "table" and any(seat.level is not None and seat.level.searches for seat in s.seats):
            self.brains.start()  # ready before the Hard bot's first turn
        if (self.bot_task is None or self.bot_task.done()) and self.app.bots_pending():
            self.bot_task = asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        self.html.dataset.bots = "thinking"
        loop = asyncio.get_event_loop()
        try:
            while self.app.bots_pending():
                # Each bot move gets its share of the round (pace.py): that long to think, and on
                # screen at least that long (at most the page's delay) so that it can be followed.
                show = min(self.delay, self.app.bot_pace_ms() / 1000)
                started = loop.time()
                request = self.app.bot_request()
                if request is None:  # Easy, Medium, a single legal move: a few milliseconds
                    await asyncio.sleep(show)
                    if not self.app.bots_pending():
                        break
                    self.app.step_bot()
                else:  # a search: the table says who is thinking; the pause is the thinking time
                    self._show_thinking()
                    answer = await self.think(request)
                    await asyncio.sleep(max(0.0, show - (loop.time() - started)))
                    self.app.bot_answered(answer)
                self.app.bot_took((loop.time() - started) * 1000)
                self.bot_moves += 1
                self.html.dataset.botMoves = str(self.bot_moves)
                self.render()
        except Exception:  # noqa: BLE001 - a bot bug must not leave the table silently stuck
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        finally:
            self.app.assist.thinking = None
            self.render()
            self.html.dataset.bots = "idle"

    def _show_thinking(self) -> None:
        """Say who is thinking beside the table: only that part is replaced (a whole redraw of a
        six-seat table costs each bot move tens of milliseconds); without it, the whole page."""
        old = document.getElementById("assist")
        html = self.app.assist_html()
        if focus.present(old) and html:
            old.outerHTML = html
        else:
            self.render()

    async def think(self, request: dict[str, Any]) -> dict[str, Any]:
        """A search's answer: from the bot worker, or, without one, from the page in slices that
        leave it responsive (the event loop runs between them)."""
        answer = await self.brains.think(request)
        where = "worker"
        if answer is None:
            where = "page"
            search = SlicedSearch(request)
            while not search.step():
                await asyncio.sleep(0)
            answer = search.answer
            assert answer is not None
        # For the browser tests and make bench: where and how much the last search thought.
        self.html.dataset.botWhere = where
        self.html.dataset.botIterations = str(answer.get("iterations"))
        self.html.dataset.botMs = str(round(float(answer.get("ms") or 0.0)))
        return answer

    def _bot_worker_state(self, state: str, why: str | None) -> None:
        self.html.dataset.botWorker = state
        if why:
            console.warn(f"pygames: bot worker: {why}; bots think on the page, in slices, when it cannot")

    # ------------------------------------------------------------ hints
    def ask_hint(self) -> None:
        """The Hint button: the Hard bot searches from the player's own view; the table shows it."""
        try:
            request = self.app.hint_request()
        except Exception:  # noqa: BLE001 - a bug must not freeze the table: show it, keep the game
            console.error(traceback.format_exc())
            self.app.flash, request = self.app.t("flash.error"), None
        self.render()
        if request is not None:
            asyncio.ensure_future(self._hint(request))

    async def _hint(self, request: dict[str, Any]) -> None:
        try:
            self.app.hint_answered(await self.think(request))
        except Exception:  # noqa: BLE001 - the game goes on without the hint
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        self.render()

    def _light_hint(self) -> None:
        """Light the control of the hinted move (the hint on the table names the move too), and
        mark the one whose move waits for a second tap (a click on it then commits the move)."""
        selector = self.app.lit_selector()
        if selector:
            for el in self.root.querySelectorAll(selector):
                el.classList.add("hint-lit")
        selector = self.app.pending_selector()
        if selector:
            for el in self.root.querySelectorAll(selector):
                el.classList.add("pending-move")
                el.dataset.pending = "1"
        selector = self.app.taught_selector()  # a tutorial's step: what it is about, lit; its control answers
        if selector:
            for el in self.root.querySelectorAll(selector):
                el.classList.add("taught")
                if el.hasAttribute("data-action"):
                    el.dataset.taught = "1"

    def _coach(self) -> None:
        """A tutorial's step beside what it is about: the text under (or over) the lit part of the
        table, both scrolled into view, and on a new step the focus on the control to press."""
        box = document.getElementById("coach")
        if not focus.present(box):
            self.coached = None
            return
        target = self.root.querySelector(".taught")
        if focus.present(target):
            try:
                box.classList.add("placed")  # positioned (absolute) from here on: its parent is known
                t, c = target.getBoundingClientRect(), box.getBoundingClientRect()
                parent = box.offsetParent if focus.present(box.offsetParent) else document.body
                p = parent.getBoundingClientRect()
                top, left = tutorial_ui.coach_place(
                    tutorial_ui.Box(t.top, t.left, t.bottom), float(c.width), float(c.height),
                    tutorial_ui.Box(p.top, p.left, p.bottom), float(window.innerWidth), float(window.innerHeight))
                box.style.top, box.style.left = f"{top}px", f"{left}px"
            except Exception:  # noqa: BLE001 - placing only decorates: the step shows docked at the bottom
                box.classList.remove("placed")
                console.error(traceback.format_exc())
        step = (self.app.session, str(box.dataset.step))
        if step == self.coached:
            return
        self.coached = step
        nearest = to_js({"block": "nearest"}, dict_converter=Object.fromEntries)
        if focus.present(target):
            target.scrollIntoView(nearest)
        box.scrollIntoView(nearest)
        control = self.root.querySelector("[data-taught]")
        if not focus.present(control):
            control = box.querySelector('[data-action="tutorial-next"]')
        if focus.present(control):
            control.focus()

#: Marks the history entries of this app (``prepage.js`` reads it too).
_HISTORY_STATE = to_js({"pygames": 1}, dict_converter=Object.fromEntries)


def _fragment() -> str:
    return str(window.location.hash or "")


def _url(fragment: str) -> str:
    return f"{window.location.pathname}{window.location.search}{fragment}"


_ANSWERS: list[Any] = []


def _answers() -> Any:
    """The channel between this browser's tabs on which an answer link reaches the game's tab."""
    if not _ANSWERS:
        _ANSWERS.append(window.BroadcastChannel.new("pygames-answers"))
    return _ANSWERS[0]


def _new_bot_worker() -> Any:
    """The bots' Web Worker (a module worker: Pyodide's own module needs it)."""
    return Worker.new(BOT_WORKER_URL, to_js({"type": "module"}, dict_converter=Object.fromEntries))


def _download(name: str, text: str) -> None:
    """Save ``text`` as the file ``name``: a Blob behind an ``<a download>`` (nothing leaves the page)."""
    options = Object.new()
    options.type = "application/json"
    url = window.URL.createObjectURL(window.Blob.new(window.Array.of(text), options))
    link = document.createElement("a")
    link.href, link.download, link.hidden = url, name, True
    document.body.appendChild(link)
    link.click()
    link.remove()
    asyncio.get_event_loop().call_later(60, window.URL.revokeObjectURL, url)  # after the browser has read it


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
    catalogues, lang, storage = json.loads(str(boot.cataloguesJSON)), str(boot.lang), _storage()
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
        if not _fragment().startswith(devices.ANSWER_PREFIX):  # an answer's tab leaves the saved game alone
            app.boot()
        page.go_to(_fragment())
        if early.get("shown"):
            app.read_form({str(k): str(v) for k, v in (early.get("values") or {}).items()})
        window.history.replaceState(_HISTORY_STATE, "", _url(page._address()))
        page.trail = routes.Trail(page._address())
        window.performance.mark("boot:app")  # boot.js's timeline of the start-up (tools/bench.py reads it)
        page.render()
        window.performance.mark("boot:first-render")
    except Exception:  # noqa: BLE001 - see the docstring
        app = App(catalogues, lang, storage, seed=seed)
        app.set_aside_save(traceback.format_exc())
        page = Page(app, delay)
        page.render()
    if app.save_error is not None:  # a warning, not an error: the player was told, the app runs
        console.warn(f"pygames: the saved game was set aside:\n{app.save_error}")
    page.root.addEventListener("click", create_proxy(page.on_click))
    page.root.addEventListener("input", create_proxy(page.on_input))
    page.root.addEventListener("change", create_proxy(page.on_change))
    document.addEventListener("keydown", create_proxy(page.on_key))  # a dialog keeps Tab even from outside #app
    window.addEventListener("popstate", create_proxy(page.on_pop))
    if focus.present(getattr(window, "pygamesP2P", None)):
        window.pygamesP2P.listen(create_proxy(page.on_p2p))
        page.beat = asyncio.ensure_future(page.heartbeat())
        _answers().addEventListener("message", create_proxy(page.on_answer))
    document.getElementById("shell").hidden = True
    page.root.hidden = False
    page.html.dataset.bots = "idle"
    page.html.dataset.appState = "ready"
    pending = early.get("pending")
    if pending:  # a click made before Python was ready ("Start"): made now
        page._act({str(k): str(v) for k, v in pending["data"].items()}, {str(k): str(v) for k, v in pending["values"].items()})
    page.kick_bots()
