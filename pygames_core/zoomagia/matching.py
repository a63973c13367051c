"""Зоомагия: an action checked directly against the state, without listing every legal action.

``apply`` accepts exactly what ``legal_actions`` lists (JSON-equal, types strict).
Listing is the slow way for the decisions with many candidates (12 pushes,
every banking triple, every refill arrangement); :func:`match` decides the
same question from the state, for a dict of plain values.  Anything else (a
tuple for a list, a ``str`` subclass, an object of the caller's) makes it
answer :data:`UNSURE`, and the engine's generic matching decides.
"""

from __future__ import annotations

from typing import Any

from ..actions import UNSURE, Unsure
from . import rules
from .rules import PART_OF

Action = dict[str, Any]

_PUSH_SIDES = frozenset({("row", "left"), ("row", "right"), ("col", "top"), ("col", "bottom")})


def match(d: dict[str, Any], action: Action) -> Action | None | Unsure:
    """The legal action equal to ``action`` in state data ``d``; ``None`` if none is; or :data:`UNSURE`."""
    kind = action.get("type")
    if type(kind) is not str:
        return UNSURE
    phase = d["phase"]
    n = len(action)
    if phase == "push":
        line, index, side = action.get("line"), action.get("index"), action.get("from")
        if type(line) is not str or type(side) is not str or type(index) is not int:
            return UNSURE
        if kind != "push" or n != 4 or (line, side) not in _PUSH_SIDES or not 0 <= index <= 2:
            return None
        if line == "col" and not d["options"]["columns"]:
            return None
        return {"type": "push", "line": line, "index": index, "from": side}
    if phase == "take":
        what, row = action.get("what"), action.get("row")
        if type(what) is not str or (row is not None and type(row) is not int):
            return UNSURE
        if kind != "take":
            return None
        if what == "card" and n == 2:
            return {"type": "take", "what": "card"}
        if what == "animal" and n == 3 and row in d["pending"]["rows"]:
            return {"type": "take", "what": "animal", "row": row}
        return None
    if phase == "refill":
        cells = action.get("cells")
        if type(cells) is not list or any(c is not None and type(c) is not str for c in cells):
            return UNSURE
        if kind != "refill" or n != 2 or len(cells) != 3:
            return None
        if sorted(c for c in cells if c is not None) != sorted(d["pending"]["cards"]):
            return None
        return {"type": "refill", "cells": list(cells)}
    mine = d["seats"][d["current"]]["cards"]
    if phase == "discard":
        card = action.get("card")
        if type(card) is not str:
            return UNSURE
        if kind != "discard" or n != 2 or card not in mine or PART_OF[card] not in rules.overflow_parts(mine):
            return None
        return {"type": "discard", "card": card}
    if phase == "bank":
        if kind == "end_turn":
            return {"type": "end_turn"} if n == 1 else None
        triple = action.get("cards")
        if type(triple) is not list or any(type(c) is not str for c in triple):
            return UNSURE
        if kind != "bank" or n != 2 or len(triple) != 3 or any(c not in mine for c in triple):
            return None
        if [PART_OF[c] for c in triple] != list(rules.PARTS):
            return None
        return {"type": "bank", "cards": list(triple)}
    return None
