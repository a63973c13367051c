"""Errors raised by the engine (all of them ``ValueError`` subclasses) and how they show values."""

from __future__ import annotations

import reprlib


class IllegalAction(ValueError):  # noqa: N818 - the engine contract's name (docs/ENGINE_API.md)
    """An action that is not legal in the given state.

    The state passed to :func:`Game.apply` is never modified when this is raised.
    """


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with room for an action's usual size, and ints too long to print shown by size.

    ``repr`` of an int of more than 4,300 digits raises ``ValueError`` (CPython's
    limit on int-to-text conversion), so such ints are described, never printed.
    """

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxdict = 8
        self.maxlist = 10
        self.maxtuple = 10
        self.maxstring = 60
        self.maxother = 60
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            digits = int(x.bit_length() * 0.30103) + 1  # log10(2): the size, give or take one digit
            return f"<int of about {digits} digits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def shown(value: object) -> str:
    """A short, always printable ``repr`` of any value, for error messages.

    Bounded in length and nesting depth, and never raises: input that cannot be
    shown (a huge int, a deeply nested list, an object whose ``repr`` fails) is
    described instead.
    """
    try:
        return _SHORT.repr(value)
    except Exception:  # noqa: BLE001 - an error message must never fail
        return f"<{type(value).__name__} object>"
