"""The page's side of the bot worker on CPython, with a stand-in worker that answers like bot-worker.js."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from pygames_ui import thinking
from pygames_ui.bot_worker import BotWorker
from pygames_ui.session import Seat, Session


class Event:
    def __init__(self, data: str = "", message: str = "") -> None:
        self.data, self.message = data, message
        self.prevented = False

    def preventDefault(self) -> None:  # noqa: N802 - the DOM's name
        self.prevented = True


class FakeWorker:
    """Answers as bot-worker.js does (``thinking.think_json``), a moment later, unless told otherwise."""

    def __init__(self, ready: bool = True, answers: bool = True, crash: bool = False) -> None:
        self.listeners: dict[str, Callable[[Any], None]] = {}
        self.sent: list[dict[str, Any]] = []
        self.terminated = False
        self.answers = answers
        loop = asyncio.get_event_loop()
        self.error = Event(message="SyntaxError in bot-worker.js")
        if crash:
            loop.call_soon(lambda: self.listeners["error"](self.error))
        else:
            loop.call_soon(lambda: self._send({"ready": ready} | ({"from": "snapshot"} if ready else {"error": "no Pyodide"})))

    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:  # noqa: N802
        self.listeners[kind] = listener

    def postMessage(self, text: str) -> None:  # noqa: N802
        message = json.loads(text)
        self.sent.append(message)
        if not self.answers:
            return
        try:
            reply = f'{{"id":{message["id"]},"answer":{thinking.think_json(json.dumps(message["request"]))}}}'
        except ValueError as exc:
            reply = json.dumps({"id": message["id"], "error": str(exc)})
        asyncio.get_event_loop().call_soon(lambda: self.listeners["message"](Event(reply)))

    def terminate(self) -> None:
        self.terminated = True

    def _send(self, data: dict[str, Any]) -> None:
        self.listeners["message"](Event(json.dumps(data)))


def brains(worker: FakeWorker | Exception, **timeouts: float) -> tuple[BotWorker, list[tuple[str, str | None]]]:
    states: list[tuple[str, str | None]] = []

    def create() -> FakeWorker:
        if isinstance(worker, Exception):
            raise worker
        return worker

    return BotWorker(create, lambda f: f, lambda state, why: states.append((state, why)), **timeouts), states


def request() -> dict[str, Any]:
    s = Session.new("rps_zombie", [Seat("A", "human"), Seat("B", "hard")], {}, seed=2)
    return thinking.request(s, hint=True, iterations=50)


def run(coro: Any) -> Any:
    """Run ``coro`` on an event loop of its own, in a thread of its own: in a test process that
    has run the Chromium tests, Playwright's loop is still running on the main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coro).result()


def test_the_worker_answers_a_request_as_think_would() -> None:
    async def go() -> None:
        worker = FakeWorker()
        b, states = brains(worker)
        answer = await b.think(request())
        assert answer is not None and {**answer, "ms": 0} == {**thinking.think(request()), "ms": 0}
        assert await b.think(request()) is not None
        assert [m["id"] for m in worker.sent] == [1, 2] and states == [("starting", None), ("ready", None)]
        assert b.started_from == "snapshot"  # as the worker said (html[data-bot-worker-from])
    run(go())


@pytest.mark.parametrize("case", ["cannot be created", "crashes", "not ready"])
def test_a_worker_that_cannot_start_answers_none_from_then_on(case: str) -> None:
    async def go() -> None:
        if case == "cannot be created":
            b, states = brains(RuntimeError("workers are disabled"))
        else:
            b, states = brains(FakeWorker(crash=case == "crashes", ready=case != "not ready"))
        assert await b.think(request()) is None
        assert await b.think(request()) is None
        assert [s for s, _ in states] == ["starting", "failed"]
        assert states[-1][1]
    run(go())


def test_a_worker_error_event_is_kept_from_the_page() -> None:
    async def go() -> None:
        worker = FakeWorker(crash=True)
        b, states = brains(worker)
        assert await b.think(request()) is None
        assert worker.error.prevented and worker.terminated  # no uncaught error reaches the page
        assert states[-1] == ("failed", "SyntaxError in bot-worker.js")
    run(go())


def test_a_silent_worker_times_out_and_is_given_up() -> None:
    async def go() -> None:
        worker = FakeWorker(answers=False)
        b, states = brains(worker, answer_s=0.05)
        assert await b.think(request()) is None
        assert states[-1][0] == "failed" and "did not answer" in (states[-1][1] or "") and worker.terminated
    run(go())


def test_a_bad_request_is_answered_by_the_page_instead() -> None:
    async def go() -> None:
        b, states = brains(FakeWorker())
        assert await b.think({**request(), "level": "godlike"}) is None
        assert states[-1][0] == "ready" and "unknown level" in (states[-1][1] or "")
        assert await b.think(request()) is not None  # the worker is still there
    run(go())
