"""How long each bot move takes at the table: the bots share one budget per round.

A person waits from his move to his next decision while every bot between them
thinks and shows its move.  Rather than a fixed time per bot (which made a
six-player Зоомагия round take 10-20 s), the bots between two decisions of a person
share :data:`levels.HARD_ROUND_MS`: each bot move gets what is left of it divided by
the bot moves still expected before that person decides again, between
:data:`MIN_PACE_MS` and :data:`levels.HARD_BUDGET_MS`.  A searching bot thinks for
that long; any bot's move stays on screen at least that long (at most the page's
bot delay), so that it can be followed.  At two players this is what it always was
(one bot move: the whole budget); at six the bots move briskly and search less.

The expected number of bot moves comes from the seats still to play before the next
person and the game's moves per turn (:data:`levels.BOT_MOVES_PER_TURN`), less the
moves the current bot has already made in this turn.  Pure: the page asks
:meth:`Pace.next_ms` and reports what each move took with :meth:`Pace.spent`.

A round starts whenever anything but the bot last paced has moved since: a person at
the table, a friend on another device, a new game or "Play again", an undo. The pace
sees it in the game itself (a move or an undo always puts another state in the session),
so no path that changes the game can forget to say so.
"""

from __future__ import annotations

from pygames_core.bots import levels

from .session import Session

#: The least time a bot move gets (thinking, or on screen), however crowded the round.
MIN_PACE_MS = 150.0


class Pace:
    """The round's clock: started when a person moves, charged by every bot move."""

    def __init__(self) -> None:
        self.used_ms = 0.0
        self._turn: tuple[int | None, int] = (None, 0)  # (the bot seat moving, its moves so far)
        self._asked: int | None = None  # the seat the last next_ms was for
        self._at: object = None  # the game's state when last asked
        self._after: object = None  # its state once that bot had moved: the round goes on from there

    def start_round(self) -> None:
        """A person has moved (or the game began): the bots after him share a new budget."""
        self.used_ms = 0.0
        self._turn = (None, 0)
        self._after = None

    def spent(self, ms: float, session: Session) -> None:
        """The bot move last asked about (:meth:`next_ms`) took ``ms`` (thinking, on screen);
        ``session``: the game as it is after it."""
        seat = self._asked
        self.used_ms += max(0.0, ms)
        last, moves = self._turn
        self._turn = (seat, moves + 1 if seat == last else 1)
        self._after = session.state

    def next_ms(self, session: Session) -> float:
        """The time the bot to move now may take: think for, and be seen for."""
        at = session.state
        if at is not self._at and at is not self._after:  # someone else moved since (or another game)
            self.start_round()
        self._at = at
        seat = self._asked = session.state.current_player
        if seat is None:
            return MIN_PACE_MS
        per_turn = levels.BOT_MOVES_PER_TURN.get(session.game.name, 1.0)
        ahead = bots_before_a_person(session, seat)
        last, moves = self._turn
        made = moves if seat == last else 0
        expected = max(1.0, ahead * per_turn - made)
        left = levels.HARD_ROUND_MS - self.used_ms
        return max(MIN_PACE_MS, min(float(levels.HARD_BUDGET_MS), left / expected))


def bots_before_a_person(session: Session, seat: int) -> int:
    """Bot seats from ``seat`` on, in seat order, before the next seat a person plays
    (all of them when nobody at the table is a person)."""
    n = len(session.seats)
    count = 0
    for k in range(n):
        if session.seats[(seat + k) % n].is_person:
            break
        count += 1
    return max(1, count)
