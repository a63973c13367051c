"""The host device is the referee: only its engine holds the game; guests send moves, get frames.

:class:`Referee` takes every message a guest sends (:meth:`Referee.receive`) and answers with the
messages to send (``(connection, text)`` pairs). A guest holds one seat, taken with the
token of its invite; it is sent only what :func:`..frame.seat_frame` shows that seat (its own
view, the public log, whose turn, its legal moves), and may only play that seat, when it is
that seat's turn. The engine judges each move (``Game.apply``): a refused one changes
nothing and is answered with the reason.

Nothing a guest sends can stop the host: a message that is not one of ours (too long, too
deep, malformed, replayed, too fast, another seat's, out of turn) is dropped and counted in
:attr:`Referee.dropped`.
"""

from __future__ import annotations

import hmac
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pygames_core import IllegalAction
from pygames_core.actions import find

from ..frame import Spell, next_event, seat_frame
from ..session import Session
from . import protocol, spare
from .protocol import BadMessageError
from .seats import MAX_SPELLS

#: At most this many messages from one connection per :data:`WINDOW_S` (a person clicks a few a second).
RATE = 20
WINDOW_S = 1.0
#: A guest pings every PING_S; one silent for AWAY_S is away (a closed tab sends no goodbye).
PING_S = 2.0
AWAY_S = 6.0
#: A table message whose view leaves less room than this for the log is not sent: the seat's
#: device is told the game has grown too long for it (the log cut into ever more, ever fuller
#: messages once made thousands of them).
MIN_ROOM = 2000

Outgoing = list[tuple[str, str]]  # (connection, message text)


@dataclass
class Link:
    """One guest connection as the host sees it."""

    seat: int | None = None
    seq_in: int = 0  # the last sequence number taken from it
    seq_out: int = 0  # the last one sent to it
    window: float = 0.0  # when the current rate window started
    count: int = 0  # messages in it
    last: float = 0.0  # when it last sent a message that was ours
    events_sent: int = 0  # how many events of the public log it has been sent
    resent: float = -PING_S  # when it was last sent the whole log again (asked by a hello again)
    owed: bool = False  # a hello again came sooner: the whole log goes with its next ping's pong


class Referee:
    def __init__(self, session: Session, build: str, tokens: dict[int, str],
                 clock: Callable[[], float] = time.monotonic,
                 channel_seat: Callable[[str], int | None] = lambda conn: None) -> None:
        """``tokens``: the guest seats and the token each invite carries. ``channel_seat``: the
        seat whose invite a connection was opened for (``None``: any seat, with its token)."""
        self.session = session
        self.build = build
        self.tokens = dict(tokens)
        self.clock = clock
        self.channel_seat = channel_seat
        self.playing = True  # False while the lobby is open: no move is taken yet
        self.links: dict[str, Link] = {}
        self.dropped: Counter[str] = Counter()
        self.seen: set[int] = set()  # guest seats that have been here at some time
        #: the kind of the last message taken (None: dropped; other_build; "hello again": a hello on
        #: the link that holds its seat, which changes nothing here)
        self.last_kind: str | None = None
        self.stand_ins: set[int] = set()  # guest seats a bot plays for now (the host's choice)
        self.spells: list[Spell] = []  # when a bot played for whom: the log says so (frame.Frame.bot_spells)
        self.other_builds: set[str] = set()  # connections told that the host runs another build
        self.waiting: dict[int, tuple[str, str, str]] = {}  # seat -> its guest's waiting offer (spare.py)

    # ------------------------------------------------------------ who is here
    def holder(self, seat: int) -> str | None:
        """The connection that holds ``seat`` now, if any."""
        return next((c for c, link in self.links.items() if link.seat == seat), None)

    def here(self) -> set[int]:
        """The guest seats whose device is connected and has been heard from lately."""
        return {seat for seat in self.tokens if self.seat_state(seat) == "here"}

    def connected(self, seat: int) -> bool:
        """``seat``'s device is connected and has been heard from lately (whether or not a bot plays
        for him: a friend back while one does is offered his seat back)."""
        conn = self.holder(seat)
        return conn is not None and self.clock() - self.links[conn].last <= AWAY_S

    def seat_state(self, seat: int) -> str:
        """``invited`` (never came), ``here``, ``away`` (gone or silent for AWAY_S) or ``bot``."""
        if seat in self.stand_ins:
            return "bot"
        if self.connected(seat):
            return "here"
        return "away" if seat in self.seen else "invited"

    def stand_in(self, seat: int) -> None:
        """A bot plays ``seat`` from now on (its guest is away); its guest's moves are refused."""
        if seat in self.tokens and seat not in self.stand_ins:
            self.stand_ins.add(seat)  # (the oldest spell goes past the most a message carries)
            self.spells = [*self.spells[-(MAX_SPELLS - 1):], (seat, next_event(self.session.state), None)]

    def hand_back(self, seat: int) -> None:
        """The guest plays ``seat`` again."""
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            end = next_event(self.session.state)  # (a spell in which nothing happened goes)
            closed = [(s, a, end if s == seat and b is None else b) for s, a, b in self.spells]
            self.spells = [(s, a, b) for s, a, b in closed if b is None or b > a]

    def new_game(self, session: Session) -> None:
        """``session`` is played here from now on (a new game at the same table): its log starts
        afresh, and so do the spells of the bots that play on in it."""
        self.session = session
        for link in self.links.values():
            link.events_sent = 0  # (a new game's log, from its start)
        self.spells = [(seat, next_event(session.state), None) for seat in sorted(self.stand_ins)]

    def closed(self, conn: str) -> None:
        """A connection went away (its seat shows as away until it says hello again)."""
        self.links.pop(conn, None)
        self.other_builds.discard(conn)

    # ------------------------------------------------------------ messages in
    def receive(self, conn: str, raw: object) -> Outgoing:
        """Take one message from ``conn``; the messages to send in answer (none for a dropped one)."""
        link = self.links.setdefault(conn, Link())
        self.last_kind = None
        now = self.clock()
        if now - link.window >= WINDOW_S:
            link.window, link.count = now, 0
        link.count += 1
        if link.count > RATE:
            return self._drop("too fast")
        try:
            message = protocol.read(raw, protocol.FROM_GUEST)
        except BadMessageError as exc:
            if protocol.foreign_build(raw, self.build):
                return self._other_build(conn)
            return self._drop(str(exc))
        if message.build != self.build:
            return self._other_build(conn)
        if message.seq <= link.seq_in:
            return self._drop("replayed")
        link.seq_in, link.last = message.seq, now
        self.last_kind = message.type
        if message.type == "ping":
            owed = link.owed and link.seat is not None and now - link.resent >= PING_S
            return [self._send(conn, "pong"), *(self._resend(conn, link) if owed else [])]
        if message.type == "hello":
            return self._hello(conn, link, message)
        if message.type == "spare":
            return self._waiting(link, message)
        if message.type == "bye":  # (a friend who leaves for a game of his own: his connection closes next)
            if link.seat is None:
                self.last_kind = None
                return self._drop("no seat")
            return []
        return self._act(conn, link, message)

    def _waiting(self, link: Link, message: protocol.Message) -> Outgoing:
        """A seated guest's waiting connection, for this page's reload (kept, nothing answered)."""
        kept = spare.read(message.body)
        if link.seat is None or kept is None:
            self.last_kind = None
            return self._drop("no seat" if link.seat is None else "bad spare")
        self.waiting[link.seat] = kept
        return []

    def _hello(self, conn: str, link: Link, message: protocol.Message) -> Outgoing:
        seat, token = message.body["seat"], message.body["token"]
        want = self.tokens.get(seat)
        bound = self.channel_seat(conn)
        if (want is None or (bound is not None and bound != seat) or not token.isascii()
                or not hmac.compare_digest(want, token)):
            self.dropped["wrong token"] += 1
            return [self._send(conn, "refused", reason="wrong_seat", ref=message.seq)]
        if message.body["game"] != self.session.game.name:  # (its invite's game edited by hand)
            self.dropped["wrong game"] += 1
            return [self._send(conn, "refused", reason="wrong_game", ref=message.seq)]
        if link.seat == seat:  # again on the link that holds the seat: it lost a part of the log
            self.last_kind = "hello again"  # (nothing changes here)
            if self.clock() - link.resent < PING_S:  # the whole log at most once a ping (not for a flood):
                link.owed = True  # the next one goes with the pong a ping's time on
                return []
            return self._resend(conn, link)
        old = self.holder(seat)
        if old is not None and old != conn:  # the same guest again (a reload): the new link takes over
            self.links.pop(old)
        link.seat, link.events_sent = seat, 0  # (a new link: the whole log again)
        self.seen.add(seat)
        return self.table_messages(conn)

    def _resend(self, conn: str, link: Link) -> Outgoing:
        """``conn``'s seat's whole table again, its whole log (a guest that lost a part of it)."""
        link.events_sent, link.resent, link.owed = 0, self.clock(), False
        return self.table_messages(conn)

    def _act(self, conn: str, link: Link, message: protocol.Message) -> Outgoing:
        s = self.session
        if link.seat is None:
            return self._drop("no seat")
        if not self.playing:
            self.dropped["not started"] += 1
            return [self._send(conn, "refused", reason="not_started", ref=message.seq)]
        if link.seat in self.stand_ins:
            self.dropped["a bot plays"] += 1
            return [self._send(conn, "refused", reason="bot_plays", ref=message.seq)]
        if s.state.current_player != link.seat or s.game.is_over(s.state):
            self.dropped["out of turn"] += 1
            return [self._send(conn, "refused", reason="not_your_turn", ref=message.seq)]
        if message.body["moves"] != len(s.record["actions"]):
            self.dropped["stale"] += 1
            # The table as it is now, then why the move was not taken (said until the next table).
            return [*self.table_messages(conn), self._send(conn, "refused", reason="stale", ref=message.seq)]
        action = find(message.body["action"], s.game.legal_actions(s.state))
        if action is None:
            self.dropped["illegal"] += 1
            return [self._send(conn, "refused", reason="illegal", ref=message.seq)]
        try:
            s.apply(action)
        except IllegalAction:  # (find matched a legal action: not expected)
            self.dropped["illegal"] += 1
            return [self._send(conn, "refused", reason="illegal", ref=message.seq)]
        return self.tables()

    # ------------------------------------------------------------ messages out
    def table_messages(self, conn: str) -> Outgoing:
        """``conn``'s seat's frame, as ``table`` messages: one, unless the log it has not been sent
        yet is too long for one message (a guest who rejoins a long match is sent the whole log),
        then as many as it takes, each with the next part of the log; the last is the frame whole."""
        link = self.links[conn]
        seat = link.seat
        assert seat is not None
        frame = seat_frame(self.session, seat)
        legal = [] if seat in self.stand_ins or not self.playing else frame.legal  # a bot stands in, or not started
        start = link.events_sent if link.events_sent <= len(frame.events) else 0  # (an undo: from the start)
        link.events_sent = len(frame.events)
        body = {"seat": seat, "view": frame.view, "current": frame.current, "over": frame.over,
                "winners": frame.winners, "legal": legal,
                "seats": [{"name": x.name, "kind": x.kind} for x in frame.seats],
                "moves": len(self.session.record["actions"]),
                "away": [s for s in sorted(self.tokens) if self.seat_state(s) in ("invited", "away")],
                "bots": sorted(self.stand_ins), "spells": [list(spell) for spell in self.spells],
                "started": self.playing}
        whole = protocol.write("table", link.seq_out + 1, self.build, events=frame.events[start:], events_from=start, **body)
        if protocol.size(whole) <= protocol.MAX_BYTES:  # (after each move: the new events, one message)
            link.seq_out += 1
            return [(conn, whole)]
        most = 2**53 - 1  # (the longest numbers a message may carry: what is left for the events)
        room = protocol.MAX_BYTES - protocol.size(protocol.write("table", most, self.build, events=[], events_from=most, **body))
        if room < MIN_ROOM:  # the seat's view alone nearly fills a message (a match to a target of thousands)
            self.dropped["too long"] += 1
            return [self._send(conn, "refused", reason="too_long", ref=0)]
        return [self._send(conn, "table", events=frame.events[first:last], events_from=first, **body)
                for first, last in _parts(frame.events, start, room)]

    def tables(self, conns: Iterable[str] | None = None) -> Outgoing:
        """Every seated guest's frame (after any change of the game: a move here, a bot's, a guest's)."""
        return [m for c in (conns if conns is not None else list(self.links)) if self.links[c].seat is not None
                for m in self.table_messages(c)]

    def write(self, conn: str, kind: str, **body: object) -> str:
        """A message of the host's own to ``conn`` (besides the answers to what it sent), numbered in turn."""
        return self._send(conn, kind, **body)[1]

    def _send(self, conn: str, kind: str, **body: object) -> tuple[str, str]:
        link = self.links.setdefault(conn, Link())
        link.seq_out += 1
        return conn, protocol.write(kind, link.seq_out, self.build, **body)

    def _other_build(self, conn: str) -> Outgoing:
        """Tell a guest of another build of the site so (nothing it says is taken); its seat's
        friend and the host both read "reload both"."""
        self.other_builds.add(conn)
        self.dropped["another build"] += 1
        self.last_kind = "other_build"
        return [self._send(conn, "other_build", host_build=self.build)]

    def _drop(self, why: str) -> Outgoing:
        self.dropped[why] += 1
        return []


def _parts(events: Sequence[object], start: int, room: int) -> list[tuple[int, int]]:
    """``events[start:]`` cut into runs whose JSON fits in ``room`` bytes each (at least one
    event a run; at least one run, maybe empty): ``(first, last)`` index pairs."""
    parts, first, size = [], start, 0
    for i in range(start, len(events)):
        n = len(json.dumps(events[i], ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")) + 1
        if size + n > room and i > first:
            parts.append((first, i))
            first, size = i, 0
        size += n
    parts.append((first, len(events)))
    return parts
