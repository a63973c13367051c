"""A bot's decision as a message: what the page asks a bot (or the hint) and what comes back.

The page sends :func:`request` to the bot worker (``web/bot-worker.js``, a Pyodide of its
own that runs :func:`think`), or, when no worker can start, runs the search itself in
slices (:class:`SlicedSearch`).  Only the acting seat's *view* crosses, never the game
state: a bot, and a hint, know exactly what that seat knows.  The bot plays on a deal
made up from the view (``game.determinize``), which has the same view and the same legal
moves as the real game.

Messages are plain JSON (so nothing but text crosses to the worker)::

    request: {"game": "klats", "view": {...}, "level": "hard", "seed": 123, "hint": false}
             (+ "budget_ms": T, to think at most T ms: the bot's share of the round;
              + "iterations": N, to search exactly N times: tests and benchmarks)
    answer:  {"action": {...}, "estimate": 0.64 | null, "iterations": 1500 | null, "ms": 1180.0}

``estimate`` is the search's chance of winning with that move (Hard only); a hint
always searches, a bot move with one legal action answers at once.
"""

from __future__ import annotations

import gc
import hashlib
import json
import time
from collections.abc import Mapping
from typing import Any

from pygames_core import bots, games
from pygames_core.actions import find
from pygames_core.base import Action, Game, State
from pygames_core.bots import levels
from pygames_core.bots.ismcts import IsmctsBot
from pygames_core.rng import Rng

from .session import Session

#: The level a hint asks (the strongest).
HINT_LEVEL = "hard"
#: Seeds cross to JavaScript as numbers: they stay exact below 2**53.
SEED_BITS = 53
#: A main-thread search slice (the browser counts a task over 50 ms as long, over 100 ms as a freeze).
SLICE_MS = 12.0


def view_seed(view: Mapping[str, Any], salt: str) -> int:
    """A seed made from the view alone: the same position seen the same way thinks the same way.

    Nothing the seat cannot see (the game's own seed, which dealt the cards) goes into it.
    """
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(f"{salt}\n{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def request(session: Session, *, hint: bool = False, iterations: int | None = None,
            stand_in: str | None = None) -> dict[str, Any]:
    """The message asking the bot at ``session``'s current seat to move (or, with ``hint``, the
    Hard bot to suggest that seat's move).  ``ValueError`` when nobody is to move."""
    seat = session.state.current_player
    if seat is None:
        raise ValueError("the game is over: no one is to move")
    if hint:
        level = HINT_LEVEL
    elif stand_in is not None:  # a bot playing for a friend who is away (devices/room.py)
        level = stand_in
    else:
        kind = session.seats[seat].kind
        if session.seats[seat].is_person:
            raise ValueError(f"seat {seat} is played by a person, not a bot")
        level = kind
    view = session.game.view(session.state, seat)
    message: dict[str, Any] = {"game": session.game.name, "view": view, "level": level,
                               "seed": view_seed(view, "hint" if hint else level), "hint": hint}
    if iterations is not None:
        message["iterations"] = iterations
    return message


#: The most a request may ask a bot to think (a longer budget is a bug or a hostile message).
MAX_BUDGET_MS = 10_000.0


def _read(message: Mapping[str, Any]) -> tuple[Game, State, levels.Level, int, bool, int | None, float | None]:
    """Check a request; ``ValueError`` names what is wrong with it."""
    if not isinstance(message, Mapping):
        raise ValueError(f"a bot request is a JSON object, not {type(message).__name__}")
    name = message.get("game")
    if name not in games.names():
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(games.names())}")
    game = games.get(name)
    try:
        level = levels.get(message.get("level"))  # type: ignore[arg-type]
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    seed, hint, iterations = message.get("seed"), message.get("hint", False), message.get("iterations")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
        raise ValueError(f"seed must be an int from 0 to 2**{SEED_BITS} - 1, got {seed!r}")
    if not isinstance(hint, bool):
        raise ValueError(f"hint must be true or false, got {hint!r}")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"iterations must be a positive int, got {iterations!r}")
    budget = message.get("budget_ms")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not 0 < budget <= MAX_BUDGET_MS):
        raise ValueError(f"budget_ms must be a number of milliseconds above 0 and up to {MAX_BUDGET_MS:.0f}, got {budget!r}")
    view = message.get("view")
    if not isinstance(view, dict):
        raise ValueError("the request has no view (a JSON object)")
    # A deal consistent with the view: all that the seat knows, and nothing more.
    state = game.determinize(view, Rng.from_seed(seed))
    if state.current_player is None or state.current_player != view.get("me"):
        raise ValueError(f"the view is of seat {view.get('me')!r}, but it is not that seat's turn")
    return game, state, level, seed, hint, iterations, None if budget is None else float(budget)


def _bot(level: levels.Level, game: Game, seed: int, iterations: int | None, budget_ms: float | None = None) -> Any:
    """The level's bot in ``game``; ``iterations`` makes a search run exactly that many (no time
    budget); ``budget_ms`` shortens a timed search (never lengthens it)."""
    if iterations is None:
        options = level.options_in(game.name)
        if budget_ms is not None and "budget_ms" in options:
            options["budget_ms"] = min(options["budget_ms"], budget_ms)
    else:
        options = levels.fixed_options(level, game.name, iterations=iterations)
    return bots.get(level.bot, seed=seed, **options)


def searches_now(level: levels.Level, choices: int, hint: bool = False) -> bool:
    """Whether a bot of ``level`` searches for this decision (``choices``: how many legal moves):
    a searching level with a real choice, or any hint. The one place this is decided: the page
    asks its worker exactly when this is true, and the worker searches exactly then."""
    return level.searches and (hint or choices > 1)


def think(message: Mapping[str, Any]) -> dict[str, Any]:
    """Answer a :func:`request`: the move, and for a search its estimate, iterations and time."""
    game, state, level, seed, hint, iterations, budget = _read(message)
    start = time.perf_counter()
    bot = _bot(level, game, seed, iterations, budget)
    legal = game.legal_actions(state)
    if searches_now(level, len(legal), hint) and isinstance(bot, IsmctsBot):
        analysis = bot.analyse(game, state)
        return {"action": analysis.action, "estimate": analysis.win_prob, "iterations": analysis.iterations,
                "ms": analysis.elapsed_ms}
    action = bot.choose(game, state)
    return {"action": action, "estimate": None, "iterations": None, "ms": (time.perf_counter() - start) * 1000.0}


def bot_action(session: Session, stand_in: str | None = None) -> Action:
    """The move of the bot whose turn it is in ``session``, thought out here and now
    (the page asks its worker instead, for a level that searches); ``stand_in``: the level
    of a bot playing for a person who is away."""
    return action_of(think(request(session, stand_in=stand_in)), session.game.legal_actions(session.state))


def think_json(text: str) -> str:
    """:func:`think` on JSON text (what the bot worker passes across): a request in, an answer out."""
    try:
        message = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"a bot request is not valid JSON ({exc})") from None
    return json.dumps(think(message), ensure_ascii=False)


class SlicedSearch:
    """:func:`think` in short slices, for the page's own thread when no worker can start.

    Easy and Medium answer in the first slice (they take a few milliseconds); Hard runs
    its search a slice at a time (:meth:`IsmctsBot.start`), with the same result as in
    one go.  Between slices the caller yields to the browser, so the page stays live.
    """

    def __init__(self, message: Mapping[str, Any], slice_ms: float = SLICE_MS) -> None:
        game, state, level, seed, hint, iterations, budget = _read(message)
        self.message = message
        self.slice_ms = slice_ms
        self.answer: dict[str, Any] | None = None
        bot = _bot(level, game, seed, iterations, budget)
        searching = searches_now(level, len(game.legal_actions(state)), hint) and isinstance(bot, IsmctsBot)
        self.search = bot.start(game, state) if searching else None

    def step(self) -> bool:
        """Think for about one slice; ``True`` once :attr:`answer` is ready."""
        if self.answer is not None:
            return True
        if self.search is None:
            self.answer = think(self.message)
            return True
        # Every object older than this slice is set aside from the garbage collector while it
        # runs: a full collection would otherwise walk the whole heap (the page's, the search
        # tree's) inside one slice, 20-60 ms on CPython 3.11; the slice's own young objects
        # are still collected.
        gc.freeze()
        try:
            done = self.search.step(self.slice_ms)
        finally:
            gc.unfreeze()
        if not done:
            return False
        analysis = self.search.result()
        self.answer = {"action": analysis.action, "estimate": analysis.win_prob,
                       "iterations": analysis.iterations, "ms": analysis.elapsed_ms}
        return True


def action_of(answer: Mapping[str, Any], legal: list[Action]) -> Action:
    """The answer's move, checked against the moves legal now (``ValueError`` otherwise)."""
    action = answer.get("action") if isinstance(answer, Mapping) else None
    move = find(action, legal)  # (JSON-equal and of the same types: True is not 1)
    if move is not None:
        return move
    raise ValueError(f"the bot answered {action!r}, which is not a legal move now")
