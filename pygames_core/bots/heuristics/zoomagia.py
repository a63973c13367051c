"""Greedy heuristic for Зоомагия: ``score(view, action)``, higher is better.

Uses only the view (all of Зоомагия's cards in front of players are public).  The
idea: value a hand by the best animals it can bank at the end of this turn plus
what the leftover cards are worth (a liability that grows as the draw pile
shrinks, softened by two parts of one animal waiting for the third), and
subtract what the field offers the next player (how good an animal one push with
an unknown card could make).

``evaluate(view)`` rates a whole position for the search bot: each seat's banked
points minus penalties plus the value of the cards in front of it (as above);
a softmax turns these into win chances, sharper as the draw pile runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ...zoomagia import rules
from . import chances, shares

Cell = str | None

#: How much the next player's best chance counts against us.
_THREAT_WEIGHT = 0.45
_PART, _ANIMAL = rules.PART_OF, rules.ANIMAL_OF


def _lateness(deck_size: int) -> float:
    """0 early in the game, 1 when the draw pile is (nearly) empty."""
    return max(0.0, 1.0 - deck_size / 24.0)


def _leftover_value(cards: Sequence[str], deck_size: int) -> float:
    late = _lateness(deck_size)
    value = -(0.3 + 0.7 * late) * len(cards)
    by_animal: dict[str, int] = {}
    parts: dict[str, int] = {"head": 0, "body": 0, "tail": 0}
    for c in cards:
        animal = _ANIMAL[c]
        by_animal[animal] = by_animal.get(animal, 0) + 1
        parts[_PART[c]] += 1
    for n in by_animal.values():
        if n >= 2:
            value += 0.9 * (1.0 - late)  # two parts of one animal: a 5 may follow
    # A full part means the next card of that part costs a penalty.
    value -= 0.15 * sum(1 for n in parts.values() if n >= rules.MAX_PER_PART)
    return value


def _bank_value(cards: list[str], deck_size: int) -> float:
    """Best banked points plus leftover value, banking greedily over every order."""
    best = _leftover_value(cards, deck_size)
    heads = [c for c in cards if _PART[c] == "head"]
    bodies = [c for c in cards if _PART[c] == "body"]
    tails = [c for c in cards if _PART[c] == "tail"]
    for h in heads:
        for b in bodies:
            for t in tails:
                rest = [c for c in cards if c not in (h, b, t)]
                value = rules.animal_points((h, b, t)) + _bank_value(rest, deck_size)
                if value > best:
                    best = value
    return best


def hand_value(cards: Sequence[str], deck_size: int) -> float:
    """Value of holding ``cards`` at the overflow step: forced discards cost 1 each."""
    cards = list(cards)
    by_part: dict[str, list[str]] = {p: [] for p in rules.PARTS}
    for c in cards:
        by_part[_PART[c]].append(c)
    over = [p for p in rules.PARTS if len(by_part[p]) > rules.MAX_PER_PART]
    if not over:
        return _bank_value(cards, deck_size)
    keeps: list[list[str]] = [[]]
    dropped = 0
    for p in rules.PARTS:
        group = by_part[p]
        if len(group) > rules.MAX_PER_PART:
            dropped += len(group) - rules.MAX_PER_PART
            keeps = [k + list(combo) for k in keeps for combo in combinations(group, rules.MAX_PER_PART)]
        else:
            keeps = [k + group for k in keeps]
    return max(_bank_value(k, deck_size) for k in keeps) - dropped


def _made(cells: Sequence[Cell], unknown: int | None = None) -> int:
    """Points of the animal ``cells`` make (0 if none); ``unknown``: the cell holding the unknown
    card, which is always of the part that cell needs and of no animal seen (so 2 points at most)."""
    for i in range(3):
        if i != unknown:
            c = cells[i]
            if c is None or _PART[c] != rules.PARTS[i]:
                return 0
    if unknown is None:
        return rules.animal_points(cells)  # type: ignore[arg-type]
    a, b = (_ANIMAL[cells[i]] for i in range(3) if i != unknown)  # type: ignore[index]
    return 2 if a == b else 1


def threat(field: list[list[Cell]], columns: bool) -> float:
    """Expected points of the best new animal the next player can make with one push.

    The pushed card is unknown: each part equally likely.  A row that a push shifts
    always changes, so every animal it makes is new; a column push also shifts the
    two other rows' cells of that column, and what they make needs no particular card.
    """
    best = [0, 0, 0]  # by the unknown card's part
    anything = 0  # animals made whatever the card is
    for r in range(3):
        row = field[r]
        best[0] = max(best[0], _made((None, row[0], row[1]), 0))  # pushed from the left
        best[2] = max(best[2], _made((row[1], row[2], None), 2))  # pushed from the right
    if columns:
        top, middle, bottom = field
        for c in range(3):
            # From the top: the card enters the top row, the column's cells move one row down.
            down1, down2 = list(middle), list(bottom)
            down1[c], down2[c] = top[c], middle[c]
            best[c] = max(best[c], _made(top, c))
            anything = max(anything, _made(down1), _made(down2))
            # From the bottom: the card enters the bottom row, the cells move one row up.
            up0, up1 = list(top), list(middle)
            up0[c], up1[c] = middle[c], bottom[c]
            best[c] = max(best[c], _made(bottom, c))
            anything = max(anything, _made(up0), _made(up1))
    total = 0.0
    for b in best:  # summed as the definition sums (the scores of Medium's moves stay bit for bit)
        total += max(b, anything) / 3.0
    return total


#: Softmax temperature of ``evaluate`` in points, fitted to the winners of Medium-vs-Medium
#: games (seeds 50,000+, maximum likelihood): ``TEMP_END + TEMP_END_PLAYERS`` / players at
#: the end, ``TEMP_PER_CARD`` more per card in the draw pile.
TEMP_END = 1.0
TEMP_END_PLAYERS = 2.0
TEMP_PER_CARD = 0.03


def temperature(players: int, deck_size: int) -> float:
    """The softmax temperature of ``evaluate`` (see the constants above)."""
    return TEMP_END + TEMP_END_PLAYERS / players + TEMP_PER_CARD * deck_size


def evaluate(view: dict[str, Any]) -> list[float]:
    """Each seat's estimated chance of winning (sums to 1), from ``view``."""
    if view["over"]:
        return shares(view["winners"], len(view["players"]))
    return chances(strengths(view), temperature(len(view["players"]), max(0, view["deck_size"])))


def strengths(view: dict[str, Any]) -> list[float]:
    """Each seat's banked points minus penalties plus the value of the cards in front of it."""
    deck = max(0, view["deck_size"])
    return [pl["banked_points"] - pl["penalty_count"] + hand_value(pl["cards"], deck) for pl in view["players"]]


def _cards_of(view: dict[str, Any]) -> list[str]:
    return list(view["players"][view["me"]]["cards"])


def _columns(view: dict[str, Any]) -> bool:
    return bool(view.get("options", {}).get("columns", True))


def _push_value(view: dict[str, Any], action: dict[str, Any]) -> float:
    field = [list(row) for row in view["field"]]
    drawn = view["drawn"]
    cards = _cards_of(view)
    deck = max(0, view["deck_size"])
    after = [list(row) for row in field]
    out = rules.push(after, action["line"], action["index"], action["from"], drawn)
    columns = _columns(view)
    best = hand_value(cards + [out], deck) - _THREAT_WEIGHT * threat(after, columns)  # type: ignore[list-item]
    for r in rules.new_animal_rows(field, after):
        row = after[r]
        emptied = [list(x) for x in after]
        emptied[r] = [None, None, None]
        value = hand_value(cards + row, max(0, deck - 2)) - _THREAT_WEIGHT * threat(emptied, columns)
        best = max(best, value)
    return best


def score(view: dict[str, Any], action: dict[str, Any]) -> float:
    """Heuristic value of ``action`` for ``view['me']``; higher is better."""
    kind = action["type"]
    cards = _cards_of(view)
    deck = view["deck_size"]
    columns = _columns(view)
    if kind == "push":
        return _push_value(view, action)
    if kind == "take":
        field = [list(row) for row in view["field"]]
        if action["what"] == "card":
            return hand_value(cards + [view["pushed_out"]], deck) - _THREAT_WEIGHT * threat(field, columns)
        r = action["row"]
        row = field[r]
        field[r] = [None, None, None]
        return hand_value(cards + row, max(0, deck - 2)) - _THREAT_WEIGHT * threat(field, columns)
    if kind == "refill":
        field = [list(row) for row in view["field"]]
        field[view["refill"]["row"]] = list(action["cells"])
        if any(c is None for row in field for c in row):
            return 0.0  # last turn: the field no longer matters
        return -threat(field, columns)
    if kind == "discard":
        rest = list(cards)
        rest.remove(action["card"])
        return hand_value(rest, deck)
    if kind == "bank":
        triple = action["cards"]
        rest = [c for c in cards if c not in triple]
        # Always bank (cards in front become penalties); prefer the order that banks most.
        return 10.0 + rules.animal_points(triple) + _bank_value(rest, deck)
    if kind == "end_turn":
        return 0.0
    return 0.0
