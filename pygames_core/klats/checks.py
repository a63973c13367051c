"""Клац! (``klats``): validation of a loaded state against the rules (``from_json``).

A state passes only if it is one the rules can reach: every card accounted
for, piles of one colour with distinct tops, finished rounds that score as
their tops say and add up to the totals, a match that ends exactly when a total
reaches the target, and hands, draw pile and turn that follow from the deal of
the current round and the cards played in it.  The common keys (players, seed,
RNG, options, current, over, log) are checked by :class:`~pygames_core.base.Game`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import same_json
from ..errors import shown
from . import rules
from .rules import COLOUR_OF, HAND_SIZE, MAX_PILES

STATE_KEYS = frozenset({
    "players", "seed", "rng", "options", "current", "over", "log", "turn",
    "hands", "deck", "tableaux", "totals", "rounds", "round_results", "round", "round_first",
})

#: Log event -> its fields (besides ``n`` and ``e``).
LOG_EVENTS = {
    "round_start": frozenset({"round", "first"}),
    "play": frozenset({"p", "card", "target", "pile", "merged"}),
    "draw": frozenset({"p"}),
    "round_end": frozenset({"round", "reason", "by", "tops", "scores", "totals"}),
    "match_end": frozenset({"winners", "totals"}),
}

_RESULT_KEYS = frozenset({"round", "reason", "by", "tops", "scores", "totals"})
_FULL = Counter(rules.full_deck())


def _cards(value: Any, what: str) -> list[int]:
    if type(value) is not list or any(type(c) is not int or c not in COLOUR_OF for c in value):
        raise ValueError(f"{what} must be a list of card values 1..15, got {shown(value)}")
    return value


def _seat_list(value: Any, n: int, what: str) -> list[Any]:
    if type(value) is not list or len(value) != n:
        raise ValueError(f"{what} needs one entry per seat, got {shown(value)}")
    return value


def _check_tops(tops: list[int], what: str) -> None:
    if len(set(tops)) != len(tops):
        raise ValueError(f"{what} shows equal top cards {tops!r}")


def check_state(d: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the first defect of a loaded state's game-specific data."""
    n = d["players"]
    over = d["over"]
    target = d["options"]["target"]
    hands = [_cards(h, f"hand of seat {i}") for i, h in enumerate(_seat_list(d["hands"], n, "hands"))]
    deck = _cards(d["deck"], "deck")
    tableaux = _seat_list(d["tableaux"], n, "tableaux")
    seen: Counter[int] = Counter(deck)
    on_table = 0
    for hand in hands:
        if len(hand) > HAND_SIZE:
            raise ValueError(f"a hand holds {len(hand)} cards (at most {HAND_SIZE})")
        seen.update(hand)
    for seat, tab in enumerate(tableaux):
        if type(tab) is not list or len(tab) > MAX_PILES or (len(tab) == MAX_PILES and not over):
            raise ValueError(f"seat {seat} has {shown(tab)} as piles during a round (at most {MAX_PILES - 1})")
        for pile in tab:
            _cards(pile, f"a pile of seat {seat}")
            if not pile or len({COLOUR_OF[c] for c in pile}) != 1:
                raise ValueError(f"seat {seat} has an empty or mixed-colour pile {pile!r}")
            seen.update(pile)
            on_table += len(pile)
        _check_tops(rules.tops(tab), f"seat {seat}")

    rnd, first = d["round"], d["round_first"]
    if type(rnd) is not int or rnd < 1 or type(first) is not int or not 0 <= first < n:
        raise ValueError(f"bad round counters {shown(rnd)} / {shown(first)}")
    # Round 1 may have been dealt from a shorter `deck` (docs/ENGINE_API.md); later rounds use all 90 cards.
    if seen - _FULL or (rnd > 1 and seen != _FULL):
        raise ValueError("the 90 cards are not all accounted for exactly once")
    if first != (d["options"]["first_player"] + rnd - 1) % n:
        raise ValueError(f"round {rnd} must start with seat {(d['options']['first_player'] + rnd - 1) % n}")

    last = _check_results(d, n, target)
    if over:
        if last is None or last["round"] != rnd:
            raise ValueError("a finished match needs the result of its last round")
        if [rules.tops(tab) for tab in tableaux] != last["tops"]:
            raise ValueError("the last round's result does not show the tops on the table")
    elif len(d["round_results"]) != rnd - 1:
        raise ValueError(f"round {rnd} is in play after {len(d['round_results'])} finished rounds")
    _check_round_play(d, hands, deck, on_table + sum(map(len, hands)) + len(deck), on_table, last)


def _check_results(d: dict[str, Any], n: int, target: int) -> dict[str, Any] | None:
    """Finished rounds: each scores as its tops say, the totals add up, only the last may end the match."""
    rounds, results, totals = d["rounds"], d["round_results"], d["totals"]
    _seat_list(totals, n, "totals")
    if type(rounds) is not list or type(results) is not list or len(rounds) != len(results):
        raise ValueError("rounds and round_results need one entry per finished round")
    running = [0] * n
    for i, (scores, res) in enumerate(zip(rounds, results)):
        what = f"round {i + 1}"
        if type(res) is not dict or set(res) != _RESULT_KEYS:
            raise ValueError(f"{what}: bad result {shown(res)}")
        tops = _seat_list(res["tops"], n, f"{what} tops")
        for seat, t in enumerate(tops):
            _cards(t, f"{what} tops of seat {seat}")
            if len(t) > MAX_PILES:
                raise ValueError(f"{what}: seat {seat} shows {len(t)} piles")
            _check_tops(t, f"{what}: seat {seat}")
        six = any(len(t) == MAX_PILES for t in tops)
        reason, by = res["reason"], res["by"]
        if reason not in ("six", "empty") or (reason == "six") != six:
            raise ValueError(f"{what}: the reason {shown(reason)} does not match the tops")
        if (by is not None or reason == "six") and (type(by) is not int or not 0 <= by < n or reason != "six"):
            raise ValueError(f"{what}: bad 'by' {shown(by)}")
        expected = [rules.round_score([[v] for v in t]) for t in tops]
        if not (same_json(i + 1, res["round"]) and same_json(expected, scores) and same_json(expected, res["scores"])):
            raise ValueError(f"{what}: the recorded scores do not follow from the tops")
        running = [a + b for a, b in zip(running, expected)]
        if not same_json(running, res["totals"]):
            raise ValueError(f"{what}: the recorded totals do not add up")
        if max(running) >= target and (i + 1 < len(results) or not d["over"]):
            raise ValueError(f"a total reached the target {target} in round {i + 1} but the match went on")
    if not same_json(running, totals):
        raise ValueError("round scores do not add up to the totals")
    if d["over"] and max(running) < target:
        raise ValueError(f"the match is over but no total reached the target {target}")
    return results[-1] if results else None


def _check_round_play(
    d: dict[str, Any], hands: list[list[int]], deck: list[int], cards: int, plays: int,
    last: dict[str, Any] | None,
) -> None:
    """Replay the shape of the current round: deal ``cards`` from its first seat, make ``plays`` plays.

    Hand sizes, the draw pile's size and the seat to move follow from these two
    numbers alone (each play draws while the pile lasts; empty hands are skipped).
    """
    n = d["players"]
    sizes = [0] * n
    dealt = min(cards, HAND_SIZE * n)
    for k in range(dealt):
        sizes[(d["round_first"] + k) % n] += 1
    left = cards - dealt

    def next_seat(after: int) -> int | None:
        for k in range(1, n + 1):
            seat = (after + k) % n
            if sizes[seat]:
                return seat
        return None

    cur = d["round_first"] if sizes[d["round_first"]] else next_seat(d["round_first"])
    ended = d["over"] and last is not None
    for k in range(plays):
        if cur is None:
            raise ValueError("more cards are on the table than this round dealt")
        sizes[cur] -= 1
        final = ended and k == plays - 1
        if final and last is not None and last["reason"] == "six":
            if last["by"] != cur:
                raise ValueError(f"the sixth pile was played by seat {cur}, not {shown(last['by'])}")
            break  # a sixth pile ends the round at once: no draw
        if left:
            sizes[cur] += 1
            left -= 1
        cur = next_seat(cur)
    if sizes != [len(h) for h in hands] or left != len(deck):
        raise ValueError("the hands and the draw pile do not follow from the deal and the cards played")
    if d["over"]:
        if last is not None and last["reason"] == "empty" and (cur is not None or plays == 0 and cards):
            raise ValueError("the round ended with cards left to play")
    elif cur != d["current"]:
        raise ValueError(f"seat {shown(d['current'])} is to move, but the turn order says {shown(cur)}")
