"""Per-game knowledge for the bots: ``score(view, action)`` (greedy) and ``evaluate(view)`` (ismcts leaves)."""

from __future__ import annotations


def shares(winners: list[int], players: int) -> list[float]:
    """A finished game's result per seat: one win, split evenly among the winners (0 for everyone else)."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(players)]
