"""Зоомагия: an action checked directly against the state, without listing every legal action.

``apply`` accepts exactly what ``legal_actions`` lists (JSON-equal, types strict).
Listing is the slow way for the decisions with many candidates (12 pushes,
every banking triple, every refill arrangement); :func:`match` decides the
same question from the state.  It takes plain dicts of plain values only
(the engine's generic matching handles Mappings, tuples and the rest) and
returns the engine's own copy of the action, or ``None`` when it is not legal.
"""

from __future__ import annotations

from typing import Any

from . import rules
from .rules import PART_OF

Action = dict[str, Any]

_PUSH_SIDES = frozenset({("row", "left"), ("row", "right"), ("col", "top"), ("col", "bottom")})
#: The value types a legal action of this game holds (a list only as refill cells or a banked triple).
PLAIN = frozenset({str, int, list, type(None)})


def match(d: dict[str, Any], action: Action) -> Action | None:
    """The legal action equal to ``action`` (a dict of plain values) in state data ``d``, or ``None``."""
    kind = action.get("type")
    phase = d["phase"]
    n = len(action)
    if phase == "push":
        if kind != "push" or n != 4:
            return None
        line, index, side = action.get("line"), action.get("index"), action.get("from")
        if type(index) is not int or type(line) is not str or type(side) is not str:
            return None
        if (line, side) not in _PUSH_SIDES or not 0 <= index <= 2:
            return None
        if line == "col" and not d["options"]["columns"]:
            return None
        return {"type": "push", "line": line, "index": index, "from": side}
    if phase == "take":
        if kind != "take":
            return None
        what = action.get("what")
        if what == "card" and n == 2:
            return {"type": "take", "what": "card"}
        row = action.get("row")
        if what == "animal" and n == 3 and type(row) is int and row in d["pending"]["rows"]:
            return {"type": "take", "what": "animal", "row": row}
        return None
    if phase == "refill":
        cells = action.get("cells")
        if kind != "refill" or n != 2 or type(cells) is not list or len(cells) != 3:
            return None
        cards = [c for c in cells if c is not None]
        if any(type(c) is not str for c in cards) or sorted(cards) != sorted(d["pending"]["cards"]):
            return None
        return {"type": "refill", "cells": list(cells)}
    mine = d["seats"][d["current"]]["cards"]
    if phase == "discard":
        card = action.get("card")
        if kind != "discard" or n != 2 or type(card) is not str or card not in mine:
            return None
        return {"type": "discard", "card": card} if PART_OF[card] in rules.overflow_parts(mine) else None
    if phase == "bank":
        if kind == "end_turn" and n == 1:
            return {"type": "end_turn"}
        triple = action.get("cards")
        if kind != "bank" or n != 2 or type(triple) is not list or len(triple) != 3:
            return None
        if any(type(c) is not str or c not in mine for c in triple):
            return None
        if [PART_OF[c] for c in triple] != list(rules.PARTS):
            return None
        return {"type": "bank", "cards": list(triple)}
    return None
