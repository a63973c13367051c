"""The page's part for keeping games: the device's storage, record files read and saved, links
and fields copied.

A mixin of :class:`main.Page` (``web/main.py``): the clicks that ask the browser for a file,
a download or the clipboard land here, then go through the app like any click; and the
replay viewer's clock, which steps a playing replay forward (``Replay.playing``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from js import Object, console, document, localStorage, window  # type: ignore[import-not-found]
from pyodide.ffi import JsException, jsnull, to_js  # type: ignore[import-not-found]

from pygames_core.record_codec import MAX_TEXT_CHARS
from pygames_ui import focus, keeping
from pygames_ui.session import MemoryStorage, Storage, StorageFullError

#: A game record file is a few kilobytes: a huge file is refused before it is read (the record's
#: own limit, in characters, holds for its bytes too: a character is a byte or more).
MAX_RECORD_BYTES = MAX_TEXT_CHARS
#: A playing replay's time per move, as a share of the page's bot delay (0.8 s: 1.2 s a move;
#: the tests' ``?delay=20``: the shortest step).
REPLAY_PACE = 1.5
REPLAY_SHORTEST_S = 0.05


class BrowserStorage:
    """``localStorage`` with JS ``null`` turned into ``None`` and a full disk not breaking play."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = localStorage.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        try:
            localStorage.setItem(key, value)
        except JsException as exc:  # quota exceeded, storage disabled: the app says what it means
            console.warn(f"pygames: could not save ({exc})")
            raise StorageFullError(str(exc)) from None

    def removeItem(self, key: str) -> None:  # noqa: N802
        localStorage.removeItem(key)


def device_storage() -> Storage:
    """Where saves go: the browser's ``localStorage``, or memory where the browser allows none."""
    try:
        localStorage.getItem("pygames.probe")
        return BrowserStorage()
    except JsException:
        return MemoryStorage()


class KeepPart:
    """Files, downloads and the clipboard (``self.app``, ``self.root``, ``self.render``,
    ``self._act`` and ``self.guarded`` are :class:`main.Page`'s)."""

    app: Any
    root: Any
    delay: float
    replay_clock: asyncio.Task[None] | None

    def on_storage(self, event: Any) -> None:
        """Another tab of this browser saved (``keeping.saved_elsewhere``): the game here follows it.
        Its bots are not started here: that tab plays them, and this one takes up what it saves."""
        key = getattr(event, "key", None)
        if focus.present(key):
            self.guarded(lambda: keeping.saved_elsewhere(self.app, str(key)) and self.render())

    def keep_replay_playing(self) -> None:
        """After a render: a replay that plays gets its clock (one at a time)."""
        replay = self.app.history.replay
        if (self.app.screen == "replay" and replay is not None and replay.playing
                and (self.replay_clock is None or self.replay_clock.done())):
            self.replay_clock = asyncio.ensure_future(self._play_replay())

    async def _play_replay(self) -> None:
        while True:
            await asyncio.sleep(max(REPLAY_SHORTEST_S, REPLAY_PACE * self.delay))
            replay = self.app.history.replay
            if replay is None or not replay.playing:
                return
            if self.app.screen != "replay":  # left the viewer (Back, Home): it stays where it stopped
                replay.playing = False
                return
            replay.tick()
            self.render()

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

    def perform_effects(self) -> None:
        """Carry out what the last click asked of the browser: a download, the clipboard."""
        effects, self.app.effects = self.app.effects, []
        for kind, *args in effects:
            if kind == "download":
                download(*args)
            elif kind == "copy-link":
                self._copy_link(args[0])

    def _copy_field(self, name: str, button: Any) -> None:
        """An invite or an answer onto the clipboard: its button says "Copied" (and so does the
        live region), the page stays where it is (the field may be far below the button, on a
        phone); with no clipboard the field's text is selected instead, one Ctrl+C away."""
        field = document.getElementById(name)
        if not focus.present(field):
            return
        try:
            promise = window.navigator.clipboard.writeText(str(field.value))  # (at once: the click's user gesture)
        except (AttributeError, JsException):
            _select(field)
            return
        asyncio.ensure_future(self._field_copied(promise, field, button))

    async def _field_copied(self, promise: Any, field: Any, button: Any) -> None:
        try:
            await promise
        except JsException:  # permission denied
            _select(field)
            return
        words = self.app.t("devices.copied")
        if focus.present(button) and button.isConnected:
            # (until the page is next drawn; its name keeps what it copied: "Copied: Your answer as a code")
            button.textContent = words
            what = button.getAttribute("data-copies")
            if what:
                button.setAttribute("aria-label", self.app.t("devices.copied_what", value=str(what)))
        live = document.getElementById("live")
        if focus.present(live):
            line = document.createElement("p")
            line.lang, line.textContent = self.app.t.lang, words
            live.appendChild(line)

    def _share_field(self, name: str, words: str, button: Any) -> None:
        """An invite or an answer link to the browser's share sheet (a messenger, mail…), with
        ``words`` ("Anna invites you to Klats!"); where the browser cannot, onto the clipboard."""
        field = document.getElementById(name)
        if not focus.present(field):
            return
        try:
            promise = window.navigator.share(to_js({"text": words, "url": str(field.value)},
                                                   dict_converter=Object.fromEntries))  # (at once: the click's user gesture)
        except (AttributeError, JsException):
            self._copy_field(name, button)
            return
        asyncio.ensure_future(self._shared(promise, name))

    async def _shared(self, promise: Any, name: str) -> None:
        try:
            await promise
        except JsException as err:  # the player closed the sheet (AbortError): nothing to say; else the text, one Ctrl+C away
            if "AbortError" not in str(err):
                field = document.getElementById(name)
                if focus.present(field):
                    _select(field)

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


def _select(field: Any) -> None:
    field.focus()
    field.select()


def download(name: str, text: str) -> None:
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
