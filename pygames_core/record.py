"""Game records: how a game started plus every action, replayable on any machine.

A record is a JSON-safe dict::

    {"game": "klats", "players": 2, "seed": 7, "deck": null, "options": {...}, "actions": [...]}

Because the engine is deterministic, :func:`replay` rebuilds the exact state.  A
record that was edited so that some move is no longer legal is refused with a
``ValueError`` naming the move.  Records are what exports, replays and undo use.
"""

from __future__ import annotations

from typing import Any

from . import games
from .base import State
from .errors import IllegalAction

RECORD_KEYS = {"game", "players", "seed", "deck", "options", "actions"}


def new_record(game: str, players: int, seed: int, options: dict[str, Any] | None, deck: list[Any] | None = None) -> dict[str, Any]:
    return {"game": game, "players": players, "seed": seed, "deck": deck, "options": options, "actions": []}


def replay(record: object, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of ``record`` (all of them by default)."""
    if not isinstance(record, dict):
        raise ValueError("a game record must be a JSON object")
    missing = sorted({"game", "players", "seed", "actions"} - set(record))
    if missing:
        raise ValueError(f"the game record lacks {missing}")
    unknown = sorted(set(record) - RECORD_KEYS)
    if unknown:
        raise ValueError(f"the game record has unknown keys {unknown}")
    try:
        game = games.get(record["game"])
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    actions = record["actions"]
    if not isinstance(actions, list):
        raise ValueError("the record's actions must be a list")
    if upto is not None and not 0 <= upto <= len(actions):
        raise ValueError(f"upto must be 0..{len(actions)}, got {upto!r}")
    state = game.new_game(record["players"], seed=record["seed"], deck=record.get("deck"), options=record.get("options"))
    for i, action in enumerate(actions[:upto]):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise ValueError(f"move {i + 1} of the record is not legal: {exc}") from None
    return state
