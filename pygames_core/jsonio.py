"""JSON helpers shared by every game: canonical text, fast copies, checked loading."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Hashable
from typing import Any

#: Version of the ``to_json`` format.  Bump it when the saved shape changes.
FORMAT_VERSION = 1

JSON = Any  # a JSON-safe value: dict/list/str/int/float/bool/None


def canonical(value: JSON) -> str:
    """Compact JSON with sorted keys: equal text <=> JSON-equal values (``true`` is not ``1``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def copy_json(value: JSON) -> JSON:
    """Deep copy of a JSON-like structure; several times faster than ``copy.deepcopy``."""
    t = type(value)
    if t is list:
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _SCALARS else copy_json(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({int, str, bool, float, type(None)})


def freeze(value: JSON) -> Hashable:
    """A hashable key with ``freeze(a) == freeze(b)`` exactly when ``a`` and ``b`` are JSON-equal.

    Types are kept apart as JSON keeps them (``True`` is not ``1``); tuples count as
    lists, as ``json.dumps`` writes them.  Anything not JSON-safe raises ``TypeError``.
    """
    t = type(value)
    if t is dict:
        if not all(type(k) is str for k in value):
            raise TypeError("JSON object keys must be strings")
        return ("o", tuple(sorted((k, freeze(v)) for k, v in value.items())))
    if t is list or t is tuple:
        return ("a", tuple(freeze(v) for v in value))
    if t is str or t is int or t is bool or value is None:
        return (t.__name__, value)
    if t is float:
        if value != value or value in (float("inf"), float("-inf")):
            raise TypeError("NaN and infinity are not JSON")
        return ("float", value)
    raise TypeError(f"{t.__name__} is not JSON-safe")


def checksum(value: JSON) -> str:
    """Short content hash of a value, used to detect edited saves."""
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()[:20]


#: Deeper than any saved state of any game (the deepest, a Клац! round result, is 5 levels).
MAX_STATE_DEPTH = 32


def check_depth(value: JSON, limit: int = MAX_STATE_DEPTH) -> None:
    """Raise ``ValueError`` when lists and objects nest deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[JSON, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        t = type(item)
        if t is dict or t is list:
            if depth >= limit:
                raise ValueError(f"saved game nests lists and objects deeper than {limit} levels")
            children = item.values() if t is dict else item
            stack.extend((child, depth + 1) for child in children if type(child) is dict or type(child) is list)


#: A JSON string, or from an opening quote to the end of an unterminated one: the match never
#: fails once it starts, so the scan is linear (a pattern that needs the closing quote backtracks
#: from every quote of a hostile text: 15 s for 64 kB of ``\\"``).
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def check_nesting(text: str, limit: int) -> None:
    """Refuse JSON text whose lists and objects nest deeper than ``limit`` levels, before it is parsed.

    The text is checked, not the parsed value (:func:`check_depth`), because parsing is
    the danger: in Pyodide a deep enough text overflows the browser's stack inside ``json.loads``,
    which no ``except`` catches.  Each pass takes away the innermost empty pairs.
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    for _ in range(limit):
        if not brackets:
            return
        inner_removed = _EMPTY_PAIR.sub("", brackets)  # one scan: pairs it leaves behind wait for the next
        if inner_removed == brackets:
            raise ValueError("not valid JSON (its brackets do not pair up)")
        brackets = inner_removed
    if brackets:
        raise ValueError(f"lists and objects nest deeper than {limit} levels")


def dump_state(game: str, data: dict[str, JSON]) -> str:
    """``canonical({"checksum": ..., "format": ..., "game": game, "state": data})``, encoding ``data`` once."""
    text = canonical(data)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
    # The keys in sorted order, exactly as canonical() writes the whole object.
    return f'{{"checksum":"{digest}","format":{FORMAT_VERSION},"game":{canonical(game)},"state":{text}}}'


def load_state(text: object, game: str) -> dict[str, JSON]:
    """Parse ``dump_state`` output, raising ``ValueError`` with a plain reason on any defect."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"saved game must be JSON text, got {type(text).__name__}")
    try:
        body = json.loads(text)
    except RecursionError:
        raise ValueError("saved game is not valid JSON: it nests too deeply") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, an int of too many digits
        raise ValueError(f"saved game is not valid JSON: {exc}") from None
    if not isinstance(body, dict):
        raise ValueError("saved game must be a JSON object")
    check_depth(body)
    fmt = body.get("format")
    if fmt != FORMAT_VERSION:
        raise ValueError(f"saved game has format version {fmt!r}; this engine reads version {FORMAT_VERSION}")
    if body.get("game") != game:
        raise ValueError(f"saved game is for {body.get('game')!r}, not {game!r}")
    data = body.get("state")
    if not isinstance(data, dict):
        raise ValueError("saved game has no 'state' object")
    if body.get("checksum") != checksum(data):
        raise ValueError("saved game was modified or damaged (checksum mismatch)")
    extra = set(body) - {"format", "game", "state", "checksum"}
    if extra:
        raise ValueError(f"saved game has unknown keys: {sorted(extra)}")
    return data
