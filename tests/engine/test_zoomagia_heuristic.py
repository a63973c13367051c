"""Зоомагия's bot heuristic: ``threat``, computed directly, equals trying every push with every part."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pygames_core.bots.heuristics import zoomagia as heuristic
from pygames_core.zoomagia import rules

Cell = str | None
#: Few animals, so that fields full of animals (and of same-animal pairs) are common.
CARDS = [f"{a}:{p}" for a in ("sheep", "rhino", "walrus", "fish") for p in rules.PARTS]


def threat_by_pushing(field: list[list[Cell]], columns: bool) -> float:
    """The definition: every push of an unknown card of each part; the best new animal, averaged over parts."""
    total = 0.0
    for part in rules.PARTS:
        best = 0
        for push in rules.ALL_PUSHES if columns else rules.ROW_PUSHES:
            after = [list(row) for row in field]
            rules.push(after, push["line"], push["index"], push["from"], f"?:{part}")  # type: ignore[arg-type]
            for r in range(3):
                row = after[r]
                if row != field[r] and all(c is not None and c.split(":")[1] == p for c, p in zip(row, rules.PARTS)):
                    known = [c.split(":")[0] for c in row if not c.startswith("?")]  # type: ignore[union-attr]
                    animals = {c.split(":")[0] for c in row}  # type: ignore[union-attr]
                    points = 5 if len(animals) == 1 else 2 if len(animals) == 2 else 1
                    best = max(best, points if len(known) == 3 else (2 if known[0] == known[1] else 1))
        total += best / 3.0
    return total


@st.composite
def fields(draw: Any) -> list[list[Cell]]:
    cards: list[Cell] = list(draw(st.permutations(CARDS))[:9])
    holes = draw(st.sets(st.integers(0, 8), max_size=4))
    for i in holes:
        cards[i] = None
    if draw(st.booleans()):  # a row emptied for a refill
        r = draw(st.integers(0, 2))
        cards[3 * r:3 * r + 3] = [None, None, None]
    return [cards[0:3], cards[3:6], cards[6:9]]


#: The direct threat was checked against every push on 3,000 fields when it was written;
#: each run checks 300 new ones (``PYGAMES_THOROUGH=1``: 3,000 again, e.g. after changing it).
THREAT_EXAMPLES = 3000 if os.environ.get("PYGAMES_THOROUGH") else 300


@settings(max_examples=THREAT_EXAMPLES, deadline=None)
@given(fields(), st.booleans())
def test_threat_is_the_best_push_of_an_unknown_card(field: list[list[Cell]], columns: bool) -> None:
    assert heuristic.threat(field, columns) == threat_by_pushing(field, columns)


def test_threat_of_a_field_with_an_animal_one_card_away() -> None:
    field: list[list[Cell]] = [["fish:body", "fish:tail", "sheep:head"],
                               ["rhino:tail", "sheep:body", "walrus:head"],
                               ["walrus:body", "rhino:head", "sheep:tail"]]
    # A head pushed in from the left of row 0 makes a 2 (two fish parts): only heads help.
    assert heuristic.threat(field, columns=False) == 2 / 3
    assert threat_by_pushing(field, columns=False) == 2 / 3
