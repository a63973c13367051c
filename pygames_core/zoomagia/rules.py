"""Зоомагия – the pure rules, on plain lists (see docs/rules/zoomagia.md).

A card id is ``"<animal>:<part>"`` (``"sheep:head"``).  The *field* is a list of
3 rows (top first), each a list of 3 cells (left to right) holding a card id or
``None``.  A player's cards are a plain list of ids: two rows of at most one
head, one body and one tail each – since parts may be rearranged at any time,
that is exactly "at most 2 cards of each part".

These helpers are shared by the game, the greedy bot and the UI; none of them
uses randomness.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Literal

Part = Literal["head", "body", "tail"]
Cell = str | None
Field = list[list[Cell]]

#: The 24 animals, in the order of docs/rules/zoomagia.md.
ANIMALS: tuple[str, ...] = (
    "sheep", "rhino", "walrus", "fish", "turtle", "elephant", "hippo", "giraffe",
    "zebra", "lion", "tiger", "bear", "wolf", "fox", "hare", "cat",
    "dog", "cow", "pig", "horse", "crocodile", "penguin", "owl", "monkey",
)

#: The three parts, in the order they are read on the field (left to right).
PARTS: tuple[Part, ...] = ("head", "body", "tail")

#: All 72 card ids, animal by animal (head, body, tail).
CARDS: tuple[str, ...] = tuple(f"{a}:{p}" for a in ANIMALS for p in PARTS)
#: Card id -> position in :data:`CARDS` (the engine's stable sort order).
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
PART_OF: dict[str, Part] = {c: PARTS[i % 3] for i, c in enumerate(CARDS)}
ANIMAL_OF: dict[str, str] = {c: ANIMALS[i // 3] for i, c in enumerate(CARDS)}

_ANIMAL_CARDS: dict[str, tuple[str, str, str]] = {a: (f"{a}:head", f"{a}:body", f"{a}:tail") for a in ANIMALS}

FULL_ANIMAL_POINTS = 5
HALF_ANIMAL_POINTS = 2
MIXED_ANIMAL_POINTS = 1

#: Players with 2 or 3 seats play without this many whole animals.
REMOVED_ANIMALS_FEW_PLAYERS = 6
CARDS_DEALT = 2
MAX_PER_PART = 2

#: Every push, in the engine's stable order: rows 0..2 (left, right), then columns 0..2 (top, bottom).
ROW_PUSHES: tuple[dict[str, object], ...] = tuple(
    {"type": "push", "line": "row", "index": i, "from": side} for i in range(3) for side in ("left", "right")
)
COL_PUSHES: tuple[dict[str, object], ...] = tuple(
    {"type": "push", "line": "col", "index": i, "from": side} for i in range(3) for side in ("top", "bottom")
)
ALL_PUSHES = ROW_PUSHES + COL_PUSHES


def animal_cards(animal: str) -> list[str]:
    """The head, body and tail of ``animal``."""
    try:
        return list(_ANIMAL_CARDS[animal])
    except KeyError:
        raise ValueError(f"no such animal: {animal!r}") from None


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards in the engine's stable order (animal order, then head/body/tail)."""
    return sorted(cards, key=CARD_INDEX.__getitem__)


def animal_points(cards: Sequence[str]) -> int:
    """Points of a banked animal ``[head, body, tail]``: 5 one animal, 2 two of one, 1 all different."""
    a, b, c = cards
    a, b, c = ANIMAL_OF[a], ANIMAL_OF[b], ANIMAL_OF[c]  # (no generator: the engine's hot path)
    if a == b == c:
        return FULL_ANIMAL_POINTS
    if a == b or b == c or a == c:
        return HALF_ANIMAL_POINTS
    return MIXED_ANIMAL_POINTS


def is_animal(cells: Sequence[Cell]) -> bool:
    """Do three cells read head, body, tail (any animals) left to right?"""
    a, b, c = cells
    return (
        a is not None and b is not None and c is not None
        and PART_OF[a] == "head" and PART_OF[b] == "body" and PART_OF[c] == "tail"
    )


def is_whole_animals(cards: Sequence[str]) -> bool:
    """Is ``cards`` made of whole animals only (every part of each animal present)?"""
    have = set(cards)
    return all(all(x in have for x in animal_cards(ANIMAL_OF[c])) for c in have)


def pushes(columns: bool) -> list[dict[str, object]]:
    """The push actions available: 12, or the 6 row pushes when ``columns`` is false."""
    return list(map(dict.copy, ALL_PUSHES if columns else ROW_PUSHES))  # measured the fastest fresh copies


def push(field: Field, line: str, index: int, side: str, card: str) -> Cell:
    """Push ``card`` into ``field`` (mutated) and return the card pushed out at the far edge.

    ``row`` + ``left``: the card enters at the left cell, the row shifts right and
    its right cell falls out; ``right`` is the mirror image.  ``col`` + ``top``:
    enters at the top, the column shifts down and its bottom cell falls out;
    ``bottom`` is the mirror image.
    """
    if line == "row":
        row = field[index]
        if side == "left":
            out = row[2]
            row[2], row[1], row[0] = row[1], row[0], card
        elif side == "right":
            out = row[0]
            row[0], row[1], row[2] = row[1], row[2], card
        else:
            raise ValueError(f"a row is pushed from 'left' or 'right', not {side!r}")
        return out
    if line == "col":
        c = index
        if side == "top":
            out = field[2][c]
            field[2][c], field[1][c], field[0][c] = field[1][c], field[0][c], card
        elif side == "bottom":
            out = field[0][c]
            field[0][c], field[1][c], field[2][c] = field[1][c], field[2][c], card
        else:
            raise ValueError(f"a column is pushed from 'top' or 'bottom', not {side!r}")
        return out
    raise ValueError(f"line must be 'row' or 'col', not {line!r}")


def new_animal_rows(before: Field, after: Field) -> list[int]:
    """Rows of ``after`` that read head, body, tail and differ from the same row of ``before``."""
    return [r for r in range(3) if after[r] != before[r] and is_animal(after[r])]


def part_counts(cards: Sequence[str]) -> dict[str, int]:
    """How many heads, bodies and tails ``cards`` holds."""
    counts = {"head": 0, "body": 0, "tail": 0}
    for c in cards:
        counts[PART_OF[c]] += 1
    return counts


def overflow_parts(cards: Sequence[str]) -> list[str]:
    """Parts of which ``cards`` holds more than the 2 that fit into two rows."""
    counts = part_counts(cards)
    return [p for p in PARTS if counts[p] > MAX_PER_PART]


def bank_options(cards: Sequence[str]) -> list[list[str]]:
    """Every distinct ``[head, body, tail]`` that can be put aside from ``cards``, in stable order."""
    heads: list[str] = []
    bodies: list[str] = []
    tails: list[str] = []
    for c in sort_cards(cards):
        part = PART_OF[c]
        (heads if part == "head" else bodies if part == "body" else tails).append(c)
    return [[h, b, t] for h in heads for b in bodies for t in tails]


def can_bank(cards: Sequence[str]) -> bool:
    """Does ``cards`` hold at least one head, one body and one tail?"""
    counts = part_counts(cards)
    return counts["head"] > 0 and counts["body"] > 0 and counts["tail"] > 0


def refill_arrangements(cards: Sequence[str]) -> list[list[Cell]]:
    """Every distinct way to lay 1–3 cards into the 3 cells of a row (``None`` = empty cell)."""
    items: list[Cell] = list(sort_cards(cards))
    items += [None] * (3 - len(items))
    seen: set[tuple[Cell, ...]] = set()
    out: list[list[Cell]] = []
    for perm in permutations(items):
        if perm not in seen:
            seen.add(perm)
            out.append(list(perm))
    return out


def arrange_rows(cards: Sequence[str]) -> list[list[Cell]]:
    """A display arrangement of a player's cards as rows ``[head, body, tail]`` (``None`` = gap).

    As many rows as the most common part needs (2 at most outside an overflow);
    among the ways to pair the cards up, the one whose rows have the most parts
    of a common animal is chosen, so that a complete animal shows as one row.
    """
    return [list(row) for row in _arrange(tuple(sort_cards(cards)))]


@lru_cache(maxsize=4096)
def _arrange(cards: tuple[str, ...]) -> tuple[tuple[Cell, ...], ...]:
    by_part: dict[str, list[Cell]] = {p: [] for p in PARTS}
    for card in cards:
        by_part[PART_OF[card]].append(card)
    n = max(len(v) for v in by_part.values()) if cards else 0
    if n == 0:
        return ()
    for p in PARTS:
        by_part[p] += [None] * (n - len(by_part[p]))
    heads = by_part["head"]
    animal = ANIMAL_OF.get
    best: tuple[tuple[Cell, ...], ...] = ()
    best_value = -1
    # The order of the heads is fixed: permuting all three parts together gives the same rows.
    for bs in dict.fromkeys(permutations(by_part["body"])):
        for ts in dict.fromkeys(permutations(by_part["tail"])):
            value = 0
            for i in range(n):
                h, bb, t = heads[i], bs[i], ts[i]
                a: str | None = animal(h) if h is not None else None
                b: str | None = animal(bb) if bb is not None else None
                c: str | None = animal(t) if t is not None else None
                if a is not None and a == b == c:
                    value += 9
                elif (a is not None and (a == b or a == c)) or (b is not None and b == c):
                    value += 4
            if value > best_value:
                best_value = value
                best = tuple((heads[i], bs[i], ts[i]) for i in range(n))
    return best
