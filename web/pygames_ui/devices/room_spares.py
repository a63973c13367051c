"""The host's spare connections, a part of :class:`.room.Room`: each friend's device comes back by itself.

Two ways (:mod:`.spare`): the host keeps a spare connection per friend's device, its answer
set in advance, by which a guest whose page reloads comes back (``100 + seat``); and it
answers, after its own page's reload, the connection each friend's device keeps waiting for
it (``200 + seat``, :meth:`SpareConnections.call_back`). Either, once open, becomes the seat's
connection (``p2p-promote``) and the friend says hello with his token as after any invite.
"""

from __future__ import annotations

from typing import NamedTuple

from ..session import Session
from . import invite, spare
from .host import Referee
from .spare import Spare, spare_peer, spare_seat, waiting_peer, waiting_seat


class Taken(NamedTuple):
    """An answer taken for a seat's invite, being connected (its certificate's fingerprint is
    the device a spare connection is made for)."""

    tag: bytes  # the offer it answers
    answer: invite.Endpoint
    at: float  # when it was taken (the room's clock)


def conn_of(seat: int) -> str:
    """The connection of a seat: one data channel per guest seat."""
    return f"seat{seat}"


def seat_of(conn: str) -> int | None:
    """The seat whose invite opened connection ``conn`` (:func:`conn_of`): only its token is taken there."""
    return int(conn[4:]) if conn.startswith("seat") and conn[4:].isdigit() else None


class SpareConnections:
    """The spare-connection half of :class:`.room.Room` (its fields are the room's)."""

    session: Session
    referee: Referee
    effects: list[tuple[object, ...]]
    accepted: dict[int, Taken]  # seat -> the answer taken for its invite
    devices: dict[int, bytes]
    spares: dict[int, Spare]
    making: dict[int, bytes]
    unspared: set[int]

    def call_back(self, waiting: dict[int, tuple[str, str, str]]) -> None:
        """This page reloaded: answer each friend's waiting connection (kept by ``host_keep.py``)."""
        for seat, kept in sorted(waiting.items()):
            if seat in self.session.remote:
                self.referee.waiting[seat] = kept
                self.effects.append(spare.answer_effect(waiting_peer(seat), kept))

    def opened(self, peer: int) -> None:
        """A connection opened: a seat's (by the answer taken for its invite), or a seat's spare
        one, its device back by itself (it becomes the seat's connection: ``p2p-promote``)."""
        seat, device = spare_seat(peer), None
        if seat is not None:
            kept = self.spares.pop(seat, None)
            device = kept.fingerprint if kept is not None else None
        elif (seat := waiting_seat(peer)) is not None:  # (his waiting connection, answered after a reload)
            offer = self.referee.waiting.pop(seat, None)
            device = invite.endpoint_from_text(offer[0]).fingerprint if offer is not None else None
        else:
            taken = self.accepted.get(peer)
            if taken is not None:
                self.devices[peer] = taken.answer.fingerprint
                self.unspared.add(peer)
            return
        if device is None or seat not in self.session.remote:
            self.effects.append(("p2p-close", peer))
            return
        self.referee.closed(conn_of(seat))  # (the old connection, if the host had not seen it go yet)
        self.accepted.pop(seat, None)  # (his new invite's connection goes: he is back by the spare)
        self.effects.append(("p2p-promote", peer, seat))
        self.devices[seat] = device
        self.unspared.add(seat)
        self._make_spare(seat, device)  # (the next one, ready by the time he says hello)

    def _make_spare(self, seat: int, device: bytes) -> None:
        """Ask the page for a spare connection for ``seat``'s ``device``, unless it has one."""
        kept = self.spares.get(seat)
        if (kept is None or kept.fingerprint != device) and self.making.get(seat) != device:
            self.making[seat] = device
            self.effects.append(("p2p-offer", spare_peer(seat)))

    def _spare_for(self, seat: int) -> None:
        """``seat``'s device said hello on a connection new to it: it is sent its spare connection
        (once made: one is asked for if none is for this device)."""
        device = self.devices.get(seat)
        if seat not in self.unspared or device is None:
            return
        kept = self.spares.get(seat)
        if kept is not None and kept.fingerprint == device:
            self.unspared.discard(seat)
            self.effects.append(("p2p-send", seat, self.referee.write(conn_of(seat), "spare", **kept.body())))
        else:
            self._make_spare(seat, device)

    def _spare_made(self, peer: int, sdp: str) -> None:
        """The page made a spare connection's offer: the answer its device will give is set on it,
        and the offer and credentials go to that device alone (once it has said hello)."""
        seat = spare_seat(peer)
        device = None if seat is None else self.making.pop(seat, None)
        if seat is None or device is None:
            self.effects.append(("p2p-close", peer))  # (asked for, then no longer wanted)
            return
        try:
            kept, expected = spare.make(device, sdp)
        except ValueError:  # (an offer no invite can carry: he comes back by a new invite)
            self.effects.append(("p2p-close", peer))
            return
        self.spares[seat] = kept
        self.effects.append(("p2p-accept", peer, expected))
        if self.referee.holder(seat) == conn_of(seat):
            self._spare_for(seat)

    def let_go(self, seat: int) -> None:
        """``seat``'s friend left the table for a game of his own: what would bring his device back
        by itself goes (the lobby then says to send him a new invite)."""
        if seat in self.spares or seat in self.making:
            self.effects.append(("p2p-close", spare_peer(seat)))
        self.spares.pop(seat, None)
        self.making.pop(seat, None)
        self.referee.waiting.pop(seat, None)

    def leave(self) -> list[tuple[object, ...]]:
        """The host leaves this game: each friend here is told so (his device does not try to come
        back), then every connection of the room closes."""
        here = [seat for seat in self.session.remote if self.referee.holder(seat) == conn_of(seat)]
        return [*(("p2p-send", seat, self.referee.write(conn_of(seat), "bye")) for seat in here),
                *(("p2p-close", peer) for peer in self.peers())]

    def peers(self) -> list[int]:
        """The page's ids of every connection of this room: each friend's seat, its spare one, and
        the host's answer to his waiting one."""
        return [*self.session.remote, *(spare_peer(seat) for seat in sorted({*self.spares, *self.making})),
                *(waiting_peer(seat) for seat in sorted(self.referee.waiting))]

