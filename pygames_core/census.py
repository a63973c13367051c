"""Invariant checks for simulations (``simulate --check``): no card created or lost, the
rules' invariants hold, and the state survives its own save format.

:func:`card_census` counts every card where it lies in a state; it is written from
each game's documented state layout, independently of the games' own ``from_json``
validation, so that the two checks catch different mistakes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from .base import Game, State


class InvariantError(AssertionError):
    """A state broke an invariant of its game (a bug in the engine, never in the caller)."""


def _klats(d: dict[str, Any]) -> Counter[Hashable]:
    count: Counter[Hashable] = Counter(d["deck"])
    for hand in d["hands"]:
        count.update(hand)
    for tab in d["tableaux"]:
        for pile in tab:
            count.update(pile)
    return count


def _rps_zombie(d: dict[str, Any]) -> Counter[Hashable]:
    count: Counter[Hashable] = Counter(d["deck"])
    count.update(d["aside"])
    count.update(d["discard"])
    count.update(card for card, live in zip(d["revealed"], d["live"]) if live)
    for trophies in d["trophies"]:
        count.update(trophies)
    count["brain"] += sum(d["brains"])
    return count


def _zoomagia(d: dict[str, Any]) -> Counter[Hashable]:
    count: Counter[Hashable] = Counter(d["deck"])
    count.update(d["removed"])
    for row in d["field"]:
        count.update(c for c in row if c is not None)
    if d["drawn"] is not None:
        count[d["drawn"]] += 1
    pending = d["pending"]
    if d["phase"] == "take":
        count[pending["out"]] += 1
    elif d["phase"] == "refill":
        count.update(pending["cards"])
        count.update(pending["taken"])
    for seat in d["seats"]:
        count.update(seat["cards"])
        count.update(seat["penalty"])
        for animal in seat["banked"]:
            count.update(animal)
    return count


_CENSUS: dict[str, Callable[[dict[str, Any]], Counter[Hashable]]] = {
    "klats": _klats,
    "rps_zombie": _rps_zombie,
    "zoomagia": _zoomagia,
}


def card_census(game: Game, state: State) -> Counter[Hashable] | None:
    """Every card of ``state`` counted where it lies; ``None`` for a game without a census."""
    census = _CENSUS.get(game.name)
    return None if census is None else census(state.data)


def _difference(found: Counter[Hashable], expected: Iterable[tuple[Hashable, int]]) -> dict[str, int]:
    want = dict(expected)
    keys = set(found) | set(want)
    return {str(k): found.get(k, 0) - want.get(k, 0) for k in sorted(keys, key=str) if found.get(k, 0) != want.get(k, 0)}


#: ``simulate --check`` round-trips a state through its save text only every this many
#: decisions (and at the start and end of each game): encoding a long game's log is most
#: of a check's cost, while the card census and the rules' invariants are checked after
#: every decision regardless.
ROUND_TRIP_EVERY = 16


def check_state(game: Game, state: State, round_trip: bool = True) -> None:
    """Raise :class:`InvariantError` unless ``state`` holds exactly a full deck (a game dealt
    without a custom ``deck``) and passes its game's own invariant checks (those of
    ``from_json``); with ``round_trip`` it must also survive ``to_json``/``from_json`` unchanged."""
    found = card_census(game, state)
    if found is not None and found != Counter(game.card_counts):
        diff = _difference(found, game.card_counts.items())
        raise InvariantError(f"{game.name}: cards created (+) or lost (-) at turn {state.data['turn']}: {diff}")
    if not round_trip:
        try:
            game._check_common(state.data)
            game._check_data(state.data)
        except ValueError as exc:
            raise InvariantError(f"{game.name}: the state fails its own checks: {exc}") from None
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise InvariantError(f"{game.name}: the state is malformed: {type(exc).__name__}: {exc}") from None
        return
    text = game.to_json(state)
    try:
        again = game.from_json(text)
    except ValueError as exc:
        raise InvariantError(f"{game.name}: the state fails its own checks: {exc}") from None
    if game.to_json(again) != text:
        raise InvariantError(f"{game.name}: the state does not round-trip through to_json/from_json")
