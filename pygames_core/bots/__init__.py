"""Bots that play any registered game through the public API.

``bots.names()`` lists them, ``bots.get(name, seed=..., **options)`` makes one, and
``bot.choose(game, state)`` returns one of ``game.legal_actions(state)``.

A bot sees only ``game.view(state, state.current_player)`` and the legal actions
of that seat – never the deck order or another seat's hand.  Game-specific
knowledge plugs in as a heuristic module in :mod:`pygames_core.bots.heuristics`.
``ismcts`` searches (information-set MCTS over each game's ``determinize``) and
scores positions with the heuristic module's ``evaluate(view)``; see
:mod:`pygames_core.bots.ismcts`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from .base import Bot
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .random_bot import RandomBot

_BOTS: dict[str, Callable[..., Bot]] = {
    "greedy": GreedyBot,
    "ismcts": IsmctsBot,
    "random": RandomBot,
}


def names() -> list[str]:
    """Names of the available bots, sorted."""
    return sorted(_BOTS)


def get(name: str, **options: Any) -> Bot:
    """Make a bot.  Unknown name -> ``KeyError``; unknown option -> ``TypeError``."""
    try:
        factory = _BOTS[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(names())}") from None
    allowed = set(inspect.signature(factory).parameters)
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise TypeError(f"bot {name!r} has no option(s) {unknown}; its options: {sorted(allowed)}")
    return factory(**options)


__all__ = ["Bot", "get", "names"]
