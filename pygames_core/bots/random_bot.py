"""Uniformly random legal moves."""

from __future__ import annotations

from typing import Any

from ..base import Action, Game
from .base import Bot


class RandomBot(Bot):
    name = "random"

    def _choose(self, game: Game, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
