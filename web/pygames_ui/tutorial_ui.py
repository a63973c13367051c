"""Learn by playing at the table: the step beside the board, its buttons, and the clicks it allows.

The tutorial itself (its deal, its steps) is data read by :mod:`.tutorial`; this module
draws the current step (the *coach*: one or two sentences, "Back", "Next", "Leave"),
decides whether a click on the table is the taught one, and starts, steps and leaves a
tutorial (:data:`HANDLERS`, by ``data-action``). ``page_table.py`` lights the taught control
(:func:`taught_selector`), puts the coach next to it and moves the focus to it.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from pygames_core import games
from pygames_core.base import Action

from . import saves
from .dom import attrs, button, esc
from .form import NewGameForm
from .i18n import I18n
from .session import Seat, Session, Storage
from .tables import Ctx, Table, TableSet
from .tutorial import Lesson, load, names

#: The level the summary's "Play against Easy bots" seats.
EASY = "easy"


class App(Protocol):
    """What the tutorial's buttons use of the app (this module does not import the app)."""

    t: I18n
    tables: TableSet
    session: Session | None
    screen: str
    results_closed: bool
    pending: Action | None
    viewer: int | None
    form: NewGameForm | None
    storage: Storage

    def moved(self) -> None: ...
    def start(self, values: dict[str, str]) -> None: ...
    def take_up(self, session: Session) -> None: ...


def learn_button(t: I18n, game: str, cls: str = "") -> str:
    """"Learn by playing" for ``game`` (home screen, rules page), if it has a tutorial."""
    if game not in names():
        return ""
    return button(esc(t("tutorial.learn")), "tutorial", cls, aria_label=of_game(t, "tutorial.learn", game), game=game)


def of_game(t: I18n, key: str, game: str) -> str:
    """A button's name with its game (a screen reader's list of buttons has one of each per
    game): the words shown first (WCAG 2.5.3), then which game."""
    return t("home.of_game", value=t(key), game=games.get(game).title[t.lang])


def taught_selector(lesson: Lesson, ctx: Ctx, table: Table) -> str | None:
    """The CSS selector of what the step is about: the control of the move it teaches (it
    follows the move, e.g. the card and then its place), else the part it explains."""
    if lesson.expected is not None and ctx.my_turn:
        return table.action_selector(lesson.expected, ctx)
    return lesson.step.at


def step_text(lesson: Lesson, ctx: Ctx) -> str:
    return ctx.t(lesson.tutorial.key(lesson.step)) if lesson.step.say is not None else ""


def coach(lesson: Lesson, ctx: Ctx, table: Table, flash: str = "") -> str:
    """The current step beside the table; the last one is the summary, over the final table.
    ``flash`` (safe HTML, :func:`.dom.alert`: why a click was not taken) is said in the step's
    box, where the learner looks, and moves nothing else on the page.

    ``data-kind`` says what the step waits for (``say``: Next, ``do``: the learner's move,
    ``bot``: a bot's move) and ``data-lit`` names what is lit now (a checksum of the
    selector), so the browser tests wait on selectors for the next thing to press.
    """
    t = ctx.t
    n, total = lesson.number()
    back = button(esc(t("tutorial.back")), "tutorial-back", "", disabled=lesson.back_index() is None)
    if lesson.last:
        game = lesson.tutorial.game
        return (f'<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="coach-title" id="coach-end">'
                f'<div class="panel coach-end"><h2 id="coach-title">{esc(t("tutorial.done"))}</h2>'
                f'<p class="coach-text" id="coach-text">{esc(step_text(lesson, ctx))}</p>'
                # (every way on before the final scores, which on a phone fill the screen)
                f'<div class="row actions">{button(esc(t("tutorial.play_easy")), "tutorial-play", "primary", game=game)}'
                f'{button(esc(t("tutorial.read_rules")), "rules", "", game=game)}'
                f'{button(esc(t("tutorial.leave")), "tutorial-leave", "")}</div>'
                f'{table.game_over(ctx)}<div class="row">{back}</div></div></div>')
    step = lesson.step
    if step.bot is not None:
        kind, text, extra, step_buttons = "bot", ctx.t("tutorial.watch"), "", back
    elif step.do is not None:
        kind, text, step_buttons = "do", step_text(lesson, ctx), back
        extra = f'<p class="coach-do">{table.lesson_move(step.do, ctx) or esc(t("tutorial.your_move"))}</p>'
    else:
        kind, text, extra = "say", step_text(lesson, ctx), ""
        step_buttons = back + button(esc(t("tutorial.next")), "tutorial-next", "primary")
    lit = zlib.crc32((taught_selector(lesson, ctx, table) or "").encode())
    title = esc(t("tutorial.title", game=games.get(lesson.tutorial.game).title[t.lang]))
    leave = button(esc(t("tutorial.leave")), "tutorial-leave", "")
    return (f'<aside class="coach" id="coach" aria-labelledby="coach-title" data-step="{lesson.index}" data-kind="{kind}" '
            f'data-lit="{lit}"{attrs(data_see=step.see)}><p class="coach-count" id="coach-title"><span class="coach-game">{title} · </span>{esc(t("tutorial.count", n=n, total=total))}</p>'
            f'<p class="coach-text" id="coach-text">{esc(text)}</p>{extra}'
            f'{flash}<div class="row">{step_buttons}{leave}</div></aside>')


def refusal(lesson: Lesson, ctx: Ctx, data: dict[str, str], action: object) -> str | None:
    """Why a click on the table is not taken now (``None``: it is the taught one, or a step towards it).

    ``data["taught"]`` is set by the page on the lit control; ``action`` is the move the
    click makes (``None`` for a step towards one, e.g. choosing a card).
    """
    t = ctx.t
    if lesson.expected is None:
        return t("tutorial.not_now.read")
    if data.get("taught") != "1" or (action is not None and action != lesson.expected):
        return t("tutorial.not_now")  # (the step's words are just above: not said again under them)
    return None


# ---------------------------------------------------------------- starting, stepping, leaving
def _start(app: App, game: str, index: int = 0, names_of: list[str] | None = None) -> None:
    tutorial = load(game)
    t = app.t
    if names_of is None:
        bots = iter(range(1, len(tutorial.seats)))
        names_of = [t("setup.default_you") if kind == "human" else t("setup.default_bot", n=next(bots))
                    for kind in tutorial.seats]
    app.session = tutorial.session_at(index, names_of)
    for table in app.tables.made():
        table.reset()
    app.screen, app.results_closed, app.pending = "table", False, None
    app.viewer = tutorial.learner
    app.moved()


def _tutorial(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """"Learn by playing": the game's tutorial where it was left unfinished (at the table behind
    the rules page, or kept while a game is played), else from its first step."""
    game = data.get("game", "")
    if game not in names():
        return
    if not _unfinished(app.session, game):
        kept = saves.load(app.storage, saves.GUIDE_KEY)[0]  # (the guided game's own slot, read only then)
        if kept is None or not _unfinished(kept, game):
            _start(app, game)
            return
        app.take_up(kept)
        app.moved()
    app.screen = "table"


def _unfinished(session: Session | None, game: str) -> bool:
    """``session`` is ``game``'s lesson, not at its summary yet."""
    lesson = Lesson.of(session)
    return lesson is not None and lesson.tutorial.game == game and not lesson.last


def _next(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    lesson = Lesson.of(app.session)
    if lesson is not None and app.session is not None and lesson.step.action is None and not lesson.last:
        lesson.advance(app.session)
        app.moved()


def _back(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Back a step: the position is rebuilt from the deal (bots' moves in between are replayed)."""
    s, lesson = app.session, Lesson.of(app.session)
    if s is None or lesson is None:
        return
    index = lesson.back_index()
    if index is not None:
        _start(app, lesson.tutorial.game, index, [seat.name for seat in s.seats])


def _leave(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Leave for the home screen; the tutorial is kept like any game ("Continue" resumes it)."""
    app.screen = "home"


def _play_easy(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """The summary's "Play against Easy bots": the tutorial's table, every bot Easy, a real deal."""
    game = data.get("game", "")
    if game not in names():
        return
    t, table = app.t, app.tables[game]
    bots = range(1, len(load(game).seats))
    seats = [Seat(t("setup.default_you"), "human")] + [Seat(t("setup.default_bot", n=i), EASY) for i in bots]
    app.form = NewGameForm(game, seats, table.default_options())
    app.start({})


HANDLERS: dict[str, Callable[[Any, dict[str, str], dict[str, str]], None]] = {
    "tutorial": _tutorial,
    "tutorial-next": _next,
    "tutorial-back": _back,
    "tutorial-leave": _leave,
    "tutorial-play": _play_easy,
}


# ---------------------------------------------------------------- where the step shows
class Box(NamedTuple):
    """A box on screen, in CSS pixels from the viewport's top left (``getBoundingClientRect``)."""

    top: float
    left: float
    bottom: float
    right: float = math.inf


#: Space between the step's text and what it is about, and from the screen's edges.
GAP = 8.0
#: A screen this narrow (a phone) has the step's text docked at its foot: placed beside the lit
#: part it would cover the rows around it that the step talks about.
DOCK_WIDTH = 560.0
#: A screen this low (a phone on its side) docks it too when it cannot be beside the lit part's
#: whole (Зоомагия's field, taller than such a screen) and leave both in view.
DOCK_HEIGHT = 480.0
#: The top bar's height on a phone: what is scrolled into view must come out from under it.
TOP_BAR = 56.0
#: The least width the docked text needs beside Зоомагия's field on a phone on its side.
DOCK_BESIDE = 320.0


def coach_docks(view_w: float, view_h: float = float("inf"), need_h: float = 0.0) -> bool:
    """Whether the step's text docks at the screen's foot: on a narrow screen, and on a low one
    where what it must show beside it (``need_h``: the lit part's whole and the text, one above
    the other) is taller than the screen."""
    return view_w <= DOCK_WIDTH or (view_h <= DOCK_HEIGHT and need_h + 2 * GAP > view_h)


def dock_left(view_w: float, view_h: float, whole_right: float | None) -> float | None:
    """Where the docked text begins on a low screen whose table stands whole at its left
    (Зоомагия's field on a phone on its side, ``whole_right`` its right edge): beside it, which it
    then never covers, where there is room; ``None``: across the screen's foot."""
    if whole_right is None or view_h > DOCK_HEIGHT or view_w - whole_right - 2 * GAP < DOCK_BESIDE:
        return None
    return whole_right + GAP


def top_margin(view_h: float) -> float:
    """How far below the screen's top the lit part above the docked text is kept: a phone's top
    bar's height, except on a screen too low to spare it (a phone on its side)."""
    return GAP if view_h <= DOCK_HEIGHT else TOP_BAR


def dock_area(target: Box, around: Box | None, coach_top: float, see: Box | None = None, top: float = TOP_BAR) -> Box:
    """What to show above the docked text: the lit part with what else the step talks about
    (``see``: the cards just revealed) and its whole seat (``around``: its row and hand), the
    first of those that fits there (under ``top``: :func:`top_margin`): both, the lit part and
    ``see``, the seat; else the lit part alone."""
    tries = [span(target, see, around), span(target, see)] if see is not None else []
    for box in [*tries, around]:
        if box is not None and box.bottom - box.top <= coach_top - GAP - top:
            return box
    return target


def span(*boxes: Box | None) -> Box:
    """The smallest box holding ``boxes`` (``None`` left out; as far as the page's scrolling goes:
    top to bottom)."""
    held = [b for b in boxes if b is not None]
    return Box(min(b.top for b in held), min(b.left for b in held), max(b.bottom for b in held))


def dock_scroll(target: Box, coach_top: float, top: float = TOP_BAR) -> float:
    """How far to scroll the page down so that the lit part shows above the docked text (never
    so far that its top goes above ``top``: :func:`top_margin`); 0 when it shows already; up
    (negative) when its top is above ``top`` (cut off at the screen's top, or just under it,
    its ring cut and what is above it out of sight: brought down to ``top``)."""
    if target.top < top:
        return target.top - top
    over = target.bottom + GAP - coach_top
    return max(0.0, min(over, target.top - top))


def coach_place(target: Box, width: float, height: float, parent: Box, view_w: float, view_h: float,
                clear: tuple[Box, float] | None = None, board: Box | None = None,
                whole: tuple[Box, float] | None = None, lit: Sequence[Box] = ()) -> tuple[float, float]:
    """Where the step's text goes (``top``, ``left`` within its positioned ``parent``): under the
    whole ``board`` (the game's table) when it fits there on the screen, covering none of the
    cards the step talks about; else under the lit part of the table, where the page goes on
    (the page scrolls to show it: over the part it would hide the rows the step is about, as on
    a phone); over it where the page ends too soon, or where under it would cover ``clear`` (a
    box and its right edge: the choices the step asks to choose among) and over it does not; as
    far left as the part, kept within the screen's width. Where that covers ``whole`` (a box and
    its right edge: what the lit part belongs to, Зоомагия's field, read as one; else the cards
    the step talks about, as far as they go) and the screen has room right of it, the text goes
    there instead, level with the lit part, or lower, its foot level with the foot of what it goes
    beside, where it hides no part lit (``lit``) nor the choices: at the top right of Зоомагия's
    field are the drawn card and the words on pushing it, which a step about them covered."""
    below = target.bottom + GAP
    above = target.top - GAP - height
    left = min(max(target.left, GAP), max(GAP, view_w - width - GAP))

    def covers(top: float) -> bool:
        if clear is None:
            return False
        box, right = clear
        return top < box.bottom and top + height > box.top and left < right and left + width > box.left

    if board is not None and target.bottom <= board.bottom and board.bottom + GAP + height <= view_h - GAP:
        return round(board.bottom + GAP - parent.top), round(left - parent.left)
    too_soon = below + height > max(view_h, parent.bottom)
    top = above if above >= 0 and (too_soon or (covers(below) and not covers(above))) else below
    if whole is not None:
        box, right = whole
        beside = right + GAP
        level = max(box.top, min(target.top, view_h - GAP - height))
        over = top < box.bottom and top + height > box.top and left < right and left + width > box.left
        if over and beside + width <= view_w - GAP:
            foot = max(box.top, min(box.bottom - height, view_h - GAP - height))
            keep = [*lit, *([clear[0]._replace(right=clear[1])] if clear is not None else [])]
            if foot > level and not any(foot < b.bottom and foot + height > b.top and beside < b.right
                                        and beside + width > b.left for b in keep):
                level = foot
            top, left = level, beside
    return round(top - parent.top), round(left - parent.left)
