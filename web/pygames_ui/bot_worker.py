"""The page's side of the bot worker (``web/bot-worker.js``): requests out, answers back as futures.

The worker is a Pyodide of its own that runs :func:`pygames_ui.thinking.think`; only
JSON text crosses.  ``main.py`` gives this class the browser's pieces (a function
that makes the ``Worker``, one that keeps a Python callable alive as a JavaScript
listener, one that reports the worker's state), so the logic here also runs, with a
stand-in worker, on plain CPython.

:meth:`BotWorker.think` answers ``None`` when there is no answer to be had (the
worker could not start, broke, or took too long): the caller then thinks on the page.
After the first failure the worker is not tried again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

#: The longest wait for the worker to start (its Pyodide: ~1–2 s here, longer on a slow phone).
START_S = 60.0
#: The longest wait for one answer (a Hard search takes ~1.2 s).
ANSWER_S = 30.0


class BotWorker:
    """One bot worker, started on first need; one future per request, matched by id."""

    def __init__(self, create: Callable[[], Any], listener: Callable[[Callable[[Any], None]], Any],
                 report: Callable[[str, str | None], None], start_s: float = START_S,
                 answer_s: float = ANSWER_S) -> None:
        """``create()`` makes the ``Worker`` (may raise); ``listener(f)`` turns ``f`` into an event
        listener; ``report(state, why)`` is told "starting", "ready" or "failed" (with the reason)."""
        self.create, self.listener, self.report = create, listener, report
        self.start_s, self.answer_s = start_s, answer_s
        self.worker: Any = None
        self.ready: asyncio.Future[bool] | None = None
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.ids = 0
        self.started_from: str | None = None  # "snapshot" or "fresh": how its Python started, once ready
        self.listeners: list[Any] = []  # kept: the browser calls them for as long as the worker lives

    def start(self) -> None:
        """Start the worker unless it is started (or has failed) already."""
        if self.ready is not None:
            return
        self.ready = asyncio.get_event_loop().create_future()
        self.report("starting", None)
        try:
            self.worker = self.create()
        except Exception as exc:  # noqa: BLE001 - any reason at all: the page thinks itself
            self._give_up(f"it cannot be created: {exc}")
            return
        self.listeners = [self.listener(self._on_message), self.listener(self._on_error)]
        self.worker.addEventListener("message", self.listeners[0])
        self.worker.addEventListener("error", self.listeners[1])

    def _on_message(self, event: Any) -> None:
        try:
            data = json.loads(str(event.data))
        except ValueError:
            self._give_up("it sent a message that is not JSON")
            return
        if not isinstance(data, dict):
            self._give_up("it sent a message that is not a JSON object")
        elif "ready" in data:
            if not data["ready"]:
                self._give_up(f"it could not start: {data.get('error')}")
            elif self.ready is not None and not self.ready.done():
                self.started_from = str(data.get("from") or "fresh")
                self.report("ready", None)
                self.ready.set_result(True)
        else:
            future = self.pending.pop(data.get("id"), None)  # type: ignore[arg-type]
            if future is not None and not future.done():
                future.set_result(data)

    def _on_error(self, event: Any) -> None:
        event.preventDefault()  # not an uncaught error of the page: it plays on, thinking itself
        self._give_up(str(getattr(event, "message", "") or "its script could not be loaded"))

    def _give_up(self, why: str) -> None:
        self.report("failed", why)
        if self.worker is not None:
            self.worker.terminate()
            self.worker = None
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(False)
        for future in self.pending.values():
            if not future.done():
                future.set_result({"error": why})
        self.pending.clear()

    async def think(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """The worker's answer to ``request`` (:func:`pygames_ui.thinking.request`), or ``None``."""
        self.start()
        assert self.ready is not None
        try:
            if not await asyncio.wait_for(asyncio.shield(self.ready), self.start_s):
                return None
        except TimeoutError:
            self._give_up(f"it did not start within {self.start_s:g} s")
            return None
        if self.worker is None:
            return None
        self.ids += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
        self.pending[self.ids] = future
        self.worker.postMessage(json.dumps({"id": self.ids, "request": request}))
        try:
            reply = await asyncio.wait_for(future, self.answer_s)
        except TimeoutError:
            self._give_up(f"it did not answer within {self.answer_s:g} s")
            return None
        answer = reply.get("answer")
        if not isinstance(answer, dict):
            self.report("ready", f"it could not answer: {reply.get('error')}")  # this once: the page thinks
            return None
        return answer
