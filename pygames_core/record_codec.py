"""Game records written down: a compact binary form for links, and a JSON file form.

**Binary (version 1)** — what a "copy link" URL carries.  Every number is an
unsigned LEB128 varint (signed ones zigzag-mapped first); a string is its UTF-8
length then its bytes::

    version (1 byte) · game name · players · seed (signed)
    options: count + 1 (0 = none), then per option: its index among the game's
             option names · its value (bool: 1 byte, int: signed, str: string)
    deck:    length + 1 (0 = none), then per card: its index among the game's card ids
    seats:   count (0 = none), then per seat: name · kind
    moves:   count, then per move: its index among the legal actions at that point
    CRC-32 of all the above (4 bytes, big-endian)

Writing a move as its index among the legal actions makes a whole two-player match
of any game a few dozen bytes; it also means that decoding has to replay the game,
so :func:`decode` checks everything a record can get wrong and raises
``ValueError`` with a plain reason.

:func:`to_link` / :func:`from_link` wrap the binary form in raw deflate and
base64url (no padding) for a URL fragment.  :func:`to_text` / :func:`from_text`
are the JSON file form: the record itself, tagged with a format name and version.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from . import games
from .base import Game
from .errors import IllegalAction
from .jsonio import check_nesting
from .record import apply_move, check_record, index_of, start

VERSION = 1
FILE_FORMAT = "pygames-record"
#: Upper bounds that keep a hostile input from costing more than a real game would.
MAX_VARINT_BYTES = 10
MAX_MOVES = 100_000
MAX_STRING = 256
MAX_LINK_CHARS = 200_000
MAX_TEXT_CHARS = 5_000_000
#: Deepest nesting of lists and objects a record file may have (a record's is 4 levels at most).
MAX_RECORD_DEPTH = 16


# ------------------------------------------------------------------ binary
def encode(record: dict[str, Any]) -> bytes:
    """The binary form of a valid record (its moves are replayed: an illegal one is a ``ValueError``)."""
    game = check_record(record)
    out = bytearray([VERSION])
    _put_str(out, game.name)
    _put_uint(out, record["players"])
    _put_int(out, record["seed"])
    options = record.get("options")
    if options is None:
        _put_uint(out, 0)
    else:
        if not isinstance(options, dict):
            raise ValueError(f"the record's options must be a dict, got {options!r}")
        names = list(game.option_defaults)
        _put_uint(out, len(options) + 1)
        for key, value in options.items():
            if key not in names:
                raise ValueError(f"unknown option {key!r} for {game.name}")
            _put_uint(out, names.index(key))
            _put_value(out, key, value, game.option_defaults[key])
    deck = record.get("deck")
    cards = list(game.card_counts)
    if deck is None:
        _put_uint(out, 0)
    else:
        _put_uint(out, len(deck) + 1)
        for card in deck:
            if isinstance(card, bool) or card not in game.card_counts:
                raise ValueError(f"unknown card id {card!r} in the record's deck")
            _put_uint(out, cards.index(card))
    seats = record.get("seats") or []
    _put_uint(out, len(seats))
    for seat in seats:
        _put_str(out, seat["name"])
        _put_str(out, seat["kind"])
    actions = record["actions"]
    _put_uint(out, len(actions))
    state = start(record)
    for i, action in enumerate(actions):
        try:
            _put_uint(out, index_of(game, state, action))
        except IllegalAction as exc:
            raise ValueError(f"move {i + 1} of the record is not legal: {exc}") from None
        state = apply_move(game, state, action, i)
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return bytes(out)


def decode(data: bytes, max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """The record written by :func:`encode`; anything damaged, edited or foreign is a ``ValueError``,
    and so is a record of more than ``max_moves`` moves (a reader that keeps every position may
    want fewer: each move checked costs more as the game's log grows)."""
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError(f"a binary record must be bytes, got {type(data).__name__}")
    if len(data) < 5:
        raise ValueError("this is not a game record: it is too short")
    if data[0] != VERSION:
        raise ValueError(f"this is not a game record this version can read (format {data[0]}, expected {VERSION})")
    body, crc = bytes(data[:-4]), int.from_bytes(data[-4:], "big")
    if zlib.crc32(body) != crc:
        raise ValueError("the game record is damaged or was edited (its checksum does not match)")
    reader = _Reader(body, 1)
    name = reader.string("the game's name")
    try:
        game = games.get(name)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    record: dict[str, Any] = {"game": name, "players": reader.uint("the player count"), "seed": reader.int("the seed")}
    record["options"] = _read_options(reader, game)
    record["deck"] = _read_deck(reader, game)
    n_seats = reader.uint("the seat count")
    if n_seats:
        record["seats"] = [{"name": reader.string("a player's name"), "kind": reader.string("a player's kind")}
                           for _ in range(n_seats)]
    n_moves = reader.uint("the move count")
    if n_moves > max_moves:
        raise ValueError(f"the record has {n_moves} moves (at most {max_moves} can be opened)")
    record["actions"] = []
    check_record(record)
    state = start(record)
    for i in range(n_moves):
        legal = game.legal_actions(state)
        if not legal:
            raise ValueError(f"move {i + 1} of the record comes after the end of the game")
        index = reader.uint(f"move {i + 1}")
        if index >= len(legal):
            raise ValueError(f"move {i + 1} of the record is not legal: it picks choice {index + 1} of {len(legal)}")
        action = legal[index]
        record["actions"].append(action)
        state = game.apply_unchecked(state, action)
    if reader.pos != len(body):
        raise ValueError(f"the game record has {len(body) - reader.pos} unexpected bytes after its last move")
    return record


def _read_options(reader: _Reader, game: Game) -> dict[str, Any] | None:
    count = reader.uint("the option count")
    if count == 0:
        return None
    names = list(game.option_defaults)
    options: dict[str, Any] = {}
    for _ in range(count - 1):
        index = reader.uint("an option")
        if index >= len(names):
            raise ValueError(f"the record names option #{index}, but {game.name} has {len(names)} options")
        key = names[index]
        if key in options:
            raise ValueError(f"the record sets option {key!r} twice")
        default = game.option_defaults[key]
        if isinstance(default, bool):
            flag = reader.uint(f"option {key!r}")
            if flag > 1:
                raise ValueError(f"option {key!r} must be true or false, got {flag}")
            options[key] = bool(flag)
        elif isinstance(default, int):
            options[key] = reader.int(f"option {key!r}")
        else:
            options[key] = reader.string(f"option {key!r}")
    return options


def _read_deck(reader: _Reader, game: Game) -> list[Any] | None:
    size = reader.uint("the deck size")
    if size == 0:
        return None
    cards = list(game.card_counts)
    if size - 1 > sum(game.card_counts.values()):
        raise ValueError(f"the record's deck has {size - 1} cards; {game.name} has {sum(game.card_counts.values())}")
    deck = []
    for _ in range(size - 1):
        index = reader.uint("a card of the deck")
        if index >= len(cards):
            raise ValueError(f"the record's deck names card #{index}; {game.name} has {len(cards)} kinds of card")
        deck.append(cards[index])
    return deck


def _put_uint(out: bytearray, n: int) -> None:
    if n < 0:
        raise ValueError(f"cannot write {n} as an unsigned number")
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return


def _put_int(out: bytearray, n: int) -> None:
    zigzag = n * 2 if n >= 0 else -n * 2 - 1
    if zigzag.bit_length() > 7 * MAX_VARINT_BYTES:
        raise ValueError(f"the number {n} is too large for a game record")
    _put_uint(out, zigzag)


def _put_str(out: bytearray, text: str) -> None:
    raw = text.encode("utf-8")
    if len(raw) > MAX_STRING:
        raise ValueError(f"the text {text[:20]!r}… is too long for a game record")
    _put_uint(out, len(raw))
    out += raw


def _put_value(out: bytearray, key: str, value: object, default: object) -> None:
    if type(value) is not type(default):
        raise ValueError(f"option {key!r} must be {type(default).__name__}, got {value!r}")
    if isinstance(value, bool):
        _put_uint(out, int(value))
    elif isinstance(value, int):
        _put_int(out, value)
    elif isinstance(value, str):
        _put_str(out, value)
    else:
        raise ValueError(f"option {key!r} of type {type(value).__name__} cannot be written in a game record")


class _Reader:
    """Reads varints and strings from ``data``, naming what it was reading when the data runs out."""

    def __init__(self, data: bytes, pos: int) -> None:
        self.data = data
        self.pos = pos

    def uint(self, what: str) -> int:
        n = shift = 0
        for _ in range(MAX_VARINT_BYTES):
            if self.pos >= len(self.data):
                raise ValueError(f"the game record ends too early (while reading {what})")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if byte == 0 and shift > 7:  # an overlong number: every value has one spelling
                    raise ValueError(f"the game record is damaged ({what} is badly written)")
                return n
        raise ValueError(f"the game record is damaged ({what} is too long a number)")

    def int(self, what: str) -> int:
        z = self.uint(what)
        return z >> 1 if not z & 1 else -(z >> 1) - 1

    def string(self, what: str) -> str:
        size = self.uint(what)
        if size > MAX_STRING:
            raise ValueError(f"the game record is damaged ({what} is {size} bytes long)")
        raw = self.data[self.pos:self.pos + size]
        if len(raw) < size:
            raise ValueError(f"the game record ends too early (while reading {what})")
        self.pos += size
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"the game record is damaged ({what} is not text)") from None


# ------------------------------------------------------------------ links
def to_link(record: dict[str, Any]) -> str:
    """The record as URL-safe text: raw deflate of :func:`encode`, base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(encode(record)) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_link(text: str, max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """The record in a link's text (as written by :func:`to_link`); a broken link is a ``ValueError``,
    and so is one of more than ``max_moves`` moves (:func:`decode`)."""
    if not isinstance(text, str) or not text:
        raise ValueError("the link holds no game record")
    if len(text) > MAX_LINK_CHARS:
        raise ValueError(f"the link is too long to be a game record ({len(text)} characters)")
    if not text.isascii() or not all(c.isalnum() or c in "-_" for c in text):
        raise ValueError("the link is damaged (it has characters a game link never contains)")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("the link is damaged (it is cut short or was edited)") from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(packed, MAX_MOVES * 4)
    except zlib.error:
        raise ValueError("the link is damaged (it is cut short or was edited)") from None
    if not unpacker.eof or unpacker.unused_data or unpacker.unconsumed_tail:
        raise ValueError("the link is damaged (it is cut short or was edited)")
    return decode(data, max_moves)


# ------------------------------------------------------------------ files
def to_text(record: dict[str, Any]) -> str:
    """The JSON file form of a valid record: readable, one move per line."""
    check_record(record)
    head: dict[str, Any] = {"format": FILE_FORMAT, "version": VERSION}
    head.update((k, record[k]) for k in ("game", "players", "seed", "options", "deck", "seats") if k in record)
    fields = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    moves = ",\n".join(f"    {json.dumps(a, ensure_ascii=False, sort_keys=True)}" for a in record["actions"])
    return "{\n" + "\n".join(fields) + '\n  "actions": [\n' + moves + ("\n" if moves else "") + "  ]\n}\n"


def from_text(text: str, max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """The record in a file written by :func:`to_text`, replayed to check every move.

    A file that is not JSON, not a game record, from a newer version, or whose moves
    were edited into an illegal one is a ``ValueError`` that says so (naming the move);
    so is one of more than ``max_moves`` moves.
    """
    if not isinstance(text, str):
        raise ValueError("a game record file must be text")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"the file is too large to be a game record ({len(text)} characters)")
    try:
        check_nesting(text, MAX_RECORD_DEPTH)  # (before parsing: a deep text overflows the stack)
    except ValueError as exc:
        raise ValueError(f"the file is not a game record ({exc})") from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the file is not a game record (not valid JSON: {exc.msg}, line {exc.lineno})") from None
    if not isinstance(body, dict) or body.get("format") != FILE_FORMAT:
        raise ValueError("the file is not a pygames game record")
    if body.get("version") != VERSION:
        raise ValueError(f"the game record has format version {body.get('version')!r}; this version reads {VERSION}")
    record = {k: v for k, v in body.items() if k not in ("format", "version")}
    game = check_record(record)
    if len(record["actions"]) > max_moves:
        raise ValueError(f"the record has {len(record['actions'])} moves (at most {max_moves} can be opened)")
    state = start(record)
    for i, action in enumerate(record["actions"]):
        state = apply_move(game, state, action, i)
    return record
