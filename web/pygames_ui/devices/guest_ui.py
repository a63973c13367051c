"""A guest's device: the invite it opened, its answer, its link to the host and the latest frame.

Opening an invite (``#j=…``) makes a :class:`Joining` (its screens: ``guest_screens.py``).
"Join" asks the page for the WebRTC answer (``("p2p-answer", GUEST_PEER, offer_sdp)``), which
the host takes. Once the data channel is open the guest says hello with its seat's token, and
from then on keeps each frame the host sends; a move goes to the host, which judges it. A
connection lost (a reload, a dropped network) comes back by the spare connection the host
keeps for this device, if it can (:mod:`.spare`).
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from typing import Any

from pygames_core import games

from ..frame import Frame
from ..history import hosts_seats
from ..i18n import I18n
from ..log import GameLog
from ..session import HUMAN, REMOTE, Seat, clean_name
from . import invite, spare
from .guest import Guest
from .host import AWAY_S, PING_S

#: The page's id of this device's connection to its host, as a guest: apart from the host's
#: own connections, which are its friends' seat numbers (the first seat may be a friend's).
GUEST_PEER = -1


#: How long an answer may wait for its connection before the join screen says what may be wrong
#: (the host never took it; another device came in by the same invite first).
WAIT_HINT_S = 45.0
#: A move sent waits for the host's answer (a new table, or why not) before another may be sent:
#: meanwhile the table says it is on its way and offers nothing to play (a second tap would only
#: be refused). Unanswered this long while the host still answers pings, it was lost: it may go again.
LOST_MOVE_S = 2 * PING_S
#: The host not heard from this long (no table, no answer to the guest's pings) has gone quiet.
HOST_QUIET_S = AWAY_S


def host_called(t: I18n, host: str) -> str:
    """The host as this device says him: the name he typed (``host``, as his invite carries it),
    else "Host" in this device's language."""
    return host or t("devices.the_host")


class Joining:
    """This device as a guest: its invite, its answer, its link to the host and the latest frame."""

    def __init__(self, spec: invite.Invite, build: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.invite = spec
        self.clock = clock
        self.answered_at: float | None = None  # when the answer was made (clock)
        self.hinted = False  # the join screen has said the answer waited long
        token = base64.urlsafe_b64encode(spec.token).decode("ascii").rstrip("=")
        self.guest = Guest(spec.seat, token, build, spec.game)
        self.answer: str | None = None  # the answer's text, once the page made it
        self.connected = False
        self.asked = False  # the page was asked for the answer (once: a second Join would race the first)
        self.lost = False  # connected once, then the connection closed: this invite is spent
        self.unreached = False  # the answer was made, but the connection closed before it opened
        self.spent = False  # this device joined with this invite before (a reload): it cannot again
        self.new_game = False  # the host has just started another game (said once)
        self.games = 0  # how many times the host has played again (a new game's log starts over)
        self.news_at = 0  # the moves of the game when "the host has started a new game" was said
        self.seat_back = False  # the host has just handed this seat back from a bot (said once)
        self.results_closed = False  # the game-over summary put away, to look at the final table
        self.ui: dict[str, Any] = {}  # the table's own state here (summaries read)
        self.log = GameLog()  # the move log beside the table
        self.effects: list[tuple[object, ...]] = []
        self.in_flight: tuple[int, float] | None = None  # (the position, when) of a move sent, unanswered
        self.heard_at: float | None = None  # when the host was last heard from (clock)
        self.said_quiet = False  # the screen says the host has gone quiet
        self.rejoin_try: spare.Rejoin | None = None  # the tries of the host's spare offer, while they go on
        self.waiting = False  # a connection is kept waiting for the host's reload (or is being made)
        self.spare_kept: tuple[str, str, str] | None = None  # the spare last written to storage (guest_keep.py)
        self.host_left = False  # the host said it left this game: its connection is not tried again

    def on_waiting(self, kind: str, sdp: str) -> bool:
        """What the page reports of the connection kept waiting for the host (:mod:`.spare`): its
        offer made (answered in advance for the host's certificate; the host is told), or open
        (the host's page reloaded and answered it: it is this device's connection now). ``True``
        when it opened."""
        if kind == "offer":
            try:
                kept, expected = spare.make(self.invite.offer.fingerprint, sdp)
            except ValueError:  # (an offer no invite can carry: a new invite after a host's reload)
                return False
            self.effects += [("p2p-accept", spare.GUEST_WAITING, expected), ("p2p-send", GUEST_PEER, self.guest.waiting(kept.body()))]
        elif kind == "open":
            self.effects.append(("p2p-promote", spare.GUEST_WAITING, GUEST_PEER))
            self.waiting = False  # (another, after the host's next table)
            self.opened()
            return True
        elif kind in ("closed", "failed"):
            self.waiting = False
        return False

    def leave(self) -> list[tuple[object, ...]]:
        """This device leaves the host's table: the host is told so (if it can hear it), then this
        device's connections to it close (the one in use and the one waiting)."""
        bye = [("p2p-send", GUEST_PEER, self.guest.bye())] if self.connected else []
        return [*bye, ("p2p-close", GUEST_PEER), ("p2p-close", spare.GUEST_WAITING)]

    def rejoin(self, kept: tuple[str, str, str] | None = None) -> bool:
        """Back to the host by the spare connection it keeps for this device (:mod:`.spare`):
        ``kept`` (from this device's storage, after a reload) or the one the host sent on the
        connection just lost. ``False`` if there is none."""
        kept = kept or self.guest.spare
        if kept is None:
            return False
        now = self.clock()
        self.guest.spare, self.asked, self.rejoin_try = None, True, spare.Rejoin(kept, now, now)  # (it connects once)
        self.effects.append(self.rejoin_try.effect(GUEST_PEER))
        return True

    @property
    def rejoining(self) -> bool:
        return self.rejoin_try is not None

    @property
    def rejoining_long(self) -> bool:
        return self.rejoin_try is not None and self.rejoin_try.long(self.clock())

    def rejoin_overdue(self) -> bool:
        """Each :data:`.spare.TRY_S` the spare connection has not opened (the host's phone asleep?),
        a new try; after :data:`.spare.GIVE_UP_S`, given up (the host reloaded: the screen says to
        ask for a new invite). ``True`` when the screen changes."""
        r, now = self.rejoin_try, self.clock()
        due = r.due(now) if r is not None else None
        if r is None or due is None:
            return False
        if due == "retry":
            r.at = now
            self.effects.append(r.effect(GUEST_PEER))
        else:
            self.effects.append(("p2p-close", GUEST_PEER))
            self._rejoin_over()
        return True

    def _rejoin_over(self) -> None:
        self.rejoin_try, self.lost = None, self.lost or self.guest.table is not None

    def join(self) -> None:
        if not self.asked:
            self.asked = True
            self.effects.append(("p2p-answer", GUEST_PEER, invite.expand(self.invite.offer)))

    def failed(self) -> None:
        """The page could not make the answer: Join may be pressed again (or, for a spare
        connection, a new invite is needed)."""
        if self.rejoin_try is not None:  # (this browser cannot use it: no try will do better)
            self._rejoin_over()
        elif self.answer is None:
            self.asked = False

    def answer_made(self, sdp: str) -> None:
        if self.answer is not None:
            return
        self.answer = invite.write_answer(self.invite.seat, invite.offer_tag(self.invite.offer), invite.parse(sdp))
        self.answered_at = self.clock()

    @property
    def waited_long(self) -> bool:
        """The answer has waited :data:`WAIT_HINT_S` with no connection (nor a failed one)."""
        return (self.answered_at is not None and not self.connected and not self.lost and not self.unreached
                and self.clock() - self.answered_at >= WAIT_HINT_S)

    def opened(self) -> None:
        # (connected again, however: by the invite, a spare connection, or the one kept waiting for the host)
        self.connected, self.heard_at, self.rejoin_try, self.lost = True, self.clock(), None, False
        self.guest.seq_in = 0  # (a new connection: the host numbers its messages on it afresh)
        self.effects.append(("p2p-send", GUEST_PEER, self.guest.hello()))

    def closed(self) -> None:
        if self.rejoin_try is not None:  # (a try of the spare connection failed: the next comes with the clock)
            return
        if self.connected and not self.host_left and self.rejoin():  # (lost: back by the spare connection, if it can)
            self.connected, self.in_flight = False, None
            return
        self.lost = self.lost or self.connected
        # (never opened: the host's side failed too, and it has made a new invite; this answer is dead)
        self.unreached = self.unreached or (not self.lost and self.answer is not None)
        self.connected, self.in_flight = False, None

    def received(self, text: str) -> bool:
        """A message from the host; ``True`` when the screen may have changed (not for a pong)."""
        before, sending, now, was_bot = self.moves, self.sending, self.clock(), self.bot_plays
        self.heard_at = now  # (whatever it says, the host is there)
        kind = self.guest.receive(text)
        self.seat_back = self.seat_back or (was_bot and not self.bot_plays and self.guest.table is not None
                                            and not self.guest.table["over"])
        if kind in ("table", "refused"):
            self.in_flight = None  # the host has answered: a new position, or why not
        elif kind == "pong" and self.in_flight is not None and now - self.in_flight[1] >= LOST_MOVE_S:
            self.in_flight = None  # the host answers what came after the move, not the move: lost
        if self.guest.table is not None and self.guest.table["moves"] < before:
            self.ui = {}  # the host plays again: a new game (what was read of the last one goes)
            self.new_game = True
            self.games += 1
            self.results_closed = False
        if self.guest.resync:  # the log came with a gap: the whole table again (asked once)
            self.effects.append(("p2p-send", GUEST_PEER, self.guest.hello()))
        self.host_left = self.host_left or kind == "bye"
        if kind == "table" and self.connected and not self.waiting:  # (for the host's reload: spare.py)
            self.waiting = True
            self.effects.append(("p2p-offer", spare.GUEST_WAITING))
        return kind not in (None, "pong") or sending != self.sending or self.quiet_news()

    @property
    def screen(self) -> str:
        """The screen for the host's table: the table once the host has started the game (or
        started it again), else the join screen, which says he is awaited."""
        return "guest" if self.guest.table is not None and self.guest.table["started"] else "join"

    @property
    def moves(self) -> int:
        """The moves made in the host's game, as its latest table says."""
        return self.guest.table["moves"] if self.guest.table is not None else 0

    @property
    def bot_plays(self) -> bool:
        """A bot plays this device's seat now (the host's choice while it was away)."""
        return self.guest.table is not None and self.invite.seat in self.guest.table["bots"]

    @property
    def sending(self) -> bool:
        """A move sent for the position on screen awaits the host's answer."""
        return self.in_flight is not None and self.in_flight[0] == self.moves

    @property
    def host_quiet(self) -> bool:
        """Connected, but the host has not been heard from for :data:`HOST_QUIET_S` (a locked phone?)."""
        return self.connected and self.heard_at is not None and self.clock() - self.heard_at >= HOST_QUIET_S

    def quiet_news(self) -> bool:
        """``True`` when the host has gone quiet or been heard again since the screen last said so."""
        news, self.said_quiet = self.said_quiet != self.host_quiet, self.host_quiet
        return news

    def act(self, action: dict[str, Any]) -> None:
        """Send ``action`` to the host, unless a move sent for this position awaits its answer
        (a double tap: it would only be refused)."""
        if not self.sending:
            self.in_flight = (self.moves, self.clock())
            self.effects.append(("p2p-send", GUEST_PEER, self.guest.act(action)))

    def host_called(self, t: I18n) -> str:
        return host_called(t, self.invite.host)

    def frame(self, t: I18n | None = None) -> Frame | None:
        """The seat's table as the host last sent it (every person shown as a person); with
        ``t``, the names the host's app made up ("You", "Bot 2") said as this viewer says them."""
        body = self.guest.table
        if body is None:
            return None
        seats = [Seat(clean_name(s.get("name", "?"), f"#{i + 1}"), HUMAN if s.get("kind") in (HUMAN, REMOTE) else s["kind"])
                 for i, s in enumerate(body["seats"])]
        if t is not None:
            seats = hosts_seats(t, seats)
        # (the host gone, or a move of ours on its way to him: nothing can be played)
        legal = body["legal"] if self.connected and not self.sending else []
        return Frame(game=games.get(self.invite.game), seats=tuple(seats), view=body["view"], seat=body["seat"],
                     show_private=True, my_turn=bool(legal), legal=legal, current=body["current"],
                     over=body["over"], pass_to=None, turn_banner=None, winners=body["winners"], ui=self.ui,
                     events=body["events"], own_device=True,
                     absent=frozenset(body["away"]), stand_ins=frozenset(body["bots"]),
                     bot_spells=tuple((s, a, b) for s, a, b in body["spells"]),
                     cut_off=not self.connected and not body["over"], host_gone=self.host_left,
                     sent=self.sending)

    def take_effects(self) -> list[tuple[object, ...]]:
        effects, self.effects = self.effects, []
        return effects


def open_invite(fragment: str, build: str) -> Joining:
    """The guest side of the invite in ``#j=…`` (``ValueError`` for a broken one)."""
    return Joining(invite.read_invite(fragment[len(invite.JOIN_PREFIX):], games.names()), build)
