"""One-step greedy bot: scores every legal action with the game's heuristic."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..base import Action, Game
from .base import Bot

Heuristic = Callable[[dict[str, Any], Action], float]


def heuristic_for(game_name: str) -> Heuristic | None:
    """The ``score(view, action)`` function of ``heuristics/<game>.py``, if the game has one."""
    try:
        module = importlib.import_module(f"{__package__}.heuristics.{game_name}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "score", None)


class GreedyBot(Bot):
    """Takes the action with the best heuristic score; ties broken at random (seeded).

    ``randomness`` (0..1) is the chance of playing any legal action instead: a
    gentler opponent that still mostly plays sensibly.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, randomness: float = 0.0) -> None:
        super().__init__(seed)
        if isinstance(randomness, bool) or not isinstance(randomness, (int, float)) or not 0 <= randomness <= 1:
            raise ValueError(f"randomness must be a number from 0 to 1, got {randomness!r}")
        self.randomness = float(randomness)

    def _choose(self, game: Game, view: dict[str, Any], legal: list[Action]) -> Action:
        score = heuristic_for(game.name)
        # No draw at all without randomness: plain greedy keeps its seeded choices.
        blunder = self.randomness > 0 and self.rng.below(1 << 53) < self.randomness * (1 << 53)
        if blunder or score is None:
            return self.rng.choice(legal)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = score(view, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
