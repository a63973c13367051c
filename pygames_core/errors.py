"""Errors raised by the engine.  All of them are ``ValueError`` subclasses."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal in the given state.

    The state passed to :func:`Game.apply` is never modified when this is raised.
    """


class BadState(ValueError):
    """A saved state (``from_json`` text) that cannot be read or fails validation."""
