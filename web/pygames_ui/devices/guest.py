"""A guest device's side: it holds one seat, says hello with its token, sends moves, keeps frames.

:class:`Guest` writes the messages the page sends to the host and takes in the host's
(:meth:`Guest.receive`): the latest frame of its seat (``table``), why a move was not
taken (``refused``), or that the host runs another build of the site (``other_build``:
"the host runs a different version — reload both"), or a spare connection kept for this device
(``spare``: :mod:`.spare`). Messages that are not the host's
(malformed, replayed) are dropped and counted, like the host does.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygames_core.base import Action

from ..session import seat_kind
from . import protocol, spare
from .protocol import BadMessageError
from .seats import check_spells

#: The largest number a table may hold (a whole match of Клац! to 1,000 points numbers its events
#: in the thousands): a host's "hand of 2**63 cards" would have the page draw them until it froze
#: (what a number up to this may cost to draw is bounded by the screen: guest_screens.py).
MAX_NUMBER = 100_000
#: Where each game's view says how many sit at the table: the seats the table names.
PLAYER_COUNTS = ("players", "num_players", "player_count")


def _numbers_bounded(node: object) -> bool:
    """Every number in ``node`` (a message's JSON, its depth bounded by :mod:`.protocol`) a whole
    number no larger than :data:`MAX_NUMBER` either way (a fraction draws nothing of ours)."""
    if isinstance(node, bool) or node is None or isinstance(node, str):
        return True
    if isinstance(node, int):
        return -MAX_NUMBER <= node <= MAX_NUMBER
    if isinstance(node, dict):
        return all(_numbers_bounded(v) for v in node.values())
    if isinstance(node, list):
        return all(_numbers_bounded(v) for v in node)
    return False


class Guest:
    def __init__(self, seat: int, token: str, build: str, game: str) -> None:
        self.seat = seat
        self.token = token
        self.game = game  # which game its invite is for: the host's must be the same
        self.build = build
        self.seq_out = 0
        self.seq_in = 0
        self.table: dict[str, Any] | None = None  # the seat's latest frame from the host (every event so far)
        self.events: list[Any] = []  # the public log as the host has sent it
        self.refused: str | None = None  # why the last move or hello was not taken
        self.host_build: str | None = None  # set when the host runs another build
        self.dropped: Counter[str] = Counter()
        self.resync = False  # the log has a gap: say hello again (the host sends the whole table)
        self.resyncing = False  # that hello is sent: the tables in flight before its answer are dropped
        self.spare: tuple[str, str, str] | None = None  # the host's spare offer for this device, and its credentials

    def _write(self, kind: str, **body: object) -> str:
        self.seq_out += 1
        return protocol.write(kind, self.seq_out, self.build, **body)

    def hello(self) -> str:
        self.resyncing, self.resync = self.resync, False
        return self._write("hello", seat=self.seat, token=self.token, game=self.game)

    def act(self, action: Action) -> str:
        """The message that plays ``action``, for the position last seen (a stale one is refused)."""
        moves = self.table["moves"] if self.table is not None else 0
        return self._write("act", action=action, moves=moves)

    def ping(self) -> str:
        return self._write("ping")

    def bye(self) -> str:
        """The message that tells the host this device leaves its table."""
        return self._write("bye")

    def waiting(self, body: dict[str, str]) -> str:
        """The message that tells the host of the connection this device keeps waiting for it (spare.py)."""
        return self._write("spare", **body)

    def receive(self, raw: object) -> str | None:
        """Take a message from the host; its kind (``None``: dropped)."""
        try:
            message = protocol.read(raw, protocol.FROM_HOST)
        except BadMessageError as exc:
            other = protocol.foreign_build(raw, self.build)
            if other is not None:  # a host of another build whose messages we cannot read: say so
                self.host_build = other
                return "other_build"
            self.dropped[str(exc)] += 1
            return None
        if message.seq <= self.seq_in:
            self.dropped["replayed"] += 1
            return None
        if message.type == "table":
            why = _table_problem(message.body, self.seat)
            if why is None and message.body["events_from"] > len(self.events):
                # A part of the log never came (a message too long for us): hello again, once, and
                # the host sends the whole table, as after a reload.
                why, self.resync = "events missing", not self.resyncing
            if why is not None:  # another device's message is hostile input, the host's too
                self.dropped[why] += 1
                return None
        kept = spare.read(message.body) if message.type == "spare" else None
        if message.type == "spare" and kept is None:
            self.dropped["bad spare"] += 1
            return None
        self.seq_in = message.seq  # (only a message taken: one dropped changes nothing here)
        if message.type == "table":
            start = message.body["events_from"]
            self.resyncing = self.resyncing and start != 0
            self.events = self.events[:start] + message.body["events"]
            self.table, self.refused = {**message.body, "events": self.events, "events_from": 0}, None
        elif message.type == "refused":
            self.refused = message.body["reason"]
        elif message.type == "other_build":
            self.host_build = message.body["host_build"]
        elif message.type == "spare":
            self.spare = kept
        return message.type


def _table_problem(body: dict[str, Any], seat: int) -> str | None:
    """Why a ``table`` message cannot be this guest's frame (``None``: it can)."""
    if body["seat"] != seat:
        return "another seat's table"
    seats = body["seats"]
    if not 0 < len(seats) <= 6 or not all(
            type(s) is dict and type(s.get("name")) is str and seat_kind(s.get("kind")) is not None for s in seats):
        return "bad seats"
    if not all(type(a) is dict for a in body["legal"]):
        return "bad moves"
    if not all(type(e) is dict for e in body["events"]):
        return "bad events"
    if not all(type(w) is int and 0 <= w < len(seats) for w in (*body["winners"], *body["away"], *body["bots"])):
        return "bad seat numbers"
    if body["events_from"] < 0 or (body["current"] is not None and not 0 <= body["current"] < len(seats)):
        return "bad numbers"
    if check_spells(body["spells"], list(range(len(seats)))) is None:
        return "bad spells"
    if not _numbers_bounded(body):
        return "numbers out of bounds"
    if any(type(body["view"].get(key)) is int and body["view"][key] != len(seats) for key in PLAYER_COUNTS):
        return "another number of players"
    return None
