"""A WebRTC offer or answer, small enough for a QR code: only what rebuilds its SDP.

A browser's SDP for one data channel, after gathering, is about 700 bytes, nearly all of
it the same for every connection. What differs is kept, packed as bytes
(:func:`compact`) and written base64url (:func:`to_text`): the ICE user fragment and
password, the DTLS certificate's SHA-256 fingerprint, the DTLS role and the host
candidates (an mDNS ``<uuid>.local`` name, as browsers write them, or an IPv4 address, and
a port; a raw IPv6 address, which browsers hide behind mDNS, is left out).
:func:`expand` writes the SDP back for ``setRemoteDescription``.

Layout (version 1): ``version, role, len(ufrag), ufrag, len(pwd), pwd, fingerprint (32),
n, n × (kind, address, port)`` with kind ``m`` (a 16-byte UUID) or ``4`` (4 bytes).
"""

from __future__ import annotations

import base64
import hashlib
import re
import uuid
from dataclasses import dataclass

from ..session import clean_name

VERSION = 1
ROLES = ("actpass", "active", "passive")
#: Candidates that travel: the first host candidate is enough on one network (the other
#: side's connectivity checks find the way back), and each more costs 26 characters; with a
#: STUN server set (play across the internet), the first server-reflexive one travels too.
MAX_CANDIDATES = 2
_ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{1,256}$")
_CANDIDATE = re.compile(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx)")
_MDNS = re.compile(r"^([0-9a-f-]{36})\.local$")
_IPV4 = re.compile(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$")


@dataclass(frozen=True)
class Endpoint:
    """What an offer or answer says about one side of the connection."""

    ufrag: str
    pwd: str
    fingerprint: bytes  # SHA-256 of the DTLS certificate, 32 bytes
    role: str  # "actpass" (an offer), "active" or "passive"
    candidates: tuple[tuple[str, int], ...]  # (address or "<uuid>.local", port)


def parse(sdp: str) -> Endpoint:
    """The parts of ``sdp`` that :func:`expand` needs (``ValueError`` if one is missing)."""
    fields: dict[str, str] = {}
    found: dict[str, tuple[str, int]] = {}  # the first host and the first server-reflexive candidate
    for line in sdp.splitlines():
        line = line.strip()
        match = _CANDIDATE.match(line)
        if match:
            if _MDNS.match(match.group(1)) or _ipv4(match.group(1)) is not None:
                found.setdefault(match.group(3), (match.group(1), int(match.group(2))))
        elif line.startswith("a=") and ":" in line:
            key, _, value = line[2:].partition(":")
            fields.setdefault(key, value)
    try:
        algorithm, _, digest = fields["fingerprint"].partition(" ")
        if algorithm.lower() != "sha-256":
            raise ValueError(f"a {algorithm} fingerprint (only sha-256 travels)")
        candidates = [found[kind] for kind in ("host", "srflx") if kind in found]
        endpoint = Endpoint(fields["ice-ufrag"], fields["ice-pwd"], bytes.fromhex(digest.replace(":", "")),
                            fields["setup"], tuple(candidates[:MAX_CANDIDATES]))
    except KeyError as missing:
        raise ValueError(f"the SDP has no {missing.args[0]}") from None
    _check(endpoint)
    return endpoint


def _ipv4(address: str) -> bytes | None:
    match = _IPV4.match(address)
    if match is None or any(int(x) > 255 for x in match.groups()):
        return None
    return bytes(int(x) for x in match.groups())


def _check(e: Endpoint) -> None:
    if not (_ICE_CHARS.match(e.ufrag) and _ICE_CHARS.match(e.pwd)):
        raise ValueError("ICE credentials with characters ICE does not use")
    if len(e.fingerprint) != 32:
        raise ValueError("the fingerprint is not 32 bytes")
    if e.role not in ROLES:
        raise ValueError(f"unknown DTLS role {e.role!r}")


def compact(e: Endpoint) -> bytes:
    out = bytearray([VERSION, ROLES.index(e.role)])
    for text in (e.ufrag, e.pwd):
        out += bytes([len(text)]) + text.encode("ascii")
    out += e.fingerprint
    packed = []
    for address, port in e.candidates:
        mdns = _MDNS.match(address)
        if mdns:
            packed.append(b"m" + uuid.UUID(mdns.group(1)).bytes + port.to_bytes(2, "big"))
            continue
        ipv4 = _ipv4(address)
        if ipv4 is None:
            raise ValueError(f"a candidate at {address!r}")
        packed.append(b"4" + ipv4 + port.to_bytes(2, "big"))
    out += bytes([len(packed)]) + b"".join(packed)
    return bytes(out)


def uncompact(data: bytes) -> Endpoint:
    """The endpoint :func:`compact` packed (``ValueError`` for anything else: a bad link)."""
    try:
        pos = 0

        def take(n: int) -> bytes:
            nonlocal pos
            if pos + n > len(data):
                raise ValueError("cut short")
            chunk = data[pos:pos + n]
            pos += n
            return chunk

        if take(1)[0] != VERSION:
            raise ValueError("another version of the invite format")
        role = ROLES[take(1)[0]]
        ufrag = take(take(1)[0]).decode("ascii")
        pwd = take(take(1)[0]).decode("ascii")
        fingerprint = take(32)
        candidates = []
        for _ in range(take(1)[0]):
            kind = take(1)
            if kind == b"m":
                address = f"{uuid.UUID(bytes=take(16))}.local"
            elif kind == b"4":
                address = ".".join(str(b) for b in take(4))
            else:
                raise ValueError("an unknown kind of candidate")
            candidates.append((address, int.from_bytes(take(2), "big")))
        if pos != len(data):
            raise ValueError("trailing bytes")
    except (IndexError, UnicodeDecodeError) as exc:
        raise ValueError(f"not an invite ({exc})") from None
    endpoint = Endpoint(ufrag, pwd, fingerprint, role, tuple(candidates))
    _check(endpoint)
    return endpoint


def expand(e: Endpoint) -> str:
    """An SDP a browser accepts for a data channel, rebuilt from ``e``."""
    digest = ":".join(f"{b:02X}" for b in e.fingerprint)
    session = int.from_bytes(e.fingerprint[:7], "big")
    lines = [
        "v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        # The first is the host candidate; a second one, the server-reflexive (parse() keeps those).
        *(f"a=candidate:{i + 1} 1 udp {2113937151 - i} {address} {port} typ host generation 0" if i == 0 else
          f"a=candidate:{i + 1} 1 udp {1677729535 - i} {address} {port} typ srflx raddr 0.0.0.0 rport 0 generation 0"
          for i, (address, port) in enumerate(e.candidates)),
        f"a=ice-ufrag:{e.ufrag}", f"a=ice-pwd:{e.pwd}", "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {digest}", f"a=setup:{e.role}", "a=mid:0", "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def to_text(sdp: str) -> str:
    """An SDP as the short text an invite link or QR code carries (base64url, no padding)."""
    return base64.urlsafe_b64encode(compact(parse(sdp))).decode("ascii").rstrip("=")


def from_text(text: str) -> str:
    """The SDP :func:`to_text` made (``ValueError`` for a text that is not one)."""
    return expand(endpoint_from_text(text))


def endpoint_from_text(text: str) -> Endpoint:
    """The endpoint in a text :func:`to_text` made (``ValueError`` for a text that is not one)."""
    if not isinstance(text, str) or len(text) > 400 or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise ValueError("not an invite")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise ValueError("not an invite") from None
    return uncompact(data)


# ---------------------------------------------------------------- the invite a guest opens
#: An invite's address: ``#j=<text>`` (the fragment never reaches the web server).
JOIN_PREFIX = "#j="
#: The answer sent back as a link: ``#a=<text>``.
ANSWER_PREFIX = "#a="
MAX_NAME_BYTES = 64


@dataclass(frozen=True)
class Invite:
    """What a guest needs to join: which game and seat, who invites, the seat's token, the offer."""

    game: str
    seat: int
    players: int
    host: str  # the inviting player's name, as the join screen says it
    token: bytes  # 16 bytes: the seat's secret (seats.TOKEN_LENGTH characters as base64url)
    offer: Endpoint


def write_invite(invite: Invite, games: list[str]) -> str:
    """The invite as the text after ``#j=`` (``games``: the game names in the site's order)."""
    name = invite.host.encode("utf-8")[:MAX_NAME_BYTES].decode("utf-8", "ignore").encode("utf-8")  # (whole letters)
    head = bytes([games.index(invite.game), invite.seat, invite.players, len(name)]) + name + invite.token
    return _b64(head + compact(invite.offer))


def read_invite(text: str, games: list[str]) -> Invite:
    """The invite in ``#j=<text>`` (``ValueError`` with a plain reason for a broken one)."""
    data = _unb64(text)
    if len(data) < 4 + 16:
        raise ValueError("not an invite (too short)")
    game_no, seat, players, n = data[0], data[1], data[2], data[3]
    if game_no >= len(games) or not 0 <= seat < players <= 6:
        raise ValueError("not an invite (no such game or seat)")
    try:
        host = clean_name(data[4:4 + n].decode("utf-8"), "")  # (no mark turning the join screen's words round)
    except UnicodeDecodeError:
        raise ValueError("not an invite (the name is not text)") from None
    token = data[4 + n:4 + n + 16]
    if len(token) != 16:
        raise ValueError("not an invite (cut short)")
    return Invite(games[game_no], seat, players, host, token, uncompact(data[4 + n + 16:]))


#: Bytes of :func:`offer_tag` an answer carries: which invite it answers.
TAG_BYTES = 3


def offer_tag(offer: Endpoint) -> bytes:
    """Which offer an answer is for: a few bytes of a hash of the offer's ICE credentials (a
    new invite for the same seat has new ones), so an old answer is never taken for a new invite."""
    return hashlib.sha256(f"{offer.ufrag}:{offer.pwd}".encode("ascii")).digest()[:TAG_BYTES]


def write_answer(seat: int, tag: bytes, answer: Endpoint) -> str:
    """The answer to the invite whose offer has ``tag`` (:func:`offer_tag`), as the text after ``#a=``."""
    return _b64(bytes([seat]) + tag + compact(answer))


def read_answer(text: str) -> tuple[int, bytes, Endpoint]:
    """The seat, the offer's tag and the answer in ``text``: the code, or the whole ``#a=`` link
    (``ValueError`` for anything else)."""
    text = text.strip()
    data = _unb64(text.split(ANSWER_PREFIX, 1)[1] if ANSWER_PREFIX in text else text)
    if len(data) < 2 + TAG_BYTES or not 0 <= data[0] < 6:
        raise ValueError("not an answer")
    return data[0], data[1:1 + TAG_BYTES], uncompact(data[1 + TAG_BYTES:])


def answer_readable(text: str) -> bool:
    """Whether ``text`` (an answer's code, or its ``#a=`` link) holds an answer at all."""
    try:
        read_answer(text)
    except ValueError:
        return False
    return True


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    if not isinstance(text, str) or len(text) > 600 or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise ValueError("not an invite")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise ValueError("not an invite") from None
