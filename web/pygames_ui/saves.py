"""Saves: the game at the table kept on the device, and read back with every part checked.

The save (``localStorage["pygames.save.v1"]``) holds the engine's own ``to_json``
text, the seats, the game record (seed, options, every action) and the table's own
state, so a reload resumes exactly, and records can later be exported, replayed or
undone. A save is untrusted input: :func:`read` checks it all (the engine judges the
state and the record; each table judges its own ``ui`` state with ``check_ui``).
"""

from __future__ import annotations

import functools
import json
import reprlib
from collections.abc import Callable
from typing import Any, TypeVar

from pygames_core import games
from pygames_core.base import Game, State
from pygames_core.jsonio import check_nesting
from pygames_core.record import check_record, replay

from . import tutorial
from .devices import seats as friends
from .session import CONFIRM_CHOICES, MAX_NAME, Seat, Session, Storage, StorageFullError, clean_name, seat_kind
from .tables import TABLES

SAVE_KEY = "pygames.save.v1"
#: A guided game (Learn by playing) is kept apart: learning never overwrites a game in progress.
GUIDE_KEY = "pygames.save.guide"
#: Which of the two was at the table last (``SAVE_KEY`` or ``GUIDE_KEY``): a reload shows it.
LAST_KEY = "pygames.save.last"
BAD_SAVE_KEY = "pygames.save.unreadable"  # the last save that could not be read, kept for a bug report
#: The longest real save is ~40 000 characters (a four-player Клац! match); storage holds ~5 M.
MAX_SAVE_CHARS = 2_000_000
#: Lists and objects in a real save nest 5 levels deep (save → record → moves → move → a list in it);
#: the engine's state is text inside it, 6 levels deep, and the engine itself allows 32.
MAX_SAVE_DEPTH = 16
MAX_STATE_DEPTH = 32

T = TypeVar("T")


def read(text: object) -> Session:
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
    confirm, lesson, room = ui.get("confirm"), ui.get(tutorial.UI_KEY), ui.get(friends.UI_KEY)
    ui = TABLES[game.name].check_ui(ui, view)  # _game_of made sure this version has the game's table
    if lesson is not None:  # a tutorial: its step must be where the moves are
        ui[tutorial.UI_KEY] = tutorial.check_saved(lesson, game.name, record)
    if confirm in CONFIRM_CHOICES:  # the game's "confirm moves" choice
        ui["confirm"] = confirm
    if room is not None:  # friends on other devices: their tokens, so their invites stay theirs
        kept = friends.check_saved(room, [i for i, seat in enumerate(seats) if seat.is_remote])
        if kept is not None:
            ui[friends.UI_KEY] = kept
    if recovered:
        ui["recovered"] = True
    return Session(game, seats, state, record, ui)




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


def _shown(value: object) -> str:
    """A short ``repr`` of a value read from a save, for a message (never fails, never long)."""
    try:
        return reprlib.repr(value)
    except ValueError:  # an int too long to print
        return f"<{type(value).__name__}>"


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _game_of(name: object) -> Game:
    if not isinstance(name, str) or name not in games.names() or name not in TABLES:
        raise ValueError(f"unknown game {_shown(name)}")
    return games.get(name)


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


def slot_of(session: Session) -> str:
    """Where ``session`` is kept: a guided game in its own slot, any other game in the save."""
    return GUIDE_KEY if tutorial.UI_KEY in session.ui else SAVE_KEY


def _other_slot(session: Session) -> str:
    return SAVE_KEY if slot_of(session) == GUIDE_KEY else GUIDE_KEY


def save(storage: Storage, session: Session) -> bool:
    """Keep ``session`` on the device; ``False`` if it would not (its storage full)."""
    slot = slot_of(session)
    try:
        storage.setItem(slot, session.to_save())
        storage.setItem(LAST_KEY, slot)
    except StorageFullError:
        return False
    return True


def last_slot(storage: Storage) -> str:
    """The slot of the game at the table last (the save unless a guided game was)."""
    return GUIDE_KEY if storage.getItem(LAST_KEY) == GUIDE_KEY and storage.getItem(GUIDE_KEY) is not None else SAVE_KEY


def load(storage: Storage, slot: str | None = None) -> tuple[Session | None, str | None]:
    """The session saved in ``slot`` (by default the one at the table last), or ``(None, reason)``
    when there is a save that cannot be read."""
    text = storage.getItem(slot or last_slot(storage))
    if text is None:
        return None, None
    try:
        return read(text), None
    except ValueError as exc:
        return None, _reason(exc)


def waiting(storage: Storage, session: Session | None) -> Session | None:
    """The unfinished game kept in the other slot than ``session``'s (a game in progress while
    a guided one is at the table, or the other way round), to take up; with none at the table,
    the game in progress kept (one another tab of this browser played, or hosted)."""
    other, _ = load(storage, SAVE_KEY if session is None else _other_slot(session))
    return other if other is not None and not other.game.is_over(other.state) else None


def waiting_game(storage: Storage, session: Session | None) -> str | None:
    """The name of the game :func:`waiting` would take up, for the home screen: the save is read
    (and its record replayed) once per text kept, not at every drawing of the screen."""
    text = storage.getItem(SAVE_KEY if session is None else _other_slot(session))
    return None if text is None else _unfinished_game(text)


@functools.lru_cache(maxsize=2)
def _unfinished_game(text: str) -> str | None:
    try:
        session = read(text)
    except ValueError:
        return None
    return None if session.game.is_over(session.state) else session.game.name


def _reason(exc: BaseException, limit: int = 300) -> str:
    """An error's message cut to a length a notice can show."""
    text = str(exc)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def set_aside(storage: Storage, text: str | None = None, slot: str | None = None) -> bool:
    """Move an unreadable save out of the way (kept under ``BAD_SAVE_KEY``, never silently destroyed).

    ``text`` is the save as it was read, when the one in storage may since have been rewritten;
    ``slot``: where it was (by default the slot at the table last). ``False`` when the device
    would not keep the copy (its storage full): the save is left where it was.
    """
    slot = slot or last_slot(storage)
    if text is None:
        text = storage.getItem(slot)
    if text is not None:
        try:
            storage.setItem(BAD_SAVE_KEY, text)
        except StorageFullError:
            return False
    storage.removeItem(slot)
    return True
