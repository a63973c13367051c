"""Driving the app in CPython tests as a player would: clicks, and random play to the end."""

from __future__ import annotations

import random
from collections.abc import Callable

from pygames_ui.app import App
from pygames_ui.tables import Ctx


def click(a: App, action: str, values: dict[str, str] | None = None, **data: object) -> None:
    """A click on the element with ``data-action=action`` and ``data-*`` ``data``; ``values`` are the form's inputs."""
    a.click({"action": action, **{k: str(v) for k, v in data.items()}}, values or {})


def play_on(a: App, seed: int, moves: int | None = None, each: Callable[[App], None] | None = None,
            move: Callable[[App, Ctx], None] | None = None) -> None:
    """Random legal moves for the human(s), the bots' own, summaries dismissed, until the game ends.

    With ``moves``, stop after that many human moves (or at the end); ``each(a)`` runs before every
    step and once at the end; ``move(a, ctx)`` makes a human's move instead of a random one.
    """
    rng = random.Random(seed)
    s = a.session
    assert s is not None
    made = 0
    for _ in range(20_000):
        if each is not None:
            each(a)
        if s.game.is_over(s.state) or (moves is not None and made >= moves):
            return
        if a.interlude() is not None:
            click(a, "dismiss")
        elif a.bots_pending():
            a.step_bot()
        else:
            ctx = a.ctx()
            assert ctx is not None and ctx.my_turn
            if move is None:
                a.play(rng.choice(ctx.legal))
            else:
                move(a, ctx)
            made += 1
    raise AssertionError("the game did not end")
