"""Зоомагия (``zoomagia``): validation of a loaded state (``from_json``).

A state passes only if the rules can reach it: all 72 cards in exactly one
place, a field and a pending choice that fit the phase, players' cards within
two rows (one part over only while discarding), and a turn that agrees with
the last push and the log.  The common keys are checked by
:class:`~pygames_core.base.Game`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import shown
from ..jsonio import JSON
from . import rules
from .rules import CARD_INDEX, MAX_PER_PART, PART_OF, PARTS

PHASES = ("push", "take", "refill", "discard", "bank", "over")

STATE_KEYS = frozenset({
    "players", "seed", "rng", "options", "current", "over", "log", "turn",
    "deck", "removed", "removed_whole", "dealer", "field", "drawn", "phase",
    "pending", "last_push", "seats",
})

#: Log event -> its fields (besides ``n`` and ``e``).
LOG_EVENTS = {
    "game_start": frozenset({"dealer", "players", "deck_size", "removed", "columns"}),
    "turn_start": frozenset({"p", "drawn"}),
    "push": frozenset({"p", "line", "index", "from", "card", "out", "new"}),
    "take_card": frozenset({"p", "card", "auto"}),
    "take_animal": frozenset({"p", "row", "cards", "points"}),
    "refill": frozenset({"p", "row", "cells"}),
    "discard": frozenset({"p", "card"}),
    "bank": frozenset({"p", "cards", "points"}),
    "turn_end": frozenset({"p", "deck_size"}),
    "game_end": frozenset({"leftover", "scores", "penalties", "winners"}),
}


def check_state(d: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the first defect of a loaded state's game-specific data."""
    n = d["players"]
    phase = d["phase"]  # keys and phase were checked by the base class
    if d["dealer"] != d["options"]["dealer"] or type(d["dealer"]) is not int:
        raise ValueError(f"the dealer {shown(d['dealer'])} is not the one the options chose")
    if type(d["removed_whole"]) is not bool:
        raise ValueError("removed_whole must be a bool")

    seen: Counter[str] = Counter()

    def cards_list(value: JSON, what: str) -> list[str]:
        if not isinstance(value, list):
            raise ValueError(f"{what} must be a list of card ids")
        for c in value:
            if type(c) is not str or c not in CARD_INDEX:
                raise ValueError(f"unknown card {shown(c)} in {what}")
        seen.update(value)
        return value

    deck = cards_list(d["deck"], "deck")
    removed = cards_list(d["removed"], "removed")
    if d["removed_whole"] and not rules.is_whole_animals(removed):
        raise ValueError("removed cards are marked as whole animals but are not")

    field = d["field"]
    if not isinstance(field, list) or len(field) != 3 or any(not isinstance(r, list) or len(r) != 3 for r in field):
        raise ValueError("field must be 3 rows of 3 cells")
    holes = 0
    for row in field:
        for c in row:
            if c is None:
                holes += 1
            elif type(c) is not str or c not in CARD_INDEX:
                raise ValueError(f"unknown card {shown(c)} on the field")
            else:
                seen[c] += 1

    drawn = d["drawn"]
    if phase == "push":
        if type(drawn) is not str or drawn not in CARD_INDEX:
            raise ValueError(f"phase 'push' needs a drawn card, got {shown(drawn)}")
        seen[drawn] += 1
    elif drawn is not None:
        raise ValueError(f"a drawn card {shown(drawn)} outside phase 'push'")

    pending = d["pending"]
    if phase == "take":
        if not isinstance(pending, dict) or set(pending) != {"out", "rows"}:
            raise ValueError("phase 'take' needs pending {'out', 'rows'}")
        cards_list([pending["out"]], "pending")
        rows = pending["rows"]
        if (
            not isinstance(rows, list) or not rows or rows != sorted(set(rows))
            or any(type(r) is not int or not 0 <= r <= 2 for r in rows)
        ):
            raise ValueError(f"bad new animal rows {shown(rows)}")
        if holes or any(not rules.is_animal(field[r]) for r in rows):
            raise ValueError("a pending new animal row is not an animal on the field")
    elif phase == "refill":
        if not isinstance(pending, dict) or set(pending) != {"row", "cards", "taken"}:
            raise ValueError("phase 'refill' needs pending {'row', 'cards', 'taken'}")
        r = pending["row"]
        if type(r) is not int or not 0 <= r <= 2:
            raise ValueError(f"bad refill row {shown(r)}")
        cards = cards_list(pending["cards"], "pending")
        if not 1 <= len(cards) <= 3 or (len(cards) < 3 and deck):
            raise ValueError(f"refill has {len(cards)} cards while the draw pile has {len(deck)}")
        if field[r] != [None, None, None] or holes != 3:
            raise ValueError("the row to refill must be the only empty cells")
        taken = cards_list(pending["taken"], "pending")
        if len(taken) != 3 or not rules.is_animal(taken):
            raise ValueError(f"the taken animal {shown(taken)} is not [head, body, tail]")
        holes = 0  # the emptied row is expected
    elif pending is not None:
        raise ValueError(f"pending data {shown(pending)} in phase {shown(phase)}")
    if phase in ("push", "take") and holes:
        raise ValueError(f"empty field cells in phase {shown(phase)}")
    if holes and deck:
        raise ValueError("empty field cells while the draw pile is not empty")

    seats = d["seats"]
    if not isinstance(seats, list) or len(seats) != n:
        raise ValueError("seats needs one entry per player")
    cur = d["current"]
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or set(s) != {"cards", "penalty", "banked"}:
            raise ValueError(f"seat {i} must have exactly cards, penalty and banked")
        cards = cards_list(s["cards"], f"seat {i} cards")
        if cards != rules.sort_cards(cards):
            raise ValueError(f"seat {i} cards are not in order")
        cards_list(s["penalty"], f"seat {i} penalty")
        if not isinstance(s["banked"], list):
            raise ValueError(f"seat {i} banked must be a list")
        for t in s["banked"]:
            cards_list(t, f"seat {i} banked")
            if len(t) != 3 or [PART_OF[c] for c in t] != list(PARTS):
                raise ValueError(f"seat {i} banked {shown(t)} is not [head, body, tail]")
        counts = rules.part_counts(cards)
        limit = MAX_PER_PART + 1 if (phase == "discard" and i == cur) else MAX_PER_PART
        if max(counts.values()) > limit:
            raise ValueError(f"seat {i} holds more than {limit} cards of one part: {shown(cards)}")
        if d["over"] and cards:
            raise ValueError(f"seat {i} still has cards in front after the end")

    dupes = [c for c, k in seen.items() if k > 1]
    if dupes:
        raise ValueError(f"cards appear more than once: {rules.sort_cards(dupes)}")
    if len(seen) != len(rules.CARDS):
        missing = [c for c in rules.CARDS if c not in seen]
        raise ValueError(f"the 72 cards are not all accounted for; missing {missing}")

    if d["over"]:
        if deck:
            raise ValueError("the game is over but the draw pile is not empty")
    else:
        mine = seats[cur]["cards"]
        if phase == "discard" and not rules.overflow_parts(mine):
            raise ValueError("phase 'discard' but no part overflows")
        if phase == "bank" and not rules.can_bank(mine):
            raise ValueError("phase 'bank' but no animal can be banked")

    lp = d["last_push"]
    if lp is not None:
        if not isinstance(lp, dict) or set(lp) != {"p", "line", "index", "from", "card", "out"}:
            raise ValueError(f"bad last_push {shown(lp)}")
        if {"type": "push", "line": lp["line"], "index": lp["index"], "from": lp["from"]} not in rules.ALL_PUSHES:
            raise ValueError(f"bad last_push {shown(lp)}")
        if type(lp["p"]) is not int or not 0 <= lp["p"] < n or type(lp["index"]) is not int:
            raise ValueError(f"bad last_push {shown(lp)}")
        if any(type(lp[k]) is not str or lp[k] not in CARD_INDEX for k in ("card", "out")):
            raise ValueError(f"bad last_push cards {shown(lp)}")
        if not d["options"]["columns"] and lp["line"] == "col":
            raise ValueError("a column was pushed in a game played with row pushes only")
    _check_turn(d, lp)


def _check_turn(d: dict[str, Any], lp: Any) -> None:
    """The player to move made this turn's push and is the one the log says started the turn."""
    phase, cur = d["phase"], d["current"]
    if phase in ("take", "refill", "discard", "bank"):
        if lp is None or lp["p"] != cur:
            raise ValueError(f"seat {cur} is deciding after a push made by {shown(lp and lp['p'])}")
        if phase == "take" and d["pending"]["out"] != lp["out"]:
            raise ValueError("the card offered to take is not the card the last push pushed out")
    if cur is not None:
        starts = [e for e in d["log"] if e["e"] == "turn_start"]
        if starts and starts[-1]["p"] != cur:
            raise ValueError(f"the log says seat {shown(starts[-1]['p'])} started this turn, not seat {cur}")
