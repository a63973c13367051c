"""The messages between a host device and its guests: plain Python, independent of WebRTC.

Every message is one JSON object in one data-channel message (text, UTF-8)::

    {"v": PROTOCOL, "build": "<site build>", "seq": n, "type": "<kind>", ...}

``v`` is the protocol's version and ``build`` the site's (a guest from another build is
told so and nothing else happens); ``seq`` counts each side's messages from 1, so a
message replayed or out of order is dropped. What each ``type`` carries is checked by
:func:`read` before anything else looks at it: a size cap, bounded nesting (checked on
the text, before parsing), known keys only, exact types.

guest → host
  ``hello``  {"seat": i, "token": t, "game": g}  take seat ``i`` with its invite's token, for game ``g``
             (an invite edited by hand to another game is refused, not seated at a table it cannot draw)
  ``act``    {"action": a, "moves": m}     play ``a``; ``m``: moves seen (a stale click is refused)
  ``ping``   {}                            still here (the host answers ``pong``)
  ``spare``  {"offer", "ufrag", "pwd"}     a connection this device keeps waiting for the host: if
             the host's page reloads, it answers ``offer`` with these ICE credentials (spare.py)
  ``bye``    {}                            this device leaves the host's table (a game of its own):
             it will not come back by itself

host → guest
  ``table``  the seat's frame: {"seat", "view", "events", "events_from", "current", "over",
             "winners", "legal", "seats", "moves"} — only what :func:`frame.seat_frame` shows
             that seat; ``events`` are the public log's events from number ``events_from`` on
             (the ones this guest has not been sent yet; a log too long for one message comes
             in several ``table`` messages, each the next part of it); ``away``: the friends' seats
             that are not here now; ``bots``: those a bot plays for now; ``spells``: when bots
             played for whom, ``[seat, first event, end or null]`` (the log names the bot);
             ``started``: the host has closed the lobby (before, nobody has a move to make)
  ``refused`` {"reason": key, "ref": seq}   an ``act`` or ``hello`` not taken, and why
  ``other_build`` {"host_build": b}         "the host runs a different version — reload both"
  ``spare``  {"offer": o, "ufrag": u, "pwd": p}  a spare connection kept for this device: if its
             connection is lost, it answers offer ``o`` with these ICE credentials (devices/spare.py)
  ``bye``    {}                            the host has left this game (a new game, the lobby left):
             its connection closes next, and is not tried again
  ``pong``   {}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pygames_core.jsonio import check_nesting

#: The protocol's version: bump it when a message changes shape.
PROTOCOL = 5
#: The largest message either side reads or writes, in bytes of UTF-8 as it travels (a six-seat
#: Зоомагия table is about 6 kB; a name's Cyrillic letter is two bytes): :func:`size`.
MAX_BYTES = 64_000
#: Deepest nesting of lists and objects in a message (a frame is about 7 levels deep).
MAX_DEPTH = 12

#: The keys of each message kind (besides v, build, seq, type) and their JSON types.
FROM_GUEST: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"seat": int, "token": str, "game": str},
    "act": {"action": dict, "moves": int},
    "ping": {},
    "spare": {"offer": str, "ufrag": str, "pwd": str},
    "bye": {},
}
FROM_HOST: dict[str, dict[str, type | tuple[type, ...]]] = {
    "table": {"seat": int, "view": dict, "events": list, "events_from": int, "current": (int, type(None)),
              "over": bool, "winners": list, "legal": list, "seats": list, "moves": int, "away": list,
              "bots": list, "spells": list, "started": bool},
    "refused": {"reason": str, "ref": int},
    "other_build": {"host_build": str},
    "spare": {"offer": str, "ufrag": str, "pwd": str},
    "bye": {},
    "pong": {},
}


#: Why the host does not take an ``act`` or a ``hello`` (``refused``'s reason): a guest says
#: only these (another reason from a host is not ours to show).
REFUSALS = ("wrong_seat", "wrong_game", "bot_plays", "not_your_turn", "stale", "illegal", "not_started", "too_long")


class BadMessageError(ValueError):
    """A message that is not one of ours: dropped (and counted) by whoever receives it."""


@dataclass(frozen=True)
class Message:
    type: str
    seq: int
    body: dict[str, Any]
    build: str


def write(kind: str, seq: int, build: str, **body: Any) -> str:
    """A message as the text that travels."""
    return json.dumps({"v": PROTOCOL, "build": build, "seq": seq, "type": kind, **body},
                      ensure_ascii=False, separators=(",", ":"))


def size(raw: str) -> int:
    """A message's size on the wire: its bytes in UTF-8 (a text longer than :data:`MAX_BYTES`
    characters is too long whatever it holds, and is not encoded to learn so)."""
    return len(raw) if len(raw) > MAX_BYTES else len(raw.encode("utf-8", "surrogatepass"))


def read(raw: object, kinds: dict[str, dict[str, type | tuple[type, ...]]]) -> Message:
    """A received message, checked against ``kinds`` (:data:`FROM_GUEST` or :data:`FROM_HOST`).

    Raises :class:`BadMessageError` with a short reason for anything else: the wrong type or
    size, bad JSON, too deep, another protocol version, an unknown kind, a missing or
    extra key, a value of the wrong type (``True`` is not an ``int``).
    """
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > MAX_BYTES:
            raise BadMessageError("too long")
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessageError("not UTF-8 text") from None
    if not isinstance(raw, str):
        raise BadMessageError("not text")
    if size(raw) > MAX_BYTES:
        raise BadMessageError("too long")
    try:
        check_nesting(raw, MAX_DEPTH)
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessageError("not JSON") from None
    if not isinstance(body, dict):
        raise BadMessageError("not a JSON object")
    if body.get("v") != PROTOCOL or type(body.get("v")) is not int:
        raise BadMessageError("another protocol version")
    kind, seq, build = body.get("type"), body.get("seq"), body.get("build")
    if not isinstance(kind, str) or kind not in kinds:
        raise BadMessageError("unknown kind")
    if type(seq) is not int or not 0 < seq < 2**53 or not isinstance(build, str) or len(build) > 64:
        raise BadMessageError("no sequence number or build")
    fields = kinds[kind]
    rest = {k: v for k, v in body.items() if k not in ("v", "build", "seq", "type")}
    if set(rest) != set(fields):
        raise BadMessageError(f"{kind}: wrong keys")
    for key, want in fields.items():
        value = rest[key]
        types = want if isinstance(want, tuple) else (want,)
        if type(value) not in types:
            raise BadMessageError(f"{kind}: {key} has the wrong type")
    return Message(kind, seq, rest, build)


def foreign_build(raw: object, build: str) -> str | None:
    """The build a message that :func:`read` refused says it comes from, when that is not
    ``build`` (a guest with another version of the site), else ``None``."""
    if not isinstance(raw, str) or size(raw) > MAX_BYTES:
        return None
    try:
        check_nesting(raw, MAX_DEPTH)
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    other = body.get("build") if isinstance(body, dict) else None
    return other if isinstance(other, str) and other != build and 0 < len(other) <= 64 else None
