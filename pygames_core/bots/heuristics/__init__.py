"""Per-game knowledge for the bots: ``score(view, action)`` (greedy) and ``evaluate(view)`` (ismcts leaves)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def shares(winners: list[int], players: int) -> list[float]:
    """A finished game's result per seat: one win, split evenly among the winners (0 for everyone else)."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(players)]


def chances(strengths: Sequence[float | None], temperature: float) -> list[float]:
    """Win chances (summing to 1) from per-seat strengths: a softmax at ``temperature``.

    A seat whose strength is ``None`` (out of the game) has no chance.
    """
    top = max(x for x in strengths if x is not None)
    weights = [0.0 if x is None else math.exp((x - top) / temperature) for x in strengths]
    total = sum(weights)
    return [w / total for w in weights]
