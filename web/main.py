"""The site's Python entry point: wires :class:`pygames_ui.app.App` to the page.

``boot.js`` loads Pyodide with the engine and UI wheels, then awaits :func:`start`.
This module is the only place (with ``boot.js``) that touches the DOM: one
delegated click listener on ``#app``, one ``innerHTML`` write per render, and an
asyncio task that plays the bots' moves one by one with a pause between them.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from js import Object, URLSearchParams, console, document, localStorage, window  # type: ignore[import-not-found]
from pyodide.ffi import JsException, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from pygames_ui.app import App
from pygames_ui.session import MemoryStorage, Storage

DEFAULT_BOT_DELAY_MS = 800
FOCUS_KEYS = ("action", "card", "target", "pile", "seat", "game", "lang", "choice")
#: How long a card takes to slide from where it was to where it is now (the page never waits for it).
MOVE_MS = 240


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


def _focus_selector(el: Any) -> str | None:
    """A selector that finds 'the same' control after a re-render, so keyboard focus survives."""
    if el is None or el is jsnull or not hasattr(el, "getAttribute"):
        return None
    name = el.getAttribute("name")
    if name and name is not jsnull:
        return f'[name="{name}"]'
    parts = []
    for key in FOCUS_KEYS:
        value = el.getAttribute(f"data-{key}")
        if value is not None and value is not jsnull:
            parts.append(f'[data-{key}="{value}"]')
    return "".join(parts) or None


class Page:
    def __init__(self, app: App, delay_ms: int) -> None:
        self.app = app
        self.delay = delay_ms / 1000
        self.root = document.getElementById("app")
        self.html = document.documentElement
        self.bot_task: asyncio.Task[None] | None = None
        self.shown: str | None = None  # the screen on the page: a new one starts at its top

    def render(self) -> None:
        focus = _focus_selector(document.activeElement) if self.root.contains(document.activeElement) else None
        same_screen = self.app.screen_key() == self.shown
        before = _places(self.root) if same_screen and not _reduced_motion() else {}
        self.root.innerHTML = self.app.render()
        try:
            self.html.dataset.moves = str(_slide(self.root, before)) if before else "0"
        except Exception:  # motion only decorates: the new table is already on the page and must stay usable
            console.error(traceback.format_exc())
        self.html.lang = self.app.t.lang
        self.html.dataset.screen = self.app.screen
        screen = self.app.screen_key()
        if screen != self.shown:
            self.shown = screen
            window.scrollTo(0, 0)
        if focus:
            el = self.root.querySelector(focus)
            if el is not None and el is not jsnull:
                el.focus()
                return
        # A dialog that just opened (summary, pass screen, game over) takes the keyboard focus.
        dialog_button = self.root.querySelector('[role="dialog"] button')
        if dialog_button is not None and dialog_button is not jsnull:
            dialog_button.focus()

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
        if el is None or el is jsnull or not self.root.contains(el) or el.disabled:
            return
        data = {str(k): str(v) for k, v in Object.entries(el.dataset).to_py()}
        # "touch", "mouse", "pen", or "" for a keyboard: tables may ask a finger to confirm what a mouse would preview.
        data["pointer"] = str(getattr(event, "pointerType", "") or "")
        try:
            self.app.click(data, self.values())
        except Exception:  # a bug must not freeze the table: show it, keep the game
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        self.render()
        self.kick_bots()

    def kick_bots(self) -> None:
        if (self.bot_task is None or self.bot_task.done()) and self.app.bots_pending():
            self.bot_task = asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        self.html.dataset.bots = "thinking"
        try:
            while self.app.bots_pending():
                await asyncio.sleep(self.delay)
                if not self.app.bots_pending():
                    break
                self.app.step_bot()
                self.render()
        except Exception:  # a bot bug must not leave the table silently stuck
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
            self.render()
        finally:
            self.html.dataset.bots = "idle"


def _reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def _places(root: Any) -> dict[str, tuple[float, float]]:
    """Where each ``data-move`` element stands (viewport left, top); a key shown twice is left out."""
    places: dict[str, tuple[float, float]] = {}
    twice: set[str] = set()
    for el in root.querySelectorAll("[data-move]"):
        key = str(el.getAttribute("data-move"))
        if key in places:
            twice.add(key)
        else:
            rect = el.getBoundingClientRect()
            places[key] = (float(rect.left), float(rect.top))
    for key in twice:
        del places[key]
    return places


def _slide(root: Any, before: dict[str, tuple[float, float]]) -> int:
    """Slide what moved since ``before`` from its old place to its new one; returns how many slid.

    The new table is already in the page and answers clicks at once: a slide only draws
    the element on its way (Web Animations on ``translate``, no overlay, nothing to wait
    for).  An element that has no twin before comes from the first of its
    ``data-move-from`` keys that was on the page (a card from a hand onto a pile).
    """
    after = _places(root)
    moved = 0
    for el in root.querySelectorAll("[data-move]"):
        key = str(el.getAttribute("data-move"))
        if key not in after:
            continue
        old = before.get(key)
        if old is None:
            sources = el.getAttribute("data-move-from")
            if sources is None or sources is jsnull:
                continue
            old = next((before[k] for k in str(sources).split() if k in before), None)
            if old is None:
                continue
        dx, dy = old[0] - after[key][0], old[1] - after[key][1]
        if abs(dx) < 1 and abs(dy) < 1:
            continue
        frames = to_js([{"translate": f"{dx:.1f}px {dy:.1f}px"}, {"translate": "0 0"}], dict_converter=Object.fromEntries)
        timing = to_js({"duration": MOVE_MS, "easing": "cubic-bezier(.2, .7, .3, 1)", "id": "move"},
                       dict_converter=Object.fromEntries)
        el.animate(frames, timing)
        moved += 1
    return moved


def _int_param(name: str, default: int | None, lo: int, hi: int) -> int | None:
    """An integer from the page's query string (``?delay=…&seed=…``), clamped; else ``default``."""
    raw = URLSearchParams.new(window.location.search).get(name)
    if raw is None or raw is jsnull:
        return default
    try:
        return max(lo, min(hi, int(str(raw))))
    except ValueError:
        return default


async def start() -> None:
    """Build the app from the boot data, render it and hand the page over to it."""
    boot = window.pygamesBoot
    app = App(boot.catalogues.to_py(), str(boot.lang), _storage(), seed=_int_param("seed", None, 0, 2**53))
    app.boot()
    page = Page(app, _int_param("delay", DEFAULT_BOT_DELAY_MS, 0, 5000) or 0)
    page.render()
    page.root.addEventListener("click", create_proxy(page.on_click))
    page.root.addEventListener("input", create_proxy(page.on_input))
    document.getElementById("shell").hidden = True
    page.root.hidden = False
    page.html.dataset.bots = "idle"
    page.html.dataset.appState = "ready"
    page.kick_bots()
