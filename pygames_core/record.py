"""Game records: how a game started plus every action, replayable on any machine.

A record is a JSON-safe dict::

    {"game": "klats", "players": 2, "seed": 7, "deck": null, "options": {...}, "actions": [...]}

with, optionally, ``"seats"``: who sat where, one ``{"name": str, "kind": str}`` per
seat (``kind`` is ``"human"`` or a bot's name).  The engine never reads the seats;
they travel with exported records and links so that a replay can name the players.

Because the engine is deterministic (its RNG lives in the state), :func:`replay`
rebuilds the exact state.  A record that was edited so that some move is no longer
legal is refused with a ``ValueError`` naming the move.  Records are what exports,
replays, links and undo use; ``record_codec`` writes them compactly.
"""

from __future__ import annotations

import re
from typing import Any

from . import games
from .base import Game, State
from .errors import IllegalAction
from .jsonio import freeze

RECORD_KEYS = {"game", "players", "seed", "deck", "options", "actions", "seats"}
REQUIRED_KEYS = {"game", "players", "seed", "actions"}
MAX_SEAT_NAME = 64
SEAT_KIND = re.compile(r"[a-z][a-z0-9_]{0,15}")


def new_record(game: str, players: int, seed: int, options: dict[str, Any] | None, deck: list[Any] | None = None) -> dict[str, Any]:
    """An empty record of a game about to start (append each applied action to ``["actions"]``)."""
    return {"game": game, "players": players, "seed": seed, "deck": deck, "options": options, "actions": []}


def check_record(record: object) -> Game:
    """Check a record's shape (keys and types, not the legality of its moves); return its game.

    Raises ``ValueError`` with a plain reason.  :func:`replay` checks the moves.
    """
    if not isinstance(record, dict):
        raise ValueError("a game record must be a JSON object")
    missing = sorted(REQUIRED_KEYS - set(record))
    if missing:
        raise ValueError(f"the game record lacks {missing}")
    unknown = sorted(set(record) - RECORD_KEYS)
    if unknown:
        raise ValueError(f"the game record has unknown keys {unknown}")
    try:
        game = games.get(record["game"])
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    players, seed = record["players"], record["seed"]
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players} to {game.max_players} players, the record says {players!r}")
    if type(seed) is not int:
        raise ValueError(f"the record's seed must be an integer, got {seed!r}")
    if not isinstance(record["actions"], list):
        raise ValueError("the record's actions must be a list")
    if record.get("seats") is not None:
        check_seats(record["seats"], players)
    return game


def check_seats(seats: object, players: int) -> None:
    """A record's ``seats``: one ``{"name", "kind"}`` per seat; ``ValueError`` otherwise."""
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"the record's seats must be a list of {players} players")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"name", "kind"}:
            raise ValueError(f"seat {i + 1} of the record must have exactly a name and a kind")
        name, kind = seat["name"], seat["kind"]
        if not isinstance(name, str) or not 0 < len(name) <= MAX_SEAT_NAME:
            raise ValueError(f"seat {i + 1} of the record has a bad name {name!r}")
        if not isinstance(kind, str) or not SEAT_KIND.fullmatch(kind):
            raise ValueError(f"seat {i + 1} of the record has a bad kind {kind!r}")


def start(record: dict[str, Any]) -> State:
    """The state before the record's first move (``ValueError`` for bad players, seed, options or deck)."""
    game = check_record(record)
    try:
        return game.new_game(record["players"], seed=record["seed"], deck=record.get("deck"), options=record.get("options"))
    except ValueError as exc:
        raise ValueError(f"the record cannot start a game: {exc}") from None


def states(record: object) -> list[State]:
    """Every state of the record's game: ``[start, after move 1, …, after the last move]``."""
    game = check_record(record)
    assert isinstance(record, dict)
    out = [start(record)]
    for i, action in enumerate(record["actions"]):
        out.append(apply_move(game, out[-1], action, i))
    return out


def replay(record: object, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of ``record`` (all of them by default)."""
    game = check_record(record)
    assert isinstance(record, dict)
    actions = record["actions"]
    if upto is not None and (type(upto) is not int or not 0 <= upto <= len(actions)):
        raise ValueError(f"upto must be 0..{len(actions)}, got {upto!r}")
    state = start(record)
    for i, action in enumerate(actions[:upto]):
        state = apply_move(game, state, action, i)
    return state


def apply_move(game: Game, state: State, action: object, i: int) -> State:
    """``game.apply`` for move ``i`` (0-based) of a record: an illegal move is a ``ValueError`` naming it."""
    try:
        return game.apply(state, action)
    except IllegalAction as exc:
        raise ValueError(f"move {i + 1} of the record is not legal: {exc}") from None


def index_of(game: Game, state: State, action: object) -> int:
    """The position of ``action`` among ``game.legal_actions(state)``; ``IllegalAction`` if it is not there."""
    legal = game.legal_actions(state)
    try:
        key = freeze(action)
    except (TypeError, ValueError, RecursionError):
        raise IllegalAction(f"{game.name}: action is not JSON-safe: {action!r}") from None
    for i, candidate in enumerate(legal):
        if freeze(candidate) == key:
            return i
    game.apply(state, action)  # raises IllegalAction with the engine's own explanation
    raise AssertionError("unreachable: apply accepted an action that legal_actions does not list")
