"""Клац! – the pure rules, on plain lists (see docs/rules/klats.md).

A *tableau* is a list of piles, left to right; a pile is a list of values,
bottom to top.  These helpers are shared by the game, the greedy bot and the UI.
"""

from __future__ import annotations

from typing import Literal

Colour = Literal["blue", "green", "orange"]

VALUES = range(1, 16)
COPIES = 6
MAX_PILES = 6
HAND_SIZE = 3

#: The colour of every value (a Choice of docs/rules/klats.md: 30 cards per colour).
COLOUR_OF: dict[int, Colour] = {}
for _colour, _values in (
    ("blue", (1, 4, 8, 11, 13)),
    ("green", (3, 5, 7, 12, 15)),
    ("orange", (2, 6, 9, 10, 14)),
):
    for _v in _values:
        COLOUR_OF[_v] = _colour  # type: ignore[assignment]
COLOURS: tuple[Colour, ...] = ("blue", "green", "orange")


def full_deck() -> list[int]:
    """All 90 cards, sorted."""
    return [v for v in VALUES for _ in range(COPIES)]


def tops(tableau: list[list[int]]) -> list[int]:
    return [pile[-1] for pile in tableau]


def place(tableau: list[list[int]], card: int, pile: int | None) -> int | None:
    """Put ``card`` on ``pile`` (mutating ``tableau``) and merge equal tops.

    Returns the index of the pile that the played pile merged into, or ``None``.
    The pile just played on goes on top of the other one, which keeps its place.
    """
    if pile is None:
        tableau.append([card])
        played = len(tableau) - 1
    else:
        tableau[pile].append(card)
        played = pile
    for i, other in enumerate(tableau):
        if i != played and other[-1] == card:
            other.extend(tableau[played])
            del tableau[played]
            return i if i < played else i - 1
    return None


def round_score(tableau: list[list[int]]) -> int:
    """Sum of the top cards if they show all three colours, else 0."""
    t = tops(tableau)
    if len({COLOUR_OF[v] for v in t}) == 3:
        return sum(t)
    return 0
