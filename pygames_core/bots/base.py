"""The bot interface."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ..base import Action, Game, State
from ..rng import Rng, fresh_seed


class Bot(ABC):
    """A player program.  Bots are deterministic given their ``seed``."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng.from_seed(fresh_seed() if seed is None else seed)

    def choose(self, game: Game, state: State) -> Action:
        """Pick one of ``game.legal_actions(state)`` for ``state.current_player``."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        return self._choose(game, game.view(state, seat), legal)

    @abstractmethod
    def _choose(self, game: Game, view: dict[str, Any], legal: list[Action]) -> Action:
        """Choose from ``legal`` knowing only ``view``."""
