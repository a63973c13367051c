"""Matching a caller's action against the legal ones: JSON equality, cheaply and safely.

``apply`` accepts any value that is JSON-equal to a legal action (docs/ENGINE_API.md): key
order is irrelevant, a ``Mapping`` counts as an object and a tuple as a list
(as ``json.dumps`` writes them), but types are kept apart as JSON keeps them:
``true`` is not ``1`` and ``1.0`` is not the card ``1``.

Legal actions are shallow (an object of scalars and short lists of scalars), so
every walk here is bounded by the legal action's depth, never by the input's:
an action nested a million levels deep, or holding an int of a million digits,
is simply not equal to anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Action = dict[str, Any]


class Unsure:
    """The answer of a game's direct action check for values it does not judge (see ``Game._match``)."""


#: The one :class:`Unsure`: "ask the generic matching".
UNSURE = Unsure()

#: Deeper / longer than any legal action of any game (an object holding a list of scalars is 2 levels).
_MAX_DEPTH = 3
_MAX_LENGTH = 16


def same_json(legal: Any, other: Any) -> bool:
    """Is ``other`` exactly the JSON value ``legal`` (same types: ``True`` is not ``1``)?

    ``legal`` is trusted engine data (dicts, lists and scalars); ``other`` may be anything.
    """
    t = type(legal)
    if type(other) is not t:
        return False
    if t is dict:
        if len(legal) != len(other):
            return False
        for key, value in legal.items():
            if key not in other or not same_json(value, other[key]):
                return False
        return True
    if t is list:
        return len(legal) == len(other) and all(same_json(a, b) for a, b in zip(legal, other))
    return bool(legal == other)


def find(action: object, legal: list[Action]) -> Action | None:
    """The entry of ``legal`` that ``action`` is JSON-equal to, or ``None``.

    The common case (a plain dict, e.g. an entry of ``legal_actions`` itself) is
    one ``==`` per candidate plus a type-strict check of the match.
    """
    if type(action) is dict:
        try:
            for candidate in legal:
                if candidate == action and same_json(candidate, action):
                    return candidate
        except Exception:  # noqa: BLE001 - a value of the caller's whose __eq__ fails matches nothing
            return None
    plain = as_json(action)
    if plain is None or plain is action:
        return None
    for candidate in legal:
        if candidate == plain and same_json(candidate, plain):
            return candidate
    return None


def as_json(value: object, depth: int = 0) -> Any:
    """``value`` as plain dicts, lists and exact scalar types, or ``None`` if it cannot be a legal action.

    Returns ``value`` itself when it is already plain.  Mappings become dicts,
    tuples become lists, subclasses of ``str``, ``int`` and ``float`` (but not
    ``bool``) their base type; anything deeper than a legal action can be, or not
    JSON at all, gives ``None``.
    """
    if depth > _MAX_DEPTH:
        return None
    t = type(value)
    if t is str or t is int or t is bool or t is float or value is None:
        return value
    try:
        if isinstance(value, (Mapping, list, tuple)) and len(value) > _MAX_LENGTH:
            return None
        if isinstance(value, Mapping):
            out: dict[str, Any] = {}
            changed = t is not dict
            for key, item in value.items():
                if not isinstance(key, str):
                    return None
                plain = as_json(item, depth + 1)
                if plain is None and item is not None:
                    return None
                changed = changed or plain is not item or type(key) is not str
                out[str.__str__(key)] = plain
            return out if changed else value
        if t is list or isinstance(value, tuple):
            items = []
            changed = t is not list
            for item in value:  # type: ignore[attr-defined]
                plain = as_json(item, depth + 1)
                if plain is None and item is not None:
                    return None
                changed = changed or plain is not item
                items.append(plain)
            return items if changed else value
        if isinstance(value, int):
            return int.__index__(value)
        if isinstance(value, str):
            return str.__str__(value)
        if isinstance(value, float):
            return float.__float__(value)
    except Exception:  # noqa: BLE001 - a Mapping of the caller's may fail in any way
        return None
    return None
