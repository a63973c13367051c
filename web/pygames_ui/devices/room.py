"""The host's side of a game with friends on other devices: invites, answers, the referee.

A game whose seats include *a friend on another device* (``Seat.kind == "remote"``) gets a
:class:`Room` on the host. For each such seat the page makes a WebRTC offer
(``("p2p-offer", seat)``, an effect ``page_devices.py`` carries out); :meth:`Room.offer_made` turns
it into the seat's invite (a ``#j=`` link, its QR code). The guest's answer comes back as a
code pasted, or a ``#a=`` link opened on this device (:meth:`Room.answer_text` → the SDP for
``("p2p-accept", seat, sdp)``). Once the data channel is open, the messages go through the
referee (:class:`.host.Referee`) and the frames it sends each guest go out as
``("p2p-send", seat, text)``. Spare connections both ways (:mod:`.spare`, ``room_spares.py``)
bring a friend back by himself when his page reloads, or this one does.

Everything here is plain Python: what the page does is only the effects it is asked for.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from pygames_core import games

from ..frame import next_event
from ..session import Session
from . import invite, seats
from .host import Referee
from .room_spares import SpareConnections, Taken, conn_of, seat_of
from .spare import Spare, spare_seat, waiting_seat

#: How long an answer taken may take to connect before the lobby says it did not (a device on the
#: same network connects within a few seconds; a phone that slept through it never does).
CONNECT_S = 20.0


@dataclass
class Room(SpareConnections):
    session: Session
    build: str
    host_name: str
    clock: Callable[[], float] = time.monotonic
    invites: dict[int, str] = field(default_factory=dict)  # seat -> the text after #j=
    tags: dict[int, bytes] = field(default_factory=dict)  # seat -> its invite's offer tag (an answer names it)
    effects: list[tuple[object, ...]] = field(default_factory=list)  # for page_devices.py: p2p-offer, -accept, -send
    problem: str | None = None  # why the last answer taken was not connected, for the lobby to say
    problem_at: int | None = None  # the seat whose answer box it is said under (None: atop the lobby)
    problem_name: str = ""  # the friend the problem is about, where its words name him
    offer_problems: dict[int, str] = field(default_factory=dict)  # seat -> why its invite could not be made
    accepted: dict[int, Taken] = field(default_factory=dict)  # seat -> the answer being connected
    shown_states: tuple[str, ...] = ()  # each friend's state as the screen last said it
    spent: set[int] = field(default_factory=set)  # seats whose invite has connected: it cannot again
    scanning: int | None = None  # the seat whose answer the camera is reading
    replaced: str | None = None  # the save this room's game was saved over (put back if this tab may not host)
    devices: dict[int, bytes] = field(default_factory=dict)  # seat -> the certificate of the device on its connection
    spares: dict[int, Spare] = field(default_factory=dict)  # seat -> its spare connection
    making: dict[int, bytes] = field(default_factory=dict)  # seat -> the device a spare is being made for
    unspared: set[int] = field(default_factory=set)  # seats whose device, newly connected, is to be sent its spare
    referee: Referee = field(init=False)

    def __post_init__(self) -> None:
        """A new room, or the room of a game resumed from its save (the host's page reloaded):
        the same tokens, the same stand-in bots; every friend is away and gets a new invite."""
        kept = seats.read(self.session.ui)
        if kept is None:
            self.referee = Referee(self.session, self.build, {seat: seats.new_token() for seat in self.session.remote},
                                self.clock, seat_of)
            self.referee.playing = False  # the lobby opens
        else:
            tokens, bots, started, spells = kept
            self.referee = Referee(self.session, self.build, tokens, self.clock, seat_of)
            now = next_event(self.session.state)  # (a bot's spell is open while it plays, and only then)
            self.referee.spells = [(s, a, now if b is None and s not in bots else b) for s, a, b in spells]
            for seat in sorted(bots):
                if not any(s == seat and b is None for s, _, b in self.referee.spells):
                    self.referee.spells.append((seat, now, None))
            self.referee.stand_ins |= bots
            self.referee.playing = started
            if started:  # the table shows again, each friend away beside his new invite
                self.referee.seen |= set(tokens)
        self.keep()

    @property
    def started(self) -> bool:
        """The host closed the lobby: the game is under way (the referee takes moves from then on)."""
        return self.referee.playing

    def keep(self) -> None:
        """Write the friends' seats into the game's save state (saved with the next move)."""
        self.session.ui[seats.UI_KEY] = seats.written(self.referee.tokens, self.referee.stand_ins, self.started,
                                                      self.referee.spells)

    def start(self) -> None:
        """The host closes the lobby (what went wrong in it is no longer said)."""
        self.referee.playing = True
        self.problem = None
        self.keep()

    def stand_in(self, seat: int) -> None:
        """A bot plays ``seat`` (its friend is away) until :meth:`hand_back` (what went wrong with
        the friend's answer is no longer said)."""
        self.referee.stand_in(seat)
        if self.problem_at == seat:
            self.problem = None
        self.keep()

    def hand_back(self, seat: int) -> None:
        self.referee.hand_back(seat)
        self.keep()

    def seat_state(self, seat: int) -> str:
        """What the lobby and the table say of a friend's seat: the referee's state
        (:meth:`.host.Referee.seat_state`), or ``other_build`` while the device that answered its
        invite runs another build of the site (both must reload), or ``connecting`` while the answer
        taken for its invite connects, ``unreached`` once it has not for :data:`CONNECT_S` (a new
        invite is the way out: the invite opened on two devices, a phone gone to sleep)."""
        state = self.referee.seat_state(seat)
        if state in ("invited", "away") and conn_of(seat) in self.referee.other_builds:
            return "other_build"
        taken = self.accepted.get(seat)
        if state in ("invited", "away") and taken is not None and seat not in self.spent:
            return "connecting" if self.clock() - taken.at < CONNECT_S else "unreached"
        return state

    # ------------------------------------------------------------ inviting
    def missing(self) -> list[int]:
        """Guest seats nobody plays now (invited, away; not one a bot stands in for), in seat order."""
        return [seat for seat in self.session.remote if self.referee.seat_state(seat) not in ("here", "bot")]

    def ask_offers(self) -> None:
        """Ask the page for an offer for each guest seat that has no invite yet."""
        for seat in self.session.remote:
            if seat not in self.invites and ("p2p-offer", seat) not in self.effects:
                self.effects.append(("p2p-offer", seat))

    def offer_made(self, seat: int, sdp: str) -> None:
        """The page made the offer for ``seat``: its invite (or a seat's spare connection's offer)."""
        if spare_seat(seat) is not None:
            self._spare_made(seat, sdp)
            return
        token = base64.urlsafe_b64decode(self.referee.tokens[seat] + "==")
        try:
            offer = invite.parse(sdp)
        except ValueError:  # a browser's offer the invite cannot carry: said in the lobby, not lost in the console
            self.offer_problems[seat] = "devices.no_offer"
            return
        spec = invite.Invite(self.session.game.name, seat, len(self.session.seats), self.host_name, token, offer)
        self.invites[seat] = invite.write_invite(spec, games.names())
        self.tags[seat] = invite.offer_tag(offer)
        self.offer_problems.pop(seat, None)

    def offer_failed(self, seat: int) -> None:
        """The page could not make ``seat``'s offer: said where its invite would be, with "Try again"."""
        if seat in self.session.remote and seat not in self.invites:
            self.offer_problems[seat] = "devices.offer_failed"

    def accept_failed(self, seat: int) -> None:
        """The page could not take the answer it was given for ``seat``: it may be given again."""
        self.accepted.pop(seat, None)

    def answer_text(self, text: str, at: int | None = None) -> None:
        """A guest's answer (the code, or its ``#a=`` link): connect its seat. ``at``: the
        seat whose answer box (or camera) it came by, where a problem with it is said."""
        self.problem_at = at
        if not text.strip():
            self.problem = "devices.answer_empty"
            return
        try:
            seat, tag, answer = invite.read_answer(text)
        except ValueError:  # (the invite itself pasted back: said so, it is a likely slip)
            self.problem = "devices.invite_not_answer" if invite.JOIN_PREFIX in text else "devices.bad_answer"
            return
        if seat not in self.session.remote:
            self.problem = "devices.bad_answer"
        elif self.referee.seat_state(seat) == "here":
            self.problem = "devices.answer_not_needed"  # (his device is connected: nothing to connect)
            self.problem_name = self.session.seats[seat].name  # (named: it may be pasted in another's box)
        elif tag != self.tags.get(seat) or seat in self.spent:  # (a seat has a tag while it has an invite)
            self.problem = "devices.old_answer"  # an answer to an invite this seat no longer has (or used)
        elif (taken := self.accepted.get(seat)) is not None and taken.tag == tag:
            # Connect twice, or the code and the link: once is enough; another device's answer to the
            # same invite (opened on two phones): one connects at most.
            self.problem = "devices.answer_taken" if taken.answer == answer else "devices.answer_other_device"
            self.problem_name = self.session.seats[seat].name
        else:
            # (given in another friend's box: it connects the seat its invite was for, said there)
            self.problem = "devices.answer_other_seat" if at is not None and at != seat else None
            self.problem_name = self.session.seats[seat].name
            self.accepted[seat] = Taken(tag, answer, self.clock())
            self.effects.append(("p2p-accept", seat, invite.expand(answer)))
            self._make_spare(seat, answer.fingerprint)  # (ready by the time he says hello)

    def reinvite(self, seat: int) -> None:
        """A fresh invite for ``seat`` (its guest reloaded, or lost the link): a new offer, the same token."""
        self.invites.pop(seat, None)
        self.tags.pop(seat, None)
        self.offer_problems.pop(seat, None)
        self.accepted.pop(seat, None)
        if self.problem_at == seat:
            self.problem = None
        self.referee.closed(conn_of(seat))  # the page drops its old connection, which says nothing more
        self.spent.discard(seat)
        self.ask_offers()

    def rematch(self, session: Session) -> None:
        """Play again with the same friends: ``session`` (the same game and seats) at this room.
        Each friend here keeps his seat, token and connection and is sent the new table (and plays
        it himself, if a bot stood in for him); a friend away whose invite is spent gets a new one,
        and the lobby opens until every friend is here again (or a bot)."""
        self.session = session
        self.referee.new_game(session)
        for seat in session.remote:
            if seat in self.referee.stand_ins and self.referee.connected(seat):
                self.referee.hand_back(seat)  # (he is here: he plays the new game himself)
            elif self.referee.seat_state(seat) == "away" and seat in self.spent:
                self.reinvite(seat)  # (gone quiet: the invite he came by is spent)
        self.referee.playing = not self.missing()
        self.keep()  # (the app's moved() sends each friend his new table)

    def same_friends(self, session: Session) -> bool:
        """``session`` is a new game of this room's title with the same friends' seats, after its
        game ended: it can be played at this room (:meth:`rematch`)."""
        old = self.session
        return (old.game.is_over(old.state) and session.game.name == old.game.name
                and len(session.seats) == len(old.seats) and session.remote == old.remote)

    # ------------------------------------------------------------ playing
    def received(self, seat: int, text: str) -> bool:
        """A message from ``seat``'s data channel: through the referee; its answers go out.
        ``True`` when the screen may have changed (not for a ping, a hello again, nor a message dropped). A friend
        who comes for the first time while a bot plays for him (he was late) takes his seat back."""
        late = seat not in self.referee.seen and seat in self.referee.stand_ins
        for conn, message in self.referee.receive(conn_of(seat), text):  # (after a move: every friend's frame)
            self.effects.append(("p2p-send", seat_of(conn), message))
        if self.referee.last_kind == "hello" and self.referee.holder(seat) == conn_of(seat):
            self.spent.add(seat)  # his invite has done its work
            self._spare_for(seat)
            if late:
                self.hand_back(seat)
                self.moved()  # (his table again, now with his moves; the others': he is here)
        if self.referee.last_kind == "bye" and self.referee.holder(seat) == conn_of(seat):
            self.let_go(seat)  # (he left: his device will not come back by itself)
        return self.referee.last_kind not in (None, "ping", "hello again")

    def closed(self, seat: int) -> None:
        """``seat``'s channel closed (a reload, a lost network): away, and a new invite at once
        (the spare connection kept for his device brings him back sooner, if it can)."""
        owner = spare_seat(seat)
        if owner is not None:  # (a spare connection failed: another is made once he says hello again)
            self.spares.pop(owner, None)
            self.making.pop(owner, None)
            return
        owner = waiting_seat(seat)
        if owner is not None:  # (a friend's waiting connection could not be answered: a new invite)
            self.referee.waiting.pop(owner, None)
            return
        never = seat in self.session.remote and self.seat_state(seat) in ("connecting", "unreached")
        self.referee.closed(conn_of(seat))
        self.reinvite(seat)
        if never:  # (his answer was taken, and its connection closed before it opened: said at his seat)
            self.problem, self.problem_at, self.problem_name = "devices.connect_failed", seat, self.session.seats[seat].name
        self.moved()  # the others are told he is away

    def moved(self) -> None:
        """The game moved on here (the host's move, a bot's): each seated guest gets its frame."""
        for conn, out in self.referee.tables():
            self.effects.append(("p2p-send", seat_of(conn), out))

    def take_effects(self) -> list[tuple[object, ...]]:
        effects, self.effects = self.effects, []
        return effects
