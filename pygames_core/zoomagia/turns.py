"""Зоомагия (``zoomagia``): a decision applied, and the turn played on to the next decision.

docs/rules/zoomagia.md.  A turn: the player pushes the drawn card into the field; the card
pushed out (or a new animal of the field, with its row refilled) joins his cards;
he discards while a part overflows, banks animals as he likes, and the next
player draws.  :func:`apply_decision` applies one legal decision to the state
data in place and plays on to the next decision (or the end); the engine
(:mod:`.game`) wraps it with the copy of the state and the validation.

The state is copied at its top level only (see ``Zoomagia._copy_data``): a step
copies each list before it changes it (copy-on-write).  This is the engine's hot
path (random playouts, search), hence log entries built in place, as
:meth:`Game._log` would (the same fields, numbered ``n`` last).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ..base import Action
from . import rules
from .rules import CARD_INDEX, PART_OF

_card_index = CARD_INDEX.__getitem__
#: Each card's part as a count in one integer: heads in bits 0-7, bodies 8-15, tails 16-23.
_PART_UNIT = {c: 1 << (8 * rules.PARTS.index(PART_OF[c])) for c in rules.CARDS}
_part_unit = _PART_UNIT.__getitem__
#: Added to those counts, sets the high bit of a part's byte exactly when it holds more than
#: MAX_PER_PART (2) cards: an overflow.
_OVER_BIAS, _OVER = 0x7D7D7D, 0x808080
assert rules.MAX_PER_PART == 2  # (the two constants above encode it)


def apply_decision(d: dict[str, Any], action: Action) -> None:
    """Apply the legal ``action`` of ``d["current"]`` to ``d`` (a top-level copy) and play on."""
    log = d["log"] = d["log"][:]
    n = log[-1]["n"] + 1 if log else 0  # the number of the next log entry
    kind = action["type"]
    p = d["current"]
    seats = d["seats"] = d["seats"][:]
    s = seats[p]
    # The seat's own copy; its cards are copied by the steps that change them in place.
    seat = seats[p] = {"cards": s["cards"], "penalty": s["penalty"], "banked": s["banked"]}
    received: list[str] | None = None  # cards joining the player's (then: overflow, banking, turn end)
    if kind == "push":
        before = d["field"]  # never changed: the push works on a copy of what it moves
        card = d["drawn"]
        line, index, side = action["line"], action["index"], action["from"]
        if line == "row":
            field = before[:]
            field[index] = before[index][:]
        else:
            field = [before[0][:], before[1][:], before[2][:]]
        d["field"] = field
        out = rules.push(field, line, index, side, card)
        d["drawn"] = None
        new = [r for r in (0, 1, 2) if field[r] != before[r] and rules.is_animal(field[r])]
        d["last_push"] = {"p": p, "line": line, "index": index, "from": side, "card": card, "out": out}
        log.append({"e": "push", "p": p, "line": line, "index": index, "from": side, "card": card, "out": out,
                    "new": new, "n": n})
        n += 1
        if new:
            d["phase"] = "take"
            d["pending"] = {"out": out, "rows": new}
            return
        # A field laid out from a short `deck` can hold empty cells: then nothing falls out.
        if out is not None:
            log.append({"e": "take_card", "p": p, "card": out, "auto": True, "n": n})
            n += 1
            received = [out]
        else:
            received = []
    elif kind == "bank":
        triple = list(action["cards"])
        cards = seat["cards"] = seat["cards"][:]
        for c in triple:
            cards.remove(c)
        seat["banked"] = [*seat["banked"], triple]
        log.append({"e": "bank", "p": p, "cards": triple, "points": rules.animal_points(triple), "n": n})
        n += 1
        if _has_each(_parts(cards)):  # another animal to bank
            d["phase"] = "bank"
            return
    elif kind == "end_turn":
        pass
    elif kind == "take":
        pending = d["pending"]
        if action["what"] == "card":
            card = pending["out"]
            d["pending"] = None
            log.append({"e": "take_card", "p": p, "card": card, "auto": False, "n": n})
            n += 1
            received = [card]
        else:
            r = action["row"]
            field = d["field"] = d["field"][:]
            taken = field[r][:]
            field[r] = [None, None, None]
            log.append({"e": "take_animal", "p": p, "row": r, "cards": taken, "points": rules.animal_points(taken), "n": n})
            deck = d["deck"]
            d["deck"] = deck[2:]
            d["pending"] = {"row": r, "cards": rules.sort_cards([pending["out"], *deck[:2]]), "taken": taken}
            d["phase"] = "refill"
            return
    elif kind == "refill":
        pending = d["pending"]
        r = pending["row"]
        field = d["field"] = d["field"][:]
        field[r] = list(action["cells"])
        d["pending"] = None
        log.append({"e": "refill", "p": p, "row": r, "cells": list(action["cells"]), "n": n})
        n += 1
        received = pending["taken"]
    elif kind == "discard":
        card = action["card"]
        seat["cards"] = cards = seat["cards"][:]
        cards.remove(card)
        seat["penalty"] = [*seat["penalty"], card]
        log.append({"e": "discard", "p": p, "card": card, "n": n})
        n += 1
        received = []
    else:  # pragma: no cover - apply() only passes legal actions
        raise ValueError(f"unknown action type {kind!r}")

    if received is not None:
        cards = seat["cards"]
        if received:
            cards = seat["cards"] = cards[:]
            for c in received:
                insort(cards, c, key=_card_index)
        parts = _parts(cards)
        if (parts + _OVER_BIAS) & _OVER:  # a part overflows: discard
            d["phase"] = "discard"
            return
        if _has_each(parts):  # a head, a body and a tail: an animal to bank
            d["phase"] = "bank"
            return
    # The turn ends.
    deck = d["deck"]
    log.append({"e": "turn_end", "p": p, "deck_size": len(deck), "n": n})
    if not deck:
        end_game(d)
    else:
        start_turn(d, (p + 1) % d["players"])


def _parts(cards: list[str]) -> int:
    """How many heads, bodies and tails ``cards`` holds, one byte each (see ``_PART_UNIT``)."""
    return sum(map(_part_unit, cards))


def _has_each(parts: int) -> bool:
    """At least one head, one body and one tail in the counts ``parts`` (see :func:`_parts`)."""
    return bool(parts & 0xFF and parts & 0xFF00 and parts & 0xFF0000)


def start_turn(d: dict[str, Any], p: int) -> None:
    """Seat ``p`` draws the card to push."""
    d["current"] = p
    deck = d["deck"]
    d["drawn"] = drawn = deck[0]
    d["deck"] = deck[1:]
    d["phase"] = "push"
    d["pending"] = None
    log = d["log"]
    log.append({"e": "turn_start", "p": p, "drawn": drawn, "n": log[-1]["n"] + 1 if log else 0})


def end_game(d: dict[str, Any]) -> None:
    """The game ends: the cards still in front of each player go to his penalty pile."""
    leftover: list[list[str]] = []
    seats = d["seats"] = d["seats"][:]
    for p, s in enumerate(seats):
        leftover.append(list(s["cards"]))
        seats[p] = {"cards": [], "penalty": s["penalty"] + s["cards"], "banked": s["banked"]}
    d["over"] = True
    d["current"] = None
    d["phase"] = "over"
    d["pending"] = None
    d["drawn"] = None
    log = d["log"]
    log.append({"e": "game_end", "leftover": leftover, "scores": scores(d),
                "penalties": [len(s["penalty"]) for s in seats], "winners": winners(d),
                "n": log[-1]["n"] + 1 if log else 0})


def banked_points(seat: dict[str, Any]) -> int:
    """The points of the animals a seat has banked."""
    return sum(rules.animal_points(t) for t in seat["banked"])


def scores(d: dict[str, Any]) -> list[int]:
    """Banked points minus penalty cards, per seat."""
    return [banked_points(s) - len(s["penalty"]) for s in d["seats"]]


def winners(d: dict[str, Any]) -> list[int]:
    """Highest score; on a tie fewer penalty cards; still tied: all of them."""
    keys = [(sc, -len(s["penalty"])) for sc, s in zip(scores(d), d["seats"])]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
