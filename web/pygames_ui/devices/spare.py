"""A spare connection per friend's seat: a guest whose page reloads (or whose Wi-Fi drops) comes
back to the table by itself, with no new invite passed by hand.

A connection needs an offer and an answer to travel both ways; after a reload the guest has no
way to send an answer. So the host answers for him in advance. Each device keeps one
certificate (the page keeps it in IndexedDB for 30 days), so the host knows the fingerprint the
guest's next answer will carry; the host makes a second offer for the seat, picks the ICE credentials
that answer will use, and sets as its remote side the answer it expects (that fingerprint,
those credentials, no candidate: the guest's address is learnt from its connectivity checks).
The offer and the credentials go to that guest alone, over its open channel (``spare``).
The guest's device keeps them; when its connection is lost (a reload, a dropped network) it
answers the spare offer with the credentials it was given, and the spare connection opens:
the host makes it the seat's connection (``p2p-promote``), and the guest says hello with its
seat's token as after any invite. Then a new spare is made.

Nothing here trusts more than an invite did: the spare connection opens only for the device
whose certificate the host expects (DTLS checks the fingerprint), and the seat is still taken
only with its token. A host's device asleep (a locked phone) is tried again every
:data:`TRY_S`, so its friends come back when it wakes. A host whose page has reloaded has no
spare connection left: the other way round (below) brings its friends back. A browser that
refuses the credentials (other browsers may not let a page set them), or both pages reloaded,
leave the guest asking for a new invite, as without a spare.

The other way round, for the host's reload: each guest keeps a connection of its own waiting
(``GUEST_WAITING``), its offer answered in advance with the host's fingerprint (the host's
certificate is kept too) and credentials the guest picks, and sends them to the host
(``spare`` from a guest). The host keeps them in its storage by the seat's token
(``host_keep.py``); its page reloaded, it answers each (``p2p-rejoin`` on
``WAITING_PEER + seat``), and every friend still at the table is back with nothing passed
by hand.
"""

from __future__ import annotations

import re
import secrets
import string
from dataclasses import dataclass
from typing import Any

from . import invite

#: The page's id of a seat's spare connection on the host (a seat's own is its number; a
#: guest's connection to its host is -1).
SPARE_PEER = 100
#: The page's id, on the host, of its answer to a seat's guest's waiting offer (the other way
#: round: the guest keeps a connection waiting for the host, answered on a host's reload).
WAITING_PEER = 200
#: A guest's id of that waiting connection (its connection to the host is -1).
GUEST_WAITING = -2
#: How long one try of a guest's spare connection has to open. The host's device may be asleep (a
#: locked phone): it is tried again, on a new connection, until :data:`GIVE_UP_S`; after the first
#: try the screen also says to ask for a new invite if the host's page was reloaded.
TRY_S = 8.0
GIVE_UP_S = 600.0
#: How long a guest device keeps a spare offer (a game is long over by then).
KEPT_S = 6 * 3600

_UFRAG = re.compile(r"^[A-Za-z0-9+/]{4,32}$")
_PWD = re.compile(r"^[A-Za-z0-9+/]{22,64}$")
_ALPHABET = string.ascii_letters + string.digits



def spare_peer(seat: int) -> int:
    return SPARE_PEER + seat


def spare_seat(peer: int) -> int | None:
    """The seat whose spare connection is ``peer`` (``None``: not a spare connection)."""
    return peer - SPARE_PEER if SPARE_PEER <= peer < SPARE_PEER + 6 else None


def waiting_peer(seat: int) -> int:
    return WAITING_PEER + seat


def waiting_seat(peer: int) -> int | None:
    """The seat whose guest's waiting connection the host's ``peer`` answers (``None``: not one)."""
    return peer - WAITING_PEER if WAITING_PEER <= peer < WAITING_PEER + 6 else None


@dataclass(frozen=True)
class Spare:
    """A seat's spare connection on the host: whom it waits for and what his answer will say."""

    fingerprint: bytes  # the certificate of the device it is for
    offer: str  # the offer, as an invite carries it (invite.to_text)
    ufrag: str
    pwd: str

    def body(self) -> dict[str, str]:
        """What the ``spare`` message tells its guest."""
        return {"offer": self.offer, "ufrag": self.ufrag, "pwd": self.pwd}


def make(fingerprint: bytes, offer_sdp: str) -> tuple[Spare, str]:
    """A spare connection for the device with ``fingerprint``, from the page's offer: the spare,
    and the answer to set as its remote side (``ValueError`` for an offer no invite can carry)."""
    offer = invite.to_text(offer_sdp)
    ufrag = "".join(secrets.choice(_ALPHABET) for _ in range(8))
    pwd = "".join(secrets.choice(_ALPHABET) for _ in range(24))
    expected = invite.expand(invite.Endpoint(ufrag, pwd, fingerprint, "active", ()))
    return Spare(fingerprint, offer, ufrag, pwd), expected


def read(body: dict[str, Any]) -> tuple[str, str, str] | None:
    """A ``spare`` message's offer (as an invite carries it) and credentials, if they are such
    (``None``: hostile or broken, dropped)."""
    offer, ufrag, pwd = body["offer"], body["ufrag"], body["pwd"]
    if not (_UFRAG.match(ufrag) and _PWD.match(pwd)):
        return None
    try:
        invite.endpoint_from_text(offer)
    except ValueError:
        return None
    return offer, ufrag, pwd


def answer_effect(peer: int, kept: tuple[str, str, str]) -> tuple[object, ...]:
    """What the page does to answer a spare offer kept for this device, on its connection ``peer``:
    ``("p2p-rejoin", peer, offer SDP, ufrag, pwd)``."""
    offer, ufrag, pwd = kept
    return ("p2p-rejoin", peer, invite.from_text(offer), ufrag, pwd)


@dataclass
class Rejoin:
    """A guest's tries of its spare connection: the spare, when the first try and this one began."""

    kept: tuple[str, str, str]
    since: float
    at: float

    def effect(self, peer: int) -> tuple[object, ...]:
        return answer_effect(peer, self.kept)

    def due(self, now: float) -> str | None:
        """``"retry"`` (this try has had :data:`TRY_S`), ``"give_up"`` (so has every try for
        :data:`GIVE_UP_S`), or ``None`` (this try goes on)."""
        if now - self.at < TRY_S:
            return None
        return "retry" if now - self.since < GIVE_UP_S else "give_up"

    def long(self, now: float) -> bool:
        """The first try did not open: the screen says what else may be done."""
        return now - self.since >= TRY_S
