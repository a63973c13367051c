"""A game at the table: the engine state plus who sits where, the record of moves, and saving.

The save (``localStorage["pygames.save.v1"]``) holds the engine's own ``to_json``
text, the seats and the game record (seed, options, every action), so a reload
resumes exactly, and records can later be exported, replayed or undone.
"""

from __future__ import annotations

import json
import re
import reprlib
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, TypeVar

from pygames_core import games
from pygames_core.bots import levels
from pygames_core.base import Action, Game, State
from pygames_core.record import check_record, new_record, replay

SAVE_KEY = "pygames.save.v1"
BAD_SAVE_KEY = "pygames.save.unreadable"  # the last save that could not be read, kept for a bug report
HUMAN = "human"
#: A seat is played by a person or by a bot of one of the levels (Easy, Medium, Hard).
SEAT_KINDS = (HUMAN, *levels.keys())
MAX_NAME = 32
#: The longest real save is ~40 000 characters (a four-player Клац! match); storage holds ~5 M.
MAX_SAVE_CHARS = 2_000_000
#: Lists and objects in a real save nest 5 levels deep (save → record → moves → move → a list in it);
#: the engine's state is text inside it, 6 levels deep, and the engine itself allows 32.
MAX_SAVE_DEPTH = 16
MAX_STATE_DEPTH = 32

T = TypeVar("T")


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryStorage:
    """``localStorage`` stand-in for tests and for browsers that refuse storage."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def seat_kind(kind: object) -> str | None:
    """The seat kind ``kind`` stands for, or ``None`` if it names none.

    ``"human"`` and the level keys stand for themselves; the bot names that saves and
    records made before levels existed use (``"greedy"``, ``"random"``) stand for the
    level that replaced them (:func:`pygames_core.bots.levels.level_for_legacy`).
    """
    if not isinstance(kind, str):
        return None
    if kind in SEAT_KINDS:
        return kind
    if kind in levels.LEGACY_KINDS:
        return levels.level_for_legacy(kind).key
    return None


@dataclass
class Seat:
    name: str
    kind: str  # "human" or a level key; an older save's bot name is read as its level

    def __post_init__(self) -> None:
        kind = seat_kind(self.kind)
        if kind is None:
            raise ValueError(f"unknown seat kind {self.kind!r}; known kinds: {', '.join(SEAT_KINDS)}")
        self.kind = kind

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def level(self) -> levels.Level | None:
        """The bot level playing this seat (``None`` for a person)."""
        return None if self.is_human else levels.get(self.kind)


def clean_name(name: object, fallback: str) -> str:
    text = " ".join(str(name).split())[:MAX_NAME]
    return text or fallback


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    state: State
    record: dict[str, Any]
    ui: dict[str, Any] = field(default_factory=dict)

    # ----------------------------------------------------------- lifecycle
    @classmethod
    def new(cls, game_name: str, seats: list[Seat], options: dict[str, Any], seed: int | None = None) -> "Session":
        game = games.get(game_name)
        state = game.new_game(players=len(seats), seed=seed, options=options)
        seed_used = json.loads(game.to_json(state))["state"]["seed"]
        return cls(game, seats, state, new_record(game_name, len(seats), seed_used, options))

    def apply(self, action: Action) -> None:
        """Apply a legal action (raises ``IllegalAction`` and changes nothing otherwise)."""
        self.state = self.game.apply(self.state, action)
        self.record["actions"].append(action)

    def bot_action(self) -> Action:
        """The move of the bot whose turn it is, thought out here and now (the page asks a worker instead)."""
        from . import thinking  # thinking reads sessions: imported here to keep the modules apart

        return thinking.action_of(thinking.think(thinking.request(self)), self.game.legal_actions(self.state))

    # ----------------------------------------------------------- queries
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_human_turn(self) -> bool:
        cur = self.state.current_player
        return cur is not None and self.seats[cur].is_human

    # ----------------------------------------------------------- saving
    def to_save(self) -> str:
        return json.dumps(
            {
                "v": 1,
                "game": self.game.name,
                "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "state": self.game.to_json(self.state),
                "record": self.record,
                "ui": self.ui,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_save(cls, text: object) -> "Session":
        """Read a save; any defect raises ``ValueError`` with a plain reason.

        Every part is checked before anything is built from it: the size and nesting
        of the text, the game, the record of moves (replayed: it must lead to the saved
        state), the seats, the engine state (rebuilt from the record when only the state
        is damaged) and the table's own ``ui`` state (``Table.check_ui``).  A session
        returned here renders and plays on.
        """
        body = _parse_save(text)
        game = _game_of(body.get("game"))
        record = _check_record(body.get("record"), game)
        seats = _check_seats(body.get("seats"), record["players"])
        ui = body.get("ui", {})
        if not isinstance(ui, dict):
            raise ValueError("the screen state is not a JSON object")
        # Undo, export and replays start from the record: it must lead to the saved game.
        try:
            replayed: State | ValueError = _by_engine("the game record", lambda: replay(record))
        except ValueError as exc:
            replayed = exc
        recovered = False
        try:
            state = _read_state(game, body.get("state"))
        except ValueError as damaged:
            if isinstance(replayed, ValueError):
                raise damaged from None
            state, recovered = replayed, True  # the record rebuilds the damaged state: nothing is lost
        if isinstance(replayed, ValueError):
            raise replayed
        if replayed != state:
            raise ValueError("the record of moves does not lead to the saved game")
        if state.data["players"] != len(seats):
            raise ValueError("the seats do not match the game")
        view = _by_engine("the game state", lambda: game.view(state, 0))
        ui = _table_of(game.name).check_ui(ui, view)
        if recovered:
            ui["recovered"] = True
        return cls(game, seats, state, record, ui)


# ----------------------------------------------------------- reading a save
def _parse_save(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ValueError(f"a save is text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise ValueError(f"the save is too large ({len(text):,} characters; a game never needs {MAX_SAVE_CHARS:,})")
    check_nesting(text, MAX_SAVE_DEPTH)
    try:
        body = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:  # also a number too long to read
        raise ValueError(f"not valid JSON ({_reason(exc, 120)})") from None
    if not isinstance(body, dict) or body.get("v") != 1 or type(body.get("v")) is not int:
        raise ValueError("unknown save format")
    return body


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def check_nesting(text: str, limit: int) -> None:
    """Refuse JSON text whose lists and objects nest deeper than ``limit`` levels, before it is parsed.

    The text is checked, not the parsed value, because parsing is the danger: in
    Pyodide a deep enough text overflows the browser's stack inside ``json.loads``,
    which no ``except`` catches.  Each pass takes away the innermost empty pairs.
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    for _ in range(limit):
        if not brackets:
            return
        inner_removed = _EMPTY_PAIR.sub("", brackets)  # one scan: pairs it leaves behind wait for the next
        if inner_removed == brackets:
            raise ValueError("not valid JSON (its brackets do not pair up)")
        brackets = inner_removed
    if brackets:
        raise ValueError(f"the save nests lists and objects deeper than {limit} levels")


def _shown(value: object) -> str:
    """A short ``repr`` of a value read from a save, for a message (never fails, never long)."""
    try:
        return reprlib.repr(value)
    except ValueError:  # an int too long to print
        return f"<{type(value).__name__}>"


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _game_of(name: object) -> Game:
    if not isinstance(name, str) or name not in games.names() or _table_of(name) is None:
        raise ValueError(f"unknown game {_shown(name)}")
    return games.get(name)


def _table_of(game_name: str) -> Any:
    # Imported here, not at the top: the tables import this module (a table renders a Session).
    from .tables import TABLES

    return TABLES.get(game_name)


def _by_engine(what: str, call: Callable[[], T]) -> T:
    """Run an engine call on data read from a save.

    The save is untrusted input and the engine is its judge: whatever it raises on it
    means "this save cannot be read", never a crash of the app.
    """
    try:
        return call()
    except ValueError:
        raise
    except Exception as exc:  # noqa: BLE001 - see the docstring
        raise ValueError(f"{what} cannot be read ({type(exc).__name__}: {_reason(exc, 120)})") from None


def _read_state(game: Game, text: object) -> State:
    if not isinstance(text, str):
        raise ValueError("the game state is missing")
    check_nesting(text, MAX_STATE_DEPTH)
    return _by_engine("the game state", lambda: game.from_json(text))


def _check_record(record: object, game: Game) -> dict[str, Any]:
    """The record of moves: its keys and types, and a start (players, seed, deck, options) the game accepts."""
    if not isinstance(record, dict):
        raise ValueError("the game record is missing")
    if _by_engine("the game record", lambda: check_record(record)).name != game.name:
        raise ValueError(f"the game record is of another game ({_shown(record['game'])})")
    players, seed = record["players"], record["seed"]
    deck, options = record.get("deck"), record.get("options")
    if not (deck is None or isinstance(deck, list)) or not (options is None or isinstance(options, dict)):
        raise ValueError("the game record's deck or options are malformed")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise ValueError("the game record's moves are not a list of moves")
    _by_engine("the game record's start",
               lambda: game.new_game(players, seed=seed, deck=deck, options=options))
    return record


def _check_seats(seats: object, players: int) -> list[Seat]:
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError("the seats do not match the game")
    out = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat_kind(seat.get("kind")) is None or not isinstance(seat.get("name"), str):
            raise ValueError(f"seat {i + 1} is not valid")
        if len(" ".join(seat["name"].split())) > MAX_NAME:
            raise ValueError(f"the name of seat {i + 1} is longer than {MAX_NAME} characters")
        out.append(Seat(clean_name(seat["name"], f"#{i + 1}"), seat["kind"]))
    return out


def save(storage: Storage, session: Session) -> None:
    storage.setItem(SAVE_KEY, session.to_save())


def load(storage: Storage) -> tuple[Session | None, str | None]:
    """The saved session, or ``(None, reason)`` when there is a save that cannot be read."""
    text = storage.getItem(SAVE_KEY)
    if text is None:
        return None, None
    try:
        return Session.from_save(text), None
    except ValueError as exc:
        return None, _reason(exc)


def _reason(exc: BaseException, limit: int = 300) -> str:
    """An error's message cut to a length a notice can show."""
    text = str(exc)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def set_aside(storage: Storage, text: str | None = None) -> None:
    """Move an unreadable save out of the way (kept under ``BAD_SAVE_KEY``, never silently destroyed).

    ``text`` is the save as it was read, when the one in storage may since have been rewritten.
    """
    if text is None:
        text = storage.getItem(SAVE_KEY)
    if text is not None:
        storage.setItem(BAD_SAVE_KEY, text)
    storage.removeItem(SAVE_KEY)
