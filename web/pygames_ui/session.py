"""A game at the table: the engine state plus who sits where, the record of moves.

A session is written as a save (:meth:`Session.to_save`: the engine's own ``to_json``
text, the seats, the game record and the table's own state) and read back, with every
part checked, by :mod:`.saves`. This module imports only the engine.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Protocol

from pygames_core import games
from pygames_core.base import Action, Game, State
from pygames_core.bots import levels
from pygames_core.jsonio import check_nesting
from pygames_core.record import new_record
from pygames_core.rng import fresh_seed

HUMAN = "human"
#: A person playing on another device (the host's game, the guest's own phone: :mod:`.devices`).
REMOTE = "remote"
#: A seat is played by a person here, by a bot of one of the levels (Easy, Medium, Hard), or
#: by a person on another device.
SEAT_KINDS = (HUMAN, *levels.keys(), REMOTE)
MAX_NAME = 32


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802 - may raise StorageFullError
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class StorageFullError(OSError):
    """The device would not keep a value (``Storage.setItem``): its storage is full, or refused."""


class MemoryStorage:
    """``localStorage`` stand-in for tests and for browsers that refuse storage; ``limit``: the
    characters it holds at most (keys and values, as a browser's quota counts), else
    :class:`StorageFullError` (a test's full device)."""

    def __init__(self, limit: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.limit is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.limit:
                raise StorageFullError(f"the storage holds {self.limit} characters")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


#: The most characters, and levels of nesting, of a small note kept on the device (not a save).
KEPT_CHARS, KEPT_DEPTH = 4000, 4


def read_kept(storage: Storage, key: str) -> Any:
    """A small note this device keeps under ``key`` (a form's last choices, the invites used),
    parsed; ``None`` if there is none or it cannot be one of ours (too long, nested too deep
    for any of them, not JSON): another tab, an extension or a hand may have written anything there,
    and a deep enough text would overflow the browser's stack inside ``json.loads``."""
    text = storage.getItem(key)
    if not isinstance(text, str) or len(text) > KEPT_CHARS:
        return None
    try:
        check_nesting(text, KEPT_DEPTH)
        return json.loads(text)
    except ValueError:
        return None


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


#: "Confirm moves", chosen on the new-game form and kept in a game's ``ui["confirm"]``:
#: ``auto`` asks for a second tap when people pass the device, for every move in a game with
#: hidden hands and for one undo might not take back elsewhere (``TableFlow.confirming``),
#: ``on`` always, ``off`` never.
CONFIRM_CHOICES = ("auto", "on", "off")

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
    def is_remote(self) -> bool:
        """A person on another device (never asked on this one)."""
        return self.kind == REMOTE

    @property
    def is_person(self) -> bool:
        return self.kind in (HUMAN, REMOTE)

    @property
    def level(self) -> levels.Level | None:
        """The bot level playing this seat (``None`` for a person)."""
        return None if self.is_person else levels.get(self.kind)


#: The invisible marks that set the direction of text: the embeddings, overrides and isolates
#: (an unclosed U+202E wrote "Pass the device to annA", the rest of the sentence turned round)
#: and the left-to-right, right-to-left and Arabic letter marks. Never part of a name, which the
#: page prints inside its own sentences.
DIRECTION_MARKS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"))


def clean_name(name: object, fallback: str) -> str:
    """A name as the page prints it: spaces folded, at most :data:`MAX_NAME` characters, no mark
    that turns the direction of the text around it; ``fallback`` where nothing of it would show
    (empty, or only invisible characters such as zero-width spaces)."""
    text = " ".join(str(name).translate(DIRECTION_MARKS).split())[:MAX_NAME]
    return text if any(unicodedata.category(c)[0] in "LNPS" for c in text) else fallback


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    state: State
    record: dict[str, Any]
    ui: dict[str, Any] = field(default_factory=dict)

    # ----------------------------------------------------------- lifecycle
    @classmethod
    def new(cls, game_name: str, seats: list[Seat], options: dict[str, Any], seed: int | None = None,
            deck: list[Any] | None = None) -> Session:
        """A new game; ``deck`` (a prepared deal, top first: a tutorial's) replaces the shuffle."""
        game = games.get(game_name)
        seed = fresh_seed() if seed is None else seed  # (the record keeps it: the game can be replayed)
        state = game.new_game(players=len(seats), seed=seed, deck=deck, options=options)
        return cls(game, seats, state, new_record(game_name, len(seats), seed, options, deck))

    def apply(self, action: Action) -> None:
        """Apply a legal action (raises ``IllegalAction`` and changes nothing otherwise)."""
        self.state = self.game.apply(self.state, action)
        self.record["actions"].append(action)

    # ----------------------------------------------------------- queries
    @property
    def humans(self) -> list[int]:
        """The seats of the people at this device (pass-and-play hides hands between them)."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def remote(self) -> list[int]:
        """The seats played on other devices."""
        return [i for i, s in enumerate(self.seats) if s.is_remote]

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
