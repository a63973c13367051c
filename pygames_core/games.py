"""The registry of games: ``games.names()`` and ``games.get(name)``."""

from __future__ import annotations

import importlib

from .base import Game

#: One subpackage per game; each exports ``GAME``, its :class:`Game` instance.
_GAME_MODULES = ("klats", "rps_zombie", "zoomagia")

_REGISTRY: dict[str, Game] = {}


def _load() -> dict[str, Game]:
    if not _REGISTRY:
        for module in _GAME_MODULES:
            game = importlib.import_module(f"{__package__}.{module}").GAME
            _REGISTRY[game.name] = game
    return _REGISTRY


def names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_load())


def get(name: str) -> Game:
    """The game called ``name``; an unknown name raises ``KeyError`` naming the known ones."""
    reg = _load()
    try:
        return reg[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(reg))}") from None
