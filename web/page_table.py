"""The page's part for what happens at the table between clicks: bots, hints, the tutorial's coach.

A mixin of :class:`main.Page` (``web/main.py``). Bots move one by one on an asyncio task,
each move given its share of the round (``pygames_ui/pace.py``); a searching bot's (and a
hint's) search runs in the bot worker (``bot-worker.js``), or on the page in slices when
there is none. After each render the hinted move, the move waiting for a second tap and a
tutorial step's subject are marked, and the tutorial's coach is placed beside it.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from js import Object, Worker, console, document, window  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from pygames_ui import focus, tutorial_ui
from pygames_ui.thinking import SlicedSearch

#: The bots' own Pyodide: a search never runs on the page's thread while a worker can.
BOT_WORKER_URL = "bot-worker.js"


class TablePart:
    """Bots, hints and the coach (``self.app``, ``self.html``, ``self.root``, ``self.delay``,
    ``self.brains`` and ``self.render`` are :class:`main.Page`'s)."""

    app: Any
    html: Any
    root: Any
    delay: float
    brains: Any
    bot_task: asyncio.Task[None] | None
    bot_moves: int
    coached: object
    decision_shown: object
    pending_shown: str | None
    waited_shown: object


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
        if state == "ready":
            self.html.dataset.botWorkerFrom = self.brains.started_from
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
        kept = False
        try:
            kept = self.app.hint_answered(await self.think(request))
        except Exception:  # noqa: BLE001 - the game goes on without the hint
            console.error(traceback.format_exc())
            self.app.flash = self.app.t("flash.error")
        self.render()
        lit = self.root.querySelector(".hint-lit") if kept else None
        if focus.present(lit):  # on a phone the Hint button is far below the table: show what it lights
            # (with what it is part of, Зоомагия's field, and below the hint, which stays at the top)
            whole = lit.closest("[data-whole]")
            shown = whole if focus.present(whole) and float(whole.getBoundingClientRect().height) < float(window.innerHeight) * .8 else lit
            shown.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))
            self._clear_of(shown, ".assist:has(.hint-text)", top=True)
            # … and where the focus fell when the Hint button went (the prompt, the page), it goes
            # to the control lit, so Enter plays the hint
            active = document.activeElement
            if not focus.present(active) or active.isSameNode(document.body) or str(active.id) == "prompt":
                control = self.root.querySelector(".hint-lit:is(button:enabled, [tabindex])")
                if focus.present(control):
                    control.focus()


    def _show_pending(self) -> None:
        """The move waiting for its second tap, and the card it plays, above the confirm bar (the
        page's scroll-padding is the bar's height): once, so a player who scrolls away is left there.
        After the render's slides: they measure where things were on the screen."""
        selector = self.app.pending_selector()
        if selector and selector != self.pending_shown:
            nearest = to_js({"block": "nearest"}, dict_converter=Object.fromEntries)
            for el in (self.root.querySelector('main [aria-pressed="true"]'), self.root.querySelector(selector)):
                if focus.present(el):
                    el.scrollIntoView(nearest)
                    self._clear_of(el, "[data-foot]", top=False)
        self.pending_shown = selector

    def _show_waited_for(self) -> None:
        """The row of the person the table waits for (a friend on another device: Клац!'s
        ``data-waits``) out from under the player's own row at the screen's foot, where it lay
        with its "away" tag: once per wait, so a player who scrolls away is left there."""
        row = self.root.querySelector("[data-waits]")
        waited = (self.app.screen_key(), str(row.dataset.waits)) if focus.present(row) else None
        if waited is not None and waited != self.waited_shown:
            self._clear_of(row, "[data-foot]", top=False)
        self.waited_shown = waited

    def _clear_of(self, el: Any, selector: str, top: bool) -> None:
        """``el`` out from under what stays at the screen's top (``top``: the hint on a phone) or
        foot (Клац!'s own row over the confirm bar, which the page's scroll padding does not count)
        while the page scrolls: ``selector``, where it is sticky and ``el`` not inside it."""
        stuck = self.root.querySelector(selector)
        if not focus.present(stuck) or stuck.contains(el) or str(window.getComputedStyle(stuck).position) != "sticky":
            return
        box, at = el.getBoundingClientRect(), stuck.getBoundingClientRect()
        hidden = float(at.bottom) - float(box.top) if top else float(box.bottom) - float(at.top)
        if hidden > 0:
            window.scrollBy(0, -(hidden + 8) if top else hidden + 8)

    def _show_decision(self) -> None:
        """A decision's main button that has just become pressable (Зоомагия's End turn, its
        Confirm once the row is filled), or the answers to a question (the RPS table's: on a
        phone on its side a long question pushed them below the screen), is scrolled into view if
        it ends below the screen (on a phone the panel is under the field): once, so a player who
        scrolls away is left there. Not in a lesson: the coach shows what its step is about."""
        button = self.root.querySelector("#decide button.primary:enabled, .rz-decision.mine .rz-choices")
        shown = (self.app.screen_key(), str(button.getAttribute("data-action")), str(button.textContent)) if focus.present(button) else None
        in_lesson = self.app.screen == "table" and self.app.lesson() is not None
        if shown is not None and shown != self.decision_shown and not in_lesson:
            if float(button.getBoundingClientRect().bottom) > float(window.innerHeight):
                button.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))
        self.decision_shown = shown

    def _light_hint(self) -> None:
        """Light the control of the hinted move (the hint on the table names the move too), and
        mark the one whose move waits for a second tap (a click on it then commits the move)."""
        selector = self.app.lit_selector()
        if selector:
            said = focus.present(self.root.querySelector('#hint[data-ready="true"]'))
            for el in self.root.querySelectorAll(selector):
                el.classList.add("hint-lit")
                # (the hint's words with it: the focus comes to it as they are written, and a screen
                # reader said the control's name and dropped the hint's)
                if said and "hint" not in str(el.getAttribute("aria-describedby") or "").split():
                    el.setAttribute("aria-describedby", f'{el.getAttribute("aria-describedby") or ""} hint'.strip())
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

    def on_focus(self, event: Any) -> None:
        """Зоомагия on a touch screen with a keyboard: the arrow the keyboard's focus comes to shows
        its push, as a finger's first tap does (that screen's preview CSS reads the board's
        ``data-armed``; a mouse's screen previews a focused arrow by CSS alone). The next render
        puts the board's own ``data-armed`` back."""
        board = self.root.querySelector(".zm-board")
        if not focus.present(board) or not self.html.hasAttribute("data-keyboard"):
            return
        el = event.target
        if el.matches(".zm-arrow.legal:enabled"):
            board.dataset.armed = "-".join(str(el.getAttribute(f"data-{k}")) for k in ("line", "index", "from"))
        elif not board.querySelector(".zm-arrow.armed"):  # (no finger's tap to keep)
            board.removeAttribute("data-armed")

    def _coach(self) -> None:
        """A tutorial's step beside what it is about: the text under (or over) the lit part of the
        table, both scrolled into view (on a phone the step docks at the screen's foot, the lit
        part and its seat shown above it), and on a new step, or a newly lit part, the focus on
        the control to press."""
        box = document.getElementById("coach")
        if not focus.present(box):
            self.coached = None
            return
        target = self.root.querySelector(".taught")
        if focus.present(target) and not target.getClientRects().length:
            target = None  # not laid out (hidden): docked for now
        field = target.closest("[data-whole]") if focus.present(target) else None
        named = box.getAttribute("data-see")  # (what else the step talks about: the cards just revealed)
        see = self.root.querySelector(str(named)) if named else None
        view_w, view_h = float(window.innerWidth), float(window.innerHeight)
        # A phone on its side with Зоомагия's field standing whole at the left: at the foot, beside it.
        standing = self.root.querySelector("[data-whole]")
        beside = tutorial_ui.dock_left(view_w, view_h, float(standing.getBoundingClientRect().right) if focus.present(standing) else None)
        need = 0.0  # (on a low screen only: what must show with the text, the lit part's whole, else the lit part)
        if beside is None and view_h <= tutorial_ui.DOCK_HEIGHT:
            lit = field if focus.present(field) else target
            need = float(box.getBoundingClientRect().height) + (float(lit.getBoundingClientRect().height) if focus.present(lit) else 0.0)
        docked = beside is not None or tutorial_ui.coach_docks(view_w, view_h, need)
        if docked:
            box.classList.remove("placed")  # a phone: at the screen's foot, the lit part shown above it
            box.style.left = f"{beside}px" if beside is not None else ""
        elif focus.present(target):
            try:
                box.classList.add("placed")  # positioned (absolute) from here on: its parent is known
                c = box.getBoundingClientRect()
                parent = box.offsetParent if focus.present(box.offsetParent) else document.body
                # The choices the step asks to choose among (Зоомагия's panel) stay in view, unless the lit part is one.
                panel = self.root.querySelector("#decide")
                clear = whole = None
                if focus.present(panel) and not panel.contains(target) and focus.present(panel.querySelector("button")):
                    clear = (_box(panel), float(panel.getBoundingClientRect().right))
                seen = field if focus.present(field) else see  # (or the cards the step talks about, as far as they go)
                if focus.present(seen):
                    whole = (_box(seen), max([float(k.getBoundingClientRect().right) for k in seen.children]
                                             or [float(seen.getBoundingClientRect().right)]))
                top, left = tutorial_ui.coach_place(
                    _box(target), float(c.width), float(c.height), _box(parent), view_w,
                    view_h, clear, _box(self.root.querySelector('.table-screen > [class$="-table"]')),
                    whole, [_box(el) for el in self.root.querySelectorAll(".taught")])
                box.style.top, box.style.left = f"{top}px", f"{left}px"
            except Exception:  # noqa: BLE001 - placing only decorates: the step shows docked at the bottom
                box.classList.remove("placed")
                console.error(traceback.format_exc())
        # (a press refused says why in the coach, which grows: the lit part is shown above it again)
        step = (self.app.session, str(box.dataset.step), str(box.dataset.lit), self.app.flashes)
        if step == self.coached:
            return
        # A step that lights its next part (a card chosen, then its place): the focus follows the
        # light from the table, not from the coach's own buttons.
        new_step = self.coached is None or step[:2] != self.coached[:2]
        self.coached = step
        active = document.activeElement
        if not new_step and focus.present(active) and box.contains(active):
            return
        nearest = to_js({"block": "nearest"}, dict_converter=Object.fromEntries)
        if focus.present(target):
            target.scrollIntoView(nearest)
            if docked:
                room = tutorial_ui.top_margin(view_h)
                if beside is not None and float(target.getBoundingClientRect().right) <= beside:
                    down = tutorial_ui.dock_scroll(_box(standing), view_h, room)  # (lit in the field: the field whole)
                else:
                    top = float(box.getBoundingClientRect().top)
                    # (its row and hand, or the question it answers: the step may be about them)
                    seat = target.closest(".seat, .zm-seat, .rz-seat, .rz-decision")
                    shown = tutorial_ui.dock_area(_box(target), _box(seat), top, _box(see), room)
                    down = tutorial_ui.dock_scroll(shown, top, room)
                if down:
                    window.scrollBy(0, down)
        if not docked:
            box.scrollIntoView(nearest)
        control = self.root.querySelector("[data-taught]")
        if not focus.present(control):
            control = box.querySelector('[data-action="tutorial-next"]')
        if focus.present(control):
            control.focus()


def _box(el: Any) -> Any:
    """``el``'s box on the screen (``tutorial_ui.Box``), or ``None`` for no element."""
    if not focus.present(el):
        return None
    r = el.getBoundingClientRect()
    return tutorial_ui.Box(float(r.top), float(r.left), float(r.bottom), float(r.right))


def new_bot_worker() -> Any:
    """The bots' Web Worker (a module worker: Pyodide's own module needs it), named after this
    build's start-up snapshot, from which it starts where the device keeps one (bot-worker.js)."""
    options = {"type": "module", "name": str(window.pygamesBoot.build)}
    return Worker.new(BOT_WORKER_URL, to_js(options, dict_converter=Object.fromEntries))
